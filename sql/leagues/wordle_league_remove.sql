-- wordle_league_remove(player, generation, league, nickname): the league's creator removes the
-- member of that nickname: the one whose nickname is exactly it (binary), else the one whose
-- nickname is the same name in another case or accent (the weights a join compares), else
-- one that looks like it (members are known to each other by nickname only:
-- _wordle_lookalike_key).
-- Members 0049 let in may look alike (0050 kept both, the later one's key made of its id):
-- each is removed by its own nickname. They may join again with a code they hold: withdraw it
-- with wordle_league_code.
-- Result: one row (league, removed: the nickname, members: how many remain).
-- Errors: WD096 that session has ended, WD082 no such league of the player's, WD085 the player
-- did not create it, WD086 no other member has that nickname, WD038, WD039 (see wordle_play).
-- WD025 the database stayed busy: a row it writes stayed locked by another session.
-- Reads: settings, server_accounts, players, leagues, league_members. Writes: league_members.
-- `generation`: the session generation of the caller's session, checked in this transaction
-- (see _wordle_league_session; NULL: not checked, for a front end with sessions of its own; a
-- player that does not exist yet has no session to end).
-- revision: 0056
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_league_remove(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_generation INT UNSIGNED,
    IN p_league MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_nickname MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Remove a member from a league (its creator only)'
BEGIN
  DECLARE v_player, v_league, v_member INT UNSIGNED;
  DECLARE v_creator BOOLEAN;
  DECLARE v_nickname VARCHAR(24) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
  DECLARE v_message VARCHAR(512) CHARACTER SET utf8mb4;  -- a message is at most 512 characters
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  DECLARE EXIT HANDLER FOR 1205 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; CALL _wordle_lock_waited(FALSE); END;
  CALL _wordle_begin();
  CALL _wordle_player(p_player, FALSE, v_player);
  CALL _wordle_league_session(v_player, p_generation, FALSE);  -- before its leagues are read
  CALL _wordle_league(v_player, p_league, v_league, v_creator);
  -- who created it, read under the lock every change of its members takes first
  SELECT creator_id = v_player INTO v_creator FROM leagues WHERE id = v_league FOR UPDATE;
  CALL _wordle_league_session(v_player, p_generation, TRUE);  -- the player's row after the league's
  IF NOT v_creator THEN
    SIGNAL SQLSTATE 'WD085' SET MESSAGE_TEXT = 'only the league''s creator may remove members';
  END IF;
  IF _wordle_league_text(p_nickname, 24) THEN  -- as typed, else the same name (case), else its look
    SELECT MAX(player_id), MAX(nickname) INTO v_member, v_nickname FROM league_members
    WHERE league_id = v_league AND nickname COLLATE utf8mb4_nopad_bin = p_nickname AND player_id <> v_player;
    IF v_member IS NULL THEN
      SELECT MAX(player_id), MAX(nickname) INTO v_member, v_nickname FROM league_members
      WHERE league_id = v_league AND player_id <> v_player
        AND nickname_weights = UNHEX(SHA2(WEIGHT_STRING(p_nickname COLLATE utf8mb4_uca1400_ai_ci, 0, 0, 1), 256));
    END IF;
    IF v_member IS NULL THEN
      SELECT MAX(player_id), MAX(nickname) INTO v_member, v_nickname FROM league_members
      WHERE league_id = v_league AND nickname_key = _wordle_lookalike_key(p_nickname) AND player_id <> v_player;
    END IF;
  END IF;
  IF v_member IS NULL THEN
    SET v_message = CONCAT('no other member of this league is nicknamed ', _wordle_quote(LEFT(COALESCE(p_nickname, ''), 24)),
                           ' (to go yourself: league leave)');
    SIGNAL SQLSTATE 'WD086' SET MESSAGE_TEXT = v_message;
  END IF;
  DELETE FROM league_members WHERE league_id = v_league AND player_id = v_member;
  SELECT (SELECT name FROM leagues WHERE id = v_league) AS league, v_nickname AS removed,
         _wordle_int((SELECT COUNT(*) FROM league_members WHERE league_id = v_league)) AS members;
  COMMIT AND NO CHAIN NO RELEASE;
END
