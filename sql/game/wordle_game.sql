-- wordle_game(player, day): wordle_game_on(NULL, player, day), in the default channel.
-- Reads: see wordle_game_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_game(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'State of a player''s game of a day in the default channel'
CALL wordle_game_on(NULL, p_player, p_day)
