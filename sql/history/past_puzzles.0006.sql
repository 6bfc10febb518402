-- past_puzzles: the puzzles of days before today (in the configured zone) with their words;
-- never today's or a future day's. For players, readers and publishers. Like every view a
-- role may read, it is ALGORITHM = TEMPTABLE (its filter is applied before the caller's
-- predicates, and a locking read through it locks no row of the game) and masks what it hides
-- (a column is NULL unless its row is visible), so no warning, error or delay of a caller's
-- predicate can depend on a hidden value. Read it outside a transaction (WD013).
-- Numbers count from today's (wordle_puzzle_number once, not per row).
-- Reads: puzzles, words, settings.
-- revision: 0006
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW past_puzzles AS
SELECT p.day, DATEDIFF(p.day, c.today) + c.number_today AS number,
       IF(p.day < c.today, w.word, NULL) AS word, IF(p.day < c.today, p.picked, NULL) AS picked
FROM (SELECT wordle_today() AS today, wordle_puzzle_number(wordle_today()) AS number_today,
             _wordle_view_check() AS checked) c
JOIN puzzles p ON p.day < c.today AND c.checked
JOIN words w ON w.id = p.word_id
