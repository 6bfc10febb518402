-- _wordle_begin(): internal. Starts the transaction of a public procedure the same way
-- whatever the caller's session: refuses hostile settings (_wordle_session_check), rolls back
-- what the session left open (the remains of a routine interrupted by KILL QUERY must never be
-- committed; the roles cannot write tables themselves, so they lose nothing), then opens a
-- READ COMMITTED read-write transaction, whose plain reads lock nothing, with the server's own
-- auto-increment step and offset (on a Galera node a session keeps the values of the cluster
-- it connected to; the node's current ones are put back). The procedure ends it with COMMIT.
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE PROCEDURE _wordle_begin()
NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: a READ COMMITTED transaction, whatever the session'
BEGIN
  CALL _wordle_session_check();
  ROLLBACK AND NO CHAIN NO RELEASE;
  SET SESSION auto_increment_increment = @@GLOBAL.auto_increment_increment,
              auto_increment_offset = @@GLOBAL.auto_increment_offset;
  SET TRANSACTION ISOLATION LEVEL READ COMMITTED;
  START TRANSACTION READ WRITE;
END
