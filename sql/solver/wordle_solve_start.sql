-- wordle_solve_start(opener, hard): wordle_solve_start_on(NULL, opener, hard), the default
-- channel.
-- Reads/writes: see wordle_solve_start_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solve_start(
    IN p_opener VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_hard BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Start self-play over every answer word of the default channel'
CALL wordle_solve_start_on(NULL, p_opener, p_hard)
