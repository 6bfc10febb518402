-- past_attempts: every attempt of every game of the days before today, for analytics.
-- Reads: attempts, games, players, settings.
-- revision: 0004
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW past_attempts AS
SELECT pl.name AS player, g.day, a.attempt, a.guess, a.hint, a.played_at
FROM attempts a JOIN games g ON g.id = a.game_id JOIN players pl ON pl.id = g.player_id
WHERE g.day < wordle_today()
