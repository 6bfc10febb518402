-- wordle_publish_word_on(channel, day, word): an editor's pick: publish a channel's `day`
-- (NULL: today) with `word`, an answer word of the channel never published in it (folded in a
-- channel that folds accents). The same word again changes nothing; a day that already has
-- another word is an error. For administrators only: the answers it gives would tell anyone
-- else whether a word is a day's word. Result: one row (channel, day, number, published,
-- picked).
-- Errors: see _wordle_publish (WD021-WD025), WD060 no such channel, WD010, WD012.
-- Reads/writes: see _wordle_publish.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_publish_word_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_word VARCHAR(255))
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Publish a channel''s day with a chosen word (administrators)'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today, v_day DATE;
  DECLARE v_published BOOLEAN;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  SET v_day = COALESCE(p_day, v_today);
  IF p_word IS NULL THEN
    SIGNAL SQLSTATE 'WD022' SET MESSAGE_TEXT = 'the chosen word is not an answer word of this channel';
  END IF;
  CALL _wordle_publish(v_channel, v_day, p_word, v_published);
  CALL _wordle_begin();
  CALL _wordle_publication(v_channel, v_day, v_published);
  COMMIT AND NO CHAIN NO RELEASE;
END
