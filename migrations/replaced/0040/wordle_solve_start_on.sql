-- wordle_solve_start_on(channel, opener, hard): start self-play in `channel`: the solver will
-- play every answer word of its build, first guess `opener` (NULL: the top of the opening
-- ranking, of hard mode's in hard mode), then always the first suggestion of
-- wordle_suggest_on's ranking (in hard mode, only guesses hard mode allows). Returns the run; expand it with wordle_solve_step and read it
-- with wordle_solve_report (a run knows its channel).
-- Result: one row (run, opener, answers).
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- Errors: WD051 not built, WD053 bad opener.
-- Reads: channels, solver_state, solver_guesses, solver_answers, words. Writes: solver_runs,
-- solver_nodes, solver_node_answers.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solve_start_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_opener VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_hard BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Start self-play over every answer word of a channel'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_opener MEDIUMINT UNSIGNED;
  DECLARE v_run INT UNSIGNED;
  DECLARE v_answers INT UNSIGNED;
  CALL _wordle_channel(p_channel, v_channel, v_today);
  IF NOT EXISTS (SELECT 1 FROM solver_state WHERE channel_id = v_channel AND built_at IS NOT NULL) THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'the solver is not built: run `wordle-db solver build`';
  END IF;
  SET v_opener = IF(p_opener IS NULL,
                    (SELECT guess_no FROM solver_guesses
                     WHERE channel_id = v_channel
                       AND IF(COALESCE(p_hard, FALSE), hard_rank, opening_rank) = 1),
                    (SELECT g.guess_no FROM solver_guesses g JOIN words w ON w.id = g.word_id
                     WHERE g.channel_id = v_channel AND w.word = LOWER(p_opener))),
      v_answers = (SELECT COUNT(*) FROM solver_answers WHERE channel_id = v_channel);
  IF v_opener IS NULL THEN
    SIGNAL SQLSTATE 'WD053' SET MESSAGE_TEXT = 'the opener must be an accepted word of the answers'' length';
  END IF;
  INSERT INTO solver_runs (channel_id, hard, opener_no) VALUES (v_channel, COALESCE(p_hard, FALSE), v_opener);
  SET v_run = LAST_INSERT_ID();
  INSERT INTO solver_nodes (channel_id, run_id, node, depth, guess_no, size, history)
  VALUES (v_channel, v_run, 1, 1, v_opener, v_answers, '');
  INSERT INTO solver_node_answers (channel_id, run_id, node, answer_no)
  SELECT v_channel, v_run, 1, answer_no FROM solver_answers WHERE channel_id = v_channel;
  SELECT v_run AS run, w.word AS opener, v_answers AS answers
  FROM solver_guesses g JOIN words w ON w.id = g.word_id
  WHERE g.channel_id = v_channel AND g.guess_no = v_opener;
END
