-- wordle_solve_word(word, opener, hard): the solver's game for one answer word, step by step:
-- each guess (the opener first, NULL: the top of the opening ranking, then the first
-- suggestion), its hint and the number of candidates left after it.
-- Result: rows (step, guess, hint, candidates_left). Errors: WD051 not built, WD053 the word is
-- not an answer word or the opener is not an accepted word of that length.
-- Reads: words, solver_state, solver_answers, solver_guesses, solver_codes, positions.
-- Writes: scratch rows in solver_work_*, deleted before it returns.
-- revision: 0008
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solve_word(
    IN p_word VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_opener VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_hard BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'The solver''s game for one answer word, step by step'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED DEFAULT
    (SELECT id FROM channels WHERE name = (SELECT value FROM settings WHERE name = 'default_channel'));  -- the solver plays the default channel's lists
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT LOWER(p_word);
  DECLARE v_guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_hint VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_pairs VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT '';
  DECLARE v_steps JSON DEFAULT JSON_ARRAY();
  DECLARE v_left, v_step INT DEFAULT 1;
  DECLARE v_ranked INT UNSIGNED;
  DECLARE v_work BINARY(16);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
    BEGIN ROLLBACK AND NO CHAIN NO RELEASE; CALL _wordle_work_end(v_work); RESIGNAL; END;
  CALL _wordle_begin();
  IF NOT EXISTS (SELECT 1 FROM solver_state WHERE built_at IS NOT NULL) THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'the solver is not built: run `wordle-db solver build`';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM solver_answers a JOIN words w ON w.id = a.word_id WHERE w.word = v_answer) THEN
    SIGNAL SQLSTATE 'WD053' SET MESSAGE_TEXT = 'the word to solve must be an answer word of the solver''s length';
  END IF;
  SET v_guess = (SELECT w.word FROM solver_guesses g JOIN words w ON w.id = g.word_id
                 WHERE IF(p_opener IS NULL, g.opening_rank = 1, w.word = LOWER(p_opener)));
  IF v_guess IS NULL THEN
    SIGNAL SQLSTATE 'WD053' SET MESSAGE_TEXT = 'the opener must be an accepted word of the answers'' length';
  END IF;
  play: LOOP
    SET v_hint = wordle_hint(v_answer, v_guess),
        v_pairs = TRIM(CONCAT(v_pairs, ' ', v_guess, '=', v_hint));
    CALL _wordle_work_begin(v_work);
    CALL _wordle_solver_pairs(v_work, v_pairs, NULL, NULL);
    CALL _wordle_solver_candidates(v_channel, v_work);
    SET v_left = (SELECT COUNT(*) FROM solver_work_candidates WHERE work = v_work),
        v_steps = JSON_ARRAY_APPEND(v_steps, '$', JSON_OBJECT(
          'step', v_step, 'guess', v_guess, 'hint', v_hint, 'left', v_left));
    IF v_guess = v_answer OR v_step >= 20 THEN
      CALL _wordle_work_end(v_work);
      LEAVE play;
    END IF;
    CALL _wordle_rank(v_channel, v_work, COALESCE(p_hard, FALSE), FALSE, 1, v_ranked);
    SET v_guess = (SELECT w.word FROM solver_work_ranking r
                   JOIN solver_guesses g ON g.guess_no = r.guess_no JOIN words w ON w.id = g.word_id
                   WHERE r.work = v_work AND r.position = 1),
        v_step = v_step + 1;
    CALL _wordle_work_end(v_work);
  END LOOP;
  SELECT step, guess, hint, candidates_left
  FROM JSON_TABLE(v_steps, '$[*]' COLUMNS (
         step INT PATH '$.step',
         guess VARCHAR(32) CHARACTER SET utf8mb4 PATH '$.guess',
         hint VARCHAR(32) CHARACTER SET utf8mb4 PATH '$.hint',
         candidates_left INT PATH '$.left')) steps;
  COMMIT AND NO CHAIN NO RELEASE;
END
