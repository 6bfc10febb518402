-- wordle_solver_prepare(): wordle_solver_prepare_on(NULL), the default channel.
-- Reads/writes: see wordle_solver_prepare_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solver_prepare()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Number the default channel''s words for the solver'
CALL wordle_solver_prepare_on(NULL)
