-- _wordle_session_mark(login): internal. The highest mark of this node (_wordle_node) and run
-- (_wordle_server_run) on the accounts this session may have been let in as: those of user
-- `login` and the anonymous ones (user '') whose host may match the client
-- (_wordle_host_may_match). A mark is the last connection id the node had given when its
-- accounts refresh saw the account go or change role (node_accounts): a session whose
-- CONNECTION_ID() is at most the mark began before, and may be an account that is no more
-- what the copy of the accounts says. 0: no such mark. The highest value there is for an
-- account another node's refresh saw go or change while this node's has not yet (behind):
-- until it has marked it, no session here can be told apart. Usually (no mark, nothing behind)
-- one read by key, and no host tested.
-- Reads: node_accounts, information_schema.GLOBAL_STATUS (only when a mark is at or above
-- the session's id).
-- revision: 0044
CREATE OR REPLACE FUNCTION _wordle_session_mark(
    p_login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS BIGINT UNSIGNED
NOT DETERMINISTIC READS SQL DATA SQL SECURITY INVOKER
COMMENT 'Internal: the mark a session of this login must be above'
BEGIN
  DECLARE v_node VARCHAR(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT _wordle_node();
  DECLARE v_login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
    DEFAULT COALESCE(p_login, '');
  DECLARE v_client VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_behind BOOLEAN;
  DECLARE v_mark BIGINT UNSIGNED;
  DECLARE v_run BIGINT;
  IF NOT EXISTS (SELECT 1 FROM node_accounts m  -- the usual case: no mark, nothing behind
                 WHERE m.node = v_node AND m.user IN (v_login, '')
                   AND (m.connection > 0 OR m.behind)) THEN
    RETURN 0;
  END IF;
  SET v_client = SUBSTRING_INDEX(SESSION_USER(), '@', -1);
  SELECT MAX(m.behind), MAX(m.connection) INTO v_behind, v_mark
  FROM node_accounts m
  WHERE m.node = v_node AND m.user IN (v_login, '') AND (m.connection > 0 OR m.behind)
    AND _wordle_host_may_match(m.host, v_client);
  IF v_behind THEN
    RETURN 18446744073709551615;
  END IF;
  IF v_mark >= CONNECTION_ID() THEN  -- of this run, or of an earlier one (ids start again)?
    SET v_run = _wordle_server_run();
    SELECT MAX(m.connection) INTO v_mark
    FROM node_accounts m
    WHERE m.node = v_node AND m.user IN (v_login, '') AND m.connection > 0
      AND m.server_run = v_run AND _wordle_host_may_match(m.host, v_client);
  END IF;
  RETURN COALESCE(v_mark, 0);
END
