-- _wordle_game(player, channel id, day, today, OUT game): internal. The id of the player's
-- game of the channel's `day`, creating the player and the game (with the channel's
-- max_tries; marked archive when the day is before `today`) if needed; found by its key
-- (player, channel, day), never through LAST_INSERT_ID(). Call it inside the transaction of
-- _wordle_begin and lock the row with SELECT ... FOR UPDATE before changing the game.
-- Reads: players, games, channels, settings. Writes: players, games.
-- revision: 0007
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_game(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_channel SMALLINT UNSIGNED, IN p_day DATE, IN p_today DATE, OUT o_game INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: find or create a player''s game of a day'
BEGIN
  DECLARE v_player INT UNSIGNED;
  CALL _wordle_player(p_player, TRUE, v_player);
  SET o_game = (SELECT id FROM games WHERE player_id = v_player AND channel_id = p_channel AND day = p_day);
  IF o_game IS NULL THEN
    BEGIN
      DECLARE CONTINUE HANDLER FOR 1062 BEGIN END;  -- another session created it first
      INSERT INTO games (player_id, channel_id, day, max_tries, archive, started_at)
      SELECT v_player, p_channel, p_day, max_tries, p_day < p_today, SYSDATE(6)
      FROM channels WHERE id = p_channel;
    END;
    SET o_game = (SELECT id FROM games WHERE player_id = v_player AND channel_id = p_channel AND day = p_day);
  END IF;
END
