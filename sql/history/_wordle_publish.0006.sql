-- _wordle_publish(day, word, OUT published): internal. Give `day` its puzzle unless it has one:
-- `word` (an editor's pick: an answer word never published) or, when NULL, a random answer word
-- never published, drawn from answer_pool in constant time with _wordle_random (no session can
-- seed it). The first publication fixes setting first_day (number 1) at that day or today,
-- whichever is earlier, so puzzle numbers never change afterwards. Safe under any concurrency: the primary key of puzzles allows one word per
-- day and its unique key one day per word; a deadlock, lock timeout or duplicate key (another
-- session or Galera node was first) rolls back and tries again after a random pause, and then
-- finds the day published. Each try is a READ COMMITTED transaction of its own (_wordle_begin),
-- committed before it returns. OUT published is TRUE when this call did it.
-- Errors: WD020 no answer word left, WD021 the day has another word, WD022 not an answer word,
-- WD023 word already published or scheduled, WD024 day before first_day, WD025 still busy.
-- Reads: settings, words, puzzles, answer_pool. Writes: puzzles, answer_pool, settings.
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_publish(
    IN p_day DATE, IN p_word VARCHAR(255), OUT o_published BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: publish a day (random or chosen word), retrying on conflicts'
BEGIN
  DECLARE v_word VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT LOWER(p_word);
  DECLARE v_chosen, v_existing, v_pick, v_last INT UNSIGNED;
  DECLARE v_slot, v_top INT UNSIGNED;
  DECLARE v_attempt INT DEFAULT 0;
  DECLARE v_retry BOOLEAN;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_top = NULL, v_slot = NULL;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;

  SET o_published = FALSE;
  CALL _wordle_begin();
  IF p_day IS NULL THEN
    SIGNAL SQLSTATE 'WD024' SET MESSAGE_TEXT = 'a day to publish is required';
  ELSEIF p_day < NULLIF(wordle_setting('first_day'), '') THEN
    SIGNAL SQLSTATE 'WD024' SET MESSAGE_TEXT = 'the day is before the first puzzle day (setting first_day)';
  END IF;
  IF p_word IS NOT NULL THEN
    SET v_chosen = (SELECT id FROM words WHERE word = v_word AND is_answer);
    IF v_chosen IS NULL THEN
      SIGNAL SQLSTATE 'WD022' SET MESSAGE_TEXT = 'the chosen word is not an answer word';
    END IF;
  END IF;

  publish: LOOP
    SET v_attempt = v_attempt + 1, v_retry = FALSE;
    BEGIN
      DECLARE EXIT HANDLER FOR 1213, 1205, 1062 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; SET v_retry = TRUE; END;
      CALL _wordle_begin();
      SET v_existing = (SELECT word_id FROM puzzles WHERE day = p_day);
      IF v_existing IS NOT NULL THEN
        IF v_chosen IS NOT NULL AND v_chosen <> v_existing THEN
          SIGNAL SQLSTATE 'WD021' SET MESSAGE_TEXT = 'that day already has another word';
        END IF;
      ELSE
        -- Lock the last slot first, then the picked one: every publisher locks in this order.
        SELECT slot INTO v_top FROM answer_pool ORDER BY slot DESC LIMIT 1 FOR UPDATE;
        IF v_top IS NULL THEN
          SIGNAL SQLSTATE 'WD020' SET MESSAGE_TEXT = 'no answer word is left to publish: import more with `wordle-db words import FILE --answers`';
        END IF;
        IF v_chosen IS NULL THEN
          SET v_slot = 1 + _wordle_random(v_top);
          SELECT word_id INTO v_pick FROM answer_pool WHERE slot = v_slot FOR UPDATE;
        ELSE
          SELECT slot INTO v_slot FROM answer_pool WHERE word_id = v_chosen FOR UPDATE;
          IF v_slot IS NULL THEN
            SIGNAL SQLSTATE 'WD023' SET MESSAGE_TEXT = 'the chosen word is already published or scheduled';
          END IF;
          SET v_pick = v_chosen;
        END IF;
        INSERT INTO puzzles (day, word_id, picked, published_at)
        VALUES (p_day, v_pick, IF(v_chosen IS NULL, 'random', 'editor'), SYSDATE(6));
        -- Keep the pool dense: the last slot's word moves into the slot just emptied.
        SET v_last = (SELECT word_id FROM answer_pool WHERE slot = v_top);
        DELETE FROM answer_pool WHERE slot = v_top;
        IF v_slot <> v_top THEN
          UPDATE answer_pool SET word_id = v_last WHERE slot = v_slot;
        END IF;
        -- Number 1 is fixed at the first publication: later ones never renumber a day (and
        -- leave the settings row alone: readers of the views may hold it).
        IF wordle_setting('first_day') = '' THEN
          UPDATE settings SET value = LEAST(p_day, wordle_today())
          WHERE name = 'first_day' AND value = '';
        END IF;
        SET o_published = TRUE;
      END IF;
      COMMIT AND NO CHAIN NO RELEASE;
    END;
    IF NOT v_retry THEN
      LEAVE publish;
    END IF;
    SET o_published = FALSE;
    IF v_attempt >= 30 THEN
      SIGNAL SQLSTATE 'WD025' SET MESSAGE_TEXT = 'the database stayed busy while publishing: try again';
    END IF;
    DO SLEEP(_wordle_random(1000) / 1000 * 0.005 * v_attempt);
  END LOOP;
END
