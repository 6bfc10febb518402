-- wordle_leagues(player): the player's leagues (none for a player that does not exist yet).
-- Result: rows (league, nickname: the player's own in it, creator: whether the player created
-- it, members, joined_at), by league name.
-- Errors: WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, players, leagues, league_members.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_leagues(
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'A player''s leagues'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_player(p_player, FALSE, v_player);
  SELECT l.name AS league, m.nickname, l.creator_id = v_player AS creator,
         (SELECT COUNT(*) FROM league_members x WHERE x.league_id = l.id) AS members, m.joined_at
  FROM league_members m JOIN leagues l ON l.id = m.league_id
  WHERE m.player_id = v_player
  ORDER BY l.name, l.id;
  COMMIT AND NO CHAIN NO RELEASE;
END
