-- _wordle_typed_word(guess, answer, known): internal. The first case of the word accepted
-- (_wordle_accept_guess): the guess, lowered, when `known` (the caller found it so among the
-- words of a channel that keeps accents) and it has as many letters as `answer`; else NULL
-- (_wordle_accept_guess decides). A function that reads nothing: the usual guess calls it
-- first and needs no call of the procedure.
-- Reads: nothing.
-- revision: 0038
CREATE OR REPLACE FUNCTION _wordle_typed_word(
    p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    p_answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, p_known BOOLEAN)
RETURNS VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: a known guess as typed, lowered, or NULL'
RETURN IF(p_known AND CHAR_LENGTH(LOWER(p_guess)) = CHAR_LENGTH(p_answer), LOWER(p_guess), NULL)
