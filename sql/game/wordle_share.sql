-- wordle_share(player, day): wordle_share_on(NULL, player, day), in the default channel.
-- Reads: see wordle_share_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_share(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Spoiler-free share text of a finished game in the default channel'
CALL wordle_share_on(NULL, p_player, p_day)
