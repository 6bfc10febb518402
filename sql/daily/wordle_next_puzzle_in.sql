-- wordle_next_puzzle_in(): seconds until the default channel's next puzzle day begins:
-- wordle_next_puzzle_on(NULL).
-- Reads: settings, channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_next_puzzle_in()
RETURNS INT
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Seconds until the default channel''s next puzzle day begins'
RETURN wordle_next_puzzle_on(NULL)
