-- _wordle_reveal_letter(game, channel id, day, answer, revealed, OUT position, OUT allowed):
-- internal. The letter hint of a game _wordle_move has locked (its state checked): the position
-- of the answer's letter to reveal, recorded in revealed_letters and games.revealed, in an order
-- fixed for the day that only the answer determines (every player of a day sees the same first
-- letters, so fresh players together learn no more): not green in any attempt, not revealed
-- before, and not accounted for by yellows (a letter is eligible while the answer has more
-- copies of it than the player has located or seen revealed in a single guess). Never the last
-- unfound letter; at most the channel's letter_hints (`allowed`) a game. `revealed`: the
-- game's letters revealed so far.
-- Errors: WD040 no hint left, or no letter left to reveal.
-- Reads: channels, positions, attempts, revealed_letters. Writes: revealed_letters, games.
-- revision: 0038
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_reveal_letter(
    IN p_game INT UNSIGNED, IN p_channel SMALLINT UNSIGNED, IN p_day DATE,
    IN p_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_revealed INT,
    OUT o_position INT UNSIGNED, OUT o_allowed INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: reveal one letter of a locked game''s answer'
BEGIN
  DECLARE v_position INT UNSIGNED;
  DECLARE v_found, v_shown, v_located TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_position = NULL;
  SET o_allowed = (SELECT letter_hints FROM channels WHERE id = p_channel);
  IF p_revealed >= o_allowed THEN
    SIGNAL SQLSTATE 'WD040' SET MESSAGE_TEXT = 'no letter hint left for this game';
  END IF;

  -- Among the positions neither green in an attempt nor revealed (if two or more are left), a
  -- letter is eligible while its copies in the answer outnumber both the copies located (green
  -- or revealed) and the copies a single attempt showed (green or yellow). The tables are read
  -- for what the player knows (attempts, revealed positions); the answer only meets them in
  -- expressions, so the work done, which a session can count (Handler_* status), never depends
  -- on the answer.
  SET v_found = (SELECT GROUP_CONCAT(p.n) FROM positions p
                 WHERE p.n <= CHAR_LENGTH(p_answer)
                   AND (EXISTS (SELECT 1 FROM attempts a
                                WHERE a.game_id = p_game AND SUBSTRING(a.hint, p.n, 1) = '2')
                        OR EXISTS (SELECT 1 FROM revealed_letters r
                                   WHERE r.game_id = p_game AND r.position = p.n))),
      v_shown = (SELECT JSON_OBJECTAGG(letter, copies) FROM (
                   SELECT letter, MAX(copies) AS copies
                   FROM (SELECT a.attempt, SUBSTRING(a.guess, p.n, 1) AS letter, COUNT(*) AS copies
                         FROM attempts a JOIN positions p ON p.n <= CHAR_LENGTH(a.guess)
                         WHERE a.game_id = p_game AND SUBSTRING(a.hint, p.n, 1) IN ('1', '2')
                         GROUP BY a.attempt, letter) per_attempt
                   GROUP BY letter) shown);
  SET v_located = (SELECT COALESCE(GROUP_CONCAT(SUBSTRING(p_answer, p.n, 1) SEPARATOR ''), '')
                   FROM positions p WHERE FIND_IN_SET(p.n, v_found));
  SELECT IF(eligible, position, NULL) INTO v_position
  FROM (SELECT p.n AS position,
               CHAR_LENGTH(p_answer) - COALESCE(LENGTH(v_found) - LENGTH(REPLACE(v_found, ',', '')) + 1, 0) >= 2
               AND NOT COALESCE(FIND_IN_SET(p.n, v_found), 0)
               AND CHAR_LENGTH(p_answer) - CHAR_LENGTH(REPLACE(p_answer, p.letter, ''))
                   > GREATEST(CHAR_LENGTH(v_located) - CHAR_LENGTH(REPLACE(v_located, p.letter, '')),
                              COALESCE(JSON_VALUE(v_shown, CONCAT('$."', p.letter, '"')), 0))
                 AS eligible
        FROM (SELECT n, SUBSTRING(p_answer, n, 1) AS letter FROM positions
              WHERE n <= CHAR_LENGTH(p_answer)) p) candidates
  ORDER BY eligible DESC, MD5(CONCAT(p_answer, p_day, position)) LIMIT 1;
  IF v_position IS NULL THEN
    SIGNAL SQLSTATE 'WD040' SET MESSAGE_TEXT = 'no letter is left to reveal: the guesses have found them';
  END IF;
  INSERT INTO revealed_letters (game_id, position, revealed_at) VALUES (p_game, v_position, SYSDATE(6));
  UPDATE games SET revealed = revealed + 1 WHERE id = p_game;
  SET o_position = v_position;
END
