-- wordle_status(): wordle_status_on(NULL), the default channel's status.
-- Reads: see wordle_status_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_status()
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Counts and today''s state of the default channel, without any word'
CALL wordle_status_on(NULL)
