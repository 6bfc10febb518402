-- wordle_publish(day): publish the puzzle of `day` (NULL: today in the configured zone) with a
-- random answer word never published. A day that already has its word is left as it is and
-- reported. The word itself is never returned. Result: one row (day, number, published,
-- picked); published is 1 when this call published the day, 0 when it was already published.
-- Errors: see _wordle_publish (WD020, WD024, WD025), WD010 (unknown time zone).
-- Reads/writes: see _wordle_publish.
-- revision: 0002
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_publish(IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Publish a day''s puzzle at random (idempotent); never returns the word'
BEGIN
  DECLARE v_day DATE DEFAULT COALESCE(p_day, wordle_today());
  DECLARE v_published BOOLEAN;
  CALL _wordle_publish(v_day, NULL, v_published);
  SELECT day, wordle_puzzle_number(day) AS number, v_published AS published, picked
  FROM puzzles WHERE day = v_day;
END
