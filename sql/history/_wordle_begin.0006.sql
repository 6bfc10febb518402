-- _wordle_begin(): internal. Starts the transaction of a public procedure the same way
-- whatever the caller's session: refuses hostile settings (_wordle_session_check), rolls back
-- what the session left open (the remains of a routine interrupted by KILL QUERY must never be
-- committed; the roles cannot write tables themselves, so they lose nothing), then opens a
-- READ COMMITTED read-write transaction, whose plain reads lock nothing. The procedure ends it
-- with COMMIT.
-- Reads: nothing.
-- revision: 0006
CREATE OR REPLACE PROCEDURE _wordle_begin()
NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: a READ COMMITTED transaction, whatever the session'
BEGIN
  CALL _wordle_session_check();
  ROLLBACK AND NO CHAIN NO RELEASE;
  SET TRANSACTION ISOLATION LEVEL READ COMMITTED;
  START TRANSACTION READ WRITE;
END
