-- wordle_passkey_add(player, generation, challenge, credential, public key, sign count,
-- label): adds a passkey to the player's account, once the caller has verified the
-- authenticator's answer to `challenge` (wordle_passkey_challenge for 'register' and this
-- player, used up here).
-- The credential id and COSE public key are what the authenticator gave; the public key is
-- no secret. At most 10 passkeys per player; a credential is anybody's once only.
-- The first passkey is the sign-up: it starts a new session generation (_wordle_session_bump),
-- so sessions made before it (a cookie copied from a shared computer, a device a transfer
-- code carried the anonymous player to) no longer reach the account.
-- Result: one row (label, passkeys: how many the player has now, generation: the player's
-- session generation now, for the caller's new session). `generation`: the session generation
-- of the caller's session (see _wordle_session_current; NULL: not checked).
-- Errors: WD091 (see _wordle_passkey_challenge_take; also a challenge of another player),
-- WD094 bad credential, key, count or label, or a passkey too many, WD095 that passkey is
-- registered already, WD096 that session has ended, WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, players, passkey_challenges, passkeys.
-- Writes: passkey_challenges, passkeys, players, transfer_codes.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_passkey_add(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_generation INT UNSIGNED,
    IN p_challenge MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_credential MEDIUMBLOB, IN p_public_key MEDIUMBLOB, IN p_sign_count BIGINT,
    IN p_label MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Add a verified passkey to a player'
BEGIN
  DECLARE v_player, v_issued, v_generation INT UNSIGNED;
  DECLARE v_count INT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  IF p_credential IS NULL OR LENGTH(p_credential) NOT BETWEEN 16 AND 1023
     OR p_public_key IS NULL OR LENGTH(p_public_key) NOT BETWEEN 16 AND 1024
     OR p_sign_count IS NULL OR p_sign_count NOT BETWEEN 0 AND 4294967295
     OR p_label IS NULL OR CHAR_LENGTH(p_label) NOT BETWEEN 1 AND 40
     OR p_label REGEXP '[\\p{Cc}\\p{Cf}\\p{Co}\\p{Cs}\\p{Cn}\\p{Zl}\\p{Zp}]' THEN
    SIGNAL SQLSTATE 'WD094' SET MESSAGE_TEXT = 'a passkey needs a credential id (16-1023 bytes), a public key, a sign count and a label of 1 to 40 visible characters';
  END IF;
  CALL _wordle_player(p_player, TRUE, v_player);
  -- the player's row first (one add at a time): taking the challenge locks expired ones of
  -- anybody, which must not stay locked while this waits for the row
  CALL _wordle_session_current(v_player, p_generation);
  CALL _wordle_passkey_challenge_take(p_challenge, 'register', v_issued);
  IF v_issued <> v_player THEN
    SIGNAL SQLSTATE 'WD091' SET MESSAGE_TEXT = 'that passkey request is unknown, used or expired: start again';
  END IF;
  SET v_count = (SELECT COUNT(*) FROM passkeys WHERE player_id = v_player);
  IF v_count >= 10 THEN
    SIGNAL SQLSTATE 'WD094' SET MESSAGE_TEXT = 'an account has at most 10 passkeys: remove one first';
  END IF;
  IF EXISTS (SELECT 1 FROM passkeys WHERE credential_id = p_credential) THEN
    SIGNAL SQLSTATE 'WD095' SET MESSAGE_TEXT = 'that passkey is registered already';
  END IF;
  INSERT INTO passkeys (credential_id, player_id, public_key, sign_count, label, created_at)
  VALUES (p_credential, v_player, p_public_key, p_sign_count, p_label, _wordle_utc_now());
  IF v_count = 0 THEN  -- the sign-up: no session made before it reaches the account
    CALL _wordle_session_bump(v_player, v_generation);
  ELSE
    SELECT session_generation INTO v_generation FROM players WHERE id = v_player;
  END IF;
  SELECT p_label AS label,
         _wordle_int((SELECT COUNT(*) FROM passkeys WHERE player_id = v_player)) AS passkeys,
         v_generation AS generation;
  COMMIT AND NO CHAIN NO RELEASE;
END
