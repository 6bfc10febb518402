-- wordle_check(guess, day): wordle_check_on(NULL, guess, day), for the default channel
-- (administrators).
-- Reads: see wordle_check_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_check(
    IN p_guess MEDIUMTEXT, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Hint for a guess against a day''s word of the default channel (administrators)'
CALL wordle_check_on(NULL, p_guess, p_day)
