-- wordle_import_words_on(channel, answers): add the words of the session's word_import table
-- (see wordle_import_begin; fill it with autocommit on, as the call starts by rolling back an
-- open transaction) to a channel's accepted words (NULL: the default channel), and with
-- answers = TRUE to its answer words too. Words are lowered, and folded in a channel that folds
-- accents (é -> e); a line that is not a single word of letters (any script) or has not the
-- channel's number of letters gets its `error` set and is skipped. A word is stored once in
-- `words` whatever the channels that use it; words the channel knows already are ignored (an
-- accepted word imported with answers = TRUE becomes an answer word). New answer words join the
-- channel's pool of unpublished answers, new letters its alphabet. All or nothing, in one
-- transaction. Result: one row (lines_read, rejected, added, answers_added): added counts the
-- words new to the channel.
-- Errors: WD060 no such channel, WD064 no word_import table (wordle_import_begin not called).
-- WD025 the database stayed busy: a row it writes stayed locked by another session.
-- Reads: word_import, settings, channels, words, channel_words, positions, letter_folds,
-- puzzles, answer_pool. Writes: words, channel_words, letters, answer_pool.
-- revision: 0050
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_import_words_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_answers BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Merge the temporary table word_import into a channel''s word lists'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_letters INT;
  DECLARE v_accents VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
  DECLARE v_added, v_answers_before, v_top INT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  DECLARE EXIT HANDLER FOR 1205 BEGIN ROLLBACK AND NO CHAIN NO RELEASE; CALL _wordle_lock_waited(FALSE); END;

  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  SELECT letters, accents INTO v_letters, v_accents FROM channels WHERE id = v_channel;
  COMMIT AND NO CHAIN NO RELEASE;
  -- The session's own temporary table, outside the transaction. Folding never shortens a
  -- word (œ -> oe), so longer words are refused before the (slower) fold.
  BEGIN
    DECLARE EXIT HANDLER FOR 1146  -- no word_import in this session
      SIGNAL SQLSTATE 'WD064' SET MESSAGE_TEXT = 'this session has no table word_import: CALL wordle_import_begin() first, then fill it';
    UPDATE word_import
       SET word = LOWER(word),
           error = IF(word NOT REGEXP '^[\\p{L}\\p{M}]+$', 'not a single word of letters', NULL);
  END;
  UPDATE word_import SET word = _wordle_fold_by(word, v_accents)
  WHERE v_accents LIKE 'fold%' AND error IS NULL AND CHAR_LENGTH(word) <= v_letters AND word REGEXP '[^a-z]';
  UPDATE word_import SET error = CONCAT('not ', v_letters, ' letters (the channel''s length)')
  WHERE error IS NULL AND CHAR_LENGTH(word) <> v_letters;
  CALL _wordle_begin();
  SET v_answers_before = (SELECT COUNT(*) FROM channel_words WHERE channel_id = v_channel AND is_answer),
      v_added = (SELECT COUNT(*) FROM channel_words WHERE channel_id = v_channel);

  INSERT IGNORE INTO words (word) SELECT DISTINCT word FROM word_import WHERE error IS NULL;
  INSERT INTO channel_words (channel_id, word_id, is_answer)
  SELECT v_channel, found.id, p_answers
  FROM (SELECT w.id FROM (SELECT DISTINCT word FROM word_import WHERE error IS NULL) i
        JOIN words w ON w.word = i.word) found
  ON DUPLICATE KEY UPDATE is_answer = is_answer OR p_answers;
  SET v_added = (SELECT COUNT(*) FROM channel_words WHERE channel_id = v_channel) - v_added;

  INSERT INTO letters (channel_id, letter)
  SELECT v_channel, letter FROM (
    SELECT DISTINCT SUBSTRING(i.word, p.n, 1) AS letter
    FROM word_import i JOIN positions p ON p.n <= CHAR_LENGTH(i.word)
    WHERE i.error IS NULL) found
  WHERE NOT EXISTS (SELECT 1 FROM letters l WHERE l.channel_id = v_channel AND l.letter = found.letter);

  -- The channel's answer words neither published nor in its pool yet take the next free slots.
  SET v_top = (SELECT COALESCE(MAX(slot), 0) FROM answer_pool WHERE channel_id = v_channel);
  INSERT INTO answer_pool (channel_id, slot, word_id)
  SELECT v_channel, v_top + ROW_NUMBER() OVER (ORDER BY c.word_id), c.word_id
  FROM channel_words c
  WHERE c.channel_id = v_channel AND c.is_answer
    AND NOT EXISTS (SELECT 1 FROM answer_pool p WHERE p.channel_id = v_channel AND p.word_id = c.word_id)
    AND NOT EXISTS (SELECT 1 FROM puzzles z WHERE z.channel_id = v_channel AND z.word_id = c.word_id);
  COMMIT AND NO CHAIN NO RELEASE;

  SELECT _wordle_int((SELECT COUNT(*) FROM word_import)) AS lines_read,
         _wordle_int((SELECT COUNT(*) FROM word_import WHERE error IS NOT NULL)) AS rejected,
         v_added AS added,
         _wordle_int((SELECT COUNT(*) FROM channel_words WHERE channel_id = v_channel AND is_answer)
                     - v_answers_before) AS answers_added;
END
