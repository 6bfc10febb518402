-- _wordle_lookup(channel, player, day, OUT channel id, OUT day, OUT answer, OUT game):
-- internal. The channel and day a read-only call is about (see _wordle_find_puzzle), its answer
-- and the player's game that day (NULL when none; the player must exist unless the game does
-- not). Leaves the transaction of _wordle_begin open.
-- Reads: settings, channels, puzzles, words, players, games.
-- revision: 0055
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_lookup(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE,
    OUT o_channel SMALLINT UNSIGNED, OUT o_day DATE,
    OUT o_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_game INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the channel, the day, its answer and a player''s game that day'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_number INT;
  CALL _wordle_find_puzzle(p_channel, p_day, o_channel, o_day, o_answer, v_number, v_today);
  CALL _wordle_player(p_player, FALSE, v_player);
  SELECT MAX(id) INTO o_game FROM games  -- a plain read: a move holding the row makes no wait
  WHERE player_id = v_player AND channel_id = o_channel AND day = o_day;
END
