-- wordle_play(player, guess, day, hard): wordle_play_on(NULL, player, guess, day, hard), in
-- the default channel.
-- Reads/writes: see wordle_play_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_play(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_hard BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Submit a guess in a player''s game of the default channel'
CALL _wordle_play(NULL, p_player, p_guess, p_day, p_hard, FALSE, NULL)
