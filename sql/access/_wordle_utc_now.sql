-- _wordle_utc_now(): internal. The time now in UTC from the real clock, whatever the session
-- says: SYSDATE(6), which `SET timestamp` does not move (NOW() and UTC_TIMESTAMP() follow it),
-- read back from the session's zone. What every expiry compares with; kept in DATETIME(6)
-- columns, which a session's time_zone does not shift (TIMESTAMP columns would).
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE FUNCTION _wordle_utc_now()
RETURNS DATETIME(6)
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: now in UTC, from the real clock'
RETURN CONVERT_TZ(SYSDATE(6), @@SESSION.time_zone, '+00:00')
