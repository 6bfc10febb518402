-- wordle_league_board_on(channel, player, league, day): a league's board of one day in one
-- channel, spoiler-free: the other members' results of `day` show only once the player's own
-- game of that day is over (or the day is past: its word is public). Before, a row says
-- whether the member has finished, nothing more: state, attempts, hard and letters_revealed are
-- NULL. What is hidden is never read, so no session counter (SHOW SESSION STATUS) tells it: a
-- hidden member's game is looked up only as won or as lost, by the key `finished` that holds
-- its state, and an unfinished one only when it is shown. Games played after their day
-- (archive) do not count. Never a word nor a hint pattern.
-- Result: rows (day, number, visible, nickname, me, finished, state: won, lost, playing or
-- NULL for none, attempts, max_tries, hard, letters_revealed): the finished first, then by
-- what shows (won, lost, playing; tries), the rest by nickname.
-- Errors: WD030 a future day, WD060 no such channel, WD082 no such league of the player's,
-- WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, channels, players, leagues, league_members, games.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_league_board_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_league MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_day DATE)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'A league''s board of a day, others'' results once one''s own game is over'
BEGIN
  DECLARE v_player, v_league INT UNSIGNED;
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today, v_day DATE;
  DECLARE v_creator, v_visible BOOLEAN;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  SET v_day = COALESCE(p_day, v_today);
  IF v_day > v_today THEN
    SIGNAL SQLSTATE 'WD030' SET MESSAGE_TEXT = 'that day is in the future: its puzzle cannot be played yet';
  END IF;
  CALL _wordle_player(p_player, FALSE, v_player);
  CALL _wordle_league(v_player, p_league, v_league, v_creator);
  SET v_visible = v_day < v_today OR EXISTS (
    SELECT 1 FROM games WHERE player_id = v_player AND channel_id = v_channel AND day = v_day
                          AND state IN ('won', 'lost') AND NOT archive);
  SELECT v_day AS day, DATEDIFF(v_day, (SELECT first_day FROM channels WHERE id = v_channel)) + 1 AS number,
         v_visible AS visible, b.nickname, b.me, b.finished,
         IF(b.shown, b.state, NULL) AS state, IF(b.shown, b.attempts, NULL) AS attempts,
         IF(b.shown, b.max_tries, NULL) AS max_tries, IF(b.shown, b.hard, NULL) AS hard,
         IF(b.shown, b.revealed, NULL) AS letters_revealed
  FROM (SELECT m.nickname, m.player_id = v_player AS me, v_visible OR m.player_id = v_player AS shown,
               COALESCE(w.id, l.id) IS NOT NULL AS finished,
               COALESCE(w.state, l.state, g.state) AS state,
               COALESCE(w.attempts, l.attempts, g.attempts) AS attempts,
               COALESCE(w.max_tries, l.max_tries, g.max_tries) AS max_tries,
               COALESCE(w.hard, l.hard, g.hard) AS hard,
               COALESCE(w.revealed, l.revealed, g.revealed) AS revealed
        FROM league_members m
        -- a won or a lost game: one lookup of the whole key each (an IN would read by the
        -- first three parts, an unfinished game included)
        LEFT JOIN games w FORCE INDEX (finished)
          ON w.player_id = m.player_id AND w.channel_id = v_channel AND w.day = v_day
         AND w.state = 'won' AND NOT w.archive
        LEFT JOIN games l FORCE INDEX (finished)
          ON l.player_id = m.player_id AND l.channel_id = v_channel AND l.day = v_day
         AND l.state = 'lost' AND NOT l.archive
        -- a game under way, only where it is shown (else a day that has no game)
        LEFT JOIN games g
          ON g.player_id = m.player_id AND g.channel_id = v_channel AND g.state = 'playing'
         AND g.day = IF(v_visible OR m.player_id = v_player, v_day, DATE '1000-01-01')
         AND NOT g.archive
        WHERE m.league_id = v_league) AS b
  ORDER BY b.finished DESC, IF(b.shown AND b.state IS NOT NULL, FIELD(b.state, 'won', 'lost', 'playing'), 4),
           IF(b.shown, b.attempts, NULL), b.nickname;
  COMMIT AND NO CHAIN NO RELEASE;
END
