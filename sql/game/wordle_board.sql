-- wordle_board(player, day): wordle_board_on(NULL, player, day), in the default channel.
-- Reads: see wordle_board_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_board(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'The attempts of a player''s game in the default channel'
CALL wordle_board_on(NULL, p_player, p_day)
