-- wordle_league_join(player, generation, code, nickname): joins the league whose join code is
-- `code`, under `nickname` (NULL: 'player N'). The code is looked up by its SHA-256 only; a
-- wrong code and a withdrawn one get the same WD084, and 128 random bits leave nothing to
-- guess. Joining a league the player is in already changes nothing.
-- Result: one row (league, nickname, members).
-- Errors: WD096 that session has ended, WD084 no league has that code, WD081 bad or taken
-- nickname, WD083 the player is in another league of that name, WD025 the database stayed
-- busy (a deadlock with other joins, tried again ten times), WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, players, leagues, league_members. Writes: players,
-- league_members.
-- `generation`: the session generation of the caller's session, checked in this transaction
-- (see _wordle_league_session; NULL: not checked, for a front end with sessions of its own; a
-- player that does not exist yet has no session to end).
-- revision: 0050
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_league_join(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_generation INT UNSIGNED,
    IN p_code MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_nickname MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Join a league with its code'
BEGIN
  DECLARE v_player, v_league INT UNSIGNED;
  DECLARE v_code VARCHAR(64) CHARACTER SET ascii;
  DECLARE v_name VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
  DECLARE v_nickname VARCHAR(24) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
  DECLARE v_members, v_tries INT DEFAULT 0;
  DECLARE v_retry BOOLEAN;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_league = NULL;  -- no league has the code
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  IF p_code IS NULL OR LOWER(TRIM(p_code)) NOT REGEXP '^[0-9a-f]{32}$' THEN
    SIGNAL SQLSTATE 'WD084' SET MESSAGE_TEXT = 'a join code is 32 letters and digits (0-9, a-f)';
  END IF;
  SET v_code = LOWER(TRIM(p_code));
  joining: LOOP
    SET v_tries = v_tries + 1, v_retry = FALSE;
    BEGIN
      -- Players joining one league at once insert next to each other in league_members, whose
      -- duplicate checks lock the gap: one of them may be chosen as a deadlock's victim. The
      -- whole join is tried again, after a random pause, as a guess is. A lock wait that timed
      -- out (1205) has waited its whole time already: busy at once, never waited again.
      DECLARE EXIT HANDLER FOR 1213 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; SET v_retry = TRUE; END;
      DECLARE EXIT HANDLER FOR 1205 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; CALL _wordle_lock_waited(TRUE); SET v_retry = TRUE; END;
      CALL _wordle_begin();
      -- The league's row first, share-locked by its key (a last member leaving, which deletes
      -- it, waits, or went first), the code read again under the lock; then the player's rows
      -- (its access decision's foreign key, its session). A locking read through the code's
      -- index, or the player first, locked in another order than a new code, a last member
      -- leaving or a creator handing the league on to this player do: deadlocks
      -- (tests/leagues/test_league_locking.py).
      SELECT MAX(id) INTO v_league FROM leagues WHERE code_hash = UNHEX(SHA2(v_code, 256));
      SELECT id, name INTO v_league, v_name FROM leagues
      WHERE id = v_league AND code_hash = UNHEX(SHA2(v_code, 256)) LOCK IN SHARE MODE;
      IF v_league IS NULL THEN
        SIGNAL SQLSTATE 'WD084' SET MESSAGE_TEXT = 'no league has that join code (ask its creator for the current one)';
      END IF;
      CALL _wordle_player(p_player, TRUE, v_player);
      CALL _wordle_league_session(v_player, p_generation, TRUE);
      SELECT MAX(nickname) INTO v_nickname FROM league_members WHERE league_id = v_league AND player_id = v_player;
      IF v_nickname IS NULL THEN
        CALL _wordle_league_member(v_league, v_player, v_name, p_nickname, v_nickname);
      END IF;
      -- SELECT ... INTO: a plain read, which locks nothing (SET v = (SELECT ...) would
      -- share-lock the rows other joins are inserting: deadlocks)
      SELECT COUNT(*) INTO v_members FROM league_members WHERE league_id = v_league;
      COMMIT AND NO CHAIN NO RELEASE;
    END;
    IF NOT v_retry THEN
      LEAVE joining;
    END IF;
    IF v_tries >= 10 THEN
      SIGNAL SQLSTATE 'WD025' SET MESSAGE_TEXT = 'the database stayed busy: try again';
    END IF;
    DO SLEEP(_wordle_random(1000) / 1000 * 0.01 * v_tries);
  END LOOP;
  SELECT v_name AS league, v_nickname AS nickname, v_members AS members;
END
