-- _wordle_passkey_challenge_take(challenge, purpose, OUT player id): internal. Uses up a
-- challenge that wordle_passkey_challenge issued for `purpose` ('register' or 'sign in'),
-- unexpired: it is deleted, so it serves once. Its player: the one signing up (register),
-- NULL for a sign-in. Expired challenges are cleared on the way.
-- Errors: WD091 no such challenge, expired or used.
-- Reads: passkey_challenges. Writes: passkey_challenges.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_passkey_challenge_take(
    IN p_challenge MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_purpose VARCHAR(8) CHARACTER SET ascii, OUT o_player INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: use up a passkey challenge'
BEGIN
  DECLARE v_hash BINARY(32) DEFAULT UNHEX(SHA2(COALESCE(p_challenge, ''), 256));
  DECLARE v_found INT DEFAULT 0;
  DELETE FROM passkey_challenges WHERE expires_at < _wordle_utc_now() LIMIT 100;
  SELECT COUNT(*), MAX(player_id) INTO v_found, o_player FROM passkey_challenges
  WHERE challenge_hash = v_hash AND purpose = p_purpose AND expires_at >= _wordle_utc_now()
  FOR UPDATE;
  IF v_found = 0 THEN
    SIGNAL SQLSTATE 'WD091' SET MESSAGE_TEXT = 'that passkey request is unknown, used or expired: start again';
  END IF;
  DELETE FROM passkey_challenges WHERE challenge_hash = v_hash;
END
