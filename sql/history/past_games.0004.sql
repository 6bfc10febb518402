-- past_games: every player's games of days before today, for analytics (today's games stay
-- hidden: a finished one would give the answer away).
-- Reads: games, players, settings, puzzles.
-- revision: 0004
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW past_games AS
SELECT pl.name AS player, g.day, wordle_puzzle_number(g.day) AS number, g.state, g.hard,
       g.attempts, g.max_tries, g.revealed AS letters_revealed, g.started_at, g.finished_at
FROM games g JOIN players pl ON pl.id = g.player_id
WHERE g.day < wordle_today()
