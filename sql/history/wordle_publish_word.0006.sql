-- wordle_publish_word(day, word): an editor's pick: publish `day` (NULL: today) with `word`, an
-- answer word never published. The same word again changes nothing; a day that already has
-- another word is an error. For administrators only: the answers it gives would tell anyone
-- else whether a word is a day's word. Result: one row (day, number, published, picked).
-- Errors: see _wordle_publish (WD021-WD025), WD010 (unknown time zone), WD012.
-- Reads/writes: see _wordle_publish.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_publish_word(
    IN p_day DATE, IN p_word VARCHAR(255))
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Publish a day with a chosen word (administrators)'
BEGIN
  DECLARE v_day DATE DEFAULT COALESCE(p_day, wordle_today());
  DECLARE v_published BOOLEAN;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  IF p_word IS NULL THEN
    SIGNAL SQLSTATE 'WD022' SET MESSAGE_TEXT = 'the chosen word is not an answer word';
  END IF;
  CALL _wordle_publish(v_day, p_word, v_published);
  CALL _wordle_begin();
  SELECT day, wordle_puzzle_number(day) AS number, v_published AS published, picked
  FROM puzzles WHERE day = v_day;
  COMMIT AND NO CHAIN NO RELEASE;
END
