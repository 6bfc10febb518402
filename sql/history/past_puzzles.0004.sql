-- past_puzzles: the puzzles of days before today (in the configured zone) with their words;
-- never today's or a future day's. For players, readers and publishers.
-- Reads: puzzles, words, settings.
-- revision: 0004
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW past_puzzles AS
SELECT p.day, wordle_puzzle_number(p.day) AS number, w.word, p.picked
FROM puzzles p JOIN words w ON w.id = p.word_id
WHERE p.day < wordle_today()
