-- wordle_stats(player): wordle_stats_on(NULL, player), in the default channel.
-- Reads: see wordle_stats_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_stats(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'A player''s statistics in the default channel'
CALL wordle_stats_on(NULL, p_player)
