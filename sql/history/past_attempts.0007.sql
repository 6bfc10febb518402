-- past_attempts: every attempt of every game of the days before today, for analytics.
-- TEMPTABLE and masked like past_puzzles; read it outside a transaction (WD013).
-- One row per channel and day (column channel); numbers count from the channel's first_day.
-- Reads: channels, attempts, games, players, settings.
-- revision: 0007
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW past_attempts AS
SELECT pl.name AS player, ch.name AS channel, g.day, IF(g.day < ch.today, a.attempt, NULL) AS attempt,
       IF(g.day < ch.today, a.guess, NULL) AS guess, IF(g.day < ch.today, a.hint, NULL) AS hint,
       IF(g.day < ch.today, a.played_at, NULL) AS played_at
FROM (SELECT _wordle_view_check() AS checked) c
JOIN (SELECT id, name, _wordle_date_in(time_zone) AS today FROM channels) ch ON c.checked
JOIN games g ON g.channel_id = ch.id AND g.day < ch.today
JOIN attempts a ON a.game_id = g.id
JOIN players pl ON pl.id = g.player_id
