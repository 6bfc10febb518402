-- wordle_reveal_letter(player, day): wordle_reveal_letter_on(NULL, player, day), in the
-- default channel.
-- Reads/writes: see wordle_reveal_letter_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_reveal_letter(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Reveal one letter of the answer in the default channel (letter hint)'
CALL wordle_reveal_letter_on(NULL, p_player, p_day, NULL)
