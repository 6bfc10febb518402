-- wordle_import_words(answers): wordle_import_words_on(NULL, answers), into the default channel.
-- Reads/writes: see wordle_import_words_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_import_words(
    IN p_answers BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Merge the temporary table word_import into the default channel''s word lists'
CALL wordle_import_words_on(NULL, p_answers)
