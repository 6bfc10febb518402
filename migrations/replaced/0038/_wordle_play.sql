-- _wordle_play(channel, player, guess, day, hard, keyboard, generation): internal. A guess, as
-- wordle_play_on describes it (the rules, the transaction, the errors, the result row); with
-- `keyboard` the game's keyboard follows the result row in a second result set (rows of
-- _wordle_keyboard, read in a transaction of its own after the guess is committed).
-- Serves wordle_play_on, wordle_play and wordle_guess_on. `generation`: the caller's session generation (see _wordle_lock_player_game; NULL: not checked).
-- The usual guess (a known channel, a published day, an accepted word as typed) finds its
-- context in one read: the channel, today in the channel's zone, the day's answer, the word,
-- and the player from its kept access decision. Anything else goes the long way
-- (_wordle_find_puzzle, which publishes today if needed, and _wordle_check_guess), whose
-- routines decide and word every refusal. Today is _wordle_date_in's, written out in the read:
-- a function call there would not be a key (it is not deterministic), and a read of the
-- channel before the puzzle's cost about 110 µs more a guess (bench/README.md).
-- A player found by its kept decision has its game of the day locked here, in the read that
-- also looks for the repeated guess (the read of _wordle_lock_player_game, by the same key,
-- with the same session generation check), after _wordle_new_game made it if need be; a
-- player found otherwise goes through _wordle_lock_player_game, which creates what is missing
-- (and says WD060 when the channel was removed meanwhile).
-- Reads: settings, channels, words, channel_words, puzzles, players, games, attempts,
-- letters, positions, player_access, access_version. Writes: players, games, attempts,
-- player_access.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_play(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_hard BOOLEAN, IN p_keyboard BOOLEAN, IN p_generation INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a guess, and the keyboard after it if asked'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_now DATETIME;
  DECLARE v_known BOOLEAN;
  DECLARE v_day, v_today DATE;
  DECLARE v_answer, v_guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_player, v_game, v_generation INT UNSIGNED;
  DECLARE v_tried BOOLEAN;
  DECLARE v_state VARCHAR(10);
  DECLARE v_hard BOOLEAN;
  DECLARE v_attempts, v_max, v_channel_tries, v_number, v_revealed INT;
  DECLARE v_hint VARCHAR(32) CHARACTER SET ascii;
  DECLARE v_message VARCHAR(255);
  DECLARE v_tries INT DEFAULT 0;
  DECLARE v_retry, v_created BOOLEAN;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;

  submit: LOOP
    SET v_tries = v_tries + 1, v_retry = FALSE;
    BEGIN
      DECLARE EXIT HANDLER FOR 1213, 1205 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; SET v_retry = TRUE; END;
      CALL _wordle_begin();
      -- The usual guess's context, else NULLs: the channel, today in its zone (as
      -- _wordle_date_in gives it), the day's answer, the word accepted as typed, and the
      -- player from its kept access decision (as _wordle_player finds it).
      SET v_now = CONVERT_TZ(SYSDATE(), @@SESSION.time_zone, '+00:00');
      SELECT MAX(c.id), MAX(c.max_tries), MAX(DATE(IF(c.time_zone IN ('UTC', '+00:00'), v_now,
                                    CONVERT_TZ(v_now, '+00:00', c.time_zone)))),
             MAX(p.day), MAX(w.word), MAX(DATEDIFF(p.day, c.first_day)) + 1,
             MAX(c.accents NOT LIKE 'fold%' AND EXISTS (
                   SELECT 1 FROM words g JOIN channel_words cw ON cw.word_id = g.id
                   WHERE g.word = LOWER(p_guess) AND cw.channel_id = c.id)),
             MAX(a.player_id)
        INTO v_channel, v_channel_tries, v_today, v_day, v_answer, v_number, v_known, v_player
      FROM settings s
      JOIN channels c ON c.name = COALESCE(p_channel, s.value COLLATE utf8mb4_nopad_bin)
      JOIN puzzles p ON p.channel_id = c.id
                    AND p.day = COALESCE(p_day, DATE(IF(c.time_zone IN ('UTC', '+00:00'), v_now,
                                                        CONVERT_TZ(v_now, '+00:00', c.time_zone))))
      JOIN words w ON w.id = p.word_id
      JOIN access_version v ON v.id = 1
      LEFT JOIN player_access a ON a.account = SESSION_USER() AND a.name = p_player
                               AND a.version = v.version
      WHERE s.name = 'default_channel';
      IF v_today IS NULL OR v_day > v_today THEN  -- a zone the server does not know (WD010), a
        SET v_answer = NULL;                        -- future day (WD030): refused the long way
      END IF;
      IF v_answer IS NULL THEN  -- the long way: no such channel, a future day, today unpublished
        SET v_player = NULL, v_known = FALSE;  -- nothing of the read: the channel may differ now
        CALL _wordle_find_puzzle(p_channel, p_day, v_channel, v_day, v_answer, v_number, v_today);
      END IF;
      IF v_known AND CHAR_LENGTH(LOWER(p_guess)) = CHAR_LENGTH(v_answer) THEN
        SET v_guess = LOWER(p_guess);
      ELSE
        CALL _wordle_check_guess(v_channel, v_answer, p_guess, v_guess);
      END IF;
      SET v_game = NULL, v_created = FALSE;
      IF v_player IS NOT NULL THEN  -- a kept player's game, created if need be
        find: LOOP
          SELECT MAX(g.id), MAX(g.state), MAX(g.hard), MAX(g.attempts), MAX(g.max_tries),
                 MAX(p.session_generation),
                 MAX(EXISTS (SELECT 1 FROM attempts t WHERE t.game_id = g.id AND t.guess = v_guess))
            INTO v_game, v_state, v_hard, v_attempts, v_max, v_generation, v_tried
          FROM games g FORCE INDEX (player_channel_day) JOIN players p ON p.id = g.player_id
          WHERE g.player_id = v_player AND g.channel_id = v_channel AND g.day = v_day FOR UPDATE;
          IF v_game IS NOT NULL OR v_created THEN
            LEAVE find;
          END IF;
          CALL _wordle_new_game(v_player, v_channel, v_day, v_today, v_channel_tries);
          SET v_created = TRUE;
        END LOOP;
      END IF;
      IF v_game IS NULL THEN
        CALL _wordle_lock_player_game(p_player, v_player, v_channel, v_day, v_today, p_generation,
                                      v_game, v_state, v_hard, v_attempts, v_max, v_revealed);
        SET v_tried = EXISTS (SELECT 1 FROM attempts WHERE game_id = v_game AND guess = v_guess);
      ELSEIF p_generation IS NOT NULL AND NOT (p_generation <=> v_generation) THEN
        SIGNAL SQLSTATE 'WD096' SET MESSAGE_TEXT = 'this session has ended (signed out on another device, or signed up since): sign in again';
      END IF;
      IF v_state <> 'playing' THEN
        SET v_message = CONCAT('this game is over: ', IF(v_state = 'won', 'it was won', 'it was lost'));
        SIGNAL SQLSTATE 'WD035' SET MESSAGE_TEXT = v_message;
      END IF;
      IF p_hard IS NOT NULL AND p_hard <> v_hard THEN
        IF v_attempts > 0 THEN
          SIGNAL SQLSTATE 'WD037' SET MESSAGE_TEXT = 'hard mode can only be chosen before the first guess';
        END IF;
        SET v_hard = p_hard;
      END IF;
      IF v_tried THEN
        SET v_message = CONCAT(_wordle_quote(v_guess), ' was already tried in this game');
        SIGNAL SQLSTATE 'WD034' SET MESSAGE_TEXT = v_message;
      END IF;
      IF v_hard THEN
        SET v_message = (
          SELECT broken FROM (
            SELECT attempt, wordle_hard_mode_violation(guess, hint, v_guess) AS broken
            FROM attempts WHERE game_id = v_game) checks
          WHERE broken IS NOT NULL ORDER BY attempt DESC LIMIT 1);
        IF v_message IS NOT NULL THEN
          SIGNAL SQLSTATE 'WD036' SET MESSAGE_TEXT = v_message;
        END IF;
      END IF;
      SET v_hint = wordle_hint(v_answer, v_guess),
          v_attempts = v_attempts + 1,
          v_state = IF(v_guess = v_answer, 'won', IF(v_attempts >= v_max, 'lost', 'playing'));
      INSERT INTO attempts (game_id, attempt, guess, hint, played_at)
      VALUES (v_game, v_attempts, v_guess, v_hint, SYSDATE(6));
      UPDATE games
         SET hard = v_hard, attempts = v_attempts, state = v_state,
             finished_at = IF(v_state = 'playing', NULL, SYSDATE(6))
       WHERE id = v_game;
    END;
    IF NOT v_retry THEN
      LEAVE submit;
    END IF;
    IF v_tries >= 10 THEN
      SIGNAL SQLSTATE 'WD025' SET MESSAGE_TEXT = 'the database stayed busy: try again';
    END IF;
    DO SLEEP(_wordle_random(1000) / 1000 * 0.01 * v_tries);
  END LOOP;
  -- Committed before the result is sent: a commit that fails (a Galera conflict) is an error
  -- the client sees instead of rows, whatever its driver does with errors after rows.
  COMMIT AND NO CHAIN NO RELEASE;
  SELECT v_day AS day, v_number AS number, v_attempts AS attempt,
         v_guess AS guess, v_hint AS hint, v_state AS state, v_hard AS hard, v_max AS max_tries,
         IF(v_state = 'playing', NULL, v_answer) AS answer;
  IF p_keyboard THEN
    CALL _wordle_begin();  -- a read of its own: nothing of the guess waits for it
    CALL _wordle_keyboard(v_channel, v_game);
    COMMIT AND NO CHAIN NO RELEASE;
  END IF;
END
