-- Two candidate bodies for wordle_hint (issue 42; not installed anywhere), the greens found by
-- a regular expression instead of a loop: in CONCAT(guess, answer) a letter at position i is
-- green when the letter n positions on is the same, `(.)(?=.{n-1}\1)`. Both equal to
-- wordle_hint on 100,000 of hints.py's pairs; neither faster, by the server's CPU (each
-- created under another name beside wordle_hint and timed in turn as hints.py times it; µs a
-- call, 2026-11-27, five rounds, load average 3-5): naive_hint 11.2-11.6, wordle_hint
-- 9.8-10.2, (a) 9.5, (b) 10.5-11.3. The parts of (a): call, LOWER and the checks 3.0-4.0; the absent
-- letters' replacement +1.2; the greens' +2.0 (+1.7 with the 5-letter pattern a constant);
-- the repeated-letter test +1.0. A regular expression built per call costs 1-2 µs, as much as
-- the 3-4 loop steps it replaces; the lookaheads to a suffix of (b) cost more than they save.
-- 1.5 times naive_hint (7.5 µs) is not reached this way (bench/log/2026-11-27.md). (a)'s
-- expressions with fewer statements around them became migration 0058's wordle_hint (8.5 µs).

-- (a) absent letters, then greens, by expression; a letter present once is 1 without a loop;
-- only a guess with a repeated present letter (11.6 % of the pairs) runs wordle_hint's pass 2.
BEGIN
  DECLARE i, p INT;
  DECLARE hint, taken VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  -- ... wordle_hint's NULL test, LOWER and checks (sql/words/wordle_hint.sql), then:
  SET taken = REGEXP_REPLACE(guess, CONCAT('[^', answer, ']'), '0'),
      hint = LEFT(REGEXP_REPLACE(CONCAT(taken, answer),
                                 CONCAT('(.)(?=.{', CHAR_LENGTH(answer) - 1, '}\\1)'), '2'),
                  CHAR_LENGTH(answer));
  IF taken NOT REGEXP '([^0]).*\\1' THEN
    RETURN REGEXP_REPLACE(hint, '[^02]', '1');
  END IF;
  SET hint = REGEXP_REPLACE(hint, '[^02]', '?'), taken = hint, i = LOCATE('?', hint);
  -- ... then wordle_hint's pass 2 over the '?' (sql/words/wordle_hint.sql), and RETURN hint
END

-- (b) one replacement gives every digit: the guess, the answer and a suffix ':210' (':2?0'
-- when a letter repeats); each alternative captures its digit from the suffix.
--   SET hint = LEFT(REGEXP_REPLACE(CONCAT(guess, answer, IF(repeated, ':2?0', ':210')),
--              CONCAT('(.)(?=.{', n - 1, '}\\1)(?=.*:(2))|[', answer, '](?=.*:.(.))|.(?=.*:..(0))'),
--              '\\2\\3\\4'), n)
