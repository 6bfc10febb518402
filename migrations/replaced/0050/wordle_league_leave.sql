-- wordle_league_leave(player, generation, league): the player leaves one of its leagues. When
-- its creator leaves, the member who joined first after it becomes the creator; the last
-- member leaving deletes the league.
-- Result: one row (league, members: how many remain).
-- Errors: WD096 that session has ended, WD082 no such league of the player's, WD038, WD039
-- (see wordle_play).
-- Reads: settings, server_accounts, players, leagues, league_members. Writes: leagues,
-- league_members.
-- `generation`: the session generation of the caller's session, checked in this transaction
-- (see _wordle_league_session; NULL: not checked, for a front end with sessions of its own; a
-- player that does not exist yet has no session to end).
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_league_leave(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_generation INT UNSIGNED,
    IN p_league MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Leave a league'
BEGIN
  DECLARE v_player, v_league, v_next INT UNSIGNED;
  DECLARE v_creator BOOLEAN;
  DECLARE v_name VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_player(p_player, FALSE, v_player);
  CALL _wordle_league_session(v_player, p_generation, FALSE);  -- before its leagues are read
  CALL _wordle_league(v_player, p_league, v_league, v_creator);
  -- the league's row first, as every change of its members does: who created it is read
  -- under that lock (a creator leaving at the same time may just have passed it on)
  SELECT name, creator_id = v_player INTO v_name, v_creator FROM leagues WHERE id = v_league FOR UPDATE;
  DELETE FROM league_members WHERE league_id = v_league AND player_id = v_player;
  SET v_next = (SELECT player_id FROM league_members WHERE league_id = v_league
                ORDER BY joined_at, player_id LIMIT 1);
  -- the players' rows after the league's, in the order of their ids: the leaver's (its
  -- session) and a creator's heir's (which handing the league on reads through the foreign
  -- key), the heir's first when its id is the smaller
  IF v_creator AND v_next < v_player THEN
    SELECT id INTO v_next FROM players WHERE id = v_next LOCK IN SHARE MODE;
  END IF;
  CALL _wordle_league_session(v_player, p_generation, TRUE);
  IF v_next IS NULL THEN
    DELETE FROM leagues WHERE id = v_league;
  ELSEIF v_creator THEN
    UPDATE leagues SET creator_id = v_next WHERE id = v_league;
  END IF;
  SELECT v_name AS league,
         _wordle_int((SELECT COUNT(*) FROM league_members WHERE league_id = v_league)) AS members;
  COMMIT AND NO CHAIN NO RELEASE;
END
