-- _wordle_server_started(): internal. When the server started (now less its uptime, to the
-- second): connection ids are counted again from there, so a mark of login_changes holds for
-- the run that made it only.
-- Reads: information_schema.GLOBAL_STATUS.
-- revision: 0039
CREATE OR REPLACE FUNCTION _wordle_server_started()
RETURNS DATETIME
NOT DETERMINISTIC READS SQL DATA SQL SECURITY INVOKER
COMMENT 'Internal: the time the server started'
RETURN SYSDATE() - INTERVAL (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS
                             WHERE VARIABLE_NAME = 'UPTIME') SECOND
