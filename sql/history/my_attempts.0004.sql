-- my_attempts: every attempt in the games of the connected account's player names.
-- Reads: attempts, games, players.
-- revision: 0004
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW my_attempts AS
SELECT pl.name AS player, g.day, a.attempt, a.guess, a.hint, a.played_at
FROM attempts a JOIN games g ON g.id = a.game_id JOIN players pl ON pl.id = g.player_id
WHERE pl.account = SUBSTRING_INDEX(SESSION_USER(), '@', 1)
