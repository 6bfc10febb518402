-- _wordle_limit(limit, default): internal. A row limit given by a caller: `default` when NULL,
-- error WD052 when negative.
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE FUNCTION _wordle_limit(p_limit INT, p_default INT UNSIGNED)
RETURNS INT UNSIGNED
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: a row limit, checked'
BEGIN
  IF p_limit < 0 THEN
    SIGNAL SQLSTATE 'WD052' SET MESSAGE_TEXT = 'the limit must be 0 or more';
  END IF;
  RETURN COALESCE(p_limit, p_default);
END
