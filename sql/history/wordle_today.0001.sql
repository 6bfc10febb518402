-- wordle_today(): today's date in the configured time zone (setting time_zone, default UTC),
-- whatever the server's or the session's zone. The one definition of "today".
-- Error WD010 when the zone is unknown to the server.
-- Reads: settings.
-- revision: 0001
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_today()
RETURNS DATE
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Today in the configured time zone'
BEGIN
  DECLARE zone VARCHAR(255) DEFAULT COALESCE(wordle_setting('time_zone'), 'UTC');
  DECLARE now_there DATETIME DEFAULT IF(zone IN ('UTC', '+00:00'), UTC_TIMESTAMP(),
                                        CONVERT_TZ(UTC_TIMESTAMP(), '+00:00', zone));
  IF now_there IS NULL THEN
    SIGNAL SQLSTATE 'WD010' SET MESSAGE_TEXT = 'the configured time zone is unknown to the server (load its zone tables with mariadb-tzinfo-to-sql, or use an offset such as +02:00)';
  END IF;
  RETURN DATE(now_there);
END
