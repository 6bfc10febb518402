-- _wordle_view_check(): internal. TRUE, or error WD012 for hostile session settings (see
-- _wordle_session_check), or WD013 when a view is read inside a transaction or by a statement
-- other than SELECT (or WITH ... SELECT). Both would let a reader hold locks on the rows that
-- games and publication write: inside a transaction through its isolation level
-- (SERIALIZABLE) or locking clauses; in SET, DO, INSERT ... SELECT or CREATE ... SELECT
-- because InnoDB makes every read of such a statement a locking read, held while the rest of
-- the statement (a SLEEP, say) runs. The statement is the session's own line in PROCESSLIST
-- (inside a routine, the routine's statement); leading comments and parentheses are skipped,
-- executable comments (/*! ... */) are not.
-- Reads: information_schema.PROCESSLIST (the session's own row).
-- revision: 0036
CREATE OR REPLACE FUNCTION _wordle_view_check()
RETURNS BOOLEAN
NOT DETERMINISTIC READS SQL DATA SQL SECURITY INVOKER
COMMENT 'Internal: views are read by SELECT statements outside transactions'
BEGIN
  DECLARE v_statement LONGTEXT DEFAULT (
    SELECT REGEXP_REPLACE(INFO, '^(?:\\s|\\(|/\\*(?!!|M!)(?s:.*?)\\*/|#[^\\n]*(?:\\n|$)|--(?:\\s[^\\n]*)?(?:\\n|$))+', '')
    FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID());
  CALL _wordle_session_check();
  IF @@in_transaction THEN
    SIGNAL SQLSTATE 'WD013' SET MESSAGE_TEXT = 'wordle-db views are read outside transactions, so that no reader holds locks on the game: COMMIT first, or use autocommit';
  END IF;
  IF NOT COALESCE(v_statement REGEXP '^(?i)(SELECT|WITH)\\b', FALSE) THEN
    SIGNAL SQLSTATE 'WD013' SET MESSAGE_TEXT = 'wordle-db views are read by SELECT statements only: SET, DO, INSERT ... SELECT or CREATE ... SELECT would lock the game''s rows while they run';
  END IF;
  RETURN TRUE;
END
