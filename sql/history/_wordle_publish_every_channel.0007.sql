-- _wordle_publish_every_channel(): internal. Publish today's puzzle of every channel (today in
-- each channel's zone) unless it is published. A channel that cannot be published (its
-- answers ran out, its first day is still to come) is skipped: the others are still published.
-- What the daily event calls.
-- Reads/writes: see _wordle_publish.
-- revision: 0007
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_publish_every_channel()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: publish today in every channel'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED DEFAULT 0;
  DECLARE v_published BOOLEAN;
  next_channel: LOOP
    SET v_channel = (SELECT MIN(id) FROM channels WHERE id > v_channel);
    IF v_channel IS NULL THEN
      LEAVE next_channel;
    END IF;
    BEGIN
      DECLARE CONTINUE HANDLER FOR SQLEXCEPTION BEGIN END;  -- that channel only
      CALL _wordle_publish(v_channel, (SELECT _wordle_date_in(time_zone) FROM channels WHERE id = v_channel),
                           NULL, v_published);
    END;
  END LOOP;
END
