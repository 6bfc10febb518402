-- wordle_solve_word(word, opener, hard): wordle_solve_word_on(NULL, word, opener, hard), in the
-- default channel.
-- Reads/writes: see wordle_solve_word_on.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solve_word(
    IN p_word VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_opener VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_hard BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'The solver''s game for one answer word of the default channel'
CALL wordle_solve_word_on(NULL, p_word, p_opener, p_hard)
