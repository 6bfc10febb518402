-- wordle_suggest_on(channel, pairs, player, day, hard, limit): the best next guesses in
-- `channel` after the guesses so far (`pairs` such as 'crane=00120 sloth=10000', or the game of
-- `player` on `day` in that channel), any accepted word of the channel's solver length (in hard
-- mode only those hard mode allows), ranked by the expected number of candidates left, on a
-- tie a word that may be the answer first, then entropy (see _wordle_rank). Needs
-- `wordle-db solver build --channel NAME`.
-- Result: rows (guess, expected_left, entropy_bits, is_candidate, candidates, ranked), best
-- first, at most `limit` (NULL: 10); `ranked` is how many guesses were compared.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- Errors: WD050 bad pairs, WD051 not built, WD052 negative limit; for a player those of
-- wordle_board_on.
-- Reads: channels, channel_words, words, solver_state, solver_answers, solver_guesses,
-- solver_codes, positions (and a player's game). Writes: scratch rows in solver_work_*,
-- deleted before it returns.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_suggest_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_pairs VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_hard BOOLEAN, IN p_limit INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Best next guesses in a channel: expected candidates left and entropy'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_limit INT UNSIGNED DEFAULT _wordle_limit(p_limit, 10);
  DECLARE v_work BINARY(16);
  DECLARE v_ranked INT UNSIGNED;
  -- The scratch rows are written in this call's transaction: the rollback removes them (a
  -- DELETE here would fail in a read-only session and hide the error).
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  CALL _wordle_work_begin(v_work);
  CALL _wordle_solver_pairs(p_channel, v_work, p_pairs, p_player, p_day);
  CALL _wordle_solver_candidates(v_channel, v_work);
  CALL _wordle_rank(v_channel, v_work, COALESCE(p_hard, FALSE), FALSE, v_limit, v_ranked);
  SELECT w.word AS guess, ROUND(r.expected_left, 3) AS expected_left,
         ROUND(r.entropy, 3) AS entropy_bits, r.is_candidate,
         (SELECT COUNT(*) FROM solver_work_candidates WHERE work = v_work) AS candidates,
         v_ranked AS ranked
  FROM solver_work_ranking r
  JOIN solver_guesses g ON g.channel_id = v_channel AND g.guess_no = r.guess_no JOIN words w ON w.id = g.word_id
  WHERE r.work = v_work
  ORDER BY r.position;
  CALL _wordle_work_end(v_work);
  COMMIT AND NO CHAIN NO RELEASE;
END
