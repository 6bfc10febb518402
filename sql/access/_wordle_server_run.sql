-- _wordle_server_run(): internal. This server's run: when it started, in seconds since 1970
-- (connection ids are counted again from 1 at every start, so a mark of node_accounts holds
-- for the run that made it only). The statement's clock less the uptime, which the server
-- counts from that same clock: a session that moves its clock (SET timestamp, even before
-- the server started: the uptime then wraps, read back as signed) or runs long before the
-- call moves both alike, and the run is to the second whatever it does.
-- Reads: information_schema.GLOBAL_STATUS.
-- revision: 0044
CREATE OR REPLACE FUNCTION _wordle_server_run()
RETURNS BIGINT
NOT DETERMINISTIC READS SQL DATA SQL SECURITY INVOKER
COMMENT 'Internal: when the server started, in seconds since 1970'
RETURN (SELECT FLOOR(@@timestamp) - CAST(VARIABLE_VALUE AS SIGNED)
        FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'UPTIME')
