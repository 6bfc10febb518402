-- _wordle_keyboard(channel, game): internal. The keyboard of a game, as rows (letter, state)
-- ordered by letter: for every letter of the channel's alphabet the best hint seen in the
-- game's guesses, right (in place) > elsewhere > absent > unused. The caller has found the
-- game the account may read (wordle_keyboard_on) or has just played in it (wordle_guess_on).
-- Reads: letters, positions, attempts.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_keyboard(
    IN p_channel SMALLINT UNSIGNED, IN p_game INT UNSIGNED)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the best hint seen per letter in a game'
SELECT l.letter,
       CASE s.best WHEN '2' THEN 'right' WHEN '1' THEN 'elsewhere' WHEN '0' THEN 'absent'
                   ELSE 'unused' END AS state
FROM (SELECT letter FROM letters WHERE channel_id = p_channel) l
LEFT JOIN (
  SELECT SUBSTRING(a.guess, p.n, 1) AS letter, MAX(SUBSTRING(a.hint, p.n, 1)) AS best
  FROM attempts a
  JOIN positions p ON p.n <= CHAR_LENGTH(a.guess)
  WHERE a.game_id = p_game
  GROUP BY SUBSTRING(a.guess, p.n, 1)
) s ON s.letter = l.letter
ORDER BY l.letter
