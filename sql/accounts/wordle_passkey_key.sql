-- wordle_passkey_key(credential): the public key and sign count of a passkey, for the caller
-- to verify a sign-in with, when the caller may use its player (else WD090, as for a passkey
-- nobody registered). Changes nothing.
-- Result: one row (public_key, sign_count).
-- Errors: WD090.
-- Reads: passkeys, players, settings, server_accounts.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_passkey_key(
    IN p_credential MEDIUMBLOB)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'A passkey''s public key, to verify a sign-in'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE v_name VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_passkey_player(IF(LENGTH(p_credential) <= 1023, p_credential, NULL), v_player, v_name);
  SELECT public_key, sign_count FROM passkeys WHERE credential_id = p_credential;
  COMMIT AND NO CHAIN NO RELEASE;
END
