-- _wordle_game(player, day): internal. The id of the player's game of `day`, creating the
-- player and the game (with the installation's max_tries; marked archive when the day is past)
-- if needed. Call it inside a
-- transaction and lock the row with SELECT ... FOR UPDATE before changing the game.
-- Reads: players, games, settings. Writes: players, games.
-- revision: 0003
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_game(
    p_player VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, p_day DATE)
RETURNS INT UNSIGNED
NOT DETERMINISTIC MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: find or create a player''s game of a day'
BEGIN
  DECLARE v_player INT UNSIGNED DEFAULT _wordle_player(p_player, TRUE);
  INSERT INTO games (player_id, day, max_tries, archive)
  VALUES (v_player, p_day, CAST(wordle_setting('max_tries') AS UNSIGNED), p_day < wordle_today())
  ON DUPLICATE KEY UPDATE id = LAST_INSERT_ID(id);
  RETURN LAST_INSERT_ID();
END
