-- _wordle_int(value): internal. A whole number as INT, the type every whole number of a result
-- has (docs/sql-api.md, Clients): COUNT(), SUM(), RANK() and arithmetic on them are BIGINT (or
-- DECIMAL), which Node's mariadb connector gives as a BigInt that JSON.stringify refuses (or a
-- string), and CAST(... AS INT) keeps them BIGINT. A value beyond INT's range is an error,
-- never cut (no count here comes near it).
-- Reads: nothing.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_int(p_value BIGINT)
RETURNS INT
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: a whole number as INT, for a result column'
RETURN p_value
