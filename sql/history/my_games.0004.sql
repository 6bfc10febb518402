-- my_games: the games of the player names that belong to the connected account (the user part
-- of SESSION_USER()), any day, without answers.
-- Reads: games, players, settings, puzzles.
-- revision: 0004
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW my_games AS
SELECT pl.name AS player, g.day, wordle_puzzle_number(g.day) AS number, g.state, g.hard,
       g.attempts, g.max_tries, g.revealed AS letters_revealed, g.started_at, g.finished_at
FROM games g JOIN players pl ON pl.id = g.player_id
WHERE pl.account = SUBSTRING_INDEX(SESSION_USER(), '@', 1)
