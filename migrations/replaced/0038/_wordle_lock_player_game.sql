-- _wordle_lock_player_game(player, player id, channel id, day, today, generation, OUT game,
-- OUT state, OUT hard, OUT attempts, OUT max_tries, OUT revealed): internal. The player's game of the
-- channel's `day`, locked (SELECT ... FOR UPDATE by its key: the one row, no gap) with its
-- player's row for the rest of the transaction of _wordle_begin, creating the player and the
-- game (with the channel's max_tries; marked archive when the day is before `today`) if
-- needed; never found through LAST_INSERT_ID(). `player id`: the player already found (a kept
-- access decision, see _wordle_player), or NULL to find `player` by name through _wordle_player.
-- `generation`: the caller's session generation; a move of any other generation than the
-- player's current one is refused (NULL: not checked, for a caller with sessions of its own):
-- the player's row stays locked, so a new generation (_wordle_session_bump) waits for the
-- move or the move sees it. (It replaces _wordle_lock_game, 0025, whose parameters were
-- fewer: a new name, so that moves running while migration 0028 installs their routines
-- never call a routine with the other one's parameters.)
-- The read goes by the unique key player_channel_day, named: through the key `finished`
-- (same first columns) a search that finds nothing locks the next entry, another new player's
-- game under way, and waits for it (test_rush counts such waits). A new game: _wordle_new_game.
-- Errors: those of _wordle_player, WD096 that session has ended, WD060 the channel was removed
-- meanwhile (its game could not be created).
-- Reads: players, games, channels, settings. Writes: players, games.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_lock_player_game(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player_id INT UNSIGNED, IN p_channel SMALLINT UNSIGNED, IN p_day DATE, IN p_today DATE,
    IN p_generation INT UNSIGNED, OUT o_game INT UNSIGNED, OUT o_state VARCHAR(10),
    OUT o_hard BOOLEAN, OUT o_attempts INT, OUT o_max_tries INT, OUT o_revealed INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: find or create a player''s game of a day, locked'
BEGIN
  DECLARE v_player INT UNSIGNED DEFAULT p_player_id;
  DECLARE v_generation INT UNSIGNED;
  DECLARE v_created BOOLEAN DEFAULT FALSE;
  DECLARE v_max_tries INT;
  IF v_player IS NULL THEN
    CALL _wordle_player(p_player, TRUE, v_player);
  END IF;
  find: LOOP
    SELECT MAX(g.id), MAX(g.state), MAX(g.hard), MAX(g.attempts), MAX(g.max_tries),  -- no row:
           MAX(g.revealed), MAX(p.session_generation)                                -- NULLs
      INTO o_game, o_state, o_hard, o_attempts, o_max_tries, o_revealed, v_generation
    FROM games g FORCE INDEX (player_channel_day) JOIN players p ON p.id = g.player_id
    WHERE g.player_id = v_player AND g.channel_id = p_channel AND g.day = p_day FOR UPDATE;
    IF o_game IS NOT NULL OR v_created THEN
      LEAVE find;
    END IF;
    SELECT MAX(max_tries) INTO v_max_tries FROM channels WHERE id = p_channel;
    CALL _wordle_new_game(v_player, p_channel, p_day, p_today, v_max_tries);
    SET v_created = TRUE;
  END LOOP;
  IF o_game IS NULL THEN
    SIGNAL SQLSTATE 'WD060' SET MESSAGE_TEXT = 'that channel was removed while the move was made';
  END IF;
  IF p_generation IS NOT NULL AND NOT (p_generation <=> v_generation) THEN
    SIGNAL SQLSTATE 'WD096' SET MESSAGE_TEXT = 'this session has ended (signed out on another device, or signed up since): sign in again';
  END IF;
END
