-- _wordle_caller_access(play, OUT role, OUT login): internal. What the calling account may do,
-- from server_accounts (a copy of the grant tables, refreshed by grant, migrations and an
-- event; never mysql.* itself, whose table locks would let one held statement stop every call).
-- `login` is _wordle_login(). Inside a DEFINER routine the server does not say which account
-- it matched (CURRENT_USER() is the definer): only the login and the host it knows the client
-- by (SESSION_USER(): a name when the client's address resolved to one, `localhost` for the
-- socket and for 127.0.0.1 and ::1, else the address). So the accounts this session may be are
-- those of its login (and anonymous ones) whose host pattern matches that host, or that may
-- match the address behind a name (an address pattern or a netmask: the address is not
-- visible), or whose netmask holds the address. Then the role is 'anonymous' when the login is
-- empty or an anonymous account may match (the login proves nothing then); 'admin' when every
-- account it may be is an administrator; 'player', 'reader' or 'publisher' when the accounts
-- that are not administrators all hold that role; 'ambiguous' when they hold different ones
-- (the session is never taken for an account of another role); else 'none'.
-- With `play`, every role but player and admin is refused with WD039, the message naming the
-- accounts this session may be and why the game does not take them.
-- One key range read, no lock, no write.
-- Reads: server_accounts.
-- revision: 0037
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_caller_access(
    IN p_play BOOLEAN,
    OUT o_role VARCHAR(16) CHARACTER SET ascii,
    OUT o_login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: admin, player, reader, publisher, ambiguous, none or anonymous'
BEGIN
  DECLARE v_host VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
    DEFAULT LOWER(SUBSTRING_INDEX(SESSION_USER(), '@', -1));
  DECLARE v_address BOOLEAN;  -- the server knows the client by its address, not a name
  DECLARE v_count INT;
  DECLARE v_first, v_last VARCHAR(400) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_message VARCHAR(500) CHARACTER SET utf8mb4;
  SET o_login = _wordle_login(),
      v_address = v_host REGEXP '^[0-9]{1,3}(\\.[0-9]{1,3}){3}$' OR v_host LIKE '%:%';
  SELECT CASE
           WHEN o_login IS NULL OR COALESCE(MAX(a.user = ''), FALSE) THEN 'anonymous'
           WHEN COUNT(*) > 0 AND MIN(a.admin) THEN 'admin'
           WHEN COUNT(DISTINCT IF(a.admin, NULL, COALESCE(a.role, ''))) > 1 THEN 'ambiguous'
           ELSE COALESCE(MAX(IF(a.admin, NULL, a.role)), 'none') END,
         COUNT(*),
         MIN(CONCAT(LEFT(a.user, 80), '@', LEFT(a.host, 80), ' (', IF(a.admin, 'administrator',
                    COALESCE(CONCAT('wordle_', a.role), 'no wordle role')), ')')),
         MAX(CONCAT(LEFT(a.user, 80), '@', LEFT(a.host, 80), ' (', IF(a.admin, 'administrator',
                    COALESCE(CONCAT('wordle_', a.role), 'no wordle role')), ')'))
    INTO o_role, v_count, v_first, v_last
  FROM server_accounts a
  WHERE a.user IN (COALESCE(o_login, ''), '')
    AND (v_host LIKE LOWER(a.host)
         OR (a.host LIKE '%/%' AND (NOT v_address OR COALESCE(
               INET_ATON(v_host) & INET_ATON(SUBSTRING_INDEX(a.host, '/', -1))
               = INET_ATON(SUBSTRING_INDEX(a.host, '/', 1)), TRUE)))
         OR (NOT v_address AND (a.host REGEXP '^[0-9.%_]+$' OR a.host LIKE '%:%')));
  IF p_play AND o_role NOT IN ('player', 'admin') THEN
    SET v_message = LEFT(CASE o_role
      WHEN 'anonymous' THEN 'this session''s login cannot be told apart from an anonymous account: it may use no player name'
      WHEN 'ambiguous' THEN CONCAT('this session may be ', v_first, ' or ', v_last,
        ', which hold different roles, and the server does not tell the game which one it matched for this client (',
        v_host, '): give them the same role, or drop one')
      WHEN 'none' THEN IF(v_count = 0,
        CONCAT('this account has no player role the game knows of: no account ', _wordle_quote(o_login),
               ' that matches this client (', v_host,
               ') is in its copy of the accounts yet (wordle-db grant adds it at once, a GRANT by hand within a minute)'),
        CONCAT('this account has no player role the game knows of: the server matched ',
               IF(v_count = 1, v_first, CONCAT('one of ', v_first, ' and ', v_last)),
               ' for this client (', v_host, '); wordle-db grant player gives it one'))
      ELSE CONCAT('this account cannot play or read players'' games: the server matched ',
                  IF(v_count = 1, v_first, CONCAT('one of ', v_first, ' and ', v_last)))
    END, 500);
    SIGNAL SQLSTATE 'WD039' SET MESSAGE_TEXT = v_message;
  END IF;
END
