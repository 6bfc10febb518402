-- _wordle_league(player id, name, OUT league id, OUT creator): internal. The league named
-- `name` among the leagues player `player id` is a member of (names are unique among one
-- player's leagues, whatever their case), and whether the player created it. Error WD082 when
-- the player is in no league of that name: the same for a league that exists elsewhere and
-- one that does not (no oracle of other players' leagues).
-- Reads: league_members, leagues.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_league(
    IN p_player INT UNSIGNED, IN p_name MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_league INT UNSIGNED, OUT o_creator BOOLEAN)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: one of a player''s leagues by its name'
BEGIN
  DECLARE v_message VARCHAR(255) CHARACTER SET utf8mb4;
  SET o_league = NULL;
  IF p_player IS NOT NULL AND _wordle_league_text(p_name, 40) THEN
    SELECT MAX(m.league_id), MAX(l.creator_id = p_player) INTO o_league, o_creator
    FROM league_members m JOIN leagues l ON l.id = m.league_id
    WHERE m.player_id = p_player AND m.league_name = p_name COLLATE utf8mb4_unicode_ci;
  END IF;
  IF o_league IS NULL THEN
    SET v_message = CONCAT('this player is in no league named ', _wordle_quote(LEFT(COALESCE(p_name, ''), 40)),
                           ' (wordle-db league list shows yours)');
    SIGNAL SQLSTATE 'WD082' SET MESSAGE_TEXT = v_message;
  END IF;
END
