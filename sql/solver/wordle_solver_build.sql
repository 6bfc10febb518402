-- wordle_solver_build(batch): wordle_solver_build_on(NULL, batch), the default channel.
-- Reads/writes: see wordle_solver_build_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solver_build(IN p_batch INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Precompute hint codes of the default channel for a batch of guesses'
CALL wordle_solver_build_on(NULL, p_batch)
