-- wordle_keyboard(player, day): wordle_keyboard_on(NULL, player, day), in the default channel.
-- Reads: see wordle_keyboard_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_keyboard(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Best hint seen per letter in a player''s game in the default channel'
CALL wordle_keyboard_on(NULL, p_player, p_day)
