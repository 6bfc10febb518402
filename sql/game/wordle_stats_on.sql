-- wordle_stats_on(channel, player): a player's statistics over finished games played on their day (games
-- from the archive do not count, their words being public): played, won, win_percent,
-- current_streak and max_streak (consecutive days won; a day not played or lost breaks a
-- streak; today not yet finished does not), computed with window functions (gaps and islands).
-- Result: one row. Errors: WD038, WD039 (see wordle_play).
-- Reads: settings, players, games.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- revision: 0055
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_stats_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'A player''s statistics: played, won, streaks'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_today_lost BOOLEAN;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  CALL _wordle_player(p_player, FALSE, v_player);
  SELECT EXISTS (  -- a plain read: a move holding the row makes no wait
    SELECT 1 FROM games WHERE player_id = v_player AND channel_id = v_channel AND day = v_today AND state = 'lost'
                          AND NOT archive) INTO v_today_lost;
  WITH finished AS (
    SELECT day, state FROM games
    WHERE player_id = v_player AND channel_id = v_channel AND state IN ('won', 'lost') AND NOT archive
  ),
  -- Won days in a row share day - row_number: each group is one streak.
  streaks AS (
    SELECT MAX(day) AS last_day, COUNT(*) AS length
    FROM (SELECT day, DATE_SUB(day, INTERVAL ROW_NUMBER() OVER (ORDER BY day) DAY) AS streak
          FROM finished WHERE state = 'won') won
    GROUP BY streak
  )
  SELECT _wordle_int((SELECT COUNT(*) FROM finished)) AS played,
         _wordle_int((SELECT COUNT(*) FROM finished WHERE state = 'won')) AS won,
         _wordle_int(COALESCE(ROUND(100 * (SELECT COUNT(*) FROM finished WHERE state = 'won')
                                    / NULLIF((SELECT COUNT(*) FROM finished), 0)), 0))
           AS win_percent,
         _wordle_int(COALESCE((SELECT length FROM streaks
                               WHERE last_day = v_today
                                  OR (last_day = v_today - INTERVAL 1 DAY AND NOT v_today_lost)), 0))
           AS current_streak,
         _wordle_int(COALESCE((SELECT MAX(length) FROM streaks), 0)) AS max_streak;
  COMMIT AND NO CHAIN NO RELEASE;
END
