-- _wordle_caller_role(OUT role, OUT login): internal. What the calling account may do, from
-- server_accounts (a copy of the grant tables, refreshed by grant, migrations and an event;
-- never mysql.* itself, whose table locks would let one held statement stop every call):
-- 'anonymous' when the login is empty or an anonymous account matches the client's host (the
-- login the client typed proves nothing then; an anonymous account with a netmask host, which
-- LIKE cannot match, counts as matching every client: fail closed); 'admin' when every account the login may be
-- (user name, client host matching the account's host pattern) is an administrator; else the
-- first of 'player', 'reader', 'publisher' those accounts hold, and 'none' for anything else.
-- `login` is _wordle_login(). Whatever is not admin is restricted. One key range read, no
-- lock, no write.
-- Reads: server_accounts.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_caller_role(
    OUT o_role VARCHAR(16) CHARACTER SET ascii,
    OUT o_login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: admin, player, reader, publisher, none or anonymous'
BEGIN
  DECLARE v_host VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
    DEFAULT SUBSTRING_INDEX(SESSION_USER(), '@', -1);
  SET o_login = _wordle_login();
  SELECT CASE
           WHEN o_login IS NULL OR COALESCE(MAX(a.user = ''), FALSE) THEN 'anonymous'
           WHEN COUNT(*) > 0 AND MIN(a.admin) THEN 'admin'
           ELSE COALESCE(SUBSTRING(MIN(CASE a.role WHEN 'player' THEN '1player'
                                                   WHEN 'reader' THEN '2reader'
                                                   WHEN 'publisher' THEN '3publisher' END), 2),
                         'none') END
    INTO o_role
  FROM server_accounts a
  WHERE a.user IN (COALESCE(o_login, ''), '')
    AND (v_host LIKE a.host OR (a.user = '' AND a.host LIKE '%/%'));
END
