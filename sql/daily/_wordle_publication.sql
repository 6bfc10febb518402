-- _wordle_publication(channel id, day, published): internal. The result row of wordle_publish_on
-- and wordle_publish_word_on: channel, day, number, published, picked (never the word).
-- Reads: puzzles, channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_publication(
    IN p_channel SMALLINT UNSIGNED, IN p_day DATE, IN p_published BOOLEAN)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: what a publication reports'
SELECT c.name AS channel, p.day, DATEDIFF(p.day, c.first_day) + 1 AS number,
       p_published AS published, p.picked
FROM puzzles p JOIN channels c ON c.id = p.channel_id
WHERE p.channel_id = p_channel AND p.day = p_day
