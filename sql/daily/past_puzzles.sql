-- past_puzzles: the puzzles of days before today (in each channel's zone) with their words,
-- one row per channel and day; never today's or a future day's. For players, readers and
-- publishers. Like every view a role may read, it is ALGORITHM = TEMPTABLE (its filter is
-- applied before the caller's predicates, and a locking read through it locks no row of the
-- game) and masks what it hides (a column is NULL unless its row is visible), so no warning,
-- error or delay of a caller's predicate can depend on a hidden value. Read it outside a
-- transaction (WD013). Numbers count from the channel's first_day.
-- Reads: puzzles, words, channels, settings.
-- revision: 0036
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW past_puzzles AS
SELECT ch.name AS channel, p.day, DATEDIFF(p.day, ch.first_day) + 1 AS number,
       IF(p.day < ch.today, w.word, NULL) AS word, IF(p.day < ch.today, p.picked, NULL) AS picked
FROM (SELECT _wordle_view_check() AS checked) c
JOIN (SELECT id, name, first_day, _wordle_date_in(time_zone) AS today FROM channels) ch ON c.checked
JOIN puzzles p ON p.channel_id = ch.id AND p.day < ch.today
JOIN words w ON w.id = p.word_id
