-- wordle_candidates(pairs, player, day, limit): wordle_candidates_on(NULL, pairs, player, day,
-- limit), in the default channel.
-- Reads/writes: see wordle_candidates_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_candidates(
    IN p_pairs VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_limit INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Answer words of the default channel consistent with every hint so far'
CALL wordle_candidates_on(NULL, p_pairs, p_player, p_day, p_limit)
