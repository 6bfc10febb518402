-- my_games: the games of the player names that belong to the connected login (_wordle_known_login),
-- any day, without answers. TEMPTABLE and masked like past_puzzles (another player's values
-- never reach a caller's predicate); read it outside a transaction (WD013).
-- Numbers count from today's (wordle_puzzle_number once, not per row).
-- Reads: games, players, settings, puzzles.
-- revision: 0006
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW my_games AS
SELECT pl.name AS player, g.day, DATEDIFF(g.day, c.today) + c.number_today AS number,
       IF(pl.account = c.login, g.state, NULL) AS state,
       IF(pl.account = c.login, g.hard, NULL) AS hard,
       IF(pl.account = c.login, g.attempts, NULL) AS attempts,
       IF(pl.account = c.login, g.max_tries, NULL) AS max_tries,
       IF(pl.account = c.login, g.revealed, NULL) AS letters_revealed,
       IF(pl.account = c.login, g.started_at, NULL) AS started_at,
       IF(pl.account = c.login, g.finished_at, NULL) AS finished_at
FROM (SELECT _wordle_known_login() AS login, wordle_today() AS today,
             wordle_puzzle_number(wordle_today()) AS number_today, _wordle_view_check() AS checked) c
JOIN players pl ON pl.account = c.login AND c.checked
JOIN games g ON g.player_id = pl.id
