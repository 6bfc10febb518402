-- _wordle_lock_waited(waits): internal. The one rule after a lock wait timed out (1205),
-- called by the handler of every procedure that writes rows another session can hold, once it
-- has rolled back. `waits`: the lock wait timeouts the caller's loop has met in this call, this
-- one included, counted apart from its deadlocks (0: the caller cannot try its transaction
-- again). On one server the wait was the whole innodb_lock_wait_timeout: never waited again,
-- WD025 (busy, try again) at once. On a Galera node (wsrep_on) the first one may be a
-- transient (a node's applier waits for a committing procedure's locks, at docs/cluster.md's
-- short timeout): with `waits` 1 this returns and the loop tries again. A second one is a row
-- held for longer (by a session of this node: an administrator's transaction, a call
-- interrupted inside one): WD025, after two waits at most.
-- Errors: WD025.
-- Reads: nothing.
-- revision: 0056
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_lock_waited(
    IN p_waits TINYINT UNSIGNED)
NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: after a lock wait timeout, WD025 or (on Galera, once) try again'
BEGIN
  IF NOT (p_waits = 1 AND @@GLOBAL.wsrep_on) THEN
    SIGNAL SQLSTATE 'WD025' SET MESSAGE_TEXT = 'the database stayed busy: try again';
  END IF;
END
