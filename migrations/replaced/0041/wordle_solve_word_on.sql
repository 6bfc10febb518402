-- wordle_solve_word_on(channel, word, opener, hard): the solver's game in `channel` for one
-- of its answer words, step by step: each guess (the opener first, NULL: the top of the
-- channel's opening ranking, of hard mode's in hard mode, then the first suggestion), its hint and the number of
-- candidates left after it.
-- Result: rows (step, guess, hint, candidates_left).
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- Errors: WD051 not built, WD053 the word is not an answer word or the opener is not an
-- accepted word of that length.
-- Reads: channels, channel_words, words, solver_state, solver_answers, solver_guesses,
-- solver_codes, positions. Writes: scratch rows in solver_work_*, deleted before it returns.
-- revision: 0040
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solve_word_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_word VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_opener VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_hard BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'The solver''s game in a channel for one answer word, step by step'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_message VARCHAR(255);
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT LOWER(p_word);
  DECLARE v_guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_hint VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_pairs VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT '';
  DECLARE v_steps JSON DEFAULT JSON_ARRAY();
  DECLARE v_left, v_step INT DEFAULT 1;
  DECLARE v_ranked INT UNSIGNED;
  DECLARE v_work BINARY(16);
  -- The scratch rows are written in this call's transaction: the rollback removes them (a
  -- DELETE here would fail in a read-only session and hide the error).
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  IF NOT EXISTS (SELECT 1 FROM solver_state WHERE channel_id = v_channel AND built_at IS NOT NULL) THEN
    SET v_message = CONCAT('the solver is not built: run `wordle-db solver build --channel ',
                           (SELECT name FROM channels WHERE id = v_channel), '`');
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = v_message;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM solver_answers a JOIN words w ON w.id = a.word_id
                 WHERE a.channel_id = v_channel AND w.word = v_answer) THEN
    SIGNAL SQLSTATE 'WD053' SET MESSAGE_TEXT = 'the word to solve must be an answer word of the solver''s length';
  END IF;
  SET v_guess = (SELECT w.word FROM solver_guesses g JOIN words w ON w.id = g.word_id
                 WHERE g.channel_id = v_channel
                   AND IF(p_opener IS NULL,
                          IF(COALESCE(p_hard, FALSE), g.hard_rank, g.opening_rank) = 1,
                          w.word = LOWER(p_opener)));
  IF v_guess IS NULL THEN
    SIGNAL SQLSTATE 'WD053' SET MESSAGE_TEXT = 'the opener must be an accepted word of the answers'' length';
  END IF;
  play: LOOP
    SET v_hint = wordle_hint(v_answer, v_guess),
        v_pairs = TRIM(CONCAT(v_pairs, ' ', v_guess, '=', v_hint));
    CALL _wordle_work_begin(v_work);
    CALL _wordle_solver_pairs(NULL, v_work, v_pairs, NULL, NULL);
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
                   JOIN solver_guesses g ON g.channel_id = v_channel AND g.guess_no = r.guess_no
                   JOIN words w ON w.id = g.word_id
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
