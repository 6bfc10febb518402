-- _wordle_lookalike_key(text): internal. The key of what a nickname looks like: each character
-- as the table lookalikes says it looks (Unicode's confusables and the letters framed symbols
-- show, see wordle_db/lookalikes.py: Cyrillic В, Greek Β, 🅱 and Ｂ all look like B, 0 like O),
-- without spaces, punctuation and marks; the key is the SHA-256 of that whole look's weights
-- under utf8mb4_uca1400_ai_ci (without case or accents, and every character its own weight:
-- under unicode_ci's UCA 4.0 every character outside the BMP weighed the same, 🦊 as 🐻).
-- league_members keeps it under a unique key: BOB, ВОВ, ΒΟΒ, B0B, b o b and 🅱🅾🅱 are one
-- nickname in a league.
-- Reads: lookalikes.
-- revision: 0050
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_lookalike_key(
    p_text MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS BINARY(32)
READS SQL DATA SQL SECURITY INVOKER
COMMENT 'Internal: the key of what a nickname looks like, for its unique key'
BEGIN
  DECLARE v_out MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT '';
  DECLARE v_char VARCHAR(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE i INT DEFAULT 1;
  WHILE i <= CHAR_LENGTH(p_text) DO
    SET v_char = SUBSTRING(p_text, i, 1),
        v_out = CONCAT(v_out, COALESCE((SELECT looks_like FROM lookalikes WHERE ch = v_char), v_char)),
        i = i + 1;
  END WHILE;
  RETURN UNHEX(SHA2(WEIGHT_STRING(
    REGEXP_REPLACE(v_out, '[\\p{Z}\\p{P}\\p{M}]', '') COLLATE utf8mb4_uca1400_ai_ci), 256));
END
