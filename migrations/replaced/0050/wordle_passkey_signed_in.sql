-- wordle_passkey_signed_in(challenge, credential, sign count): records a sign-in the caller
-- verified with the passkey's public key (wordle_passkey_key) against `challenge`
-- (wordle_passkey_challenge for 'sign in', used up here), and returns the player to play as.
-- An authenticator that counts its signatures must count up: a count that does not grow means
-- a cloned passkey, and the sign-in is refused (WD093). Authenticators that keep 0 stay at 0.
-- Result: one row (player, generation: its session generation, for the new session).
-- Errors: WD090 (see _wordle_passkey_player), WD091 (see _wordle_passkey_challenge_take),
-- WD093 the count did not grow, WD094 a bad count.
-- Reads: passkeys, players, passkey_challenges, settings, server_accounts.
-- Writes: passkeys, passkey_challenges.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_passkey_signed_in(
    IN p_challenge MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_credential MEDIUMBLOB, IN p_sign_count BIGINT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Record a verified passkey sign-in; returns the player'
BEGIN
  DECLARE v_player, v_none INT UNSIGNED;
  DECLARE v_name VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_count BIGINT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  IF p_sign_count IS NULL OR p_sign_count NOT BETWEEN 0 AND 4294967295 THEN
    SIGNAL SQLSTATE 'WD094' SET MESSAGE_TEXT = 'a sign count is a number from 0 to 4294967295';
  END IF;
  CALL _wordle_passkey_player(IF(LENGTH(p_credential) <= 1023, p_credential, NULL), v_player, v_name);
  CALL _wordle_passkey_challenge_take(p_challenge, 'sign in', v_none);
  SELECT sign_count INTO v_count FROM passkeys WHERE credential_id = p_credential FOR UPDATE;
  IF (p_sign_count > 0 OR v_count > 0) AND p_sign_count <= v_count THEN
    SIGNAL SQLSTATE 'WD093' SET MESSAGE_TEXT = 'this passkey''s signature count went backwards: it may have been copied; sign in with another passkey';
  END IF;
  UPDATE passkeys SET sign_count = p_sign_count, last_used_at = _wordle_utc_now()
  WHERE credential_id = p_credential;
  SELECT v_name AS player, session_generation AS generation FROM players WHERE id = v_player;
  COMMIT AND NO CHAIN NO RELEASE;
END
