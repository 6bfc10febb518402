-- _wordle_caller_access(play, OUT role, OUT login): internal. What the calling account may do,
-- from server_accounts (a copy of the grant tables, refreshed by grant, migrations and an
-- event; never mysql.* itself, whose table locks would let one held statement stop every call).
-- Error 08WD1 (SQLSTATE class 08, a connection exception: pools drop the connection and call
-- again on a new one) when this session began before an account it may be went or changed role
-- (_wordle_session_mark: the account it was may be gone, and the others may hold more; a new
-- session is judged by the accounts as they are now); the marks are read after the accounts
-- (each statement reads what was committed when it began, and a refresh commits both at once).
-- `login` is _wordle_caller_login(): NULL, and the role 'anonymous', when an anonymous account
-- may match the client (the login proves nothing then); its read of the anonymous accounts is
-- written out here (a stored function that reads tables costs a call some 50 µs), not its
-- test of their marks: the login's marks below include the anonymous accounts', so what would
-- make it NULL refuses the session (08WD1). The marks: the usual case, no mark at or above
-- this session's id on the login's and the anonymous accounts of this node and none behind,
-- needs one read (_wordle_node()'s expression written out) and no _wordle_session_mark, whose
-- value is one of those marks or, behind, above every id. Inside a DEFINER routine the server
-- does not say which account it matched (CURRENT_USER() is the definer), so the accounts this
-- session may be are those of its login whose host may match the client
-- (_wordle_host_may_match). The role is 'admin' when every account it may be is an
-- administrator; 'player', 'reader' or 'publisher' when the accounts that are not
-- administrators all hold that role; 'ambiguous' when they hold different ones (the session
-- is never taken for an account of another role); else 'none'.
-- With `play`, every role but player and admin is refused with WD039, the message naming the
-- accounts this session may be and why the game does not take them.
-- Key range reads, no lock, no write.
-- Reads: server_accounts, node_accounts.
-- revision: 0053
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_caller_access(
    IN p_play BOOLEAN,
    OUT o_role VARCHAR(16) CHARACTER SET ascii,
    OUT o_login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: admin, player, reader, publisher, ambiguous, none or anonymous'
BEGIN
  DECLARE v_host VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
    DEFAULT LOWER(SUBSTRING_INDEX(SESSION_USER(), '@', -1));
  DECLARE v_count INT;
  DECLARE v_login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT _wordle_login();
  DECLARE v_anonymous, v_marked BOOLEAN;
  DECLARE v_mark BIGINT UNSIGNED;
  DECLARE v_first, v_last VARCHAR(400) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_message VARCHAR(500) CHARACTER SET utf8mb4;
  -- _wordle_caller_login()'s read (SELECT ... INTO: a plain read, it locks nothing)
  SELECT MAX(TRUE) INTO v_anonymous FROM server_accounts a
  WHERE a.user = '' AND _wordle_host_may_match(a.host, SUBSTRING_INDEX(SESSION_USER(), '@', -1));
  SET o_login = IF(v_anonymous, NULL, v_login);
  SELECT CASE
           WHEN o_login IS NULL THEN 'anonymous'
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
  WHERE a.user = o_login AND _wordle_host_may_match(a.host, v_host);
  -- after the accounts are read: a refresh writes its marks and the accounts in one commit
  SELECT MAX(m.connection >= CONNECTION_ID() OR m.behind) INTO v_marked
  FROM node_accounts m
  WHERE m.node = CONCAT(@@GLOBAL.hostname, ':', @@GLOBAL.port,
                        IF(@@GLOBAL.skip_name_resolve, ' skip-name-resolve', ''))
    AND m.user IN (COALESCE(v_login, ''), '');
  IF v_marked THEN
    SELECT _wordle_session_mark(v_login) INTO v_mark;
    IF v_mark >= CONNECTION_ID() THEN
      SIGNAL SQLSTATE '08WD1' SET MESSAGE_TEXT = 'this session began before an account it may be was dropped or changed (or this server has not seen such a change yet): connect again';
    END IF;
  END IF;
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
