-- _wordle_lookalike_key(text): internal. What a nickname looks like: each character as the
-- table lookalikes says it looks (Unicode's confusables and the letters framed symbols show,
-- see wordle_db/lookalikes.py: Cyrillic В, Greek Β, 🅱 and Ｂ all look like B, 0 like O), without
-- spaces, punctuation and marks. league_members keeps it under a unique key, compared without
-- case or accents (utf8mb4_unicode_ci): BOB, ВОВ, ΒΟΒ, B0B, b o b and 🅱🅾🅱 are one nickname in a
-- league.
-- Reads: lookalikes.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_lookalike_key(
    p_text MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci
READS SQL DATA SQL SECURITY INVOKER
COMMENT 'Internal: what a nickname looks like, for its unique key'
BEGIN
  DECLARE v_out MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT '';
  DECLARE v_char VARCHAR(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE i INT DEFAULT 1;
  WHILE i <= CHAR_LENGTH(p_text) DO
    SET v_char = SUBSTRING(p_text, i, 1),
        v_out = CONCAT(v_out, COALESCE((SELECT looks_like FROM lookalikes WHERE ch = v_char), v_char)),
        i = i + 1;
  END WHILE;
  RETURN LEFT(REGEXP_REPLACE(v_out, '[\\p{Z}\\p{P}\\p{M}]', ''), 255);
END
