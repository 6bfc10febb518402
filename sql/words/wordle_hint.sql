-- wordle_hint(answer, guess): the hint for one guess as a string of digits, one per letter:
-- 2 right letter in the right place, 1 in the word elsewhere, 0 not in it (or no copy left).
-- Duplicates count: greens first, then left to right a letter is 1 only while the answer has
-- an unmatched copy (ABBEY/KEBAB = 01211). Case-insensitive, accent-sensitive: letters are
-- lowered and compared as code points. NULL in gives NULL. Errors WD001 (not words of
-- letters) and WD002 (lengths differ); WD012 when a session's default_regex_flags make a
-- pattern fail.
-- Reads: nothing. Agrees with wordle_hint_rows (a recursive CTE) on every input.
-- revision: 0061
CREATE OR REPLACE FUNCTION wordle_hint(
    answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Hint digits for a guess: 2 right place, 1 elsewhere, 0 absent; duplicates counted'
BEGIN
  DECLARE letter VARCHAR(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE hint, taken, kept VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  -- A session's default_regex_flags that the patterns cannot undo (EXTRA: no pattern compiles)
  -- is refused as _wordle_session_check refuses it; a handler costs the usual call nothing.
  DECLARE EXIT HANDLER FOR 1105, 1139
  BEGIN
    IF @@SESSION.default_regex_flags = '' THEN
      RESIGNAL;
    END IF;
    SIGNAL SQLSTATE 'WD012' SET MESSAGE_TEXT = 'this session''s settings are refused by wordle-db: default_regex_flags is set';
  END;
  -- Words of letters of one length: the guess with the letters found nowhere in the answer
  -- made 0; else NULL. Patterns that a session's default_regex_flags would change are anchored
  -- by \A and \z (not ^ and $, which MULTILINE moves and a final newline passes) and keep
  -- their greed ((?-U)). The server compiles the class even when the IF() does not take it:
  -- quoted (\Q...\E, no backslash left inside), it is a valid pattern for any answer.
  SET taken = IF(CHAR_LENGTH(answer) = CHAR_LENGTH(guess) AND CONCAT(answer, guess) REGEXP '\\A[\\p{L}\\p{M}]+\\z',
                 REGEXP_REPLACE(LOWER(guess), CONCAT('[^0\\Q', REPLACE(LOWER(answer), '\\', ''), '\\E]'), '0'),
                 NULL);
  -- No letter left repeats (most guesses): in CONCAT(guess, answer) a letter is green when the
  -- letter n places on is the same one; every other letter left has a copy for it alone: 1.
  IF taken NOT REGEXP '([^0]).*\\1' THEN
    RETURN REGEXP_REPLACE(LEFT(REGEXP_REPLACE(CONCAT(taken, LOWER(answer)),
                                              CONCAT('(.)(?=.{', CHAR_LENGTH(answer) - 1, '}\\1)'), '2'),
                               CHAR_LENGTH(answer)), '[^02]', '1');
  END IF;
  IF taken IS NULL THEN
    IF answer IS NULL OR guess IS NULL THEN
      RETURN NULL;
    END IF;
    IF CONCAT(answer, guess) NOT REGEXP '\\A[\\p{L}\\p{M}]+\\z' THEN
      SIGNAL SQLSTATE 'WD001' SET MESSAGE_TEXT = 'wordle_hint: answer and guess must be words of letters';
    END IF;
    SIGNAL SQLSTATE 'WD002' SET MESSAGE_TEXT = 'wordle_hint: answer and guess must have the same number of letters';
  END IF;
  -- A repeated letter: greens as above (2), the letters left as they are; then for each letter
  -- that repeats, its copies in the answer that are not green (k) make its first k letters
  -- left 1 and the others 0. k = copies in the answer - greens of it, the greens of it being
  -- its letters in `taken` less those left in `hint`.
  SET answer = LOWER(answer),
      hint = LEFT(REGEXP_REPLACE(CONCAT(taken, answer),
                                 CONCAT('(.)(?=.{', CHAR_LENGTH(answer) - 1, '}\\1)'), '2'),
                  CHAR_LENGTH(answer)),
      guess = REGEXP_REPLACE(taken, '0|(.)(?!.*\\1)', '');  -- the letters that repeat
  REPEAT
    SET letter = LEFT(guess, 1),
        kept = REGEXP_SUBSTR(hint, CONCAT('(?-U)\\A(?:[^', letter, ']*', letter, '){0,',
                                          CHAR_LENGTH(answer) - CHAR_LENGTH(REPLACE(answer, letter, ''))
                                          - CHAR_LENGTH(REPLACE(hint, letter, ''))
                                          + CHAR_LENGTH(REPLACE(taken, letter, '')), '}')),
        hint = CONCAT(REPLACE(kept, letter, '1'),
                      REPLACE(SUBSTRING(hint, CHAR_LENGTH(kept) + 1), letter, '0')),
        guess = REPLACE(guess, letter, '');
  UNTIL guess = '' END REPEAT;
  RETURN REGEXP_REPLACE(hint, '[^02]', '1');
END
