-- _wordle_known_login(): internal. _wordle_login(), or NULL where an anonymous account ('')
-- matches the client's host: the server may have let the client in as that account whatever
-- name it typed. The rows of my_games and my_attempts belong to this name.
-- Reads: mysql.global_priv (User, Host).
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_known_login()
RETURNS VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
NOT DETERMINISTIC READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the login user name, unless an anonymous account may be in use'
RETURN IF(EXISTS (SELECT 1 FROM mysql.global_priv
                  WHERE User = '' AND SUBSTRING_INDEX(SESSION_USER(), '@', -1) LIKE Host),
          NULL, _wordle_login())
