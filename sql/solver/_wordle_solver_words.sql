-- _wordle_solver_words(channel, work, fill, letters, OUT answers, OUT guesses): internal. The
-- one place the solver reads a channel's word lists (today: every word is channel 1's, an
-- answer when words.is_answer). `letters` (NULL: the most common length of the answer words,
-- set on return) is the length the solver plays; OUT answers and guesses count the answer
-- words and the accepted words of that length. `fill` 1 stores the answer words as
-- solver_work_words rows of `work`, 2 every accepted word of that length, 0 nothing.
-- Reads: words. Writes: solver_work_words.
-- revision: 0007
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_solver_words(
    IN p_channel SMALLINT UNSIGNED, IN p_work BINARY(16), IN p_fill TINYINT,
    INOUT io_letters INT, OUT o_answers INT, OUT o_guesses INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a channel''s answer words and accepted words for the solver'
BEGIN
  IF io_letters IS NULL THEN
    SET io_letters = (SELECT CHAR_LENGTH(word) FROM words WHERE is_answer
                      GROUP BY CHAR_LENGTH(word) ORDER BY COUNT(*) DESC, CHAR_LENGTH(word) LIMIT 1);
  END IF;
  SELECT COALESCE(SUM(is_answer), 0), COUNT(*) INTO o_answers, o_guesses
  FROM words WHERE CHAR_LENGTH(word) = io_letters;
  IF p_fill > 0 THEN
    INSERT INTO solver_work_words (channel_id, work, word_id, is_answer)
    SELECT p_channel, p_work, id, is_answer FROM words
    WHERE CHAR_LENGTH(word) = io_letters AND (is_answer OR p_fill > 1);
  END IF;
END
