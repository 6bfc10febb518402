-- _wordle_solver_pairs(channel, work, pairs, player, day): internal. Stores as
-- solver_work_pairs rows (guess, hint, pattern, revealed) the guesses so far and their hints:
-- from `pairs`, text such as 'crane=00120 sloth=10000', or, when `pairs` is NULL, from the game
-- of `player` on `day` (NULL: today) in `channel` (a name; NULL: the default channel), which
-- the caller must be allowed to use (_wordle_player). `pattern` is a LIKE pattern of the
-- guess's greens and `revealed` its green and yellow letters, duplicates kept (hard mode).
-- Errors: WD050 bad pairs; for a player those of wordle_board_on.
-- Reads: positions, settings, channels, puzzles, words, players, games, attempts,
-- mysql.roles_mapping. Writes: solver_work_pairs.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_solver_pairs(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_work BINARY(16),
    IN p_pairs VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the solver''s guesses and hints so far'
BEGIN
  DECLARE v_pairs VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
    DEFAULT LOWER(TRIM(p_pairs));
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_day DATE;
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_game INT UNSIGNED;
  IF p_pairs IS NOT NULL THEN
    -- Letters-only words and digits: the text is safe to read as a JSON array of strings.
    IF v_pairs NOT REGEXP '^([\\p{L}\\p{M}]{1,32}=[012]{1,32}(\\s+|$))*$' THEN
      SIGNAL SQLSTATE 'WD050' SET MESSAGE_TEXT = 'write the guesses so far as WORD=HINT pairs, e.g. crane=00120 sloth=10000';
    END IF;
    INSERT INTO solver_work_pairs (work, n, guess, hint)
    SELECT p_work, n, SUBSTRING_INDEX(pair, '=', 1), SUBSTRING_INDEX(pair, '=', -1)
    FROM JSON_TABLE(CONCAT('["', REGEXP_REPLACE(v_pairs, '\\s+', '","'), '"]'),
                    '$[*]' COLUMNS (n FOR ORDINALITY, pair VARCHAR(100) PATH '$')) pairs
    WHERE pair <> '';
    IF EXISTS (SELECT 1 FROM solver_work_pairs
               WHERE work = p_work AND CHAR_LENGTH(guess) <> CHAR_LENGTH(hint)) THEN
      SIGNAL SQLSTATE 'WD050' SET MESSAGE_TEXT = 'each hint needs one digit per letter of its guess';
    END IF;
  ELSEIF p_player IS NOT NULL THEN
    CALL _wordle_lookup(p_channel, p_player, p_day, v_channel, v_day, v_answer, v_game);
    INSERT INTO solver_work_pairs (work, n, guess, hint)
    SELECT p_work, attempt, guess, hint FROM attempts WHERE game_id = v_game;
  END IF;
  UPDATE solver_work_pairs sp
     SET pattern = (SELECT GROUP_CONCAT(IF(SUBSTRING(sp.hint, p.n, 1) = '2',
                                           SUBSTRING(sp.guess, p.n, 1), '_')
                                        ORDER BY p.n SEPARATOR '')
                    FROM positions p WHERE p.n <= CHAR_LENGTH(sp.guess)),
         revealed = (SELECT COALESCE(GROUP_CONCAT(SUBSTRING(sp.guess, p.n, 1)
                                                  ORDER BY p.n SEPARATOR ''), '')
                     FROM positions p
                     WHERE p.n <= CHAR_LENGTH(sp.guess) AND SUBSTRING(sp.hint, p.n, 1) <> '0')
   WHERE sp.work = p_work;
END
