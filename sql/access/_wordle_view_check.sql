-- _wordle_view_check(): internal. TRUE, or error WD012 for hostile session settings (see
-- _wordle_session_check), or WD013 when a view is read inside a
-- transaction: there a reader's isolation level (SERIALIZABLE) or its locking clauses could
-- hold locks on the rows that games and publication write. Read the views in autocommit mode.
-- Reads: nothing.
-- revision: 0006
CREATE OR REPLACE FUNCTION _wordle_view_check()
RETURNS BOOLEAN
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: views are read outside transactions'
BEGIN
  CALL _wordle_session_check();
  IF @@in_transaction THEN
    SIGNAL SQLSTATE 'WD013' SET MESSAGE_TEXT = 'wordle-db views are read outside transactions, so that no reader holds locks on the game: COMMIT first, or use autocommit';
  END IF;
  RETURN TRUE;
END
