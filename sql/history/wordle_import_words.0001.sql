-- wordle_import_words(answers): add the words of the session's word_import table (see
-- wordle_import_begin) to the accepted words, and with answers = TRUE to the answer words too.
-- Words are lowered; a line that is not a single word of letters (any script) or is longer than
-- words.word allows gets its `error` set and is skipped. Words already known are ignored (an
-- accepted word imported with answers = TRUE becomes an answer word). New answer words join
-- the pool of unpublished answers, new letters the alphabet. All or nothing, in one transaction.
-- Result: one row (lines_read, rejected, added, answers_added).
-- Reads: word_import, words, positions, puzzles, answer_pool. Writes: words, letters, answer_pool.
-- revision: 0001
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_import_words(
    IN p_answers BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Merge the temporary table word_import into the word lists'
BEGIN
  DECLARE v_max INT DEFAULT (
    SELECT CHARACTER_MAXIMUM_LENGTH FROM information_schema.COLUMNS
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'words' AND COLUMN_NAME = 'word');
  DECLARE v_added, v_answers_before, v_top INT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;

  UPDATE word_import
     SET word = LOWER(word),
         error = CASE WHEN word NOT REGEXP '^[\\p{L}\\p{M}]+$' THEN 'not a single word of letters'
                      WHEN CHAR_LENGTH(word) > v_max THEN CONCAT('longer than ', v_max, ' letters')
                 END;
  START TRANSACTION;
  SET v_answers_before = (SELECT COUNT(*) FROM words WHERE is_answer),
      v_added = (SELECT COUNT(*) FROM words);

  INSERT INTO words (word, is_answer)
  SELECT word, p_answers FROM word_import WHERE error IS NULL
  ON DUPLICATE KEY UPDATE is_answer = is_answer OR p_answers;
  SET v_added = (SELECT COUNT(*) FROM words) - v_added;

  INSERT INTO letters (letter)
  SELECT letter FROM (
    SELECT DISTINCT SUBSTRING(i.word, p.n, 1) AS letter
    FROM word_import i JOIN positions p ON p.n <= CHAR_LENGTH(i.word)
    WHERE i.error IS NULL) found
  WHERE NOT EXISTS (SELECT 1 FROM letters l WHERE l.letter = found.letter);

  -- Answer words neither published nor in the pool yet take the next free slots.
  SET v_top = (SELECT COALESCE(MAX(slot), 0) FROM answer_pool);
  INSERT INTO answer_pool (slot, word_id)
  SELECT v_top + ROW_NUMBER() OVER (ORDER BY w.id), w.id
  FROM words w
  WHERE w.is_answer
    AND NOT EXISTS (SELECT 1 FROM answer_pool p WHERE p.word_id = w.id)
    AND NOT EXISTS (SELECT 1 FROM puzzles z WHERE z.word_id = w.id);
  COMMIT;

  SELECT (SELECT COUNT(*) FROM word_import) AS lines_read,
         (SELECT COUNT(*) FROM word_import WHERE error IS NOT NULL) AS rejected,
         v_added AS added,
         (SELECT COUNT(*) FROM words WHERE is_answer) - v_answers_before AS answers_added;
END
