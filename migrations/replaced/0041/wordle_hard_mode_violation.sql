-- wordle_hard_mode_violation(previous, hint, guess): NULL if `guess` keeps the hard-mode rules
-- after `previous` scored `hint`, else the first rule it breaks: every green stays in place
-- ("4th letter must be R"), every revealed letter is used again, counting duplicates ("guess
-- must contain E", "guess must contain two E's"). Case-insensitive.
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE FUNCTION wordle_hard_mode_violation(
    p_previous VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    p_hint VARCHAR(32) CHARACTER SET ascii,
    p_guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS VARCHAR(100) CHARACTER SET utf8mb4
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'NULL, or the hard-mode rule a guess breaks after a scored guess'
BEGIN
  DECLARE i INT DEFAULT 1;
  DECLARE revealed VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT '';
  DECLARE c VARCHAR(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE needed INT;
  SET p_previous = LOWER(p_previous), p_guess = LOWER(p_guess);
  -- Greens stay in place; meanwhile collect the revealed letters (green or yellow).
  WHILE i <= CHAR_LENGTH(p_hint) DO
    SET c = SUBSTRING(p_previous, i, 1);
    IF SUBSTRING(p_hint, i, 1) = '2' AND SUBSTRING(p_guess, i, 1) <> c THEN
      RETURN CONCAT(i, CASE WHEN i IN (11, 12, 13) THEN 'th' WHEN i % 10 = 1 THEN 'st'
                            WHEN i % 10 = 2 THEN 'nd' WHEN i % 10 = 3 THEN 'rd' ELSE 'th' END,
                    ' letter must be ', UPPER(c));
    END IF;
    IF SUBSTRING(p_hint, i, 1) IN ('1', '2') THEN
      SET revealed = CONCAT(revealed, c);
    END IF;
    SET i = i + 1;
  END WHILE;
  -- Each revealed letter, as many times as it was revealed.
  SET i = 1;
  WHILE i <= CHAR_LENGTH(revealed) DO
    SET c = SUBSTRING(revealed, i, 1),
        needed = CHAR_LENGTH(revealed) - CHAR_LENGTH(REPLACE(revealed, c, ''));
    IF LOCATE(c, revealed) = i AND CHAR_LENGTH(p_guess) - CHAR_LENGTH(REPLACE(p_guess, c, '')) < needed THEN
      RETURN CONCAT('guess must contain ',
                    IF(needed = 1, UPPER(c),
                       CONCAT(ELT(LEAST(needed, 10), 'one', 'two', 'three', 'four', 'five', 'six',
                                  'seven', 'eight', 'nine', 'ten'), ' ', UPPER(c), '''s')));
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN NULL;
END
