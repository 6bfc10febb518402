-- wordle_puzzle_number(day): the puzzle number of a day. Number 1 is the day in setting
-- first_day or, while that is empty, the first published day (or `day` itself if none is).
-- Reads: settings, puzzles.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_puzzle_number(p_day DATE)
RETURNS INT
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Puzzle number of a day (first_day, else the first published day, is 1)'
RETURN DATEDIFF(p_day, COALESCE(NULLIF((SELECT value FROM settings WHERE name = 'first_day'), ''),
                               (SELECT MIN(day) FROM puzzles), p_day)) + 1
