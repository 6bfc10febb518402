-- wordle_publish_word(day, word): wordle_publish_word_on(NULL, day, word), for the default
-- channel (administrators).
-- Reads/writes: see wordle_publish_word_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_publish_word(
    IN p_day DATE, IN p_word VARCHAR(255))
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Publish the default channel''s day with a chosen word (administrators)'
CALL wordle_publish_word_on(NULL, p_day, p_word)
