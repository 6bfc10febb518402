-- _wordle_lookup(player, day, OUT day, OUT answer, OUT game): internal. What the procedures that
-- show a game start with: the day and its answer (see _wordle_puzzle: today is published if
-- needed, the future refused; a READ COMMITTED transaction is open afterwards, to be ended with
-- COMMIT) and the id of `player`'s game that day (NULL if none), once the caller may use that
-- name (_wordle_player).
-- Reads: settings, puzzles, words, players, games.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_lookup(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE,
    OUT o_day DATE, OUT o_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_game INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the day, its answer and a player''s game that day'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE v_today DATE;
  CALL _wordle_puzzle(p_day, o_day, o_answer, v_today);
  CALL _wordle_player(p_player, FALSE, v_player);
  SET o_game = (SELECT id FROM games WHERE player_id = v_player AND day = o_day);
END
