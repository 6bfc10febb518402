-- wordle_publish_on(channel, day): publish the puzzle of a channel's `day` (NULL channel: the
-- default one; NULL day: today in the channel's zone) with a random answer word of the channel
-- never published in it. A day that already has its word is left as it is and reported. The
-- word itself is never returned. Administrators may publish any day from the channel's
-- first_day on; every other account (the publisher role) only today and up to setting
-- publish_ahead days ahead. Result: one row (channel, day, number, published, picked);
-- published is 1 when this call published the day, 0 when it was already published.
-- Errors: see _wordle_publish (WD020, WD024, WD025), WD026 outside the publishing window,
-- WD060 no such channel, WD010 (unknown time zone), WD012 (session settings).
-- Reads/writes: see _wordle_publish; also reads mysql.user, mysql.db, mysql.roles_mapping.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_publish_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Publish a channel''s puzzle of a day at random (idempotent); never returns the word'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today, v_day DATE;
  DECLARE v_published BOOLEAN;
  DECLARE v_message VARCHAR(255);
  DECLARE v_role VARCHAR(16) CHARACTER SET ascii;
  DECLARE v_login VARCHAR(128) CHARACTER SET utf8mb4;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  SET v_day = COALESCE(p_day, v_today);
  CALL _wordle_caller_role(v_role, v_login);
  IF v_role <> 'admin' AND (v_day < v_today OR v_day > v_today
       + INTERVAL CAST(wordle_setting('publish_ahead') AS UNSIGNED) DAY) THEN
    SET v_message = CONCAT('this account publishes today up to ', wordle_setting('publish_ahead'),
                           ' days ahead only (setting publish_ahead); past days are for administrators');
    SIGNAL SQLSTATE 'WD026' SET MESSAGE_TEXT = v_message;
  END IF;
  CALL _wordle_publish(v_channel, v_day, NULL, v_published);
  CALL _wordle_begin();
  CALL _wordle_publication(v_channel, v_day, v_published);
  COMMIT AND NO CHAIN NO RELEASE;
END
