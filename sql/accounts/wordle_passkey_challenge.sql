-- wordle_passkey_challenge(player, generation, purpose, challenge): records a WebAuthn challenge the
-- caller made (at least 16 random bytes, base64url) for `purpose`: 'register' (the player
-- adds a passkey; created if new) or 'sign in' (player NULL: any passkey may answer). Only its
-- SHA-256 is kept, for five minutes, and it serves once (wordle_passkey_add,
-- wordle_passkey_signed_in). `generation`: for 'register', the session generation of the
-- caller's session (see _wordle_session_current; NULL: not checked).
-- Errors: WD094 bad purpose or challenge, WD096 that session has ended, WD038, WD039 (see wordle_play; also an account
-- without a player role asking for a sign-in).
-- WD025 the database stayed busy: a row it writes stayed locked by another session.
-- Reads: settings, server_accounts, players. Writes: players, passkey_challenges.
-- revision: 0050
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_passkey_challenge(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_generation INT UNSIGNED,
    IN p_purpose MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_challenge MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Record a passkey challenge'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE v_role VARCHAR(16) CHARACTER SET ascii;
  DECLARE v_login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_hash BINARY(32) DEFAULT UNHEX(SHA2(p_challenge, 256));  -- the insert logs no challenge
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  DECLARE EXIT HANDLER FOR 1205 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; CALL _wordle_lock_waited(FALSE); END;
  CALL _wordle_begin();
  IF p_challenge IS NULL OR p_challenge NOT REGEXP '^[A-Za-z0-9_-]{22,128}$' THEN
    SIGNAL SQLSTATE 'WD094' SET MESSAGE_TEXT = 'a passkey challenge is 16 to 96 random bytes in base64url';
  END IF;
  IF p_purpose = 'register' THEN
    CALL _wordle_player(p_player, TRUE, v_player);
    CALL _wordle_session_current(v_player, p_generation);
  ELSEIF p_purpose = 'sign in' AND p_player IS NULL THEN
    CALL _wordle_caller_access(TRUE, v_role, v_login);  -- as _wordle_player: players and admins
  ELSE
    SIGNAL SQLSTATE 'WD094' SET MESSAGE_TEXT = 'a passkey challenge is for ''register'' (with a player) or ''sign in'' (without)';
  END IF;
  INSERT INTO passkey_challenges (challenge_hash, purpose, player_id, expires_at)
  VALUES (v_hash, p_purpose, v_player,
          _wordle_utc_now() + INTERVAL 5 MINUTE);
  COMMIT AND NO CHAIN NO RELEASE;
END
