-- _wordle_session_check(): internal. Nothing, or error WD012 naming the first session setting
-- that would change what a routine does: a forced AUTO_INCREMENT id (insert_id), checks
-- switched off (foreign keys, unique keys, constraints), a statement time limit (a routine
-- must run to its end), an auto-increment step or offset other than the server's (a session's
-- own step would use up the ids; on a Galera node that manages them, wsrep_auto_increment_control,
-- a session keeps the values of the cluster it joined, and _wordle_begin puts the node's current
-- ones back before any insert), settings that make statements
-- fail (sql_safe_updates, sql_big_selects, completion_type), a join_cache_level other than the
-- server's (its hash joins read whole tables, today's rows included, through the views), and limits below what the
-- routines need (max_recursive_iterations,
-- group_concat_max_len, div_precision_increment, max_session_mem_used), and regular expression
-- flags. The clock, the random draws, the isolation level and the
-- transaction are not checked: the routines do not depend on them (see docs/sql-api.md).
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE PROCEDURE _wordle_session_check()
NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: refuse session settings that would change a routine'
BEGIN
  DECLARE v_problem VARCHAR(255) DEFAULT CASE
    WHEN @@SESSION.insert_id <> 0 THEN 'insert_id is set (SET insert_id = 0)'
    WHEN @@SESSION.foreign_key_checks = 0 THEN 'foreign_key_checks is off'
    WHEN @@SESSION.unique_checks = 0 THEN 'unique_checks is off'
    WHEN @@SESSION.check_constraint_checks = 0 THEN 'check_constraint_checks is off'
    WHEN @@SESSION.max_statement_time <> 0
      THEN 'max_statement_time is set: a routine runs to its end (SET max_statement_time = 0)'
    WHEN @@SESSION.auto_increment_increment <> @@GLOBAL.auto_increment_increment
         AND NOT (@@GLOBAL.wsrep_on AND @@GLOBAL.wsrep_auto_increment_control)
      THEN 'auto_increment_increment is not the server''s (SET auto_increment_increment = DEFAULT)'
    WHEN @@SESSION.auto_increment_offset <> @@GLOBAL.auto_increment_offset
         AND NOT (@@GLOBAL.wsrep_on AND @@GLOBAL.wsrep_auto_increment_control)
      THEN 'auto_increment_offset is not the server''s (SET auto_increment_offset = DEFAULT)'
    WHEN @@SESSION.join_cache_level <> @@GLOBAL.join_cache_level
      THEN 'join_cache_level is not the server''s (hash joins would read today''s rows)'
    WHEN @@SESSION.sql_safe_updates THEN 'sql_safe_updates is on'
    WHEN NOT @@SESSION.sql_big_selects THEN 'sql_big_selects is off (max_join_size is set)'
    WHEN @@SESSION.completion_type <> 'NO_CHAIN' THEN 'completion_type is not NO_CHAIN'
    WHEN @@SESSION.max_recursive_iterations < 1000 THEN 'max_recursive_iterations is below 1000'
    WHEN @@SESSION.group_concat_max_len < 1024 THEN 'group_concat_max_len is below 1024'
    WHEN @@SESSION.div_precision_increment < 4 THEN 'div_precision_increment is below 4'
    WHEN @@SESSION.default_regex_flags <> '' THEN 'default_regex_flags is set'
    WHEN @@SESSION.max_session_mem_used < @@GLOBAL.max_session_mem_used
      THEN 'max_session_mem_used is below the server''s'
  END;
  IF v_problem IS NOT NULL THEN
    SET v_problem = CONCAT('this session''s settings are refused by wordle-db: ', v_problem);
    SIGNAL SQLSTATE 'WD012' SET MESSAGE_TEXT = v_problem;
  END IF;
END
