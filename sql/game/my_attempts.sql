-- my_attempts: every attempt in the games of the connected login's player names
-- (_wordle_caller_login(); none where an anonymous account may match the client).
-- TEMPTABLE and masked like past_puzzles; read it outside a transaction
-- (WD013).
-- One row per channel and day (column channel); numbers count from the channel's first_day.
-- Reads: server_accounts, channels, attempts, games, players.
-- Read in a fixed order from the login's players, with no condition pushed into it (LIMIT):
-- a caller's WHERE never makes it read another login's rows.
-- revision: 0039
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW my_attempts AS
SELECT STRAIGHT_JOIN pl.name AS player, ch.name AS channel, g.day, IF(pl.account = c.login, a.attempt, NULL) AS attempt,
       IF(pl.account = c.login, a.guess, NULL) AS guess,
       IF(pl.account = c.login, a.hint, NULL) AS hint,
       IF(pl.account = c.login, a.played_at, NULL) AS played_at
FROM (SELECT _wordle_caller_login() AS login,
             _wordle_view_check() AS checked) c
JOIN players pl ON pl.account = c.login AND c.checked
JOIN games g ON g.player_id = pl.id
JOIN channels ch ON ch.id = g.channel_id
JOIN attempts a ON a.game_id = g.id
LIMIT 18446744073709551615
