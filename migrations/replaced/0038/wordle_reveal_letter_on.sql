-- wordle_reveal_letter_on(channel, player, day, generation): a letter hint. Reveals one letter of the answer that no
-- guess has found yet, in an order fixed for the day that only the answer determines (every
-- player of a day sees the same first letters, so fresh players together learn no more): not green in any attempt, not revealed before, and not accounted
-- for by yellows (a letter is eligible while the answer has more copies of it than the player
-- has located or seen revealed in a single guess). Never reveals the last unfound letter; at
-- most setting letter_hints per game. The count is kept in games.revealed; asking before the
-- first guess starts the game.
-- Result: one row (position, letter, letters_revealed, hints_left).
-- `generation`: the session generation of the caller's session (see _wordle_lock_player_game;
-- NULL: not checked).
-- Errors: WD035 game over, WD040 no hint left, WD096 that session has ended, and those of
-- wordle_game.
-- Reads: settings, puzzles, words, positions, players, games, attempts, revealed_letters.
-- Writes: players, games, revealed_letters.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_reveal_letter_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE,
    IN p_generation INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Reveal one letter of the answer not found yet (letter hint)'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_day, v_today DATE;
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_game, v_position INT UNSIGNED;
  DECLARE v_state VARCHAR(10);
  DECLARE v_hard BOOLEAN;
  DECLARE v_revealed, v_allowed, v_number, v_attempts, v_max INT;
  DECLARE v_found, v_shown, v_located TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_position = NULL;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;

  CALL _wordle_find_puzzle(p_channel, p_day, v_channel, v_day, v_answer, v_number, v_today);
  CALL _wordle_lock_player_game(p_player, NULL, v_channel, v_day, v_today, p_generation, v_game, v_state,
                         v_hard, v_attempts, v_max, v_revealed);
  SET v_allowed = (SELECT letter_hints FROM channels WHERE id = v_channel);
  IF v_state <> 'playing' THEN
    SIGNAL SQLSTATE 'WD035' SET MESSAGE_TEXT = 'this game is over';
  END IF;
  IF v_revealed >= v_allowed THEN
    SIGNAL SQLSTATE 'WD040' SET MESSAGE_TEXT = 'no letter hint left for this game';
  END IF;

  -- Among the positions neither green in an attempt nor revealed (if two or more are left), a
  -- letter is eligible while its copies in the answer outnumber both the copies located (green
  -- or revealed) and the copies a single attempt showed (green or yellow). The tables are read
  -- for what the player knows (attempts, revealed positions); the answer only meets them in
  -- expressions, so the work done, which a session can count (Handler_* status), never depends
  -- on the answer.
  SET v_found = (SELECT GROUP_CONCAT(p.n) FROM positions p
                 WHERE p.n <= CHAR_LENGTH(v_answer)
                   AND (EXISTS (SELECT 1 FROM attempts a
                                WHERE a.game_id = v_game AND SUBSTRING(a.hint, p.n, 1) = '2')
                        OR EXISTS (SELECT 1 FROM revealed_letters r
                                   WHERE r.game_id = v_game AND r.position = p.n))),
      v_shown = (SELECT JSON_OBJECTAGG(letter, copies) FROM (
                   SELECT letter, MAX(copies) AS copies
                   FROM (SELECT a.attempt, SUBSTRING(a.guess, p.n, 1) AS letter, COUNT(*) AS copies
                         FROM attempts a JOIN positions p ON p.n <= CHAR_LENGTH(a.guess)
                         WHERE a.game_id = v_game AND SUBSTRING(a.hint, p.n, 1) IN ('1', '2')
                         GROUP BY a.attempt, letter) per_attempt
                   GROUP BY letter) shown);
  SET v_located = (SELECT COALESCE(GROUP_CONCAT(SUBSTRING(v_answer, p.n, 1) SEPARATOR ''), '')
                   FROM positions p WHERE FIND_IN_SET(p.n, v_found));
  SELECT IF(eligible, position, NULL) INTO v_position
  FROM (SELECT p.n AS position,
               CHAR_LENGTH(v_answer) - COALESCE(LENGTH(v_found) - LENGTH(REPLACE(v_found, ',', '')) + 1, 0) >= 2
               AND NOT COALESCE(FIND_IN_SET(p.n, v_found), 0)
               AND CHAR_LENGTH(v_answer) - CHAR_LENGTH(REPLACE(v_answer, p.letter, ''))
                   > GREATEST(CHAR_LENGTH(v_located) - CHAR_LENGTH(REPLACE(v_located, p.letter, '')),
                              COALESCE(JSON_VALUE(v_shown, CONCAT('$."', p.letter, '"')), 0))
                 AS eligible
        FROM (SELECT n, SUBSTRING(v_answer, n, 1) AS letter FROM positions
              WHERE n <= CHAR_LENGTH(v_answer)) p) candidates
  ORDER BY eligible DESC, MD5(CONCAT(v_answer, v_day, position)) LIMIT 1;
  IF v_position IS NULL THEN
    SIGNAL SQLSTATE 'WD040' SET MESSAGE_TEXT = 'no letter is left to reveal: the guesses have found them';
  END IF;
  INSERT INTO revealed_letters (game_id, position, revealed_at) VALUES (v_game, v_position, SYSDATE(6));
  UPDATE games SET revealed = revealed + 1 WHERE id = v_game;
  COMMIT AND NO CHAIN NO RELEASE;  -- before the result: see wordle_play
  SELECT v_position AS position, SUBSTRING(v_answer, v_position, 1) AS letter,
         v_revealed + 1 AS letters_revealed, v_allowed - v_revealed - 1 AS hints_left;
END
