-- _wordle_caller_role(OUT role, OUT login): internal. What the calling account may do, from
-- the roles its accounts hold (granted directly, as default or through other roles; the grant
-- a role's creator holds WITH ADMIN OPTION does not count): 'admin' when every account the login
-- may be (user name, client host matching the account's host pattern) holds wordle_admin or
-- may write this schema's tables itself (global or database INSERT privilege); otherwise
-- 'player', 'reader' or 'publisher' for the first of those roles held, and 'none' for
-- anything else; 'anonymous' when an anonymous account matches the client's host (the login
-- the client typed proves nothing then). `login` is _wordle_login(). Whatever is not admin is restricted. The answer is kept a minute in
-- caller_roles (reading mysql.user costs more than a whole guess); `wordle-db grant` forgets
-- the account's entry at once, a GRANT or REVOKE made by hand counts after that minute. Call
-- it before the transaction writes anything: a refresh ends it and opens a new one. A
-- procedure, not a function: a function opens every table it might read (mysql.user costs
-- most) on each call, a procedure only those of the statements it runs.
-- Reads: mysql.user, mysql.db, mysql.roles_mapping, mysql.global_priv, caller_roles. Writes: caller_roles.
-- revision: 0009
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_caller_role(
    OUT o_role VARCHAR(16) CHARACTER SET ascii,
    OUT o_login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: admin, player, reader, publisher or none'
find_role: BEGIN
  DECLARE v_user VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT _wordle_login();
  DECLARE v_host VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
    DEFAULT SUBSTRING_INDEX(SESSION_USER(), '@', -1);
  DECLARE v_accounts, v_admins INT;
  DECLARE v_role VARCHAR(16) CHARACTER SET ascii;
  SET o_login = v_user;
  IF v_user IS NULL THEN
    SET o_role = 'anonymous';
    LEAVE find_role;
  END IF;
  SET o_role = (SELECT role FROM caller_roles
                WHERE login = v_user AND host = v_host AND checked_at > SYSDATE(6) - INTERVAL 1 MINUTE);
  IF o_role IS NOT NULL THEN
    LEAVE find_role;
  END IF;
  WITH RECURSIVE accounts AS (
    SELECT u.User AS user, u.Host AS host,
           u.Insert_priv = 'Y' OR EXISTS (
             SELECT 1 FROM mysql.db d
             WHERE d.User = u.User AND d.Host = u.Host AND DATABASE() LIKE d.Db
               AND d.Insert_priv = 'Y') AS writes
    FROM mysql.user u
    WHERE u.User = v_user AND v_host LIKE u.Host AND u.is_role = 'N'
  ),
  held (user, host, role) AS (
    SELECT a.user, a.host, m.Role FROM accounts a
    JOIN mysql.roles_mapping m ON m.User = a.user AND m.Host = a.host AND m.Admin_option = 'N'
    UNION
    SELECT h.user, h.host, m.Role FROM held h
    JOIN mysql.roles_mapping m ON m.User = h.role AND m.Host = ''
  )
  SELECT COUNT(*), SUM(a.writes OR EXISTS (SELECT 1 FROM held h WHERE h.user = a.user
                                           AND h.host = a.host AND h.role = 'wordle_admin')),
         (SELECT MIN(CASE h.role WHEN 'wordle_player' THEN '1player' WHEN 'wordle_reader'
                                 THEN '2reader' WHEN 'wordle_publisher' THEN '3publisher' END)
          FROM held h)
    INTO v_accounts, v_admins, v_role
  FROM accounts a;
  SET o_role = CASE
    WHEN EXISTS (SELECT 1 FROM mysql.global_priv WHERE User = '' AND v_host LIKE Host)
      THEN 'anonymous'  -- the server may have let the client in as that account
    WHEN v_accounts > 0 AND v_admins = v_accounts THEN 'admin'
    ELSE COALESCE(SUBSTRING(v_role, 2), 'none') END;
  -- Refresh the cache in a short transaction of its own (the caller's has written nothing
  -- yet). When the entry expires under many sessions of one login, the first one updates it;
  -- the others wait for that commit only, then find the entry fresh (READ COMMITTED checks
  -- the WHERE against the committed row) and write nothing. A conflict skips the write
  -- instead of failing the call.
  CALL _wordle_begin();
  BEGIN
    DECLARE CONTINUE HANDLER FOR 1213, 1205, 1062 BEGIN END;
    UPDATE caller_roles SET role = o_role, checked_at = SYSDATE(6)
     WHERE login = v_user AND host = v_host AND checked_at <= SYSDATE(6) - INTERVAL 1 MINUTE;
    IF ROW_COUNT() = 0 THEN  -- no entry, or refreshed by another session meanwhile (1062)
      INSERT INTO caller_roles (login, host, role, checked_at) VALUES (v_user, v_host, o_role, SYSDATE(6));
    END IF;
    COMMIT AND NO CHAIN NO RELEASE;
  END;
  CALL _wordle_begin();
END
