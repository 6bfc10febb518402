-- _wordle_channel_list(name, counts): internal. The rows of wordle_channels: every channel (NULL)
-- or the one named; see wordle_channels for the columns. Without `counts` the columns words,
-- answers and answers_left are NULL: each is a scan of the channel's lists (about 1 ms of the
-- server's CPU for 15,000 words), the rest a few reads. Runs in the caller's transaction.
-- Reads: settings, channels, channel_words, answer_pool.
-- revision: 0042
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_channel_list(
    IN p_name MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_counts BOOLEAN)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: channels with their settings and, if asked, counts'
  SELECT c.name, c.language, c.letters, c.max_tries, c.letter_hints, c.accents, c.time_zone,
         c.first_day, t.today, DATEDIFF(t.today, c.first_day) + 1 AS number,
         IF(p_counts, _wordle_int((SELECT COUNT(*) FROM channel_words w WHERE w.channel_id = c.id)),
            NULL) AS words,
         IF(p_counts, _wordle_int((SELECT COUNT(*) FROM channel_words w
                                   WHERE w.channel_id = c.id AND w.is_answer)), NULL) AS answers,
         IF(p_counts, _wordle_int((SELECT COUNT(*) FROM answer_pool p WHERE p.channel_id = c.id)),
            NULL) AS answers_left,
         c.name = (SELECT value FROM settings WHERE name = 'default_channel') AS is_default
  FROM channels c
  JOIN (SELECT id, _wordle_date_in(time_zone) AS today FROM channels) t ON t.id = c.id
  WHERE p_name IS NULL OR c.name = p_name
  ORDER BY c.id
