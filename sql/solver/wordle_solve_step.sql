-- wordle_solve_step(run, nodes): expand up to `nodes` positions of a self-play run, oldest
-- first. A position is a set of answers that got the same hints so far and the guess the
-- solver plays there: its answers are split by the hint of that guess; the all-green ones are
-- solved at this depth, every other group becomes a new position whose guess is the first of
-- _wordle_rank over that group (the group's only word when it has one). Call it until pending
-- is 0. The run's channel is the one it was started in. Result: one row (pending, solved,
-- answers).
-- Reads: solver_runs, solver_nodes, solver_node_answers, solver_codes, solver_state,
-- solver_guesses, solver_answers, words. Writes: solver_nodes, solver_node_answers,
-- solver_results, solver_runs (and scratch rows in solver_work_*).
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solve_step(
    IN p_run INT UNSIGNED, IN p_nodes INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Expand positions of a self-play run'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED DEFAULT (SELECT channel_id FROM solver_runs WHERE id = p_run);
  DECLARE v_node, v_child, v_next INT UNSIGNED;
  DECLARE v_depth, v_letters, v_done INT;
  DECLARE v_guess MEDIUMINT UNSIGNED;
  DECLARE v_ranked INT UNSIGNED;
  DECLARE v_word VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_history VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_hard BOOLEAN DEFAULT (SELECT hard FROM solver_runs WHERE id = p_run);
  DECLARE v_green INT;
  DECLARE v_wide BOOLEAN;
  DECLARE v_codes MEDIUMBLOB;
  DECLARE v_work BINARY(16);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; CALL _wordle_work_end(v_work); RESIGNAL; END;
  IF v_hard IS NULL THEN
    SIGNAL SQLSTATE 'WD053' SET MESSAGE_TEXT = 'no such self-play run';
  END IF;
  SELECT letters, POW(3, letters) - 1, letters > 5 INTO v_letters, v_green, v_wide
  FROM solver_state WHERE channel_id = v_channel;
  SET v_done = 0;
  expand: WHILE v_done < p_nodes DO
    SET v_node = (SELECT MIN(node) FROM solver_nodes WHERE run_id = p_run AND NOT expanded);
    IF v_node IS NULL THEN
      LEAVE expand;
    END IF;
    SELECT n.depth, n.guess_no, w.word, n.history INTO v_depth, v_guess, v_word, v_history
    FROM solver_nodes n
    JOIN solver_guesses g ON g.channel_id = v_channel AND g.guess_no = n.guess_no
    JOIN words w ON w.id = g.word_id
    WHERE n.run_id = p_run AND n.node = v_node;
    SET v_codes = (SELECT codes FROM solver_codes WHERE channel_id = v_channel AND guess_no = v_guess);
    START TRANSACTION;
    -- Split the position's answers by the hint of its guess: the all-green ones are solved
    -- here, every other hint makes a new position.
    INSERT INTO solver_results (channel_id, run_id, answer_no, guesses)
    SELECT v_channel, p_run, h.answer_no, v_depth
    FROM (SELECT na.answer_no,
                 IF(v_wide, ASCII(SUBSTRING(v_codes, 2 * na.answer_no - 1, 1)) * 256
                            + ASCII(SUBSTRING(v_codes, 2 * na.answer_no, 1)),
                    ASCII(SUBSTRING(v_codes, na.answer_no, 1))) AS code
          FROM solver_node_answers na WHERE na.run_id = p_run AND na.node = v_node) h
    WHERE h.code = v_green;
    SET v_next = (SELECT MAX(node) FROM solver_nodes WHERE run_id = p_run);
    INSERT INTO solver_nodes (channel_id, run_id, node, parent, depth, code, size, history)
    SELECT v_channel, p_run, v_next + ROW_NUMBER() OVER (ORDER BY h.code), v_node, v_depth + 1, h.code,
           COUNT(*), TRIM(CONCAT(v_history, ' ', v_word, '=', LPAD(CONV(h.code, 10, 3), v_letters, '0')))
    FROM (SELECT na.answer_no,
                 IF(v_wide, ASCII(SUBSTRING(v_codes, 2 * na.answer_no - 1, 1)) * 256
                            + ASCII(SUBSTRING(v_codes, 2 * na.answer_no, 1)),
                    ASCII(SUBSTRING(v_codes, na.answer_no, 1))) AS code
          FROM solver_node_answers na WHERE na.run_id = p_run AND na.node = v_node) h
    WHERE h.code <> v_green
    GROUP BY h.code;
    INSERT INTO solver_node_answers (channel_id, run_id, node, answer_no)
    SELECT v_channel, p_run, c.node, h.answer_no
    FROM (SELECT na.answer_no,
                 IF(v_wide, ASCII(SUBSTRING(v_codes, 2 * na.answer_no - 1, 1)) * 256
                            + ASCII(SUBSTRING(v_codes, 2 * na.answer_no, 1)),
                    ASCII(SUBSTRING(v_codes, na.answer_no, 1))) AS code
          FROM solver_node_answers na WHERE na.run_id = p_run AND na.node = v_node) h
    JOIN solver_nodes c ON c.run_id = p_run AND c.parent = v_node AND c.code = h.code;
    -- Each new position's guess: its only answer, or the first of the ranking over its answers.
    children: LOOP
      SET v_child = (SELECT MIN(node) FROM solver_nodes
                     WHERE run_id = p_run AND parent = v_node AND guess_no IS NULL);
      IF v_child IS NULL THEN
        LEAVE children;
      END IF;
      IF v_depth >= 20 THEN  -- a safety net: such a position is never solved
        UPDATE solver_nodes SET guess_no = v_guess, expanded = TRUE
         WHERE run_id = p_run AND node = v_child;
        ITERATE children;
      END IF;
      CALL _wordle_work_begin(v_work);
      CALL _wordle_solver_pairs(NULL, v_work, (SELECT history FROM solver_nodes
                                         WHERE run_id = p_run AND node = v_child), NULL, NULL);
      INSERT INTO solver_work_candidates (work, word_id, answer_no)
      SELECT v_work, a.word_id, a.answer_no FROM solver_node_answers na
      JOIN solver_answers a ON a.channel_id = v_channel AND a.answer_no = na.answer_no
      WHERE na.run_id = p_run AND na.node = v_child;
      CALL _wordle_rank(v_channel, v_work, v_hard, FALSE, 1, v_ranked);
      UPDATE solver_nodes
         SET guess_no = (SELECT guess_no FROM solver_work_ranking WHERE work = v_work AND position = 1)
       WHERE run_id = p_run AND node = v_child;
      CALL _wordle_work_end(v_work);
    END LOOP;
    UPDATE solver_nodes SET expanded = TRUE WHERE run_id = p_run AND node = v_node;
    COMMIT;
    SET v_done = v_done + 1;
  END WHILE;
  IF NOT EXISTS (SELECT 1 FROM solver_nodes WHERE run_id = p_run AND NOT expanded) THEN
    UPDATE solver_runs SET finished_at = COALESCE(finished_at, CURRENT_TIMESTAMP(6)) WHERE id = p_run;
  END IF;
  SELECT _wordle_int((SELECT COUNT(*) FROM solver_nodes WHERE run_id = p_run AND NOT expanded))
           AS pending,
         _wordle_int((SELECT COUNT(*) FROM solver_results WHERE run_id = p_run)) AS solved,
         _wordle_int((SELECT COUNT(*) FROM solver_answers WHERE channel_id = v_channel)) AS answers;
END
