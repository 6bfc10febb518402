-- _wordle_login(): internal. The user name the client logged in with: SESSION_USER() up to
-- its last '@' (a user name may itself contain '@'; a host name cannot); NULL when empty.
-- Player names of wordle_player accounts belong to this name. It proves nothing where an
-- anonymous account matches the client's host: _wordle_caller_access checks that.
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE FUNCTION _wordle_login()
RETURNS VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: the login user name of the session'
RETURN NULLIF(LEFT(SESSION_USER(), CHAR_LENGTH(SESSION_USER())
                                   - CHAR_LENGTH(SUBSTRING_INDEX(SESSION_USER(), '@', -1)) - 1), '')
