-- wordle_candidates_on(channel, pairs, player, day, limit): the answer words of `channel`
-- still possible after the guesses so far: `pairs` such as 'crane=00120 sloth=10000', or
-- (pairs NULL) the game of `player` on `day` (NULL: today) in that channel. A word is a
-- candidate when wordle_hint(word, guess) equals the observed hint for every pair, duplicates
-- included. Needs no solver build.
-- Result: rows (word, candidates) in alphabetical order, at most `limit` (NULL: all);
-- `candidates` is the number of candidates in all.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- Errors: WD050 bad pairs, WD052 negative limit; for a player those of wordle_board_on.
-- Reads: channels, channel_words, words, solver_state, solver_answers, positions (and a
-- player's game). Writes: scratch rows in solver_work_*, deleted before it returns.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_candidates_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_pairs VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_limit INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Answer words of a channel consistent with every hint so far'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_limit INT UNSIGNED DEFAULT _wordle_limit(p_limit, 4294967295);
  DECLARE v_work BINARY(16);
  -- The scratch rows are written in this call's transaction: the rollback removes them (a
  -- DELETE here would fail in a read-only session and hide the error).
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  CALL _wordle_work_begin(v_work);
  CALL _wordle_solver_pairs(p_channel, v_work, p_pairs, p_player, p_day);
  CALL _wordle_solver_candidates(v_channel, v_work);
  SELECT w.word, _wordle_int(COUNT(*) OVER ()) AS candidates
  FROM solver_work_candidates c JOIN words w ON w.id = c.word_id
  WHERE c.work = v_work
  ORDER BY w.word
  LIMIT v_limit;
  CALL _wordle_work_end(v_work);
  COMMIT AND NO CHAIN NO RELEASE;
END
