-- puzzle_schedule: every published and scheduled puzzle of every channel with its word, for
-- administrators only (SQL SECURITY INVOKER: reading it needs SELECT on the tables).
-- Reads: puzzles, words, channels.
-- revision: 0036
CREATE OR REPLACE SQL SECURITY INVOKER VIEW puzzle_schedule AS
SELECT c.name AS channel, p.day, DATEDIFF(p.day, c.first_day) + 1 AS number, w.word, p.picked,
       p.published_at
FROM puzzles p JOIN words w ON w.id = p.word_id JOIN channels c ON c.id = p.channel_id
