-- _wordle_move(channel, player, guess, day, hard, keyboard, letter, generation, long way):
-- internal. A move in a player's game: a guess, as wordle_play_on describes it (the rules, the transaction,
-- the errors, the result row; with `keyboard` the game's keyboard follows the result row in a
-- second result set, rows of _wordle_keyboard read in a transaction of its own after the move
-- is committed), or, with `letter`, a letter hint, as wordle_reveal_letter_on describes
-- it (its result row). Serves wordle_play_on, wordle_play, wordle_guess_on and
-- wordle_reveal_letter_on (`long way` FALSE). `generation`: the caller's session generation
-- (NULL: not checked).
-- Each rule is decided in one place, on either way: the channel, day and puzzle by
-- _wordle_find_puzzle (which publishes today if need be), the word accepted by
-- _wordle_accept_guess, the player a name stands for by _wordle_player; here the game and its
-- lock, the session check, the game's state, the tries, hard mode, the repeated guess and the
-- hint, and _wordle_reveal_letter the letter. The usual move (a known channel, a published day
-- of today or before, a player with a kept access decision) first finds in one read what those
-- routines would: the channel, today in its zone (_wordle_local_date), the day's answer and
-- number, whether the guess as typed is a word of a channel that keeps accents, and the player
-- from its kept decision (player_access at the current access version, of this node and a
-- session above its mark, as _wordle_player keeps it; the node is _wordle_node()'s expression,
-- written out: the function call cost the usual move some 40 µs; so are, on the usual move's
-- way, _wordle_utc_now's, _wordle_local_date's in the read's join and _wordle_typed_word's:
-- about 12 µs a call, tests/game/test_guess_paths.py keeps each one rule); what the read does
-- not find, they find. `long way` TRUE skips the read (the tests play
-- both ways and compare).
-- The game is read by the unique key player_channel_day, named, and locked with its player's
-- row (SELECT ... FOR UPDATE: the one row, no gap; through the key `finished`, with the same
-- first columns, a search that finds nothing locks the next entry, another new player's game
-- under way, and waits for it), so a new session generation (_wordle_session_bump) waits for
-- the move or the move sees it; a move of any other generation than the player's is refused.
-- A missing game is made by _wordle_new_game; never found through LAST_INSERT_ID(). A player
-- _wordle_player made in this call (LAST_INSERT_ID() set to 0 before it, its id after: a flag,
-- never a row found by it) has no game: it is made first, then read. Any other player's game
-- is read first: a refused INSERT of an existing game would share-lock the gap before its key
-- entry, where the player made before it makes its new games. The long way reads first.
-- Errors: those of wordle_play_on and wordle_reveal_letter_on.
-- Reads: settings, channels, words, channel_words, puzzles, players, games, attempts,
-- letters, positions, revealed_letters, player_access, access_version. Writes: players, games,
-- attempts, revealed_letters, player_access.
-- revision: 0059
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_move(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_hard BOOLEAN, IN p_keyboard BOOLEAN, IN p_letter BOOLEAN,
    IN p_generation INT UNSIGNED, IN p_long_way BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a guess (and the keyboard after it if asked) or a letter hint'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_now DATETIME(6);
  DECLARE v_known BOOLEAN;
  DECLARE v_day, v_today DATE;
  DECLARE v_answer, v_guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_player, v_game, v_generation, v_position INT UNSIGNED;
  DECLARE v_tried BOOLEAN;
  DECLARE v_state VARCHAR(10);
  DECLARE v_hard BOOLEAN;
  DECLARE v_attempts, v_max, v_channel_tries, v_number, v_revealed, v_allowed INT;
  DECLARE v_hint VARCHAR(32) CHARACTER SET ascii;
  DECLARE v_message VARCHAR(255);
  DECLARE v_tries INT DEFAULT 0;
  DECLARE v_waits TINYINT UNSIGNED DEFAULT 0;  -- its lock wait timeouts (_wordle_lock_waited)
  DECLARE v_retry, v_created, v_new BOOLEAN;
  DECLARE v_last BIGINT UNSIGNED;  -- the caller's LAST_INSERT_ID()
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;

  submit: LOOP
    SET v_tries = v_tries + 1, v_retry = FALSE, v_created = FALSE, v_new = FALSE;
    BEGIN
      DECLARE EXIT HANDLER FOR 1213 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; SET v_retry = TRUE; END;
      DECLARE EXIT HANDLER FOR 1205 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; SET v_waits = v_waits + 1; CALL _wordle_lock_waited(v_waits); SET v_retry = TRUE; END;
      CALL _wordle_begin();
      IF p_long_way THEN  -- nothing of the read
        SET v_answer = NULL;
      ELSE  -- the usual move's context, else NULLs
        SET v_now = CONVERT_TZ(SYSDATE(6), @@SESSION.time_zone, '+00:00');  -- _wordle_utc_now()'s
        SELECT MAX(c.id), MAX(c.max_tries),
               MAX(IF(p_day IS NULL, p.day, _wordle_local_date(c.time_zone, v_now))),
               MAX(p.day), MAX(DATEDIFF(p.day, c.first_day)) + 1,
               MAX(IF(p_day IS NULL OR p_day <= _wordle_local_date(c.time_zone, v_now), w.word,
                      NULL)),  -- else an unknown zone (WD010), a future day (WD030): the long way
               MAX(c.accents NOT LIKE 'fold%' AND EXISTS (
                     SELECT 1 FROM words g JOIN channel_words cw ON cw.word_id = g.id
                     WHERE g.word = LOWER(p_guess) AND cw.channel_id = c.id)),
               MAX(a.player_id)
          INTO v_channel, v_channel_tries, v_today, v_day, v_number, v_answer, v_known, v_player
        FROM settings s
        JOIN channels c ON c.name = COALESCE(p_channel, s.value COLLATE utf8mb4_nopad_bin)
        JOIN puzzles p ON p.channel_id = c.id  -- today: _wordle_local_date's expression
                      AND p.day = COALESCE(p_day, DATE(IF(COALESCE(c.time_zone, 'UTC') IN ('UTC', '+00:00'), v_now,
                                                          CONVERT_TZ(v_now, '+00:00', c.time_zone))))
        JOIN words w ON w.id = p.word_id
        JOIN access_version v ON v.id = 1
        LEFT JOIN player_access a ON a.account = SESSION_USER() AND a.name = p_player
                                 AND a.version = v.version AND a.after < CONNECTION_ID()
                                 AND a.node = CONCAT(@@GLOBAL.hostname, ':', @@GLOBAL.port,
                                   IF(@@GLOBAL.skip_name_resolve, ' skip-name-resolve', ''))
        WHERE s.name = 'default_channel';
      END IF;
      IF v_answer IS NULL THEN  -- the long way: nothing of the read (the channel may differ now)
        SET v_player = NULL, v_known = NULL, v_channel_tries = NULL;
        CALL _wordle_find_puzzle(p_channel, p_day, v_channel, v_day, v_answer, v_number, v_today);
      END IF;
      SET v_guess = IF(v_known AND CHAR_LENGTH(LOWER(p_guess)) = CHAR_LENGTH(v_answer), LOWER(p_guess), NULL);  -- _wordle_typed_word's
      IF v_guess IS NULL AND NOT p_letter THEN
        CALL _wordle_accept_guess(v_channel, v_answer, p_guess, v_known, v_guess);
      END IF;
      IF v_player IS NULL THEN
        SET v_last = LAST_INSERT_ID();
        DO LAST_INSERT_ID(0);
        CALL _wordle_player(p_player, TRUE, v_player);
        SET v_new = NOT p_long_way AND LAST_INSERT_ID() = v_player;  -- made by this call
        IF NOT v_new THEN
          DO LAST_INSERT_ID(v_last);  -- the caller's, as a move that inserts nothing leaves it
        END IF;
      END IF;
      find: LOOP  -- the game, locked; no row: NULLs (v_new: made first)
        IF NOT v_new THEN
          SELECT MAX(g.id), MAX(g.state), MAX(g.hard), MAX(g.attempts), MAX(g.max_tries),
                 MAX(g.revealed), MAX(p.session_generation),
                 MAX(EXISTS (SELECT 1 FROM attempts t WHERE t.game_id = g.id AND t.guess = v_guess))
            INTO v_game, v_state, v_hard, v_attempts, v_max, v_revealed, v_generation, v_tried
          FROM games g FORCE INDEX (player_channel_day) JOIN players p ON p.id = g.player_id
          WHERE g.player_id = v_player AND g.channel_id = v_channel AND g.day = v_day FOR UPDATE;
          IF v_game IS NOT NULL OR v_created THEN
            LEAVE find;
          END IF;
        END IF;
        IF v_channel_tries IS NULL THEN
          SELECT MAX(max_tries) INTO v_channel_tries FROM channels WHERE id = v_channel;
        END IF;
        CALL _wordle_new_game(v_player, v_channel, v_day, v_today, v_channel_tries);
        SET v_created = TRUE, v_new = FALSE;
      END LOOP;
      IF v_game IS NULL THEN
        SIGNAL SQLSTATE 'WD060' SET MESSAGE_TEXT = 'that channel was removed while the move was made';
      END IF;
      IF p_generation IS NOT NULL AND NOT (p_generation <=> v_generation) THEN
        SIGNAL SQLSTATE 'WD096' SET MESSAGE_TEXT = 'this session has ended (signed out on another device, or signed up since): sign in again';
      END IF;
      IF v_state <> 'playing' THEN
        SET v_message = CONCAT('this game is over: ', IF(v_state = 'won', 'it was won', 'it was lost'));
        SIGNAL SQLSTATE 'WD035' SET MESSAGE_TEXT = v_message;
      END IF;
      IF p_letter THEN
        CALL _wordle_reveal_letter(v_game, v_channel, v_day, v_answer, v_revealed, v_position,
                                   v_allowed);
      ELSE
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
      END IF;
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
  IF p_letter THEN
    SELECT v_position AS position, SUBSTRING(v_answer, v_position, 1) AS letter,
           _wordle_int(v_revealed + 1) AS letters_revealed,
           _wordle_int(v_allowed - v_revealed - 1) AS hints_left;
  ELSE
    SELECT v_day AS day, v_number AS number, v_attempts AS attempt,
           v_guess AS guess, v_hint AS hint, v_state AS state, v_hard AS hard, v_max AS max_tries,
           IF(v_state = 'playing', NULL, v_answer) AS answer;
  END IF;
  IF p_keyboard THEN
    CALL _wordle_begin();  -- a read of its own: nothing of the guess waits for it
    CALL _wordle_keyboard(v_channel, v_game);
    COMMIT AND NO CHAIN NO RELEASE;
  END IF;
END
