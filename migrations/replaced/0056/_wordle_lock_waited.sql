-- _wordle_lock_waited(may try again): internal. The one rule after a lock wait timed out
-- (1205), called by the handler of every procedure that writes rows another session can
-- hold, once it has rolled back. On one server the wait was the whole
-- innodb_lock_wait_timeout: never waited again, WD025 (busy, try again) at once. On a Galera
-- node (wsrep_on) it is a transient (a node's applier waits for a committing procedure's
-- locks, at docs/cluster.md's short timeout): where the procedure's loop may try its
-- transaction again (`may try again` TRUE) this returns and the loop tries; else WD025.
-- Errors: WD025.
-- Reads: nothing.
-- revision: 0050
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_lock_waited(
    IN p_may_retry BOOLEAN)
NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: after a lock wait timeout, WD025 or (on Galera) try again'
BEGIN
  IF NOT (p_may_retry AND @@GLOBAL.wsrep_on) THEN
    SIGNAL SQLSTATE 'WD025' SET MESSAGE_TEXT = 'the database stayed busy: try again';
  END IF;
END
