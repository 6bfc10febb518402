-- wordle_reveal_letter(player, day): a letter hint. Reveals, at random (RANDOM_BYTES), one letter of the answer
-- that no guess has found yet: not green in any attempt, not revealed before, and not accounted
-- for by yellows (a letter is eligible while the answer has more copies of it than the player
-- has located or seen revealed in a single guess). Never reveals the last unfound letter; at
-- most setting letter_hints per game. The count is kept in games.revealed; asking before the
-- first guess starts the game.
-- Result: one row (position, letter, letters_revealed, hints_left).
-- Errors: WD035 game over, WD040 no hint left, and those of wordle_game.
-- Reads: settings, puzzles, words, positions, players, games, attempts, revealed_letters.
-- Writes: players, games, revealed_letters.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_reveal_letter(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Reveal one letter of the answer not found yet (letter hint)'
BEGIN
  DECLARE v_day, v_today DATE;
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_game, v_position INT UNSIGNED;
  DECLARE v_state VARCHAR(10);
  DECLARE v_revealed, v_allowed INT;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_position = NULL;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;

  CALL _wordle_puzzle(p_day, v_day, v_answer, v_today);
  CALL _wordle_game(p_player, v_day, v_today, v_game);
  SELECT state, revealed INTO v_state, v_revealed FROM games WHERE id = v_game FOR UPDATE;
  SET v_allowed = CAST(wordle_setting('letter_hints') AS UNSIGNED);
  IF v_state <> 'playing' THEN
    SIGNAL SQLSTATE 'WD035' SET MESSAGE_TEXT = 'this game is over';
  END IF;
  IF v_revealed >= v_allowed THEN
    SIGNAL SQLSTATE 'WD040' SET MESSAGE_TEXT = 'no letter hint left for this game';
  END IF;

  -- Among the positions neither green in an attempt nor revealed (if two or more are left), a
  -- letter is eligible while its copies in the answer outnumber both the copies located (green
  -- or revealed) and the copies a single attempt showed (green or yellow).
  WITH unfound AS (
    SELECT p.n AS position, SUBSTRING(v_answer, p.n, 1) AS letter
    FROM positions p
    WHERE p.n <= CHAR_LENGTH(v_answer)
      AND NOT EXISTS (SELECT 1 FROM attempts a
                      WHERE a.game_id = v_game AND SUBSTRING(a.hint, p.n, 1) = '2')
      AND NOT EXISTS (SELECT 1 FROM revealed_letters r
                      WHERE r.game_id = v_game AND r.position = p.n)
  ),
  located AS (
    SELECT SUBSTRING(v_answer, p.n, 1) AS letter, COUNT(*) AS copies
    FROM positions p
    WHERE p.n <= CHAR_LENGTH(v_answer) AND p.n NOT IN (SELECT position FROM unfound)
    GROUP BY letter
  ),
  shown AS (
    SELECT letter, MAX(copies) AS copies
    FROM (SELECT a.attempt, SUBSTRING(a.guess, p.n, 1) AS letter, COUNT(*) AS copies
          FROM attempts a JOIN positions p ON p.n <= CHAR_LENGTH(a.guess)
          WHERE a.game_id = v_game AND SUBSTRING(a.hint, p.n, 1) IN ('1', '2')
          GROUP BY a.attempt, letter) per_attempt
    GROUP BY letter
  )
  SELECT u.position INTO v_position
  FROM unfound u
  LEFT JOIN located l ON l.letter = u.letter
  LEFT JOIN shown s ON s.letter = u.letter
  WHERE (SELECT COUNT(*) FROM unfound) >= 2
    AND CHAR_LENGTH(v_answer) - CHAR_LENGTH(REPLACE(v_answer, u.letter, ''))
        > GREATEST(COALESCE(l.copies, 0), COALESCE(s.copies, 0))
  ORDER BY _wordle_random(1000000) LIMIT 1;
  IF v_position IS NULL THEN
    SIGNAL SQLSTATE 'WD040' SET MESSAGE_TEXT = 'no letter is left to reveal: the guesses have found them';
  END IF;
  INSERT INTO revealed_letters (game_id, position, revealed_at) VALUES (v_game, v_position, SYSDATE(6));
  UPDATE games SET revealed = revealed + 1 WHERE id = v_game;
  SELECT v_position AS position, SUBSTRING(v_answer, v_position, 1) AS letter,
         v_revealed + 1 AS letters_revealed, v_allowed - v_revealed - 1 AS hints_left;
  COMMIT AND NO CHAIN NO RELEASE;
END
