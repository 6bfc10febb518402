-- _wordle_new_game(player id, channel id, day, today, max_tries): internal. Creates the
-- player's game of the channel's `day` (marked archive when the day is before `today`), or
-- nothing: when another session created it first, when the channel (or its puzzle) was removed
-- meanwhile, or when `max_tries` is NULL (no such channel). The caller then reads the game,
-- locked, by its key. One `INSERT ... VALUES` row: an `INSERT ... SELECT` takes the table's
-- AUTO-INC lock for the whole statement, and every other new player's first move of the day
-- waited for it. Serves _wordle_move.
-- Reads: nothing. Writes: games.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_new_game(
    IN p_player INT UNSIGNED, IN p_channel SMALLINT UNSIGNED, IN p_day DATE, IN p_today DATE,
    IN p_max_tries INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: create a player''s game of a day, if it can be'
BEGIN
  DECLARE CONTINUE HANDLER FOR 1062 BEGIN END;  -- another session created it first
  DECLARE CONTINUE HANDLER FOR 1452 BEGIN END;  -- its channel and puzzle removed since
  IF p_max_tries IS NOT NULL THEN
    INSERT INTO games (player_id, channel_id, day, max_tries, archive, started_at)
    VALUES (p_player, p_channel, p_day, p_max_tries, p_day < p_today, SYSDATE(6));
  END IF;
END
