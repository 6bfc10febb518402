-- _wordle_random(n): internal. A random whole number from 0 to n - 1, from RANDOM_BYTES: no
-- session can seed or predict it (RAND() follows rand_seed1/rand_seed2). 48 random bits, so
-- the bias of the modulo is below 1 in 10^8 for any n up to a million.
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE FUNCTION _wordle_random(p_n BIGINT UNSIGNED)
RETURNS BIGINT UNSIGNED
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: an unpredictable number from 0 to n - 1'
RETURN CAST(CONV(HEX(RANDOM_BYTES(6)), 16, 10) AS UNSIGNED) MOD p_n
