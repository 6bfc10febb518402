-- _wordle_solver_candidates(channel, work): internal. Stores as solver_work_candidates rows the
-- answer words of the channel (_wordle_solver_words) consistent with every pair of the work's
-- solver_work_pairs: wordle_hint(candidate, guess) equals the observed hint for each,
-- duplicates included. The words have the pairs' length (none: the solver's). answer_no
-- numbers the word for the solver's hint codes (NULL before a build).
-- Reads: solver_work_pairs, solver_state, words, solver_answers. Writes: solver_work_candidates,
-- solver_work_words.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_solver_candidates(
    IN p_channel SMALLINT UNSIGNED, IN p_work BINARY(16))
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the answer words consistent with the hints so far'
BEGIN
  DECLARE v_letters INT DEFAULT COALESCE(
    (SELECT MAX(CHAR_LENGTH(guess)) FROM solver_work_pairs WHERE work = p_work),
    (SELECT letters FROM solver_state WHERE channel_id = p_channel));
  DECLARE v_answers, v_guesses INT;
  CALL _wordle_solver_words(p_channel, p_work, 1, v_letters, v_answers, v_guesses);
  INSERT INTO solver_work_candidates (work, word_id, answer_no)
  SELECT p_work, w.id, a.answer_no
  FROM solver_work_words ww JOIN words w ON w.id = ww.word_id
  LEFT JOIN solver_answers a ON a.channel_id = p_channel AND a.word_id = w.id
  WHERE ww.channel_id = p_channel AND ww.work = p_work
    AND NOT EXISTS (SELECT 1 FROM solver_work_pairs p
                    WHERE p.work = p_work
                      -- (the lengths first: the optimizer may test words of other channels
                      -- before the join drops them, and wordle_hint refuses unequal lengths)
                      AND (CHAR_LENGTH(p.guess) <> v_letters
                           OR CHAR_LENGTH(w.word) <> v_letters
                           OR wordle_hint(w.word, p.guess) <> p.hint));
END
