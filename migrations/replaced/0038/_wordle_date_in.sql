-- _wordle_date_in(zone): internal. Today's date in time zone `zone` (NULL: UTC), whatever the
-- server's or the session's zone, from the real clock: SYSDATE(), which `SET timestamp` does
-- not move (NOW() and UTC_TIMESTAMP() would follow it). The one definition of "today":
-- wordle_today() gives it the zone setting, and so do the routines that have read it already.
-- Error WD010 when the zone is unknown to the server.
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE FUNCTION _wordle_date_in(p_zone VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS DATE
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: today in a time zone, from the real clock'
BEGIN
  DECLARE utc_now DATETIME DEFAULT CONVERT_TZ(SYSDATE(), @@SESSION.time_zone, '+00:00');
  DECLARE now_there DATETIME DEFAULT IF(COALESCE(p_zone, 'UTC') IN ('UTC', '+00:00'), utc_now,
                                        CONVERT_TZ(utc_now, '+00:00', p_zone));
  IF now_there IS NULL THEN
    SIGNAL SQLSTATE 'WD010' SET MESSAGE_TEXT = 'the configured time zone is unknown to the server (load its zone tables with mariadb-tzinfo-to-sql, or use an offset such as +02:00)';
  END IF;
  RETURN DATE(now_there);
END
