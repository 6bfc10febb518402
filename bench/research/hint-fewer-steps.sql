-- A candidate body for wordle_hint (issue 42; not installed anywhere): the same contract and
-- results as sql/words/wordle_hint.sql (equal on 100,000 of hints.py's pairs), fewer steps:
-- one IF for the three checks, pass 1's IF/ELSEIF/SET as one SET, pass 2 over the '!' left.
-- Not faster in the server's CPU: 9.71-9.77 µs a call against wordle_hint's 9.86-9.88
-- (hints.py --against 0036, schedstat; the 15 % first seen was wall time on a busy machine).
-- Not installed (bench/log/2026-11-27.md). The CREATE line is wordle_hint's own.
BEGIN
  DECLARE hint VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE i INT;

  IF (CONCAT(answer, guess) REGEXP '^[\\p{L}\\p{M}]+$' AND CHAR_LENGTH(answer) = CHAR_LENGTH(guess)) IS NOT TRUE THEN
    IF answer IS NULL OR guess IS NULL THEN RETURN NULL; END IF;
    IF CONCAT(answer, guess) NOT REGEXP '^[\\p{L}\\p{M}]+$' THEN
      SIGNAL SQLSTATE 'WD001' SET MESSAGE_TEXT = 'wordle_hint: answer and guess must be words of letters';
    END IF;
    SIGNAL SQLSTATE 'WD002' SET MESSAGE_TEXT = 'wordle_hint: answer and guess must have the same number of letters';
  END IF;

  SET answer = LOWER(answer), guess = LOWER(guess);
  SET hint = REGEXP_REPLACE(REGEXP_REPLACE(guess, CONCAT('[^', answer, ']'), '0'), '[^0]', '?'),
      i = LOCATE('?', hint);
  WHILE i > 0 DO
    SET hint = INSERT(hint, i, 1, IF(SUBSTRING(guess, i, 1) = SUBSTRING(answer, i, 1), '2',
                 IF(LOCATE(SUBSTRING(guess, i, 1), guess, i + 1) = 0 AND LOCATE(SUBSTRING(guess, i, 1), guess) = i, '1', '!'))),
        i = LOCATE('?', hint, i + 1);
  END WHILE;

  IF LOCATE('!', hint) > 0 THEN
    BEGIN
      DECLARE taken VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT hint;
      DECLARE p INT;
      SET i = LOCATE('!', hint);
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
        SET i = LOCATE('!', hint, i + 1);
      UNTIL i = 0 END REPEAT;
    END;
  END IF;

  RETURN hint;
END
