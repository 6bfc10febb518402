-- past_games: every player's games of days before today, for analytics (today's games stay
-- hidden: a finished one would give the answer away). TEMPTABLE and masked like past_puzzles;
-- read it outside a transaction (WD013).
-- One row per channel and day (column channel); numbers count from the channel's first_day.
-- Reads: channels, puzzles, games, players, settings.
-- The reads never depend on what anybody did today: games are reached through the puzzles of
-- past days (STRAIGHT_JOIN and forced keys: today's games and attempts are never read, and
-- no plan follows the statistics), and the LIMIT
-- keeps a caller's WHERE out of the view (no condition pushdown into it), so a reader's
-- status counters (Handler_*, Rows_*) cannot count another player's attempts of today.
-- revision: 0036
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW past_games AS
SELECT STRAIGHT_JOIN pl.name AS player, ch.name AS channel, g.day, DATEDIFF(g.day, ch.first_day) + 1 AS number,
       IF(g.day < ch.today, g.state, NULL) AS state, IF(g.day < ch.today, g.hard, NULL) AS hard,
       IF(g.day < ch.today, g.attempts, NULL) AS attempts,
       IF(g.day < ch.today, g.max_tries, NULL) AS max_tries,
       IF(g.day < ch.today, g.revealed, NULL) AS letters_revealed,
       IF(g.day < ch.today, g.started_at, NULL) AS started_at,
       IF(g.day < ch.today, g.finished_at, NULL) AS finished_at
FROM (SELECT _wordle_view_check() AS checked) c
JOIN (SELECT id, name, first_day, _wordle_date_in(time_zone) AS today FROM channels) ch ON c.checked
JOIN puzzles p FORCE INDEX (PRIMARY) ON p.channel_id = ch.id AND p.day < ch.today
JOIN games g FORCE INDEX (channel_day) ON g.channel_id = p.channel_id AND g.day = p.day
JOIN players pl FORCE INDEX (PRIMARY) ON pl.id = g.player_id
LIMIT 18446744073709551615
