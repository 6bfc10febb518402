-- wordle_board(player, day): the attempts of a player's game of `day` (NULL: today), as rows
-- (attempt, guess, hint, played_at) in order; no rows before the first guess.
-- Errors: WD030, WD031, WD038, WD039 (see wordle_play).
-- Reads: settings, puzzles, words, players, games, attempts.
-- revision: 0003
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_board(
    IN p_player VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'The attempts of a player''s game'
BEGIN
  DECLARE v_day DATE;
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_player INT UNSIGNED;
  CALL _wordle_puzzle(p_day, v_day, v_answer);
  SET v_player = _wordle_player(p_player, FALSE);
  SELECT a.attempt, a.guess, a.hint, a.played_at
  FROM games g JOIN attempts a ON a.game_id = g.id
  WHERE g.player_id = v_player AND g.day = v_day
  ORDER BY a.attempt;
END
