-- wordle_today(): today's date in the configured time zone (setting time_zone, default UTC),
-- whatever the server's or the session's zone, and from the real clock: SYSDATE(), which
-- `SET timestamp` does not move (NOW() and UTC_TIMESTAMP() would follow it). The one
-- definition of "today". Also refuses hostile session settings (_wordle_session_check).
-- Error WD010 when the zone is unknown to the server; WD012 (see _wordle_session_check).
-- Reads: settings.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION wordle_today()
RETURNS DATE
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Today in the configured time zone, from the real clock'
BEGIN
  DECLARE zone VARCHAR(255) DEFAULT COALESCE(wordle_setting('time_zone'), 'UTC');
  DECLARE utc_now DATETIME DEFAULT CONVERT_TZ(SYSDATE(), @@SESSION.time_zone, '+00:00');
  DECLARE now_there DATETIME DEFAULT IF(zone IN ('UTC', '+00:00'), utc_now,
                                        CONVERT_TZ(utc_now, '+00:00', zone));
  CALL _wordle_session_check();
  IF now_there IS NULL THEN
    SIGNAL SQLSTATE 'WD010' SET MESSAGE_TEXT = 'the configured time zone is unknown to the server (load its zone tables with mariadb-tzinfo-to-sql, or use an offset such as +02:00)';
  END IF;
  RETURN DATE(now_there);
END
