-- _wordle_date_in(zone): internal. Today's date in time zone `zone` (NULL: UTC), whatever the
-- server's or the session's zone, from the real clock (_wordle_utc_now: SYSDATE(), which
-- `SET timestamp` does not move) through _wordle_local_date. The one definition of "today":
-- wordle_today() gives it the zone setting, and so do the routines that have read it already.
-- Error WD010 when the zone is unknown to the server.
-- Reads: nothing.
-- revision: 0038
CREATE OR REPLACE FUNCTION _wordle_date_in(p_zone VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS DATE
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: today in a time zone, from the real clock'
BEGIN
  DECLARE v_today DATE DEFAULT _wordle_local_date(p_zone, _wordle_utc_now());
  IF v_today IS NULL THEN
    SIGNAL SQLSTATE 'WD010' SET MESSAGE_TEXT = 'the configured time zone is unknown to the server (load its zone tables with mariadb-tzinfo-to-sql, or use an offset such as +02:00)';
  END IF;
  RETURN v_today;
END
