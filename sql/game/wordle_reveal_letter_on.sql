-- wordle_reveal_letter_on(channel, player, day, generation): a letter hint. Reveals one letter of the answer that no
-- guess has found yet, in an order fixed for the day that only the answer determines (every
-- player of a day sees the same first letters, so fresh players together learn no more): not green in any attempt, not revealed before, and not accounted
-- for by yellows (a letter is eligible while the answer has more copies of it than the player
-- has located or seen revealed in a single guess). Never reveals the last unfound letter; at
-- most setting letter_hints per game. The count is kept in games.revealed; asking before the
-- first guess starts the game.
-- Result: one row (position, letter, letters_revealed, hints_left).
-- `generation`: the session generation of the caller's session (see _wordle_move;
-- NULL: not checked).
-- The move's rules live in _wordle_move (shared with the guesses), the letter's in
-- _wordle_reveal_letter.
-- Errors: WD035 game over, WD040 no hint left, WD096 that session has ended, and those of
-- wordle_game.
-- Reads: settings, puzzles, words, positions, players, games, attempts, revealed_letters.
-- Writes: players, games, revealed_letters.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- revision: 0038
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_reveal_letter_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE,
    IN p_generation INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Reveal one letter of the answer not found yet (letter hint)'
CALL _wordle_move(p_channel, p_player, NULL, p_day, NULL, FALSE, TRUE, p_generation, FALSE)
