-- wordle_channel_remove(name, force): delete a channel with its puzzles, pool, alphabet and
-- word memberships (administrators). Refused while players have games in it unless `force`
-- (then its games, attempts and revealed letters go too), and for the default channel.
-- Words stay in `words` (other channels may share them). Result: one row (channel, games).
-- Errors: WD060 no such channel, WD063 games exist or it is the default channel.
-- Reads/writes: channels, channel_words, letters, answer_pool, puzzles, games, attempts,
-- revealed_letters; reads settings.
-- WD025 the database stayed busy: a row it writes stayed locked by another session.
-- revision: 0050
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_channel_remove(
    IN p_name MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_force BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Delete a channel (administrators)'
BEGIN
  DECLARE v_id SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_name VARCHAR(16) CHARACTER SET utf8mb4;
  DECLARE v_games INT;
  DECLARE v_message VARCHAR(255);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  DECLARE EXIT HANDLER FOR 1205 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; CALL _wordle_lock_waited(FALSE); END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_name, v_id, v_today);
  SELECT name INTO v_name FROM channels WHERE id = v_id FOR UPDATE;
  IF v_id = (SELECT id FROM channels WHERE name = (SELECT value FROM settings WHERE name = 'default_channel')) THEN
    SET v_message = CONCAT(v_name, ' is the default channel: choose another first (setting default_channel)');
    SIGNAL SQLSTATE 'WD063' SET MESSAGE_TEXT = v_message;
  END IF;
  SET v_games = (SELECT COUNT(*) FROM games WHERE channel_id = v_id);
  IF v_games > 0 AND NOT COALESCE(p_force, FALSE) THEN
    SET v_message = CONCAT('channel ', v_name, ' has ', v_games, ' games: remove it with force to delete them too');
    SIGNAL SQLSTATE 'WD063' SET MESSAGE_TEXT = v_message;
  END IF;
  DELETE a FROM attempts a JOIN games g ON g.id = a.game_id WHERE g.channel_id = v_id;
  DELETE r FROM revealed_letters r JOIN games g ON g.id = r.game_id WHERE g.channel_id = v_id;
  DELETE FROM games WHERE channel_id = v_id;
  DELETE FROM puzzles WHERE channel_id = v_id;
  DELETE FROM answer_pool WHERE channel_id = v_id;
  DELETE FROM letters WHERE channel_id = v_id;
  DELETE FROM channel_words WHERE channel_id = v_id;
  DELETE FROM channels WHERE id = v_id;
  COMMIT AND NO CHAIN NO RELEASE;
  SELECT v_name AS channel, v_games AS games;
END
