-- _wordle_access_changed(): internal. Drops every access decision kept in player_access (see
-- _wordle_player): a new access version, which decisions made before it no longer match, and
-- their rows deleted. Called in the transaction that changes what a decision reads: the copy
-- of the accounts and roles, the setting player_names; and by every migration that installs
-- routines (wordle_db.migration.objects_up).
-- Reads: access_version. Writes: access_version, player_access.
-- revision: 0028
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_access_changed()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: forget the access decisions kept for players'
BEGIN
  UPDATE access_version SET version = version + 1 WHERE id = 1;
  DELETE FROM player_access WHERE version < (SELECT version FROM access_version WHERE id = 1);
END
