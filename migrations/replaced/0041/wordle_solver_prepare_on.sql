-- wordle_solver_prepare_on(channel): get the solver's tables of `channel` ready for its
-- current word lists (_wordle_solver_words). The solver plays words of the channel's length,
-- at most 10 letters (codes of two bytes: 3^10 - 1 = 59048); it numbers the channel's answer
-- words and accepted words of that length, stores their letters (solver_letters) and, when
-- the lists changed since the last build, forgets that channel's hint codes so that
-- wordle_solver_build_on starts again. Other channels' solver rows are never touched.
-- Result: one row (letters, answers, guesses, guesses_done, ready).
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- Errors: WD051 no answer words, or words longer than 10 letters.
-- Reads: channels, channel_words, words. Writes: solver_state, solver_answers, solver_guesses,
-- solver_letters, solver_codes, solver_runs, solver_nodes, solver_node_answers, solver_results
-- (and scratch rows in solver_work_*).
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solver_prepare_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Number a channel''s words for the solver; forget a build made for other lists'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_letters, v_answers, v_words INT;
  DECLARE v_work BINARY(16);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN CALL _wordle_work_end(v_work); RESIGNAL; END;
  CALL _wordle_channel(p_channel, v_channel, v_today);
  CALL _wordle_work_begin(v_work);
  CALL _wordle_solver_words(v_channel, v_work, 2, v_letters, v_answers, v_words);
  IF v_letters IS NULL THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'there are no answer words: import some first';
  END IF;
  IF v_letters > 10 THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'the solver handles words of up to 10 letters (hint codes of two bytes)';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM solver_state
                 WHERE channel_id = v_channel AND letters = v_letters AND answers = v_answers AND guesses = v_words) THEN
    -- The lists changed (or nothing was built): start again.
    DELETE FROM solver_codes WHERE channel_id = v_channel;
    DELETE FROM solver_letters WHERE channel_id = v_channel;
    DELETE FROM solver_results WHERE channel_id = v_channel;
    DELETE FROM solver_node_answers WHERE channel_id = v_channel;
    DELETE FROM solver_nodes WHERE channel_id = v_channel;
    DELETE FROM solver_runs WHERE channel_id = v_channel;
    DELETE FROM solver_guesses WHERE channel_id = v_channel;
    DELETE FROM solver_answers WHERE channel_id = v_channel;
    DELETE FROM solver_state WHERE channel_id = v_channel;
    INSERT INTO solver_answers (channel_id, answer_no, word_id)
    SELECT v_channel, ROW_NUMBER() OVER (ORDER BY word_id), word_id FROM solver_work_words
    WHERE channel_id = v_channel AND work = v_work AND is_answer;
    INSERT INTO solver_guesses (channel_id, guess_no, word_id)
    SELECT v_channel, ROW_NUMBER() OVER (ORDER BY word_id), word_id FROM solver_work_words
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
    LEFT JOIN solver_answers a ON a.channel_id = v_channel AND a.word_id = g.word_id
    -- every word as a guess, the answers once more
    JOIN (SELECT FALSE AS answers UNION ALL SELECT TRUE) side
      ON NOT side.answers OR a.answer_no IS NOT NULL
    WHERE g.channel_id = v_channel;
    INSERT INTO solver_state (channel_id, letters, answers, guesses) VALUES (v_channel, v_letters, v_answers, v_words);
  END IF;
  CALL _wordle_work_end(v_work);
  SELECT letters, answers, guesses,
         (SELECT COUNT(*) FROM solver_guesses WHERE channel_id = v_channel AND done) AS guesses_done,
         built_at IS NOT NULL AS ready
  FROM solver_state WHERE channel_id = v_channel;
END
