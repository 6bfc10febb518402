-- wordle_publish(day): wordle_publish_on(NULL, day), for the default channel.
-- Reads/writes: see wordle_publish_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_publish(IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Publish the default channel''s puzzle of a day at random'
CALL wordle_publish_on(NULL, p_day)
