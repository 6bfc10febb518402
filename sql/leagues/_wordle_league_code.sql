-- _wordle_league_code(league id, OUT code): internal. Gives the league a new join code and
-- returns it: 32 hexadecimal digits of RANDOM_BYTES(16) (128 bits from the server's CSPRNG,
-- which no session setting seeds). Only its SHA-256 is stored, so the code is shown once; the
-- previous code stops working. The hash is made in a variable first: the statement that
-- writes it (in a binary log, with its variables spelled out) never holds the code.
-- Reads: nothing. Writes: leagues.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_league_code(
    IN p_league INT UNSIGNED, OUT o_code CHAR(32) CHARACTER SET ascii)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a new random join code for a league'
BEGIN
  DECLARE v_hash BINARY(32);
  SET o_code = LOWER(HEX(RANDOM_BYTES(16))), v_hash = UNHEX(SHA2(o_code, 256));
  UPDATE leagues SET code_hash = v_hash WHERE id = p_league;
END
