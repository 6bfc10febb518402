-- wordle_play_on(channel, player, guess, day, hard): submit a guess in a player's game of `day` (NULL:
-- today, published first if needed). `hard` (NULL: keep) chooses hard mode before the first
-- guess. Runs in a READ COMMITTED transaction (_wordle_begin) that locks the player's game row
-- and nothing another player's call needs: racing submissions cannot exceed max_tries, and
-- different players never wait for each other. A deadlock or lock timeout is retried after a
-- random pause. The path runs on every guess of the morning rush: each table is read once.
-- (A repeated guess is looked for before the insert: a failed insert of a duplicate key would
-- lock the gap before it, which holds another game's rows.)
-- Result: one row (day, number, attempt, guess, hint, state, hard, max_tries, answer); state is
-- playing, won or lost; answer is given once the game is over.
-- Errors: WD030 future day, WD031 no puzzle, WD032 wrong length, WD033 not an accepted word,
-- WD034 already tried, WD035 game over, WD036 hard-mode rule, WD037 hard mode after the first
-- guess, WD038 bad player name, WD039 a name this account may not use, WD025 busy, WD012.
-- Reads: settings, channels, words, channel_words, puzzles, players, games, attempts. Writes: players, games, attempts.
-- The rules live in _wordle_play (shared with wordle_play and wordle_guess_on).
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_play_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_guess MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_hard BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Submit a guess in a player''s game'
CALL _wordle_play(p_channel, p_player, p_guess, p_day, p_hard, FALSE, NULL)
