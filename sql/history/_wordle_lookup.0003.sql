-- _wordle_lookup(player, day, OUT day, OUT answer, OUT game): internal. What the procedures that
-- show a game start with: the day and its answer (see _wordle_puzzle: today is published if
-- needed, the future refused) and the id of `player`'s game that day (NULL if none), once the
-- caller may use that name (_wordle_player).
-- Reads: settings, puzzles, words, players, games.
-- revision: 0003
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_lookup(
    IN p_player VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE,
    OUT o_day DATE, OUT o_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_game INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the day, its answer and a player''s game that day'
BEGIN
  DECLARE v_player INT UNSIGNED DEFAULT _wordle_player(p_player, FALSE);
  CALL _wordle_puzzle(p_day, o_day, o_answer);
  SET o_game = (SELECT id FROM games WHERE player_id = v_player AND day = o_day);
END
