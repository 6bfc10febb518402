-- wordle_publish_today(): publish today's puzzle of every channel, each on its own today (its
-- time zone), with a random answer word never published in it; a channel already published
-- today is left as it is. What `wordle-db publish-today` and the daily event do. A channel the
-- game refuses to publish (no answer left, its first day still to come) does not stop the
-- others: its row says why. The words are never returned.
-- Result: one row per channel, by name (channel, day, number, published, picked, refusal);
-- published is 1 when this call published the day, 0 when it already was; refusal is NULL, or
-- the message of the refusal (class WD: WD020, WD024, WD010, WD025) with the other columns NULL.
-- Errors: WD012 (session settings, before any channel); errors of other classes.
-- Reads/writes: see _wordle_publish.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_publish_today()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Publish today''s puzzle of every channel (idempotent); never returns the words'
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_publish_every_channel();
END
