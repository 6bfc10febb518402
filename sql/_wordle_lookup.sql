-- _wordle_lookup(player, day, OUT day, OUT answer, OUT game): internal. What the procedures that
-- show a game start with: the day and its answer (see _wordle_puzzle: today is published if
-- needed, the future refused) and the id of `player`'s game that day (NULL if none), after
-- checking that the name belongs to the calling account (_wordle_player).
-- Reads: settings, puzzles, words, players, games.
-- revision: 0003
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_lookup(
    IN p_player VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE,
    OUT o_day DATE, OUT o_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_game INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the day, its answer and a player''s game that day'
BEGIN
  CALL _wordle_puzzle(p_day, o_day, o_answer);
  SET o_game = (SELECT id FROM games
                WHERE player_id = _wordle_player(p_player, FALSE) AND day = o_day);
END
