-- wordle_solver_prepare(): get the solver's tables ready for the current word lists. The solver
-- plays words of one length (the most common length of the answer words); it numbers the
-- answer words and the accepted words of that length and, when the lists changed since the last
-- build, forgets the hint codes so that wordle_solver_build starts again.
-- Result: one row (letters, answers, guesses, guesses_done, ready).
-- Reads: words. Writes: solver_state, solver_answers, solver_guesses, hint_codes,
-- hint_codes_by_guess, solver_runs...
-- revision: 0005
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solver_prepare()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Number the words for the solver; forget a build made for other word lists'
BEGIN
  DECLARE v_letters INT DEFAULT (
    SELECT CHAR_LENGTH(word) FROM words WHERE is_answer
    GROUP BY CHAR_LENGTH(word) ORDER BY COUNT(*) DESC, CHAR_LENGTH(word) LIMIT 1);
  DECLARE v_answers INT DEFAULT (SELECT COUNT(*) FROM words WHERE is_answer AND CHAR_LENGTH(word) = v_letters);
  DECLARE v_words INT DEFAULT (SELECT COUNT(*) FROM words WHERE CHAR_LENGTH(word) = v_letters);
  IF v_letters IS NULL THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'there are no answer words: import some first';
  END IF;
  IF v_letters > 10 THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'the solver handles words of up to 10 letters';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM solver_state
                 WHERE letters = v_letters AND answers = v_answers AND guesses = v_words) THEN
    -- The lists changed (or nothing was built): start again.
    TRUNCATE TABLE hint_codes;
    TRUNCATE TABLE hint_codes_by_guess;
    DELETE FROM solver_results;
    DELETE FROM solver_node_answers;
    DELETE FROM solver_nodes;
    DELETE FROM solver_runs;
    DELETE FROM solver_guesses;
    DELETE FROM solver_answers;
    DELETE FROM solver_state;
    INSERT INTO solver_answers (answer_no, word_id)
    SELECT ROW_NUMBER() OVER (ORDER BY id), id FROM words
    WHERE is_answer AND CHAR_LENGTH(word) = v_letters;
    INSERT INTO solver_guesses (guess_no, word_id)
    SELECT ROW_NUMBER() OVER (ORDER BY id), id FROM words WHERE CHAR_LENGTH(word) = v_letters;
    INSERT INTO solver_state (id, letters, answers, guesses) VALUES (1, v_letters, v_answers, v_words);
  END IF;
  SELECT letters, answers, guesses,
         (SELECT COUNT(*) FROM solver_guesses WHERE done) AS guesses_done,
         built_at IS NOT NULL AS ready
  FROM solver_state;
END
