-- wordle_status(): one row describing the installation, never a word: schema revision, word
-- counts, answer words never published (answers_left), today's date and whether its puzzle is
-- published, today's puzzle number, days scheduled ahead, and how long the words last: days_left
-- (from today, days already published plus answers left) and words_until, the last such day.
-- Reads: alembic_version, words, answer_pool, puzzles, settings.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_status()
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Counts and today''s state, without any word'
BEGIN
  DECLARE v_today DATE DEFAULT wordle_today();
  DECLARE v_left, v_covered INT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  SET v_left = (SELECT COUNT(*) FROM answer_pool),
      v_covered = (SELECT COUNT(*) FROM puzzles WHERE day >= v_today);
  SELECT (SELECT version_num FROM alembic_version LIMIT 1) AS schema_revision,
         (SELECT COUNT(*) FROM words) AS words_allowed,
         (SELECT COUNT(*) FROM words WHERE is_answer) AS words_answers,
         v_left AS answers_left,
         v_today AS today,
         EXISTS (SELECT 1 FROM puzzles WHERE day = v_today) AS today_published,
         wordle_puzzle_number(v_today) AS puzzle_number,
         (SELECT COUNT(*) FROM puzzles WHERE day > v_today) AS days_scheduled,
         v_covered + v_left AS days_left,
         v_today + INTERVAL (v_covered + v_left - 1) DAY AS words_until,
         wordle_setting('time_zone') AS time_zone;
  COMMIT AND NO CHAIN NO RELEASE;
END
