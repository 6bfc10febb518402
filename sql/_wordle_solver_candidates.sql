-- _wordle_solver_candidates(): internal. Fills the session's temporary table solver_candidates
-- (word_id, answer_no) with the answer words consistent with every pair in solver_pairs:
-- wordle_hint(candidate, guess) equals the observed hint for each, duplicates included.
-- answer_no numbers the word for the solver's hint codes (NULL before a build).
-- Reads: solver_pairs, words, solver_answers.
-- revision: 0005
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_solver_candidates()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the answer words consistent with the hints so far'
BEGIN
  DECLARE v_letters INT DEFAULT COALESCE(
    (SELECT MAX(CHAR_LENGTH(guess)) FROM solver_pairs), (SELECT letters FROM solver_state),
    (SELECT CHAR_LENGTH(word) FROM words WHERE is_answer
     GROUP BY CHAR_LENGTH(word) ORDER BY COUNT(*) DESC LIMIT 1));
  CREATE OR REPLACE TEMPORARY TABLE solver_candidates (
    word_id INT UNSIGNED NOT NULL PRIMARY KEY,
    answer_no SMALLINT UNSIGNED NULL,
    KEY answer_no (answer_no)
  ) ENGINE=InnoDB;
  INSERT INTO solver_candidates (word_id, answer_no)
  SELECT w.id, a.answer_no
  FROM words w LEFT JOIN solver_answers a ON a.word_id = w.id
  WHERE w.is_answer AND CHAR_LENGTH(w.word) = v_letters
    AND NOT EXISTS (SELECT 1 FROM solver_pairs p
                    WHERE CHAR_LENGTH(p.guess) <> v_letters
                       OR wordle_hint(w.word, p.guess) <> p.hint);
END
