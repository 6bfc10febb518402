-- wordle_suggest(pairs, player, day, hard, limit): wordle_suggest_on(NULL, pairs, player, day,
-- hard, limit), in the default channel.
-- Reads/writes: see wordle_suggest_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_suggest(
    IN p_pairs VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_hard BOOLEAN, IN p_limit INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Best next guesses in the default channel'
CALL wordle_suggest_on(NULL, p_pairs, p_player, p_day, p_hard, p_limit)
