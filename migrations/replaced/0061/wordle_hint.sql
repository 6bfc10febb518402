-- wordle_hint(answer, guess): the hint for one guess as a string of digits, one per letter:
-- 2 right letter in the right place, 1 in the word elsewhere, 0 not in it (or no copy left).
-- Duplicates count: greens first, then left to right a letter is 1 only while the answer has
-- an unmatched copy (ABBEY/KEBAB = 01211). Case-insensitive, accent-sensitive: letters are
-- lowered and compared as code points. NULL in gives NULL. Errors WD001 (not words of
-- letters) and WD002 (lengths differ).
-- Reads: nothing. Agrees with wordle_hint_rows (a recursive CTE) on every input.
-- revision: 0058
CREATE OR REPLACE FUNCTION wordle_hint(
    answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Hint digits for a guess: 2 right place, 1 elsewhere, 0 absent; duplicates counted'
BEGIN
  DECLARE i, p INT;
  DECLARE hint, taken VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  IF (CHAR_LENGTH(answer) = CHAR_LENGTH(guess) AND CONCAT(answer, guess) REGEXP '^[\\p{L}\\p{M}]+$')
     IS NOT TRUE THEN
    IF answer IS NULL OR guess IS NULL THEN
      RETURN NULL;
    END IF;
    IF CONCAT(answer, guess) NOT REGEXP '^[\\p{L}\\p{M}]+$' THEN
      SIGNAL SQLSTATE 'WD001' SET MESSAGE_TEXT = 'wordle_hint: answer and guess must be words of letters';
    END IF;
    SIGNAL SQLSTATE 'WD002' SET MESSAGE_TEXT = 'wordle_hint: answer and guess must have the same number of letters';
  END IF;
  -- Letters of the guess found nowhere in the answer become 0. The class is safe because both
  -- words were checked above (the server compiles a pattern even inside an IF() branch not
  -- taken, and refuses a NULL one: the checks cannot be folded into this statement).
  SET taken = REGEXP_REPLACE(LOWER(guess), CONCAT('[^', LOWER(answer), ']'), '0');
  -- No letter left repeats (most guesses): in CONCAT(guess, answer) a letter is green when the
  -- letter n places on is the same one; every other letter left has a copy for it alone: 1.
  IF taken NOT REGEXP '([^0]).*\\1' THEN
    RETURN REGEXP_REPLACE(LEFT(REGEXP_REPLACE(CONCAT(taken, LOWER(answer)),
                                              CONCAT('(.)(?=.{', CHAR_LENGTH(answer) - 1, '}\\1)'), '2'),
                               CHAR_LENGTH(answer)), '[^02]', '1');
  END IF;
  -- A repeated letter: greens as above, then left to right each letter left takes the first
  -- copy in the answer that is neither green nor taken ('x' in `taken`, indexed like the answer).
  SET answer = LOWER(answer), guess = LOWER(guess),
      hint = REGEXP_REPLACE(LEFT(REGEXP_REPLACE(CONCAT(taken, answer),
                                                CONCAT('(.)(?=.{', CHAR_LENGTH(answer) - 1, '}\\1)'), '2'),
                                 CHAR_LENGTH(answer)), '[^02]', '?'),
      taken = hint, i = LOCATE('?', hint);
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
  RETURN hint;
END
