-- _wordle_league_member(league id, player id, league name, nickname): internal. Adds the
-- player to the league under `nickname` (NULL: 'player N', the first N free in the league,
-- the next one when a racing join takes it). A nickname that looks like another member's
-- (_wordle_lookalike_key: ВОВ, B0B or b o b beside BOB) is taken, as the same one is; the
-- key is the one rule (🦊 and 🐻, which utf8mb4_unicode_ci weighs alike, are two nicknames).
-- Its reads lock nothing (SELECT ... INTO, plain reads in a read-write transaction).
-- Errors: WD081 a bad or taken nickname, WD083 the player is already in another league of
-- that name.
-- Reads: league_members, lookalikes. Writes: league_members.
-- revision: 0056
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_league_member(
    IN p_league INT UNSIGNED, IN p_player INT UNSIGNED,
    IN p_name VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci,
    IN p_nickname MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    OUT o_nickname VARCHAR(24) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: add a member to a league'
BEGIN
  DECLARE v_n, v_tries INT DEFAULT 0;
  DECLARE v_taken BOOLEAN DEFAULT FALSE;
  DECLARE v_message VARCHAR(512) CHARACTER SET utf8mb4;  -- a message is at most 512 characters
  DECLARE v_in BOOLEAN;
  SELECT EXISTS (SELECT 1 FROM league_members WHERE player_id = p_player AND league_name = p_name)
    INTO v_in;
  IF v_in THEN
    SET v_message = CONCAT('this player is already in a league named ', _wordle_quote(p_name),
                           ': leave it first (league names are unique among a player''s leagues)');
    SIGNAL SQLSTATE 'WD083' SET MESSAGE_TEXT = v_message;
  END IF;
  IF p_nickname IS NOT NULL AND NOT _wordle_league_nickname(p_nickname) THEN
    SIGNAL SQLSTATE 'WD081' SET MESSAGE_TEXT = 'a nickname must be 1 to 24 characters of one alphabet, without control, invisible or direction characters or surrounding spaces';
  END IF;
  SELECT COUNT(*) INTO v_n FROM league_members WHERE league_id = p_league;
  adding: LOOP
    IF p_nickname IS NULL THEN  -- the first 'player N' free; a racing join may take it first
      SET v_n = v_n + 1, o_nickname = CONCAT('player ', v_n);
      SELECT EXISTS (SELECT 1 FROM league_members WHERE league_id = p_league
                     AND nickname_key = _wordle_lookalike_key(o_nickname)) INTO v_in;
      IF v_in THEN
        ITERATE adding;
      END IF;
    ELSE
      SET o_nickname = p_nickname;
    END IF;
    SET v_taken = FALSE, v_tries = v_tries + 1;
    BEGIN
      DECLARE CONTINUE HANDLER FOR 1062 SET v_taken = TRUE;
      INSERT INTO league_members (league_id, player_id, league_name, nickname, nickname_key, joined_at)
      VALUES (p_league, p_player, p_name, o_nickname, _wordle_lookalike_key(o_nickname), SYSDATE(6));
    END;
    IF NOT v_taken THEN
      LEAVE adding;
    END IF;
    IF p_nickname IS NOT NULL OR v_tries >= 50 THEN
      SET v_message = CONCAT('the nickname ', _wordle_quote(o_nickname), ' is taken in this league, or looks like one that is (or the player just joined another league of that name): choose another');
      SIGNAL SQLSTATE 'WD081' SET MESSAGE_TEXT = v_message;
    END IF;
  END LOOP adding;
END
