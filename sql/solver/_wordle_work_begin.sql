-- _wordle_work_begin(OUT work): internal. A fresh key for the solver's scratch rows (the
-- solver_work_* tables, which no role may read), registered in solver_work. Scratch rows older
-- than an hour (a call interrupted before _wordle_work_end) are deleted on the way.
-- The public solver procedures call it inside their _wordle_begin transaction.
-- The solver keeps no session temporary table: a caller could rename or reshape one, and a
-- temporary table hides the real table of the same name from the routines of that session.
-- Reads/writes: solver_work, solver_work_pairs, solver_work_candidates,
-- solver_work_considered, solver_work_ranking.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_work_begin(
    OUT o_work BINARY(16))
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a key for the solver''s scratch rows'
BEGIN
  DECLARE v_stale BINARY(16);
  SET v_stale = (SELECT work FROM solver_work
                 WHERE started_at < SYSDATE(6) - INTERVAL 1 HOUR ORDER BY started_at LIMIT 1);
  IF v_stale IS NOT NULL THEN
    CALL _wordle_work_end(v_stale);
  END IF;
  SET o_work = UNHEX(REPLACE(UUID(), '-', ''));
  INSERT INTO solver_work (work, started_at) VALUES (o_work, SYSDATE(6));
END
