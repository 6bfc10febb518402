-- wordle_share_on(channel, player, day): the spoiler-free share text of a finished game: the line
-- "wordle-db #N 4/6" ("wordle-db fr #N 4/6" outside the default channel; X/6 for a loss, * for
-- hard mode, then one 💡 per letter hint taken: "wordle-db #N 4/6* 💡💡"), then one line of
-- 🟩🟨⬜ per attempt.
-- Result: one row (text). Errors: WD041 no finished game that day, and those of wordle_game.
-- Reads: settings, puzzles, words, players, games, attempts.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- revision: 0055
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_share_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Spoiler-free share text of a finished game'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_day DATE;
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_game INT UNSIGNED;
  DECLARE v_finished BOOLEAN;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_lookup(p_channel, p_player, p_day, v_channel, v_day, v_answer, v_game);
  SELECT EXISTS (SELECT 1 FROM games WHERE id = v_game AND state IN ('won', 'lost')) INTO v_finished;
  IF NOT v_finished THEN
    SIGNAL SQLSTATE 'WD041' SET MESSAGE_TEXT = 'there is no finished game to share for that day';
  END IF;
  SELECT CONCAT(_wordle_title(v_channel, v_day), ' ',
                IF(g.state = 'won', g.attempts, 'X'), '/', g.max_tries, IF(g.hard, '*', ''),
                IF(g.revealed > 0, CONCAT(' ', REPEAT('💡', g.revealed)), ''),
                (SELECT GROUP_CONCAT(
                          CHAR(10),
                          REPLACE(REPLACE(REPLACE(CONVERT(a.hint USING utf8mb4),
                                  '2', '🟩'), '1', '🟨'), '0', '⬜')
                          ORDER BY a.attempt SEPARATOR '')
                 FROM attempts a WHERE a.game_id = g.id)) AS text
  FROM games g WHERE g.id = v_game;
  COMMIT AND NO CHAIN NO RELEASE;
END
