-- past_attempts: every attempt of every game of the days before today, for analytics.
-- TEMPTABLE and masked like past_puzzles; read it outside a transaction (WD013).
-- One row per channel and day (column channel); numbers count from the channel's first_day.
-- Reads: channels, puzzles, attempts, games, players, settings.
-- The reads never depend on what anybody did today: games are reached through the puzzles of
-- past days (STRAIGHT_JOIN and forced keys: today's games and attempts are never read, and
-- no plan follows the statistics), and the LIMIT
-- keeps a caller's WHERE out of the view (no condition pushdown into it), so a reader's
-- status counters (Handler_*, Rows_*) cannot count another player's attempts of today.
-- revision: 0036
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW past_attempts AS
SELECT STRAIGHT_JOIN pl.name AS player, ch.name AS channel, g.day, IF(g.day < ch.today, a.attempt, NULL) AS attempt,
       IF(g.day < ch.today, a.guess, NULL) AS guess, IF(g.day < ch.today, a.hint, NULL) AS hint,
       IF(g.day < ch.today, a.played_at, NULL) AS played_at
FROM (SELECT _wordle_view_check() AS checked) c
JOIN (SELECT id, name, _wordle_date_in(time_zone) AS today FROM channels) ch ON c.checked
JOIN puzzles p FORCE INDEX (PRIMARY) ON p.channel_id = ch.id AND p.day < ch.today
JOIN games g FORCE INDEX (channel_day) ON g.channel_id = p.channel_id AND g.day = p.day
JOIN attempts a FORCE INDEX (PRIMARY) ON a.game_id = g.id
JOIN players pl FORCE INDEX (PRIMARY) ON pl.id = g.player_id
LIMIT 18446744073709551615
