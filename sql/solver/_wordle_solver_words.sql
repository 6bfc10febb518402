-- _wordle_solver_words(channel, work, fill, letters, OUT answers, OUT guesses): internal. The
-- one place the solver reads a channel's word lists (channel_words). `letters` (NULL: the
-- channel's length, set on return) is the length the solver plays; OUT answers and guesses count the answer
-- words and the accepted words of that length. `fill` 1 stores the answer words as
-- solver_work_words rows of `work`, 2 every accepted word of that length, 0 nothing.
-- Reads: channels, channel_words, words. Writes: solver_work_words.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_solver_words(
    IN p_channel SMALLINT UNSIGNED, IN p_work BINARY(16), IN p_fill TINYINT,
    INOUT io_letters INT, OUT o_answers INT, OUT o_guesses INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: a channel''s answer words and accepted words for the solver'
BEGIN
  IF io_letters IS NULL THEN
    SET io_letters = (SELECT letters FROM channels WHERE id = p_channel);
  END IF;
  SELECT COALESCE(SUM(c.is_answer), 0), COUNT(*) INTO o_answers, o_guesses
  FROM channel_words c JOIN words w ON w.id = c.word_id
  WHERE c.channel_id = p_channel AND CHAR_LENGTH(w.word) = io_letters;
  IF p_fill > 0 THEN
    INSERT INTO solver_work_words (channel_id, work, word_id, is_answer)
    SELECT p_channel, p_work, w.id, c.is_answer
    FROM channel_words c JOIN words w ON w.id = c.word_id
    WHERE c.channel_id = p_channel AND CHAR_LENGTH(w.word) = io_letters
      AND (c.is_answer OR p_fill > 1);
  END IF;
END
