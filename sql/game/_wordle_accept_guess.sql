-- _wordle_accept_guess(channel id, answer, guess, known, OUT word): internal. The rule of the
-- word accepted: the guess, lowered (and folded by the channel's accent rule, _wordle_fold_by),
-- if it may be played against `answer`: as many letters (else WD032) and an accepted word of
-- the channel (else WD033). `known`: TRUE when the caller already found the guess, lowered,
-- among the words of a channel that keeps accents (the guess's context read does), so nothing
-- is read again; NULL or FALSE: read here. A procedure, not a function: a function called in a
-- statement opens every table it might read on each call. Its first case, a known word as
-- typed, is _wordle_typed_word, which the guess calls first. Its reads of the words are
-- SELECT ... INTO, plain reads (SET v = EXISTS (...) share-locked the channel_words rows, so a
-- guess in a folding channel waited for an import of its words).
-- Reads: channels, words, channel_words, positions, letter_folds.
-- revision: 0050
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_accept_guess(
    IN p_channel SMALLINT UNSIGNED,
    IN p_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_known BOOLEAN,
    OUT o_word VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the guess as the channel accepts it'
accept: BEGIN
  DECLARE v_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT LOWER(p_guess);
  DECLARE v_known BOOLEAN DEFAULT p_known;
  DECLARE v_accents VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT 'keep';
  DECLARE v_message VARCHAR(255);
  SET o_word = _wordle_typed_word(p_guess, p_answer, p_known);
  IF o_word IS NOT NULL THEN
    LEAVE accept;
  END IF;
  IF NOT v_known OR v_known IS NULL THEN
    -- The channel's accent rule and, if it keeps accents, the word too: one statement.
    SELECT c.accents, EXISTS (SELECT 1 FROM words w
                                       JOIN channel_words cw ON cw.word_id = w.id AND cw.channel_id = c.id
                                       WHERE w.word = v_guess)
      INTO v_accents, v_known
    FROM channels c WHERE c.id = p_channel;
  END IF;
  IF v_accents LIKE 'fold%' THEN
    SET v_guess = _wordle_fold_by(v_guess, v_accents);
    SELECT EXISTS (SELECT 1 FROM words w
                   JOIN channel_words cw ON cw.word_id = w.id AND cw.channel_id = p_channel
                   WHERE w.word = v_guess)
      INTO v_known;
  END IF;
  IF v_guess IS NULL OR CHAR_LENGTH(v_guess) <> CHAR_LENGTH(p_answer) THEN
    SET v_message = CONCAT('a guess must have ', CHAR_LENGTH(p_answer), ' letters');
    SIGNAL SQLSTATE 'WD032' SET MESSAGE_TEXT = v_message;
  END IF;
  IF NOT v_known THEN
    SET v_message = CONCAT(_wordle_quote(v_guess), ' is not an accepted word');
    SIGNAL SQLSTATE 'WD033' SET MESSAGE_TEXT = v_message;
  END IF;
  SET o_word = v_guess;
END
