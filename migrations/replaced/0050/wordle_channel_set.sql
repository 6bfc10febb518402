-- wordle_channel_set(name, key, value): change one setting of a channel (administrators):
-- max_tries, letter_hints, time_zone, first_day or language (see _wordle_channel_change).
-- Games already started keep their max_tries. Result: the channel's row of wordle_channels.
-- Errors: WD060 no such channel, WD011 the value is refused.
-- Reads: settings, channels, puzzles. Writes: channels.
-- revision: 0042
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_channel_set(
    IN p_name MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_key MEDIUMTEXT CHARACTER SET utf8mb4, IN p_value MEDIUMTEXT CHARACTER SET utf8mb4)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Change a channel setting (administrators)'
BEGIN
  DECLARE v_id SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_name, v_id, v_today);
  CALL _wordle_channel_change(v_id, p_key, p_value);
  CALL _wordle_channel_list((SELECT name FROM channels WHERE id = v_id), TRUE);
  COMMIT AND NO CHAIN NO RELEASE;
END
