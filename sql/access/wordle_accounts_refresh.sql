-- wordle_accounts_refresh: an event that copies the grant tables into server_accounts every
-- minute (_wordle_accounts_refresh), so that an account or role changed by hand counts within
-- a minute without any player's call reading mysql.*. `wordle-db grant` refreshes at once.
-- Needs event_scheduler=ON; without it, hand-made changes count at the next `wordle-db grant`
-- or migration.
-- Reads/writes: see _wordle_accounts_refresh.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' EVENT wordle_accounts_refresh
ON SCHEDULE EVERY 1 MINUTE
ON COMPLETION PRESERVE ENABLE
COMMENT 'Copy the grant tables into server_accounts'
DO CALL _wordle_accounts_refresh()
