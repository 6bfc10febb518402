-- wordle_channels_brief(): wordle_channels() without its counts: the same rows and columns,
-- with words, answers and answers_left NULL. Counting costs the server a scan of every
-- channel's lists (about 1 ms a channel of 15,000 words); this costs a few reads. What a page
-- that lists the channels calls on every load.
-- Reads: settings, channels.
-- revision: 0042
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_channels_brief()
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'The channels and their settings, without counts'
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel_list(NULL, FALSE);
  COMMIT AND NO CHAIN NO RELEASE;
END
