-- wordle_board_on(channel, player, day): the attempts of a player's game of `day` (NULL: today), as rows
-- (attempt, guess, hint, played_at) in order; no rows before the first guess.
-- Errors: WD030, WD031, WD038, WD039 (see wordle_play).
-- Reads: settings, puzzles, words, players, games, attempts (through _wordle_lookup).
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_board_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'The attempts of a player''s game'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_day DATE;
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_game INT UNSIGNED;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_lookup(p_channel, p_player, p_day, v_channel, v_day, v_answer, v_game);
  SELECT a.attempt, a.guess, a.hint, a.played_at
  FROM attempts a WHERE a.game_id = v_game
  ORDER BY a.attempt;
  COMMIT AND NO CHAIN NO RELEASE;
END
