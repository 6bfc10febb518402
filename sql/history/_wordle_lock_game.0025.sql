-- _wordle_lock_game(player, channel id, day, today, OUT game, OUT state, OUT hard, OUT attempts,
-- OUT max_tries, OUT revealed): internal. The player's game of the channel's `day`, locked
-- (SELECT ... FOR UPDATE by its key: the one row, no gap) for the rest of the transaction of
-- _wordle_begin, creating the player and the game (with the channel's max_tries; marked
-- archive when the day is before `today`) if needed; never found through LAST_INSERT_ID().
-- The read goes by the unique key player_channel_day, named: through the key `finished`
-- (same first columns) a search that finds nothing locks the next entry, another new player's
-- game under way, and waits for it (test_rush counts such waits).
-- Reads: players, games, channels, settings. Writes: players, games.
-- revision: 0025
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_lock_game(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_channel SMALLINT UNSIGNED, IN p_day DATE, IN p_today DATE, OUT o_game INT UNSIGNED,
    OUT o_state VARCHAR(10), OUT o_hard BOOLEAN, OUT o_attempts INT, OUT o_max_tries INT,
    OUT o_revealed INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: find or create a player''s game of a day, locked'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE v_created BOOLEAN DEFAULT FALSE;
  CALL _wordle_player(p_player, TRUE, v_player);
  find: LOOP
    SELECT MAX(id), MAX(state), MAX(hard), MAX(attempts), MAX(max_tries), MAX(revealed)  -- no row: NULLs
      INTO o_game, o_state, o_hard, o_attempts, o_max_tries, o_revealed
    FROM games FORCE INDEX (player_channel_day)
    WHERE player_id = v_player AND channel_id = p_channel AND day = p_day FOR UPDATE;
    IF o_game IS NOT NULL OR v_created THEN
      LEAVE find;
    END IF;
    BEGIN
      DECLARE CONTINUE HANDLER FOR 1062 BEGIN END;  -- another session created it first
      INSERT INTO games (player_id, channel_id, day, max_tries, archive, started_at)
      SELECT v_player, p_channel, p_day, max_tries, p_day < p_today, SYSDATE(6)
      FROM channels WHERE id = p_channel;
    END;
    SET v_created = TRUE;
  END LOOP;
END
