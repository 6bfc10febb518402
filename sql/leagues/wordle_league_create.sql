-- wordle_league_create(player, generation, name, nickname, OUT code): creates a league of
-- `player` (its creator and first member, under `nickname`; NULL: 'player 1') and gives its
-- join code, shown this once (only a hash is kept; wordle_league_code makes a new one). `name`
-- is 1 to 40 characters, unique among the player's leagues (case does not count).
-- Result: one row (league, nickname, code); the code also in the OUT parameter, so SQL can
-- pass it on (CALL wordle_league_create('ann', NULL, 'Office', NULL, @code)).
-- Errors: WD096 that session has ended, WD080 bad name, WD081 bad nickname, WD083 the player
-- has a league of that name, WD038, WD039 (see wordle_play).
-- WD025 the database stayed busy: a row it writes stayed locked by another session.
-- Reads: settings, server_accounts, players, league_members. Writes: players, leagues,
-- league_members.
-- `generation`: the session generation of the caller's session, checked in this transaction
-- (see _wordle_league_session; NULL: not checked, for a front end with sessions of its own; a
-- player that does not exist yet has no session to end).
-- revision: 0056
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_league_create(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_generation INT UNSIGNED,
    IN p_name MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_nickname MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_code CHAR(32) CHARACTER SET ascii)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Create a league and get its join code'
BEGIN
  DECLARE v_player, v_league INT UNSIGNED;
  DECLARE v_code CHAR(32) CHARACTER SET ascii;
  DECLARE v_nickname VARCHAR(24) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  DECLARE EXIT HANDLER FOR 1205 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; CALL _wordle_lock_waited(FALSE); END;
  CALL _wordle_begin();
  IF NOT (_wordle_league_text(p_name, 40) AND _wordle_one_alphabet(p_name)) THEN
    SIGNAL SQLSTATE 'WD080' SET MESSAGE_TEXT = 'a league name must be 1 to 40 characters of one alphabet, without control, invisible or direction characters or surrounding spaces';
  END IF;
  IF p_nickname IS NOT NULL AND NOT _wordle_league_nickname(p_nickname) THEN
    SIGNAL SQLSTATE 'WD081' SET MESSAGE_TEXT = 'a nickname must be 1 to 24 characters of one alphabet, without control, invisible or direction characters or surrounding spaces';
  END IF;
  CALL _wordle_player(p_player, TRUE, v_player);
  CALL _wordle_league_session(v_player, p_generation, TRUE);  -- its row, before any league's
  -- a placeholder hash, replaced at once by the code's: RANDOM_BYTES never collides
  INSERT INTO leagues (name, creator_id, code_hash, created_at)
  VALUES (p_name, v_player, RANDOM_BYTES(32), SYSDATE(6));
  SET v_league = (SELECT id FROM leagues WHERE creator_id = v_player AND name = p_name
                  ORDER BY id DESC LIMIT 1);
  CALL _wordle_league_member(v_league, v_player, p_name, p_nickname, v_nickname);
  CALL _wordle_league_code(v_league, v_code);
  SET o_code = v_code;
  SELECT p_name AS league, v_nickname AS nickname, v_code AS code;
  COMMIT AND NO CHAIN NO RELEASE;
END
