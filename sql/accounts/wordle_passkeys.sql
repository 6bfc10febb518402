-- wordle_passkeys(player): the player's passkeys (none for a player that does not exist yet).
-- Result: rows (id: the first 16 hexadecimal digits of the credential id's SHA-256, to name
-- it in wordle_passkey_remove; label, created_at, last_used_at), oldest first.
-- Errors: WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, players, passkeys.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_passkeys(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'A player''s passkeys'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_player(p_player, FALSE, v_player);
  SELECT LEFT(SHA2(credential_id, 256), 16) AS id, label, created_at, last_used_at
  FROM passkeys WHERE player_id = v_player
  ORDER BY created_at, credential_id;
  COMMIT AND NO CHAIN NO RELEASE;
END
