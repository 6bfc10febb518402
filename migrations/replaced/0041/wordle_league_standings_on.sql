-- wordle_league_standings_on(channel, player, league, day, week): a league's standings in one
-- channel up to `day` (NULL: today): over the week of `day` (from its Monday) when `week`, else
-- all time. Counted: finished games played on their day (archive games do not count). Today
-- counts only once the player's own game of today is over: until then the standings stop at
-- yesterday, for every member, so they tell nothing of today's results.
-- Result: rows (place, nickname, me, games, wins, average_tries: of won games, current_streak:
-- won days in a row up to the last day counted (today not yet finished does not break it),
-- since: first day counted or NULL for all time, through: the last day counted), by place
-- (most wins, then fewest tries on average).
-- Errors: WD030 a future day, WD060 no such channel, WD082 no such league of the player's,
-- WD038, WD039 (see wordle_play).
-- Reads: settings, server_accounts, channels, players, leagues, league_members, games.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_league_standings_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_league MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_day DATE, IN p_week BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'A league''s weekly or all-time standings'
BEGIN
  DECLARE v_player, v_league INT UNSIGNED;
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today, v_day, v_through, v_since DATE;
  DECLARE v_creator BOOLEAN;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  SET v_day = COALESCE(p_day, v_today);
  IF v_day > v_today THEN
    SIGNAL SQLSTATE 'WD030' SET MESSAGE_TEXT = 'that day is in the future: its puzzle cannot be played yet';
  END IF;
  CALL _wordle_player(p_player, FALSE, v_player);
  CALL _wordle_league(v_player, p_league, v_league, v_creator);
  SET v_through = IF(v_day < v_today OR EXISTS (
    SELECT 1 FROM games WHERE player_id = v_player AND channel_id = v_channel AND day = v_today
                          AND state IN ('won', 'lost') AND NOT archive), v_day, v_today - INTERVAL 1 DAY);
  SET v_since = IF(p_week, v_day - INTERVAL WEEKDAY(v_day) DAY, NULL);
  WITH finished AS (
    SELECT g.player_id, g.day, g.state, g.attempts
    FROM league_members m
    JOIN games g ON g.player_id = m.player_id AND g.channel_id = v_channel AND g.day <= v_through
    WHERE m.league_id = v_league AND g.state IN ('won', 'lost') AND NOT g.archive
  ),
  counted AS (
    SELECT player_id, COUNT(*) AS games, SUM(state = 'won') AS wins,
           AVG(IF(state = 'won', attempts, NULL)) AS average
    FROM finished WHERE day >= COALESCE(v_since, '1000-01-01') GROUP BY player_id
  ),
  -- Won days in a row share day - row_number: each group is one streak (see wordle_stats_on).
  streaks AS (
    SELECT player_id, MAX(day) AS last_day, COUNT(*) AS length
    FROM (SELECT player_id, day,
                 DATE_SUB(day, INTERVAL ROW_NUMBER() OVER (PARTITION BY player_id ORDER BY day) DAY) AS streak
          FROM finished WHERE state = 'won') won
    GROUP BY player_id, streak
  ),
  rows_ AS (
    SELECT m.nickname, m.player_id = v_player AS me,
           CAST(COALESCE(c.games, 0) AS UNSIGNED) AS games, CAST(COALESCE(c.wins, 0) AS UNSIGNED) AS wins,
           ROUND(c.average, 2) AS average_tries,
           CAST(COALESCE((SELECT MAX(s.length) FROM streaks s WHERE s.player_id = m.player_id
                   AND (s.last_day = v_through
                        OR (s.last_day = v_through - INTERVAL 1 DAY AND v_through = v_today
                            AND NOT EXISTS (SELECT 1 FROM finished f
                                            WHERE f.player_id = m.player_id AND f.day = v_through)))), 0)
                AS UNSIGNED) AS current_streak
    FROM league_members m LEFT JOIN counted c ON c.player_id = m.player_id
    WHERE m.league_id = v_league
  )
  SELECT RANK() OVER (ORDER BY wins DESC, average_tries IS NULL, average_tries) AS place,
         nickname, me, games, wins, average_tries, current_streak, v_since AS since, v_through AS through
  FROM rows_
  ORDER BY place, nickname;
  COMMIT AND NO CHAIN NO RELEASE;
END
