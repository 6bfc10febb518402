-- wordle_daily_publish: an event that publishes today's puzzle of every channel from inside
-- the database, for sites without cron. Installed by `wordle-db schedule --event`, not by
-- migrations (0007 replaces it where it exists). It runs every five minutes and does nothing
-- once today is published, so it follows each channel's time zone whatever zone the event
-- itself was created in. Needs event_scheduler=ON.
-- Reads/writes: see _wordle_publish_every_channel.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' EVENT wordle_daily_publish
ON SCHEDULE EVERY 5 MINUTE
ON COMPLETION PRESERVE ENABLE
COMMENT 'Publish today''s puzzle of every channel if it is not published yet'
DO CALL _wordle_publish_every_channel()
