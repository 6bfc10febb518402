-- wordle_transfer_code(player, generation, OUT code): a one-time code that carries the player
-- to another device
-- (wordle_transfer_redeem), for players without a passkey. 12 characters without look-alikes
-- (digits 2-9, letters but I and O: 60 bits of RANDOM_BYTES), shown as XXXX-XXXX-XXXX; valid
-- for 15 minutes, once; a new code withdraws the player's earlier one. Only its SHA-256 is
-- kept (nor does a binary log see the code: the hash is written from a variable).
-- Result: one row (code, expires_at in UTC); the code also in the OUT parameter, for SQL to
-- pass on.
-- `generation`: the session generation of the caller's session (see _wordle_session_current;
-- NULL: not checked).
-- Errors: WD096 that session has ended, WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, players. Writes: players, transfer_codes.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_transfer_code(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_generation INT UNSIGNED,
    OUT o_code CHAR(14) CHARACTER SET ascii)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'A one-time code to carry a player to another device'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE v_bytes BINARY(12) DEFAULT RANDOM_BYTES(12);
  DECLARE v_code VARCHAR(14) CHARACTER SET ascii DEFAULT '';
  DECLARE v_hash BINARY(32);
  DECLARE v_expires DATETIME(6) DEFAULT _wordle_utc_now() + INTERVAL 15 MINUTE;
  DECLARE i INT DEFAULT 1;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_player(p_player, TRUE, v_player);
  CALL _wordle_session_current(v_player, p_generation);
  WHILE i <= 12 DO  -- 5 bits of each random byte: 32 letters, 60 bits in all
    SET v_code = CONCAT(v_code, IF(i IN (5, 9), '-', ''),
                        SUBSTRING('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', ASCII(SUBSTRING(v_bytes, i, 1)) % 32 + 1, 1)),
        i = i + 1;
  END WHILE;
  SET v_hash = UNHEX(SHA2(REPLACE(v_code, '-', ''), 256));  -- the insert, logged, holds no code
  DELETE FROM transfer_codes WHERE player_id = v_player OR expires_at < _wordle_utc_now();
  INSERT INTO transfer_codes (code_hash, player_id, expires_at) VALUES (v_hash, v_player, v_expires);
  SET o_code = v_code;
  SELECT v_code AS code, v_expires AS expires_at;
  COMMIT AND NO CHAIN NO RELEASE;
END
