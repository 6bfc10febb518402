-- _wordle_publish(channel id, day, word, OUT published): internal. Give the channel's `day`
-- its puzzle unless it has one: `word` (an editor's pick: an answer word of the channel never
-- published in it) or, when NULL, a random such word, drawn from the channel's answer_pool in
-- constant time with _wordle_random (no session can seed it). Number 1 is the channel's
-- first_day, the day it was created, unless its first puzzle is of an earlier day (an
-- administrator's pick of a past day): then that day. Once the channel has a puzzle, days
-- before first_day are refused. Only that first past day writes the channel's row: today's
-- and later publications write nothing but the pool and the puzzle, so no reader of the
-- channel's settings can hold them up. Safe under any
-- concurrency: the primary key of puzzles allows one word per channel and day and its unique
-- key one day per word in a channel; a deadlock or duplicate key (another session or Galera
-- node was first) rolls back and tries again after a random pause, and then finds the day
-- published; a lock wait timeout, as _wordle_lock_waited says (WD025 on one server). Each try is a READ COMMITTED transaction of its own (_wordle_begin),
-- committed before it returns. OUT published is TRUE when this call did it.
-- Errors: WD020 no answer word left, WD021 the day has another word, WD022 not an answer word,
-- WD023 word already published or scheduled, WD024 day before first_day, WD025 still busy,
-- WD060 the channel was removed meanwhile.
-- Reads: channels, words, channel_words, puzzles, answer_pool. Writes: puzzles, answer_pool.
-- revision: 0055
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_publish(
    IN p_channel SMALLINT UNSIGNED, IN p_day DATE, IN p_word VARCHAR(255), OUT o_published BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: publish a day (random or chosen word), retrying on conflicts'
BEGIN
  DECLARE v_word VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT LOWER(p_word);
  DECLARE v_first DATE;
  DECLARE v_first_ahead BOOLEAN;
  DECLARE v_name VARCHAR(16) CHARACTER SET utf8mb4;
  DECLARE v_message VARCHAR(255);
  DECLARE v_chosen, v_existing, v_pick, v_last INT UNSIGNED;
  DECLARE v_any BOOLEAN;
  DECLARE v_slot, v_top INT UNSIGNED;
  DECLARE v_attempt INT DEFAULT 0;
  DECLARE v_retry BOOLEAN;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_top = NULL, v_slot = NULL;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;

  SET o_published = FALSE;
  CALL _wordle_begin();
  IF p_day IS NULL THEN
    SIGNAL SQLSTATE 'WD024' SET MESSAGE_TEXT = 'a day to publish is required';
  END IF;
  SELECT first_day, name, first_day > _wordle_date_in(time_zone)
  INTO v_first, v_name, v_first_ahead FROM channels WHERE id = p_channel;
  IF v_name IS NULL THEN  -- removed since the caller found it (wordle_channel_remove)
    SIGNAL SQLSTATE 'WD060' SET MESSAGE_TEXT = 'that channel was removed while its puzzle was being published';
  END IF;
  -- Before the channel's first puzzle, an administrator may publish an earlier day first: it
  -- becomes number 1 (unless first_day was set ahead: the channel starts then). Afterwards
  -- number 1 never moves.
  SELECT EXISTS (SELECT 1 FROM puzzles WHERE channel_id = p_channel) INTO v_any;  -- plain reads
  IF p_day < v_first AND (v_first_ahead OR v_any) THEN
    SET v_message = CONCAT('the day is before the first puzzle day of channel ', v_name, ' (first_day ', v_first, ')');
    SIGNAL SQLSTATE 'WD024' SET MESSAGE_TEXT = v_message;
  END IF;
  IF p_word IS NOT NULL THEN
    SET v_word = _wordle_fold_by(v_word, (SELECT accents FROM channels WHERE id = p_channel));
    SET v_chosen = (SELECT w.id FROM words w
                    JOIN channel_words c ON c.word_id = w.id AND c.channel_id = p_channel AND c.is_answer
                    WHERE w.word = v_word);
    IF v_chosen IS NULL THEN
      SIGNAL SQLSTATE 'WD022' SET MESSAGE_TEXT = 'the chosen word is not an answer word of this channel';
    END IF;
  END IF;

  publish: LOOP
    SET v_attempt = v_attempt + 1, v_retry = FALSE;
    BEGIN
      DECLARE EXIT HANDLER FOR 1213, 1062 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; SET v_retry = TRUE; END;
      DECLARE EXIT HANDLER FOR 1205 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; CALL _wordle_lock_waited(TRUE); SET v_retry = TRUE; END;
      CALL _wordle_begin();
      SELECT MAX(word_id) INTO v_existing FROM puzzles WHERE channel_id = p_channel AND day = p_day;
      IF v_existing IS NOT NULL THEN
        IF v_chosen IS NOT NULL AND v_chosen <> v_existing THEN
          SIGNAL SQLSTATE 'WD021' SET MESSAGE_TEXT = 'that day already has another word';
        END IF;
      ELSE
        -- Lock the last slot first, then the picked one: every publisher locks in this order.
        SELECT slot INTO v_top FROM answer_pool WHERE channel_id = p_channel
        ORDER BY slot DESC LIMIT 1 FOR UPDATE;
        IF v_top IS NULL THEN
          SET v_message = CONCAT('no answer word is left to publish in channel ', v_name, ': import more with `wordle-db words import FILE --answers --channel ', v_name, '`');
          SIGNAL SQLSTATE 'WD020' SET MESSAGE_TEXT = v_message;
        END IF;
        IF v_chosen IS NULL THEN
          SET v_slot = 1 + _wordle_random(v_top);
          SELECT word_id INTO v_pick FROM answer_pool WHERE channel_id = p_channel AND slot = v_slot FOR UPDATE;
        ELSE
          SELECT slot INTO v_slot FROM answer_pool WHERE channel_id = p_channel AND word_id = v_chosen FOR UPDATE;
          IF v_slot IS NULL THEN
            SIGNAL SQLSTATE 'WD023' SET MESSAGE_TEXT = 'the chosen word is already published or scheduled';
          END IF;
          SET v_pick = v_chosen;
        END IF;
        INSERT INTO puzzles (channel_id, day, word_id, picked, published_at)
        VALUES (p_channel, p_day, v_pick, IF(v_chosen IS NULL, 'random', 'editor'), SYSDATE(6));
        -- Keep the pool dense: the last slot's word moves into the slot just emptied.
        SET v_last = (SELECT word_id FROM answer_pool WHERE channel_id = p_channel AND slot = v_top);
        DELETE FROM answer_pool WHERE channel_id = p_channel AND slot = v_top;
        IF v_slot <> v_top THEN
          UPDATE answer_pool SET word_id = v_last WHERE channel_id = p_channel AND slot = v_slot;
        END IF;
        IF p_day < v_first THEN  -- the first puzzle, of a day before the channel was made
          UPDATE channels SET first_day = p_day WHERE id = p_channel AND first_day > p_day;
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
      SIGNAL SQLSTATE 'WD025' SET MESSAGE_TEXT = 'the database stayed busy: try again';
    END IF;
    DO SLEEP(_wordle_random(1000) / 1000 * 0.005 * v_attempt);
  END LOOP;
END
