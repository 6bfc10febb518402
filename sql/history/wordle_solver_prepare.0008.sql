-- wordle_solver_prepare(): get the solver's tables ready for the current word lists (channel
-- 1's, _wordle_solver_words). The solver plays words of one length (the most common length of
-- the answer words, at most 10); it numbers the answer words and the accepted words of that
-- length, stores their letters (solver_letters) and, when the lists changed since the last
-- build, forgets the hint codes so that wordle_solver_build starts again.
-- Result: one row (letters, answers, guesses, guesses_done, ready).
-- Reads: words. Writes: solver_state, solver_answers, solver_guesses, solver_letters,
-- solver_codes, solver_runs, solver_nodes, solver_node_answers, solver_results (and scratch
-- rows in solver_work_*).
-- revision: 0008
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solver_prepare()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Number the words for the solver; forget a build made for other word lists'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED DEFAULT
    (SELECT id FROM channels WHERE name = (SELECT value FROM settings WHERE name = 'default_channel'));  -- the solver plays the default channel's lists
  DECLARE v_letters, v_answers, v_words INT;
  DECLARE v_work BINARY(16);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN CALL _wordle_work_end(v_work); RESIGNAL; END;
  CALL _wordle_work_begin(v_work);
  CALL _wordle_solver_words(v_channel, v_work, 2, v_letters, v_answers, v_words);
  IF v_letters IS NULL THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'there are no answer words: import some first';
  END IF;
  IF v_letters > 10 THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'the solver handles words of up to 10 letters';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM solver_state
                 WHERE letters = v_letters AND answers = v_answers AND guesses = v_words) THEN
    -- The lists changed (or nothing was built): start again.
    TRUNCATE TABLE solver_codes;
    DELETE FROM solver_letters WHERE channel_id = v_channel;
    DELETE FROM solver_results;
    DELETE FROM solver_node_answers;
    DELETE FROM solver_nodes;
    DELETE FROM solver_runs;
    DELETE FROM solver_guesses;
    DELETE FROM solver_answers;
    DELETE FROM solver_state;
    INSERT INTO solver_answers (answer_no, word_id)
    SELECT ROW_NUMBER() OVER (ORDER BY word_id), word_id FROM solver_work_words
    WHERE channel_id = v_channel AND work = v_work AND is_answer;
    INSERT INTO solver_guesses (guess_no, word_id)
    SELECT ROW_NUMBER() OVER (ORDER BY word_id), word_id FROM solver_work_words
    WHERE channel_id = v_channel AND work = v_work;
    INSERT INTO solver_letters (channel_id, answers, no, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10,
                                r1, r2, r3, r4, r5, r6, r7, r8, r9, r10)
    SELECT v_channel, side.answers, IF(side.answers, a.answer_no, g.guess_no),
         ORD(SUBSTRING(w.word, 1, 1)),
         ORD(SUBSTRING(w.word, 2, 1)),
         ORD(SUBSTRING(w.word, 3, 1)),
         ORD(SUBSTRING(w.word, 4, 1)),
         ORD(SUBSTRING(w.word, 5, 1)),
         ORD(SUBSTRING(w.word, 6, 1)),
         ORD(SUBSTRING(w.word, 7, 1)),
         ORD(SUBSTRING(w.word, 8, 1)),
         ORD(SUBSTRING(w.word, 9, 1)),
         ORD(SUBSTRING(w.word, 10, 1)),
         CHAR_LENGTH(w.word) - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(w.word, 1, 1), '')) > 1,
         CHAR_LENGTH(w.word) - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(w.word, 2, 1), '')) > 1,
         CHAR_LENGTH(w.word) - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(w.word, 3, 1), '')) > 1,
         CHAR_LENGTH(w.word) - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(w.word, 4, 1), '')) > 1,
         CHAR_LENGTH(w.word) - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(w.word, 5, 1), '')) > 1,
         CHAR_LENGTH(w.word) - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(w.word, 6, 1), '')) > 1,
         CHAR_LENGTH(w.word) - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(w.word, 7, 1), '')) > 1,
         CHAR_LENGTH(w.word) - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(w.word, 8, 1), '')) > 1,
         CHAR_LENGTH(w.word) - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(w.word, 9, 1), '')) > 1,
         CHAR_LENGTH(w.word) - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(w.word, 10, 1), '')) > 1
    FROM solver_guesses g JOIN words w ON w.id = g.word_id
    LEFT JOIN solver_answers a ON a.word_id = g.word_id
    -- every word as a guess, the answers once more
    JOIN (SELECT FALSE AS answers UNION ALL SELECT TRUE) side
      ON NOT side.answers OR a.answer_no IS NOT NULL;
    INSERT INTO solver_state (id, letters, answers, guesses) VALUES (1, v_letters, v_answers, v_words);
  END IF;
  CALL _wordle_work_end(v_work);
  SELECT letters, answers, guesses,
         (SELECT COUNT(*) FROM solver_guesses WHERE done) AS guesses_done,
         built_at IS NOT NULL AS ready
  FROM solver_state;
END
