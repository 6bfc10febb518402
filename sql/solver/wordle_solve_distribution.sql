-- wordle_solve_distribution(run): how many answer words a self-play run solved in 1, 2, ...
-- guesses. Result: rows (guesses, games).
-- Reads: solver_results.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solve_distribution(
    IN p_run INT UNSIGNED)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Guesses per game of a self-play run'
SELECT guesses, _wordle_int(COUNT(*)) AS games FROM solver_results WHERE run_id = p_run
GROUP BY guesses ORDER BY guesses
