-- _wordle_passkey_player(credential, OUT player id, OUT player name): internal. The player
-- whose passkey `credential` is, when the calling account may use that player (the rules of
-- _wordle_player: a front end reaches only the players it created); otherwise WD090, the same
-- error as for a credential nobody registered, so another account's passkeys stay untold.
-- Errors: WD090.
-- Reads: passkeys, players, settings, server_accounts.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_passkey_player(
    IN p_credential VARBINARY(1023), OUT o_player INT UNSIGNED,
    OUT o_name VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the player of a passkey the caller may use'
BEGIN
  DECLARE v_check INT UNSIGNED;
  SELECT k.player_id, p.name INTO o_player, o_name
  FROM passkeys k JOIN players p ON p.id = k.player_id
  WHERE k.credential_id = p_credential AND p_credential IS NOT NULL;
  IF o_player IS NOT NULL THEN
    BEGIN
      DECLARE EXIT HANDLER FOR SQLSTATE 'WD039' SET v_check = NULL;
      CALL _wordle_player(o_name, FALSE, v_check);
    END;
  END IF;
  IF o_player IS NULL OR v_check IS NULL OR v_check <> o_player THEN
    SIGNAL SQLSTATE 'WD090' SET MESSAGE_TEXT = 'no account has that passkey here';
  END IF;
END
