-- wordle_guess_on(channel, player, guess, day, hard, generation): wordle_play_on's guess, then
-- the game's keyboard, in one call: what a front end shows after each guess (the page's POST
-- /api/guess), without a second call that finds the channel, puzzle, player and game again.
-- Result: two result sets: the guess's row (as wordle_play_on), then the keyboard's rows
-- (letter, state) as wordle_keyboard_on gives them, read after the guess is committed.
-- `generation`: the session generation of the caller's session (see _wordle_lock_player_game;
-- NULL: not checked): a session that has ended makes no move.
-- Errors: as wordle_play_on, and WD096 that session has ended.
-- Reads: settings, channels, words, channel_words, puzzles, players, games, attempts,
-- letters, positions. Writes: players, games, attempts.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_guess_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_hard BOOLEAN, IN p_generation INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Submit a guess and read the keyboard after it'
CALL _wordle_play(p_channel, p_player, p_guess, p_day, p_hard, TRUE, p_generation)
