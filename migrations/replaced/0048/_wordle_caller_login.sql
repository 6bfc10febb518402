-- _wordle_caller_login(): internal. The login of the calling session (_wordle_login()), or
-- NULL when it proves nothing: when it is empty, or when an anonymous account may match the
-- client (_wordle_host_may_match): the server may have let the client in as that account,
-- whatever user name it typed; or when such an anonymous account went or changed since this
-- session began (_wordle_session_mark: a session let in as it stays connected with the login
-- it typed). What _wordle_caller_access and the views of a login's own games (my_games,
-- my_attempts) take for the caller's login.
-- Reads: server_accounts, node_accounts.
-- revision: 0044
CREATE OR REPLACE FUNCTION _wordle_caller_login()
RETURNS VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
NOT DETERMINISTIC READS SQL DATA SQL SECURITY INVOKER
COMMENT 'Internal: the login of the session, NULL when it proves nothing'
BEGIN
  IF EXISTS (SELECT 1 FROM server_accounts a WHERE a.user = ''
             AND _wordle_host_may_match(a.host, SUBSTRING_INDEX(SESSION_USER(), '@', -1))) THEN
    RETURN NULL;
  END IF;
  -- read after the accounts: a refresh commits an account's removal and its mark at once
  IF _wordle_session_mark(NULL) >= CONNECTION_ID() THEN
    RETURN NULL;
  END IF;
  RETURN _wordle_login();
END
