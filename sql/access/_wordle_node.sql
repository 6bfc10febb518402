-- _wordle_node(): internal. Which server this session runs on, as the marks of node_accounts
-- and the kept decisions of player_access name it: its host name and port (each node of a
-- Galera cluster counts connection ids of its own), and whether it resolves client names
-- (with skip_name_resolve, SESSION_USER()'s localhost is the socket only, so a server
-- restarted with the other setting is another node: nothing kept under the one serves the
-- other). No session can change any of these.
-- Reads: nothing.
-- revision: 0044
CREATE OR REPLACE FUNCTION _wordle_node()
RETURNS VARCHAR(300) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: this server, as marks and kept decisions name it'
RETURN CONCAT(@@GLOBAL.hostname, ':', @@GLOBAL.port,
              IF(@@GLOBAL.skip_name_resolve, ' skip-name-resolve', ''))
