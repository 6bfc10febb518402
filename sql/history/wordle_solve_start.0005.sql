-- wordle_solve_start(opener, hard): start self-play: the solver will play every answer word,
-- first guess `opener` (NULL: the top of the opening ranking), then always the first
-- suggestion of wordle_suggest's ranking (in hard mode, only guesses hard mode allows). Returns
-- the run; expand it with wordle_solve_step and read it with wordle_solve_report.
-- Result: one row (run, opener, answers). Errors: WD051 not built, WD053 bad opener.
-- Reads: solver_state, solver_guesses, solver_answers, words. Writes: solver_runs,
-- solver_nodes, solver_node_answers.
-- revision: 0005
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solve_start(
    IN p_opener VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_hard BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Start self-play over every answer word'
BEGIN
  DECLARE v_opener MEDIUMINT UNSIGNED;
  DECLARE v_run INT UNSIGNED;
  IF NOT EXISTS (SELECT 1 FROM solver_state WHERE built_at IS NOT NULL) THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'the solver is not built: run `wordle-db solver build`';
  END IF;
  SET v_opener = IF(p_opener IS NULL,
                    (SELECT guess_no FROM solver_guesses WHERE opening_rank = 1),
                    (SELECT g.guess_no FROM solver_guesses g JOIN words w ON w.id = g.word_id
                     WHERE w.word = LOWER(p_opener)));
  IF v_opener IS NULL THEN
    SIGNAL SQLSTATE 'WD053' SET MESSAGE_TEXT = 'the opener must be an accepted word of the answers'' length';
  END IF;
  INSERT INTO solver_runs (hard, opener_no) VALUES (COALESCE(p_hard, FALSE), v_opener);
  SET v_run = LAST_INSERT_ID();
  INSERT INTO solver_nodes (run_id, node, depth, guess_no, size, history)
  VALUES (v_run, 1, 1, v_opener, (SELECT COUNT(*) FROM solver_answers), '');
  INSERT INTO solver_node_answers (run_id, node, answer_no)
  SELECT v_run, 1, answer_no FROM solver_answers;
  SELECT v_run AS run, w.word AS opener, (SELECT COUNT(*) FROM solver_answers) AS answers
  FROM solver_guesses g JOIN words w ON w.id = g.word_id WHERE g.guess_no = v_opener;
END
