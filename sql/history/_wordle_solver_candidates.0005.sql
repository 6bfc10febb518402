-- _wordle_solver_candidates(work): internal. Stores as solver_work_candidates rows the answer
-- words consistent with every pair of the work's solver_work_pairs: wordle_hint(candidate,
-- guess) equals the observed hint for each, duplicates included. answer_no numbers the word for
-- the solver's hint codes (NULL before a build).
-- Reads: solver_work_pairs, solver_state, words, solver_answers. Writes: solver_work_candidates.
-- revision: 0005
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_solver_candidates(
    IN p_work BINARY(16))
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the answer words consistent with the hints so far'
BEGIN
  DECLARE v_letters INT DEFAULT COALESCE(
    (SELECT MAX(CHAR_LENGTH(guess)) FROM solver_work_pairs WHERE work = p_work),
    (SELECT letters FROM solver_state),
    (SELECT CHAR_LENGTH(word) FROM words WHERE is_answer
     GROUP BY CHAR_LENGTH(word) ORDER BY COUNT(*) DESC, CHAR_LENGTH(word) LIMIT 1));
  INSERT INTO solver_work_candidates (work, word_id, answer_no)
  SELECT p_work, w.id, a.answer_no
  FROM words w LEFT JOIN solver_answers a ON a.word_id = w.id
  WHERE w.is_answer AND CHAR_LENGTH(w.word) = v_letters
    AND NOT EXISTS (SELECT 1 FROM solver_work_pairs p
                    WHERE p.work = p_work
                      AND (CHAR_LENGTH(p.guess) <> v_letters
                           OR wordle_hint(w.word, p.guess) <> p.hint));
END
