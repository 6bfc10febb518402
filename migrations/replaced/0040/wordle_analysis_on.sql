-- wordle_analysis_on(channel, player, day): the post-game analysis of a finished game of
-- `player` on `day` (NULL: today) in `channel`: for each guess, how many answer words of the
-- channel were still possible before it and after its hint (with every hint so far: the
-- guesses' hints and the letter hints shown before it), the answers it leaves on average
-- (expected_left: a guess that is the answer leaves none), the solver's best guess at that
-- point (_wordle_analysis_best) and its expected_left, a skill score and a luck score (0-99,
-- defined in docs/sql-api.md). Refused, before the day's answer or any attempt is read, for a
-- game not over (WD070: also a game of today still being played, a player with no game, and a
-- name the caller may not use where _wordle_player reads it as nobody's), a future day
-- (WD030), a name the account may not use (WD038, WD039). Needs the channel's solver built
-- (WD051).
-- Result: rows (attempt, guess, hint, letter_hints, possible_before, possible_after,
-- expected_left, best_guess, best_expected_left, skill, luck), in attempt order.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- Reads: settings, channels, server_accounts, players, games, attempts, revealed_letters,
-- puzzles, words, channel_words, solver_state, solver_answers, solver_guesses, solver_codes,
-- positions. Writes: scratch rows in solver_work_*, deleted before it returns (it never
-- creates a player).
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_analysis_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Post-game analysis: answers left, the solver''s best guess, skill and luck per guess'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today, v_day DATE;
  DECLARE v_player, v_game INT UNSIGNED;
  DECLARE v_hard BOOLEAN;
  DECLARE v_attempts, v_i, v_letters, v_answers, v_words, v_green INT;
  DECLARE v_wide BOOLEAN;
  DECLARE v_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_hint VARCHAR(32) CHARACTER SET ascii;
  DECLARE v_pairs VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_played, v_next_played TIMESTAMP(6);
  DECLARE v_guess_no, v_best MEDIUMINT UNSIGNED;
  DECLARE v_code, v_k, v_after, v_squares, v_left, v_worse, v_ties, v_shown INT;
  DECLARE v_candidate TINYINT;
  DECLARE v_mine, v_best_left INT UNSIGNED;
  DECLARE v_base, v_work, v_next BINARY(16);
  DECLARE v_rows LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT '[]';
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  SET v_day = COALESCE(p_day, v_today);
  IF v_day > v_today THEN
    SIGNAL SQLSTATE 'WD030' SET MESSAGE_TEXT = 'that day is in the future: its puzzle cannot be played yet';
  END IF;
  CALL _wordle_player(p_player, FALSE, v_player);
  -- The game must be over before anything of the day's puzzle is read: the same refusal, with
  -- the same reads, for a game still played, no game, and a player nobody may be shown.
  SELECT MAX(id), MAX(hard), MAX(attempts) INTO v_game, v_hard, v_attempts
  FROM games
  WHERE player_id = v_player AND channel_id = v_channel AND day = v_day AND state IN ('won', 'lost');
  IF v_game IS NULL THEN
    SIGNAL SQLSTATE 'WD070' SET MESSAGE_TEXT = 'there is no finished game to analyse for that day: the analysis comes once the game is over';
  END IF;
  CALL _wordle_solver_words(v_channel, NULL, 0, v_letters, v_answers, v_words);
  IF NOT EXISTS (SELECT 1 FROM solver_state
                 WHERE channel_id = v_channel AND built_at IS NOT NULL AND letters = v_letters
                   AND answers = v_answers AND guesses = v_words)
     OR EXISTS (SELECT 1 FROM attempts a
                WHERE a.game_id = v_game
                  AND NOT EXISTS (SELECT 1 FROM words w
                                  JOIN solver_guesses g ON g.channel_id = v_channel AND g.word_id = w.id
                                  WHERE w.word = a.guess)) THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'the solver is not built for the current word lists: run `wordle-db solver build`';
  END IF;
  SET v_green = POW(3, v_letters) - 1, v_wide = v_letters > 5;
  SET v_answer = (SELECT w.word FROM puzzles p JOIN words w ON w.id = p.word_id
                  WHERE p.channel_id = v_channel AND p.day = v_day);

  -- One registered scratch key, taken before this call writes anything (a second
  -- _wordle_work_begin in the same transaction would read solver_work with shared locks while
  -- holding its own new row: two calls at once deadlocked); each step's candidates go under a
  -- key derived from it, never registered, deleted before the COMMIT (or rolled back).
  CALL _wordle_work_begin(v_base);
  -- Before the first guess: every answer word the letter hints shown by then allow.
  SET v_next_played = (SELECT played_at FROM attempts WHERE game_id = v_game AND attempt = 1);
  SET v_next = UNHEX(MD5(CONCAT(HEX(v_base), '/0')));
  INSERT INTO solver_work_candidates (work, word_id, answer_no)
  SELECT v_next, a.word_id, a.answer_no
  FROM solver_answers a JOIN words w ON w.id = a.word_id
  WHERE a.channel_id = v_channel
    AND NOT EXISTS (SELECT 1 FROM revealed_letters r
                    WHERE r.game_id = v_game AND r.revealed_at < v_next_played
                      AND SUBSTRING(w.word, r.position, 1) <> SUBSTRING(v_answer, r.position, 1));
  SET v_i = 1;
  WHILE v_i <= v_attempts DO
    SET v_work = v_next, v_played = v_next_played;
    SELECT guess, hint INTO v_guess, v_hint FROM attempts WHERE game_id = v_game AND attempt = v_i;
    SET v_guess_no = (SELECT g.guess_no FROM words w
                      JOIN solver_guesses g ON g.channel_id = v_channel AND g.word_id = w.id
                      WHERE w.word = v_guess);
    SET v_code = (SELECT CAST(SUM((ASCII(SUBSTRING(v_hint, p.n, 1)) - 48) * POW(3, v_letters - p.n)) AS UNSIGNED)
                  FROM positions p WHERE p.n <= v_letters);
    SET v_shown = (SELECT COUNT(*) FROM revealed_letters WHERE game_id = v_game AND revealed_at < v_played);
    SET v_k = (SELECT COUNT(*) FROM solver_work_candidates WHERE work = v_work);
    -- The parts the guess splits the candidates into, by hint code.
    SELECT COALESCE(SUM(n * n), 0), COALESCE(MAX(code = v_green), 0), COALESCE(SUM(IF(code = v_code, n, 0)), 0)
    INTO v_squares, v_candidate, v_after
    FROM (SELECT code, COUNT(*) AS n
          FROM (SELECT IF(v_wide, ASCII(SUBSTRING(h.codes, 2 * c.answer_no - 1, 1)) * 256
                                  + ASCII(SUBSTRING(h.codes, 2 * c.answer_no, 1)),
                          ASCII(SUBSTRING(h.codes, c.answer_no, 1))) AS code
                FROM solver_work_candidates c
                JOIN solver_codes h ON h.channel_id = v_channel AND h.guess_no = v_guess_no
                WHERE c.work = v_work) codes
          GROUP BY code) parts;
    -- Luck: how many candidates would have left more answers than the hint did, and as many.
    SET v_left = v_after - (v_code = v_green AND v_after > 0), v_mine = v_squares - v_candidate;
    SELECT COALESCE(SUM(IF(n - (code = v_green) > v_left, n, 0)), 0),
           COALESCE(SUM(IF(n - (code = v_green) = v_left, n, 0)), 0)
    INTO v_worse, v_ties
    FROM (SELECT code, COUNT(*) AS n
          FROM (SELECT IF(v_wide, ASCII(SUBSTRING(h.codes, 2 * c.answer_no - 1, 1)) * 256
                                  + ASCII(SUBSTRING(h.codes, 2 * c.answer_no, 1)),
                          ASCII(SUBSTRING(h.codes, c.answer_no, 1))) AS code
                FROM solver_work_candidates c
                JOIN solver_codes h ON h.channel_id = v_channel AND h.guess_no = v_guess_no
                WHERE c.work = v_work) codes
          GROUP BY code) parts;
    -- Hard mode's rules for the best guess: the guesses so far.
    IF v_hard AND v_i > 1 THEN
      SET v_pairs = (SELECT GROUP_CONCAT(guess, '=', hint ORDER BY attempt SEPARATOR ' ')
                     FROM attempts WHERE game_id = v_game AND attempt < v_i);
      CALL _wordle_solver_pairs(NULL, v_work, v_pairs, NULL, NULL);
    END IF;
    CALL _wordle_analysis_best(v_channel, v_work, v_hard, v_k = v_answers AND v_shown = 0 AND v_i = 1,
                               v_guess_no, v_best, v_best_left);
    -- After the guess: the candidates that give its hint; then the letter hints shown before
    -- the next guess.
    SET v_next = UNHEX(MD5(CONCAT(HEX(v_base), '/', v_i)));
    INSERT INTO solver_work_candidates (work, word_id, answer_no)
    SELECT v_next, c.word_id, c.answer_no
    FROM solver_work_candidates c
    JOIN solver_codes h ON h.channel_id = v_channel AND h.guess_no = v_guess_no
    WHERE c.work = v_work
      AND IF(v_wide, ASCII(SUBSTRING(h.codes, 2 * c.answer_no - 1, 1)) * 256
                     + ASCII(SUBSTRING(h.codes, 2 * c.answer_no, 1)),
             ASCII(SUBSTRING(h.codes, c.answer_no, 1))) = v_code;
    SET v_rows = JSON_ARRAY_APPEND(v_rows, '$', JSON_OBJECT(
      'attempt', v_i, 'guess', v_guess, 'hint', v_hint, 'letter_hints', v_shown,
      'before', v_k, 'after', v_after,
      'expected', IF(v_k = 0, NULL, ROUND(v_mine / (v_k * 1e0), 3)),
      'best', (SELECT w.word FROM solver_guesses g JOIN words w ON w.id = g.word_id
               WHERE g.channel_id = v_channel AND g.guess_no = v_best),
      'best_expected', IF(v_k = 0, NULL, ROUND(v_best_left / (v_k * 1e0), 3)),
      'skill', CASE WHEN v_k = 0 THEN NULL
                    WHEN v_mine <= v_best_left THEN 99
                    WHEN v_k = 1 THEN 0
                    ELSE GREATEST(0, FLOOR(99 * LN(v_k * v_k / (v_mine * 1e0))
                                              / LN(v_k * v_k / (v_best_left * 1e0)))) END,
      'luck', IF(v_k = 0, NULL, (99 * (2 * v_worse + v_ties) + v_k) DIV (2 * v_k))));
    CALL _wordle_work_end(v_work);
    SET v_i = v_i + 1;
    IF v_i <= v_attempts THEN
      SET v_next_played = (SELECT played_at FROM attempts WHERE game_id = v_game AND attempt = v_i);
      DELETE c FROM solver_work_candidates c JOIN words w ON w.id = c.word_id
      WHERE c.work = v_next
        AND EXISTS (SELECT 1 FROM revealed_letters r
                    WHERE r.game_id = v_game AND r.revealed_at < v_next_played
                      AND SUBSTRING(w.word, r.position, 1) <> SUBSTRING(v_answer, r.position, 1));
    END IF;
  END WHILE;
  CALL _wordle_work_end(v_next);
  CALL _wordle_work_end(v_base);
  SELECT attempt, guess, hint, letter_hints, possible_before, possible_after, expected_left,
         best_guess, best_expected_left, skill, luck
  FROM JSON_TABLE(v_rows, '$[*]' COLUMNS (
         attempt INT PATH '$.attempt',
         guess VARCHAR(32) CHARACTER SET utf8mb4 PATH '$.guess',
         hint VARCHAR(32) CHARACTER SET utf8mb4 PATH '$.hint',
         letter_hints INT PATH '$.letter_hints',
         possible_before INT PATH '$.before',
         possible_after INT PATH '$.after',
         expected_left DECIMAL(12, 3) PATH '$.expected',
         best_guess VARCHAR(32) CHARACTER SET utf8mb4 PATH '$.best',
         best_expected_left DECIMAL(12, 3) PATH '$.best_expected',
         skill INT PATH '$.skill',
         luck INT PATH '$.luck')) analysis
  ORDER BY attempt;
  COMMIT AND NO CHAIN NO RELEASE;
END
