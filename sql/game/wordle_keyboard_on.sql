-- wordle_keyboard_on(channel, player, day): for every letter of the alphabet (every letter of a known word)
-- the best hint the player has seen in the game of `day` (NULL: today), from all guesses:
-- right (in place) > elsewhere > absent > unused. Rows (letter, state) ordered by letter.
-- Errors: WD030, WD031, WD038, WD039 (see wordle_play).
-- Reads: settings, puzzles, words, letters, positions, players, games, attempts.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_keyboard_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Best hint seen per letter in a player''s game'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_day DATE;
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_game INT UNSIGNED;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_lookup(p_channel, p_player, p_day, v_channel, v_day, v_answer, v_game);
  CALL _wordle_keyboard(v_channel, v_game);
  COMMIT AND NO CHAIN NO RELEASE;
END
