-- _wordle_channel_rows(name): internal. The rows of wordle_channels: every channel (NULL) or
-- the one named; see wordle_channels for the columns. Runs in the caller's transaction.
-- Reads: settings, channels, channel_words, answer_pool.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_channel_rows(
    IN p_name MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: channels with their settings and counts'
  SELECT c.name, c.language, c.letters, c.max_tries, c.letter_hints, c.accents, c.time_zone,
         c.first_day, t.today, DATEDIFF(t.today, c.first_day) + 1 AS number,
         _wordle_int((SELECT COUNT(*) FROM channel_words w WHERE w.channel_id = c.id)) AS words,
         _wordle_int((SELECT COUNT(*) FROM channel_words w WHERE w.channel_id = c.id AND w.is_answer))
           AS answers,
         _wordle_int((SELECT COUNT(*) FROM answer_pool p WHERE p.channel_id = c.id)) AS answers_left,
         c.name = (SELECT value FROM settings WHERE name = 'default_channel') AS is_default
  FROM channels c
  JOIN (SELECT id, _wordle_date_in(time_zone) AS today FROM channels) t ON t.id = c.id
  WHERE p_name IS NULL OR c.name = p_name
  ORDER BY c.id
