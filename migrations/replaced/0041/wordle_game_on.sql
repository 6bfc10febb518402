-- wordle_game_on(channel, player, day): the state of a player's game of `day` (NULL: today, published
-- first if needed), also before the first guess. Result: one row (channel, title, day, number, letters, state,
-- hard, attempts, max_tries, letters_revealed, revealed, answer): `revealed` is the answer with
-- '.' for every letter not revealed by a letter hint; `answer` is given once the game is over.
-- Errors: WD030, WD031, WD038, WD039 (see wordle_play).
-- Reads: settings, puzzles, words, players, games, revealed_letters, positions.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_game_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'State of a player''s game of a day'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_day DATE;
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_game INT UNSIGNED;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_lookup(p_channel, p_player, p_day, v_channel, v_day, v_answer, v_game);
  SELECT (SELECT name FROM channels WHERE id = v_channel) AS channel, _wordle_title(v_channel, v_day) AS title,
         v_day AS day, DATEDIFF(v_day, (SELECT first_day FROM channels WHERE id = v_channel)) + 1 AS number,
         CHAR_LENGTH(v_answer) AS letters,
         COALESCE(g.state, 'playing') AS state, COALESCE(g.hard, FALSE) AS hard,
         CAST(COALESCE(g.attempts, 0) AS UNSIGNED) AS attempts,
         COALESCE(g.max_tries, (SELECT max_tries FROM channels WHERE id = v_channel)) AS max_tries,
         CAST(COALESCE(g.revealed, 0) AS UNSIGNED) AS letters_revealed,
         (SELECT GROUP_CONCAT(IF(r.position IS NULL, '.', SUBSTRING(v_answer, p.n, 1))
                              ORDER BY p.n SEPARATOR '')
          FROM positions p
          LEFT JOIN revealed_letters r ON r.game_id = g.id AND r.position = p.n
          WHERE p.n <= CHAR_LENGTH(v_answer)) AS revealed,
         IF(g.state IN ('won', 'lost'), v_answer, NULL) AS answer
  FROM (SELECT 1) AS one
  LEFT JOIN games g ON g.id = v_game;
  COMMIT AND NO CHAIN NO RELEASE;
END
