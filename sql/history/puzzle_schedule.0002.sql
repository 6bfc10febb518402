-- puzzle_schedule: every published and scheduled puzzle with its word, for administrators
-- only (SQL SECURITY INVOKER: reading it needs SELECT on puzzles and words).
-- Reads: puzzles, words, settings.
-- revision: 0002
CREATE OR REPLACE SQL SECURITY INVOKER VIEW puzzle_schedule AS
SELECT p.day, wordle_puzzle_number(p.day) AS number, w.word, p.picked, p.published_at
FROM puzzles p JOIN words w ON w.id = p.word_id
