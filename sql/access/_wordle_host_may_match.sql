-- _wordle_host_may_match(pattern, client): internal. The one rule of which accounts a session
-- may be: whether an account's host `pattern` may match the client the server knows as
-- `client` (the host part of SESSION_USER(): `localhost` for the socket and, when the server
-- resolves names, for 127.0.0.1 and ::1; a resolved name; else the address). The server
-- matches a pattern against the client's name and its address, but a routine sees only one of
-- them: a name hides the address behind it, so an address pattern (digits, hex letters, dots,
-- colons, wildcards) or a netmask may match any named client, except localhost, whose
-- address is 127.0.0.1 or ::1 (none with skip-name-resolve: the socket only). Names and
-- patterns compare lower-cased, as the server compares host names. A netmask is IPv4 only:
-- the server never matches one for a client known by an IPv6 address. Fails closed: a
-- netmask it cannot read may match.
-- Reads: nothing.
-- revision: 0044
CREATE OR REPLACE FUNCTION _wordle_host_may_match(
    p_pattern VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    p_client VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS BOOLEAN
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: whether an account host pattern may match a client'
BEGIN
  DECLARE v_pattern VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT LOWER(p_pattern);
  DECLARE v_client VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT LOWER(p_client);
  DECLARE v_address VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  IF v_client LIKE v_pattern THEN
    RETURN TRUE;
  END IF;
  IF v_client REGEXP '^[0-9]{1,3}(\\.[0-9]{1,3}){3}$' OR v_client LIKE '%:%' THEN
    SET v_address = v_client;  -- the server knows the client by its address: LIKE said it all
  ELSEIF v_client = 'localhost' THEN
    IF @@GLOBAL.skip_name_resolve THEN
      RETURN FALSE;  -- the socket: no address
    END IF;
    IF v_pattern NOT LIKE '%/%' THEN
      RETURN '127.0.0.1' LIKE v_pattern OR '::1' LIKE v_pattern;
    END IF;
    SET v_address = '127.0.0.1';
  ELSEIF v_pattern LIKE '%/%' OR v_pattern REGEXP '^[0-9a-f.:%_]+$' THEN
    RETURN TRUE;  -- a name hides the address the pattern may match
  ELSE
    RETURN FALSE;
  END IF;
  IF v_pattern NOT LIKE '%/%' OR v_address LIKE '%:%' THEN
    RETURN FALSE;
  END IF;
  RETURN COALESCE(INET_ATON(v_address) & INET_ATON(SUBSTRING_INDEX(v_pattern, '/', -1))
                  = INET_ATON(SUBSTRING_INDEX(v_pattern, '/', 1)), TRUE);
END
