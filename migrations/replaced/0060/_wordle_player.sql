-- _wordle_player(name, create, OUT id): internal. The id of player `name` (NULL if unknown
-- and not `create`), once the caller may use that name (see _wordle_caller_access): administrators may
-- use any name; wordle_reader and wordle_publisher accounts none, nor an account whose role
-- is unknown (fail closed); a wordle_player account only its own login name, unless setting
-- player_names is 'created' (the players it created, its login's included: a front end
-- playing for its users, out of other accounts' reach; no other account's login name) or
-- 'any' (every name). A new player records the login that created it.
-- Two kinds of rows never mix, whatever player_names was when a row was made or becomes
-- later: a login's own player (players.own: created by the login of that name) and players
-- an account created for others. A login playing as itself always gets its own row, even where
-- another account created a player of that name before the login existed; administrators and
-- 'any' reach a login's own row by its name, never such a created row; for other accounts
-- another login's name is as a name nobody has (no row, no error: its existence is not told)
-- and cannot be created. Other names find the created row. Rows are found by name, never
-- through LAST_INSERT_ID().
-- Errors: WD038 bad name (empty, over 64 characters, surrounding spaces, control, invisible or
-- direction characters, variation selectors, a mark with no letter), WD039 a name this
-- account may not use (another account's player, or creating another login's name), or any
-- name when the account may not play (_wordle_caller_access says why).
-- A decision that a session's account (SESSION_USER(): login and client host) may use a name
-- is kept in player_access with the access version it was made under, the node it was made on
-- (_wordle_node) and the mark its sessions must be above there (the highest mark of its
-- login's and the anonymous accounts there, of any run: at least _wordle_session_mark's, so
-- a session begun before an account it may be went or changed, which is not the account the
-- decision was made for, never uses it); later calls of that account for that name on that
-- node, from a session above the mark, find the player there, in one key lookup, until the
-- version changes (an account or role changed, player_names changed, a migration installed
-- routines).
-- The role decision (_wordle_caller_access), which depends on the account and not on the name,
-- is kept the same way in account_access (per account, node, version and the session that
-- made it, so that sessions never write one row), with the mark of this server run only (as
-- _wordle_session_mark reads them: an earlier run's, left until the refresh clears it, would
-- keep every later session from the row, and each would keep one of its own): a new name of
-- an account already seen there is decided without asking _wordle_caller_access.
-- Refusals are never kept, nor decisions of reads (`create` false: they write nothing; they
-- use kept ones). The version is read before anything the decision reads, so a decision made
-- while the accounts changed carries the old version and is never used.
-- Reads: player_access, account_access, access_version, server_accounts, node_accounts,
-- players, settings, information_schema.GLOBAL_STATUS (only when a mark is set). Writes:
-- players, player_access, account_access.
-- revision: 0057
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_player(
    IN p_name MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_create BOOLEAN,
    OUT o_id INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: find or create a player the calling account may use'
find: BEGIN
  DECLARE v_login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_role VARCHAR(16) CHARACTER SET ascii;
  DECLARE v_message VARCHAR(255) CHARACTER SET utf8mb4;
  DECLARE v_owner VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_names VARCHAR(255) CHARACTER SET utf8mb4;
  DECLARE v_own BOOLEAN;
  DECLARE v_version BIGINT UNSIGNED;
  DECLARE v_node VARCHAR(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT _wordle_node();
  DECLARE v_caller VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_after, v_run_after BIGINT UNSIGNED;  -- the highest mark: of any run, of this run
  DECLARE v_other BOOLEAN;
  DECLARE v_decided BOOLEAN DEFAULT FALSE;  -- the role asked of _wordle_caller_access
  SELECT MAX(a.player_id), MAX(v.version), MAX(r.role), MAX(r.login)
    INTO o_id, v_version, v_role, v_login
  FROM access_version v
  LEFT JOIN player_access a ON a.account = SESSION_USER() AND a.name = p_name
                           AND a.version = v.version AND a.node = v_node
                           AND a.after < CONNECTION_ID()
  LEFT JOIN account_access r ON r.account = SESSION_USER() AND r.node = v_node
                            AND r.version = v.version AND r.after < CONNECTION_ID()
  WHERE v.id = 1;
  IF o_id IS NOT NULL THEN
    LEAVE find;
  END IF;
  IF p_name IS NULL OR CHAR_LENGTH(p_name) NOT BETWEEN 1 AND 64 OR p_name <> TRIM(p_name)
     OR p_name REGEXP '[\\p{Cc}\\p{Cf}\\p{Co}\\p{Cs}\\p{Cn}\\p{Zl}\\p{Zp}]|[^\\P{Zs} ]|[\\x{115F}\\x{1160}\\x{3164}\\x{FFA0}\\x{2800}\\x{034F}\\x{17B4}\\x{17B5}\\x{FE00}-\\x{FE0F}\\x{E0100}-\\x{E01EF}]|^\\p{M}|\\s\\p{M}' THEN
    SIGNAL SQLSTATE 'WD038' SET MESSAGE_TEXT = 'a player name must be 1 to 64 characters, without control, invisible or direction characters or surrounding spaces';
  END IF;
  IF v_role IS NULL THEN  -- no kept role decision
    CALL _wordle_caller_access(TRUE, v_role, v_login);  -- refuses every role but player and admin
    SET v_decided = TRUE;
  END IF;
  -- reads by SELECT ... INTO, which lock nothing (a SET's or an IF's subquery share-locks the
  -- rows, and an administrator's change of them would wait for every first move, or they for it)
  SELECT MAX(value) INTO v_names FROM settings WHERE name = 'player_names';
  IF v_role <> 'admin' AND p_name <> v_login AND v_names NOT IN ('created', 'any') THEN
    SET v_message = CONCAT('this account plays as ', _wordle_quote(v_login), ' only (setting player_names)');
    SIGNAL SQLSTATE 'WD039' SET MESSAGE_TEXT = v_message;
  END IF;
  -- Only now: a refused call must not read (and let the session count reads of) other names.
  -- The row of this kind: a login's own row when the name is the caller's login, or the login
  -- of an account (for administrators and under 'any': never a row another account created
  -- under that name, perhaps before the login existed); else a row an account created.
  SET v_own = (p_name = v_login), v_caller = v_login;
  IF NOT v_own THEN
    SELECT EXISTS (SELECT 1 FROM server_accounts WHERE user = p_name) INTO v_other;
  END IF;
  IF v_other THEN
    IF v_role <> 'admin' AND v_names <> 'any' THEN
      -- another login's name: as a name nobody has (a read finds nothing), never created
      IF p_create THEN
        SIGNAL SQLSTATE 'WD039' SET MESSAGE_TEXT = 'that player name belongs to another account (setting player_names)';
      END IF;
      LEAVE find;
    END IF;
    SET v_own = TRUE, v_login = p_name;  -- that login's own row, made for it if need be
  END IF;
  SELECT MAX(id), MAX(account) INTO o_id, v_owner FROM players WHERE name = p_name AND own = v_own;
  IF o_id IS NULL AND p_create THEN
    BEGIN
      DECLARE CONTINUE HANDLER FOR 1062 BEGIN END;  -- another session created it first
      INSERT INTO players (name, account, created_at) VALUES (p_name, v_login, SYSDATE(6));
    END;
    SELECT MAX(id), MAX(account) INTO o_id, v_owner FROM players WHERE name = p_name AND own = v_own;
  END IF;
  IF o_id IS NOT NULL AND v_role <> 'admin' AND v_names = 'created' AND NOT (v_owner <=> v_login) THEN
    SIGNAL SQLSTATE 'WD039' SET MESSAGE_TEXT = 'that player name belongs to another account (setting player_names)';
  END IF;
  IF o_id IS NOT NULL AND p_create THEN  -- a move: reads write nothing
    SELECT COALESCE(MAX(m.connection), 0),  -- a plain read: it locks nothing
           COALESCE(MAX(IF(m.connection > 0 AND m.server_run = _wordle_server_run(),
                           m.connection, 0)), 0)
      INTO v_after, v_run_after
    FROM node_accounts m WHERE m.node = v_node AND m.user IN (v_caller, '');
    INSERT INTO player_access (account, name, version, player_id, node, after)
    VALUES (SESSION_USER(), p_name, v_version, o_id, v_node, v_after)
    ON DUPLICATE KEY UPDATE player_id = VALUES(player_id),  -- the same decision, made at once
                            node = VALUES(node), after = VALUES(after);  -- or on another node
    IF v_decided THEN  -- this session's own row: no other session waits for it
      INSERT INTO account_access (account, node, version, connection, after, role, login)
      VALUES (SESSION_USER(), v_node, v_version, CONNECTION_ID(), v_run_after, v_role, v_caller)
      ON DUPLICATE KEY UPDATE after = VALUES(after), role = VALUES(role), login = VALUES(login);
    END IF;
  END IF;
END
