-- _wordle_publish_every_channel(): internal. Publish today's puzzle of every channel (today in
-- each channel's zone) unless it is published: what wordle_publish_today and the daily event
-- call. A channel the game refuses to publish (an error of class WD: its answers ran out, its
-- first day is still to come) is reported and the others are still published; any other error
-- stops the call (the event runs again five minutes later).
-- Result: one row per channel, by name (channel, day, number, published, picked, refusal):
-- published is 1 when this call published the day, 0 when it already was; refusal is the
-- message of the error that refused the channel (then day, number, published and picked are NULL).
-- Reads/writes: see _wordle_publish.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_publish_every_channel()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: publish today in every channel, one row per channel'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED DEFAULT 0;
  DECLARE v_day DATE;
  DECLARE v_published BOOLEAN;
  DECLARE v_state CHAR(5) CHARACTER SET ascii;
  DECLARE v_refusal VARCHAR(512) CHARACTER SET utf8mb4;
  DECLARE v_done LONGTEXT CHARACTER SET utf8mb4 DEFAULT '[]';  -- a JSON array, one object a channel
  CALL _wordle_begin();
  next_channel: LOOP
    SELECT MIN(id) INTO v_channel FROM channels WHERE id > v_channel;
    IF v_channel IS NULL THEN
      LEAVE next_channel;
    END IF;
    SET v_day = NULL, v_published = NULL, v_refusal = NULL;
    BEGIN
      DECLARE EXIT HANDLER FOR SQLEXCEPTION
      BEGIN
        GET DIAGNOSTICS CONDITION 1 v_state = RETURNED_SQLSTATE, v_refusal = MESSAGE_TEXT;
        IF v_state NOT LIKE 'WD%' THEN
          RESIGNAL;
        END IF;
      END;
      SET v_day = (SELECT _wordle_date_in(time_zone) FROM channels WHERE id = v_channel);
      CALL _wordle_publish(v_channel, v_day, NULL, v_published);
    END;
    SET v_done = JSON_ARRAY_APPEND(v_done, '$', JSON_OBJECT(
      'id', v_channel, 'published', v_published, 'refusal', v_refusal,
      'day', IF(v_refusal IS NULL, v_day, NULL)));
  END LOOP;
  CALL _wordle_begin();
  SELECT c.name AS channel, p.day, DATEDIFF(p.day, c.first_day) + 1 AS number,
         d.published, p.picked, d.refusal
  FROM JSON_TABLE(v_done, '$[*]' COLUMNS (
         id SMALLINT UNSIGNED PATH '$.id',
         published BOOLEAN PATH '$.published' NULL ON ERROR,
         refusal VARCHAR(512) CHARACTER SET utf8mb4 PATH '$.refusal' NULL ON ERROR,
         day DATE PATH '$.day' NULL ON ERROR)) d
  JOIN channels c ON c.id = d.id
  LEFT JOIN puzzles p ON p.channel_id = d.id AND p.day = d.day
  ORDER BY c.name;
  COMMIT AND NO CHAIN NO RELEASE;
END
