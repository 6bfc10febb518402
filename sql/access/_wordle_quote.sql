-- _wordle_quote(text): internal. QUOTE(text) for an error message. The server keeps error
-- messages in utf8mb3, where a 4-byte character (an emoji) would become '?': each one is
-- written \u{XXXXX} instead (its code point in hex), which the CLI turns back; a control
-- character (a line break) is written \u{A} and stays so: a message is one line. At most 200
-- characters ('...' marks a cut).
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE FUNCTION _wordle_quote(
    p_text MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: quoted text for an error message, 4-byte characters escaped'
BEGIN
  DECLARE v_text MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT QUOTE(p_text);
  DECLARE v_out MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT '';
  DECLARE v_char VARCHAR(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE i INT DEFAULT 1;
  WHILE i <= CHAR_LENGTH(v_text) AND CHAR_LENGTH(v_out) <= 200 DO
    SET v_char = SUBSTRING(v_text, i, 1),
        v_out = CONCAT(v_out, IF(LENGTH(v_char) = 4 OR ORD(v_char) < 32 OR ORD(v_char) = 127,
                  CONCAT('\\u{', TRIM(LEADING '0' FROM HEX(CONVERT(v_char USING utf32))), '}'),
                  v_char)),
        i = i + 1;
  END WHILE;
  RETURN IF(CHAR_LENGTH(v_out) > 200, CONCAT(LEFT(v_out, 197), '...'), v_out);
END
