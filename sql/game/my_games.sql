-- my_games: the games of the player names that belong to the connected login
-- (_wordle_caller_login(); none where an anonymous account may match the client: the login
-- proves nothing then), any day, without answers. TEMPTABLE and
-- masked like past_puzzles (another player's values never reach a caller's predicate); read
-- it outside a transaction (WD013). Its own row (players.own) and the players the login
-- created are both the login's.
-- One row per channel and day (column channel); numbers count from the channel's first_day.
-- Reads: server_accounts, channels, games, players, settings, puzzles.
-- Read in a fixed order from the login's players, with no condition pushed into it (LIMIT):
-- a caller's WHERE never makes it read another login's rows.
-- revision: 0039
CREATE OR REPLACE ALGORITHM = TEMPTABLE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER VIEW my_games AS
SELECT STRAIGHT_JOIN pl.name AS player, ch.name AS channel, g.day, DATEDIFF(g.day, ch.first_day) + 1 AS number,
       IF(pl.account = c.login, g.state, NULL) AS state,
       IF(pl.account = c.login, g.hard, NULL) AS hard,
       IF(pl.account = c.login, g.attempts, NULL) AS attempts,
       IF(pl.account = c.login, g.max_tries, NULL) AS max_tries,
       IF(pl.account = c.login, g.revealed, NULL) AS letters_revealed,
       IF(pl.account = c.login, g.started_at, NULL) AS started_at,
       IF(pl.account = c.login, g.finished_at, NULL) AS finished_at
FROM (SELECT _wordle_caller_login() AS login,
             _wordle_view_check() AS checked) c
JOIN players pl ON pl.account = c.login AND c.checked
JOIN games g ON g.player_id = pl.id
JOIN channels ch ON ch.id = g.channel_id
LIMIT 18446744073709551615
