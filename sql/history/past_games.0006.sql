-- past_games: every player's games of days before today, for analytics (today's games stay
-- hidden: a finished one would give the answer away). TEMPTABLE and masked like past_puzzles;
-- read it outside a transaction (WD013).
-- Numbers count from today's (wordle_puzzle_number once, not per row).
-- Reads: games, players, settings, puzzles.
-- revision: 0006
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW past_games AS
SELECT pl.name AS player, g.day, DATEDIFF(g.day, c.today) + c.number_today AS number,
       IF(g.day < c.today, g.state, NULL) AS state, IF(g.day < c.today, g.hard, NULL) AS hard,
       IF(g.day < c.today, g.attempts, NULL) AS attempts,
       IF(g.day < c.today, g.max_tries, NULL) AS max_tries,
       IF(g.day < c.today, g.revealed, NULL) AS letters_revealed,
       IF(g.day < c.today, g.started_at, NULL) AS started_at,
       IF(g.day < c.today, g.finished_at, NULL) AS finished_at
FROM (SELECT wordle_today() AS today, wordle_puzzle_number(wordle_today()) AS number_today,
             _wordle_view_check() AS checked) c
JOIN games g ON g.day < c.today AND c.checked
JOIN players pl ON pl.id = g.player_id
