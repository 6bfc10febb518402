-- past_attempts: every attempt of every game of the days before today, for analytics.
-- TEMPTABLE and masked like past_puzzles; read it outside a transaction (WD013).
-- Reads: attempts, games, players, settings.
-- revision: 0006
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW past_attempts AS
SELECT pl.name AS player, g.day, IF(g.day < c.today, a.attempt, NULL) AS attempt,
       IF(g.day < c.today, a.guess, NULL) AS guess, IF(g.day < c.today, a.hint, NULL) AS hint,
       IF(g.day < c.today, a.played_at, NULL) AS played_at
FROM (SELECT wordle_today() AS today, _wordle_view_check() AS checked) c
JOIN games g ON g.day < c.today AND c.checked
JOIN attempts a ON a.game_id = g.id
JOIN players pl ON pl.id = g.player_id
