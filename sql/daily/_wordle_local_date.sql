-- _wordle_local_date(zone, utc): internal. The date in time zone `zone` (NULL: UTC) at the UTC
-- time `utc`; NULL when the server does not know the zone. The one rule of a channel's day:
-- _wordle_date_in gives it the real clock, and the guess's context read calls it in its join
-- (deterministic, so the puzzle is still read by its key).
-- Reads: nothing.
-- revision: 0038
CREATE OR REPLACE FUNCTION _wordle_local_date(
    p_zone VARCHAR(255) CHARACTER SET utf8mb4, p_utc DATETIME(6))
RETURNS DATE
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: the date in a time zone at a UTC time'
RETURN DATE(IF(COALESCE(p_zone, 'UTC') IN ('UTC', '+00:00'), p_utc,
               CONVERT_TZ(p_utc, '+00:00', p_zone)))
