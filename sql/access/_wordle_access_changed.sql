-- _wordle_access_changed(): internal. Retires every access decision kept in player_access and
-- account_access (see _wordle_player): a new access version, which decisions made before it no
-- longer match. Only the version row is written, in the transaction that changes what a decision reads (the copy
-- of the accounts and roles, the setting player_names; and every migration that installs
-- routines, wordle_db.migration.objects_up): a change costs one row whatever the number of
-- kept decisions (on Galera, a change's write set is one row). The version is part of a
-- decision's key: the next decision of the same account and name is a row of its own, and the
-- retired rows, which no move reads or writes again, are deleted a thousand at a time, each
-- batch in a transaction of its own, by the accounts refresh every minute.
-- Reads: nothing. Writes: access_version.
-- revision: 0057
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_access_changed()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: retire the access decisions kept for players'
UPDATE access_version SET version = version + 1 WHERE id = 1
