-- wordle_stats_distribution_on(channel, player): how many games (not from the archive, as in wordle_stats)
-- the player won in 1, 2, ... attempts, up to
-- the most tries any of their games allowed (or max_tries). Rows (attempts, games).
-- Errors: WD038, WD039 (see wordle_play).
-- Reads: settings, positions, players, games.
-- The channel: NULL is the default channel (setting default_channel); WD060 if unknown.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_stats_distribution_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    IN p_player MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Winning attempt numbers of a player'
BEGIN
  DECLARE v_player INT UNSIGNED;
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_channel(p_channel, v_channel, v_today);
  CALL _wordle_player(p_player, FALSE, v_player);
  SELECT p.n AS attempts, _wordle_int(COUNT(g.id)) AS games
  FROM positions p
  LEFT JOIN games g ON g.player_id = v_player AND g.channel_id = v_channel AND g.state = 'won' AND g.attempts = p.n
                   AND NOT g.archive
  WHERE p.n <= GREATEST((SELECT max_tries FROM channels WHERE id = v_channel),
                        COALESCE((SELECT MAX(max_tries) FROM games
                                  WHERE player_id = v_player AND channel_id = v_channel), 0))
  GROUP BY p.n
  ORDER BY p.n;
  COMMIT AND NO CHAIN NO RELEASE;
END
