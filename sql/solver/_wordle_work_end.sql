-- _wordle_work_end(work): internal. Deletes the scratch rows of one solver call.
-- Reads/writes: solver_work, solver_work_pairs, solver_work_candidates,
-- solver_work_considered, solver_work_ranking, solver_work_words, solver_work_parts,
-- solver_work_look, solver_work_scores.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_work_end(
    IN p_work BINARY(16))
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: delete the scratch rows of a solver call'
BEGIN
  DELETE FROM solver_work_pairs WHERE work = p_work;
  DELETE FROM solver_work_candidates WHERE work = p_work;
  DELETE FROM solver_work_considered WHERE work = p_work;
  DELETE FROM solver_work_ranking WHERE work = p_work;
  DELETE FROM solver_work_words WHERE work = p_work;
  DELETE FROM solver_work_parts WHERE work = p_work;
  DELETE FROM solver_work_look WHERE work = p_work;
  DELETE FROM solver_work_scores WHERE work = p_work;
  DELETE FROM solver_work WHERE work = p_work;
END
