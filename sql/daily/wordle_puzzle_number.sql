-- wordle_puzzle_number(day): the puzzle number of a day in the default channel:
-- wordle_puzzle_number_on(NULL, day).
-- Reads: settings, channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_puzzle_number(p_day DATE)
RETURNS INT
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Puzzle number of a day in the default channel'
RETURN wordle_puzzle_number_on(NULL, p_day)
