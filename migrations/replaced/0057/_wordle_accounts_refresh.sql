-- _wordle_accounts_refresh(): internal. Copies what the server's grant tables say of every
-- account into server_accounts, so that no call of a player, reader or publisher ever reads a
-- mysql.* table: those are Aria tables with table locks, where a statement held open by one
-- account would make an account change (SET PASSWORD, GRANT) wait, and every later reader
-- behind it. Per account (user, host): admin when it holds wordle_admin (directly, as default
-- or through other roles; a role's creator WITH ADMIN OPTION does not count) or may write this
-- schema's tables itself (global or database INSERT privilege); role, the first of
-- wordle_player, wordle_reader, wordle_publisher it holds. Anonymous accounts (user '') are
-- kept too: _wordle_caller_access refuses a login one of them may stand for. Run by migrations,
-- by `wordle-db grant` and by the event wordle_accounts_refresh (every minute), so a GRANT or
-- REVOKE made by hand counts within a minute. The grant tables are read once, into a
-- temporary table, in a statement that waits for no row lock. When an account's admin flag or
-- role changes, or an account comes or goes, the players' access decisions kept since are
-- retired (_wordle_access_changed), in the same transaction. Each node keeps in node_accounts
-- the accounts as its own refreshes saw them (_wordle_node: on Galera, server_accounts is the
-- cluster's, written by whichever node refreshed first, while connection ids are each node's):
-- an account that went or changed role since this node's last refresh is marked there with
-- the last connection id the node has given (status Connections, whatever connection runs the
-- refresh: an operator's shell open for hours marks as high as the event) and the node's run
-- (_wordle_server_run), so that sessions begun before, which may be that account, are refused
-- (_wordle_session_mark), and the decisions are retired too; the other nodes' rows of an
-- account that changed since the cluster's copy are flagged behind until their own refresh
-- marks it (their sessions are refused meanwhile); an account new to the cluster's copy gets
-- a row for each other node as if that node had seen it (a row of it that node saw go is
-- present again, its mark kept), so that its going or change is flagged there too, even
-- before that node's own refresh has seen it. Marks of an earlier run are
-- cleared, and the rows of accounts gone in an earlier run deleted. Kept decisions are retired
-- too when the server's skip_name_resolve changed since the last refresh (SESSION_USER()'s
-- localhost then means other clients; _wordle_node differs, too, so none is used before). Then, in a transaction of its
-- own, at most 1,000 retired decisions are deleted, each by its primary key: their keys are
-- read first (a read that locks nothing), so the delete locks no row but theirs, which no move
-- reads or writes. (A `DELETE ... WHERE version < ...` scans the whole table once most rows
-- are retired, and waited for the rows players' first moves were writing.) Both temporary
-- tables are InnoDB's: a MEMORY table is capped by max_heap_table_size, and a server set below
-- a few megabytes (or with some ten thousand accounts) failed every refresh.
-- One refresh at a time (the event, `wordle-db grant`, a migration): each first locks the
-- access_version row, which moves read without a lock. Two refreshes at once both took shared
-- locks on the accounts (the IF EXISTS below) that each then had to write: a deadlock, which
-- failed one of them (`wordle-db grant` after its change). And a refresh that read the grant
-- tables before a REVOKE could write the old role back after the REVOKE's own refresh.
-- (So a refresh that waits for the grant tables, behind a GRANT queued behind a long reader
-- of mysql.*, which only a server administrator can be, makes the next ones wait too.)
-- On Galera that lock is each node's own: the nodes' events run in the same second, so a
-- refresh writes only the accounts new or changed in server_accounts (two refreshes that
-- rewrote every row always conflicted), and one that loses to another node's commit (1213)
-- tries again, at most ten times, after a random pause that grows; the delete of retired
-- decisions gives way to the other's.
-- Reads: mysql.user, mysql.db, mysql.roles_mapping, access_version. Writes: server_accounts,
-- access_version, player_access, node_accounts.
-- revision: 0054
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_accounts_refresh()
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: server_accounts from the grant tables'
BEGIN
  DECLARE v_version BIGINT UNSIGNED;
  DECLARE v_skip_name_resolve BOOLEAN;
  DECLARE v_node VARCHAR(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT _wordle_node();
  DECLARE v_run BIGINT;
  DECLARE v_mark BIGINT UNSIGNED;
  DECLARE v_changed BOOLEAN;
  DECLARE v_tries INT DEFAULT 0;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN
    ROLLBACK AND NO CHAIN NO RELEASE;
    DROP TEMPORARY TABLE IF EXISTS _wordle_seen_accounts;
    DROP TEMPORARY TABLE IF EXISTS _wordle_retired_access;
    RESIGNAL;
  END;
  refresh: LOOP
  BEGIN
  DECLARE EXIT HANDLER FOR 1213 BEGIN  -- on Galera, another node's refresh committed first
    ROLLBACK AND NO CHAIN NO RELEASE;
    SET v_tries = v_tries + 1;
    IF v_tries >= 10 THEN
      RESIGNAL;
    END IF;
    DO SLEEP(RAND() * 0.2 * v_tries);  -- apart: each node that marks retires decisions too
  END;
  CALL _wordle_begin();
  SELECT version, skip_name_resolve INTO v_version, v_skip_name_resolve
  FROM access_version WHERE id = 1 FOR UPDATE;
  CREATE OR REPLACE TEMPORARY TABLE _wordle_seen_accounts (
    user VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    host VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    admin BOOLEAN NOT NULL,
    role VARCHAR(16) CHARACTER SET ascii,
    PRIMARY KEY (user, host)
  ) ENGINE = InnoDB;
  INSERT INTO _wordle_seen_accounts (user, host, admin, role)
  WITH RECURSIVE accounts AS (
    SELECT u.User AS user, u.Host AS host,
           u.Insert_priv = 'Y' OR EXISTS (
             SELECT 1 FROM mysql.db d
             WHERE d.User = u.User AND d.Host = u.Host AND DATABASE() LIKE d.Db
               AND d.Insert_priv = 'Y') AS writes
    FROM mysql.user u
    WHERE u.is_role = 'N'
  ),
  held (user, host, role) AS (
    SELECT a.user, a.host, m.Role FROM accounts a
    JOIN mysql.roles_mapping m ON m.User = a.user AND m.Host = a.host AND m.Admin_option = 'N'
    UNION
    SELECT h.user, h.host, m.Role FROM held h
    JOIN mysql.roles_mapping m ON m.User = h.role AND m.Host = ''
  )
  SELECT a.user, a.host,
         a.writes OR EXISTS (SELECT 1 FROM held h WHERE h.user = a.user AND h.host = a.host
                                                    AND h.role = 'wordle_admin'),
         (SELECT SUBSTRING(MIN(CASE h.role WHEN 'wordle_player' THEN '1player'
                                           WHEN 'wordle_reader' THEN '2reader'
                                           WHEN 'wordle_publisher' THEN '3publisher' END), 2)
          FROM held h WHERE h.user = a.user AND h.host = a.host)
  FROM accounts a;
  SET v_run = _wordle_server_run(),
      v_mark = (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS
                WHERE VARIABLE_NAME = 'CONNECTIONS'),  -- the last connection id given
      v_changed = EXISTS (SELECT 1 FROM server_accounts s
                          LEFT JOIN _wordle_seen_accounts n ON n.user = s.user AND n.host = s.host
                          WHERE n.user IS NULL OR NOT (n.admin <=> s.admin)
                             OR NOT (n.role <=> s.role))
               OR EXISTS (SELECT 1 FROM _wordle_seen_accounts n
                          LEFT JOIN server_accounts s ON s.user = n.user AND s.host = n.host
                          WHERE s.user IS NULL);
  UPDATE node_accounts m
  LEFT JOIN _wordle_seen_accounts n ON n.user = m.user AND n.host = m.host
  SET m.present = n.user IS NOT NULL, m.admin = COALESCE(n.admin, m.admin),
      m.role = IF(n.user IS NULL, m.role, n.role), m.connection = v_mark, m.server_run = v_run
  WHERE m.node = v_node AND m.present
    AND (n.user IS NULL OR NOT (n.admin <=> m.admin) OR NOT (n.role <=> m.role));
  SET v_changed = v_changed OR ROW_COUNT() > 0;
  UPDATE node_accounts SET behind = FALSE WHERE node = v_node AND behind;  -- marked above
  -- what changed since the cluster's copy, for the other nodes until their refresh marks it
  UPDATE node_accounts m
  JOIN server_accounts s ON s.user = m.user AND s.host = m.host
  LEFT JOIN _wordle_seen_accounts n ON n.user = s.user AND n.host = s.host
  SET m.behind = TRUE
  WHERE m.node <> v_node AND m.present AND NOT m.behind
    AND (n.user IS NULL OR NOT (n.admin <=> s.admin) OR NOT (n.role <=> s.role));
  -- accounts new to the cluster's copy, for the other nodes as if they had seen them
  INSERT INTO node_accounts (node, user, host, present, admin, role)
  SELECT o.node, n.user, n.host, TRUE, n.admin, n.role
  FROM (SELECT DISTINCT node FROM node_accounts WHERE node <> v_node) o
  JOIN _wordle_seen_accounts n
  LEFT JOIN server_accounts s ON s.user = n.user AND s.host = n.host
  WHERE s.user IS NULL  -- a row of an account that node saw go is present again, its mark kept
  ON DUPLICATE KEY UPDATE admin = IF(node_accounts.present, node_accounts.admin, VALUES(admin)),
                          role = IF(node_accounts.present, node_accounts.role, VALUES(role)),
                          present = TRUE;
  IF v_changed THEN
    CALL _wordle_access_changed();
  END IF;
  INSERT INTO node_accounts (node, user, host, present, admin, role)
  SELECT v_node, n.user, n.host, TRUE, n.admin, n.role FROM _wordle_seen_accounts n
  LEFT JOIN node_accounts m ON m.node = v_node AND m.user = n.user AND m.host = n.host
  WHERE m.user IS NULL OR NOT m.present
  ON DUPLICATE KEY UPDATE present = TRUE, admin = VALUES(admin), role = VALUES(role);
  DELETE FROM node_accounts
  WHERE node = v_node AND NOT present AND server_run <> v_run;
  UPDATE node_accounts SET connection = 0
  WHERE node = v_node AND connection > 0 AND server_run <> v_run;
  IF NOT (v_skip_name_resolve <=> @@GLOBAL.skip_name_resolve) THEN
    CALL _wordle_access_changed();
    UPDATE access_version SET skip_name_resolve = @@GLOBAL.skip_name_resolve WHERE id = 1;
  END IF;
  DELETE s FROM server_accounts s
  LEFT JOIN _wordle_seen_accounts n ON n.user = s.user AND n.host = s.host
  WHERE n.user IS NULL;
  INSERT INTO server_accounts (user, host, admin, role, seen_at)
  SELECT n.user, n.host, n.admin, n.role, SYSDATE(6) FROM _wordle_seen_accounts n
  LEFT JOIN server_accounts s ON s.user = n.user AND s.host = n.host
  WHERE s.user IS NULL OR NOT (n.admin <=> s.admin) OR NOT (n.role <=> s.role)
  ON DUPLICATE KEY UPDATE admin = VALUES(admin), role = VALUES(role), seen_at = VALUES(seen_at);
  COMMIT AND NO CHAIN NO RELEASE;
  LEAVE refresh;
  END;
  END LOOP;
  DROP TEMPORARY TABLE _wordle_seen_accounts;
  BEGIN
  DECLARE EXIT HANDLER FOR 1213 BEGIN  -- on Galera, another node deleted them first
    ROLLBACK AND NO CHAIN NO RELEASE;
    DROP TEMPORARY TABLE IF EXISTS _wordle_retired_access;
  END;
  CALL _wordle_begin();
  CREATE OR REPLACE TEMPORARY TABLE _wordle_retired_access ENGINE = InnoDB
  SELECT a.account, a.name, a.version
  FROM access_version v JOIN player_access a ON a.version < v.version
  WHERE v.id = 1 LIMIT 1000;
  DELETE a FROM _wordle_retired_access r
  STRAIGHT_JOIN player_access a ON a.account = r.account AND a.name = r.name
                               AND a.version = r.version;
  COMMIT AND NO CHAIN NO RELEASE;
  DROP TEMPORARY TABLE _wordle_retired_access;
  END;
END
