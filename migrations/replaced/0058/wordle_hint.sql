-- wordle_hint(answer, guess): the hint for one guess as a string of digits, one per letter:
-- 2 right letter in the right place, 1 in the word elsewhere, 0 not in it (or no copy left).
-- Duplicates count: greens first, then left to right a letter is 1 only while the answer has
-- an unmatched copy (ABBEY/KEBAB = 01211). Case-insensitive, accent-sensitive: letters are
-- lowered and compared as code points. NULL in gives NULL. Errors WD001 (not words of
-- letters) and WD002 (lengths differ).
-- Reads: nothing. Agrees with wordle_hint_rows (a recursive CTE) on every input.
-- revision: 0036
CREATE OR REPLACE FUNCTION wordle_hint(
    answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Hint digits for a guess: 2 right place, 1 elsewhere, 0 absent; duplicates counted'
BEGIN
  DECLARE i INT;
  DECLARE hint VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  IF answer IS NULL OR guess IS NULL THEN
    RETURN NULL;
  END IF;
  SET answer = LOWER(answer), guess = LOWER(guess);
  IF CONCAT(answer, guess) NOT REGEXP '^[\\p{L}\\p{M}]+$' THEN
    SIGNAL SQLSTATE 'WD001' SET MESSAGE_TEXT = 'wordle_hint: answer and guess must be words of letters';
  END IF;
  IF CHAR_LENGTH(answer) <> CHAR_LENGTH(guess) THEN
    SIGNAL SQLSTATE 'WD002' SET MESSAGE_TEXT = 'wordle_hint: answer and guess must have the same number of letters';
  END IF;
  -- Pass 1. Guess letters found nowhere in the answer become 0 in one regular expression (safe:
  -- both words are letters only), the others '?'. Of those, a letter in its place is 2 and a
  -- letter that occurs once in the guess is 1 (no green can claim its copy).
  SET hint = REGEXP_REPLACE(REGEXP_REPLACE(guess, CONCAT('[^', answer, ']'), '0'), '[^0]', '?'),
      i = LOCATE('?', hint);
  WHILE i > 0 DO
    IF SUBSTRING(guess, i, 1) = SUBSTRING(answer, i, 1) THEN
      SET hint = INSERT(hint, i, 1, '2');
    ELSEIF LOCATE(SUBSTRING(guess, i, 1), guess, i + 1) = 0
       AND LOCATE(SUBSTRING(guess, i, 1), guess) = i THEN
      SET hint = INSERT(hint, i, 1, '1');
    END IF;
    SET i = LOCATE('?', hint, i + 1);
  END WHILE;
  -- Pass 2, only for letters repeated in the guess: left to right, each takes the first copy in
  -- the answer that is neither green nor taken ('x' in `taken`, which is indexed like the answer).
  IF LOCATE('?', hint) > 0 THEN
    BEGIN
      DECLARE taken VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT hint;
      DECLARE p INT;
      SET i = LOCATE('?', hint);
      REPEAT
        SET p = LOCATE(SUBSTRING(guess, i, 1), answer);
        WHILE SUBSTRING(taken, p, 1) IN ('2', 'x') DO
          SET p = LOCATE(SUBSTRING(guess, i, 1), answer, p + 1);
        END WHILE;
        IF p > 0 THEN
          SET taken = INSERT(taken, p, 1, 'x'), hint = INSERT(hint, i, 1, '1');
        ELSE
          SET hint = INSERT(hint, i, 1, '0');
        END IF;
        SET i = LOCATE('?', hint, i + 1);
      UNTIL i = 0 END REPEAT;
    END;
  END IF;
  RETURN hint;
END
