-- wordle_hint_rows(answer, guess): the hint as a result set, one row per letter of the guess:
-- (position, letter, state) ordered by position, state 2/1/0 as in wordle_hint. One query: a
-- recursive CTE numbers the positions and window functions count the duplicates. NULL in gives
-- no rows; bad input raises the same errors as wordle_hint (WD001, WD002).
-- Reads: nothing. Agrees with wordle_hint on every input (tests/words/test_hints.py).
-- revision: 0036
CREATE OR REPLACE PROCEDURE wordle_hint_rows(
    IN answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
CONTAINS SQL SQL SECURITY INVOKER
COMMENT 'Hint for a guess as rows (position, letter, state)'
BEGIN
  DECLARE saved_limit BIGINT UNSIGNED DEFAULT @@SESSION.max_recursive_iterations;
  DECLARE checked VARCHAR(32);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    SET SESSION max_recursive_iterations = saved_limit;
    RESIGNAL;
  END;
  SET checked = wordle_hint(answer, guess);  -- the same input checks and errors as the function
  SET answer = LOWER(answer), guess = LOWER(guess);
  -- Past this limit a recursive CTE only warns and stops short: make room for every letter.
  SET SESSION max_recursive_iterations = GREATEST(saved_limit, CHAR_LENGTH(answer));

  WITH RECURSIVE positions (position) AS (
    SELECT 1 FROM DUAL WHERE CHAR_LENGTH(answer) > 0 AND CHAR_LENGTH(guess) > 0
    UNION ALL
    SELECT position + 1 FROM positions WHERE position < CHAR_LENGTH(answer)
  ),
  letters AS (
    SELECT position, SUBSTRING(guess, position, 1) AS letter,
           SUBSTRING(answer, position, 1) AS answer_letter
    FROM positions
  ),
  -- Letters not matched in place, from both words: the answer's are the copies yellows may use.
  unmatched AS (
    SELECT position, letter, 'guess' AS side FROM letters WHERE letter <> answer_letter
    UNION ALL
    SELECT position, answer_letter, 'answer' FROM letters WHERE letter <> answer_letter
  ),
  counted AS (
    SELECT position, side,
           SUM(side = 'answer') OVER (PARTITION BY letter) AS copies,
           SUM(side = 'guess') OVER (PARTITION BY letter ORDER BY position
                                     ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS nth
    FROM unmatched
  )
  SELECT l.position, l.letter,
         CASE WHEN l.letter = l.answer_letter THEN 2 WHEN c.nth <= c.copies THEN 1 ELSE 0 END AS state
  FROM letters l
  LEFT JOIN counted c ON c.position = l.position AND c.side = 'guess'
  ORDER BY l.position;

  SET SESSION max_recursive_iterations = saved_limit;
END
