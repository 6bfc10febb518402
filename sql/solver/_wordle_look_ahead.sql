-- _wordle_look_ahead(channel, work, hard, top, sub): internal. Re-orders the first `top`
-- guesses of the work's solver_work_ranking by looking one guess further. Each guess splits
-- the candidates into parts by its hint; a part of one costs one more guess, of two three in
-- all, and a larger part its size plus its best split by a next guess, each part of that split
-- estimated at 1, 3, 5 guesses for one to three words, else n * (1 + ln n / ln 11), at least
-- 1.8 a word (the all-green part costs nothing more); in hard mode, where a group of words
-- that differ by one letter must be guessed one by one, a group of up to six is estimated at
-- 1 + 2 + ... + n. The next guesses tried are the part's
-- own candidates (always allowed in hard mode) and, but in hard mode, the first `sub` guesses
-- of the ranking. A guess's score is the expected total of guesses for every candidate from
-- here: the lowest comes first, a tie keeps the ranking's order. In hard mode a guess is
-- also scored by its worst case: for each part, the fewest guesses its best next guess needs
-- at worst (1 for one word, 2 for two, else 1 + the largest part that next guess leaves,
-- counted as a chain guessed word by word); a guess whose worst case can end past the
-- channel's max_tries (counting the guesses so far) comes after every guess that cannot.
-- Reads: solver_work_ranking, solver_work_candidates, solver_work_pairs, channels,
-- solver_codes, solver_state, solver_answers, solver_guesses. Writes: solver_work_parts, solver_work_look,
-- solver_work_scores, solver_work_ranking.
-- (solver_answers is read by its primary key, forced: the optimizer preferred the word_id key,
-- whose prefix is the channel alone, and read every answer for each row, 20 times slower.)
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_look_ahead(
    IN p_channel SMALLINT UNSIGNED, IN p_work BINARY(16), IN p_hard BOOLEAN,
    IN p_top INT UNSIGNED, IN p_sub INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: re-rank the best guesses by the best split of their parts'
BEGIN
  DECLARE v_k INT DEFAULT (SELECT COUNT(*) FROM solver_work_candidates WHERE work = p_work);
  DECLARE v_letters INT DEFAULT (SELECT letters FROM solver_state WHERE channel_id = p_channel);
  DECLARE v_green INT DEFAULT POW(3, v_letters) - 1;
  DECLARE v_wide BOOLEAN DEFAULT v_letters > 5;
  DECLARE v_shift INT UNSIGNED DEFAULT 1000000000;  -- moves positions out of the way
  DECLARE v_used INT DEFAULT (SELECT COUNT(*) FROM solver_work_pairs WHERE work = p_work);
  DECLARE v_tries INT DEFAULT (SELECT max_tries FROM channels WHERE id = p_channel);

  -- Each top guess's code for each candidate, and the size of its part.
  INSERT INTO solver_work_parts (channel_id, work, guess_no, answer_no, code, size)
  SELECT p_channel, p_work, guess_no, answer_no, code,
         COUNT(*) OVER (PARTITION BY guess_no, code)
  FROM (SELECT r.guess_no, c.answer_no,
               IF(v_wide, ASCII(SUBSTRING(h.codes, 2 * c.answer_no - 1, 1)) * 256
                             + ASCII(SUBSTRING(h.codes, 2 * c.answer_no, 1)),
                     ASCII(SUBSTRING(h.codes, c.answer_no, 1))) AS code
        FROM solver_work_ranking r
        STRAIGHT_JOIN solver_codes h ON h.channel_id = p_channel AND h.guess_no = r.guess_no
        STRAIGHT_JOIN solver_work_candidates c ON c.work = p_work
        WHERE r.work = p_work AND r.position <= p_top) parts;

  -- The best next guess of each part of three or more: the lowest estimate over its split.
  INSERT INTO solver_work_look (channel_id, work, guess_no, code, best, worst)
  SELECT p_channel, p_work, t, part, MIN(estimate), MIN(worst)
  FROM (SELECT t, part, 1 + MAX(IF(hint = v_green, 0, n)) AS worst, SUM(IF(hint = v_green, 0,
                           IF(p_hard AND n <= 6, n * (n + 1) / 2, IF(n = 1, 1, IF(n = 2, 3, IF(n = 3, 5, n * GREATEST(1.8, 1 + LN(n) / LN(11)))))))) AS estimate
        FROM (SELECT q.guess_no AS t, q.code AS part, 0 AS source, g.guess_no AS h,
                     IF(v_wide, ASCII(SUBSTRING(hc.codes, 2 * p.answer_no - 1, 1)) * 256
                             + ASCII(SUBSTRING(hc.codes, 2 * p.answer_no, 1)),
                     ASCII(SUBSTRING(hc.codes, p.answer_no, 1))) AS hint,
                     COUNT(*) AS n
              FROM solver_work_parts q
              STRAIGHT_JOIN solver_answers a FORCE INDEX (PRIMARY)
                ON a.channel_id = p_channel AND a.answer_no = q.answer_no
              STRAIGHT_JOIN solver_guesses g ON g.channel_id = p_channel AND g.word_id = a.word_id
              STRAIGHT_JOIN solver_codes hc ON hc.channel_id = p_channel AND hc.guess_no = g.guess_no
              STRAIGHT_JOIN solver_work_parts p
                ON p.channel_id = p_channel AND p.work = p_work AND p.guess_no = q.guess_no
               AND p.code = q.code
              WHERE q.channel_id = p_channel AND q.work = p_work AND q.size BETWEEN 3 AND 60
                AND q.code <> v_green
              GROUP BY 1, 2, 4, 5
              UNION ALL
              SELECT p.guess_no, p.code, 1, s.guess_no,
                     IF(v_wide, ASCII(SUBSTRING(hc.codes, 2 * p.answer_no - 1, 1)) * 256
                             + ASCII(SUBSTRING(hc.codes, 2 * p.answer_no, 1)),
                     ASCII(SUBSTRING(hc.codes, p.answer_no, 1))),
                     COUNT(*)
              FROM solver_work_ranking s
              STRAIGHT_JOIN solver_codes hc ON hc.channel_id = p_channel AND hc.guess_no = s.guess_no
              STRAIGHT_JOIN solver_work_parts p ON p.channel_id = p_channel AND p.work = p_work
              WHERE s.work = p_work AND s.position <= p_sub AND NOT p_hard
                AND p.size >= 3 AND p.code <> v_green
              GROUP BY 1, 2, 4, 5) splits
        GROUP BY t, part, source, h) estimates
  GROUP BY t, part;

  -- Each top guess's score, then the new order.
  INSERT INTO solver_work_scores (channel_id, work, guess_no, position, score)
  SELECT p_channel, p_work, r.guess_no, r.position,
         v_k + s.cost + IF(p_hard AND v_used + 1 + s.worst > v_tries,
                           1000000 * (v_used + 1 + s.worst - v_tries), 0)
  FROM solver_work_ranking r
  JOIN (SELECT guess_no, SUM(cost) AS cost, MAX(worst) AS worst
        FROM (SELECT p.guess_no, p.code,
                     IF(p.code = v_green, 0,
                        IF(MIN(l.worst) IS NULL, IF(MAX(p.size) <= 2, MAX(p.size), 0),
                           MIN(l.worst))) AS worst,
                     IF(p.code = v_green, 0,
                        IF(MIN(l.best) IS NULL, IF(MAX(p.size) = 1, 1, IF(MAX(p.size) = 2, 3, IF(MAX(p.size) = 3, 5, MAX(p.size) * GREATEST(1.8, 1 + LN(MAX(p.size)) / LN(11))))),
                           MAX(p.size) + MIN(l.best))) AS cost
              FROM solver_work_parts p
              LEFT JOIN solver_work_look l
                ON l.channel_id = p_channel AND l.work = p_work AND l.guess_no = p.guess_no
               AND l.code = p.code
              WHERE p.channel_id = p_channel AND p.work = p_work
              GROUP BY p.guess_no, p.code) costs
        GROUP BY guess_no) s ON s.guess_no = r.guess_no
  WHERE r.work = p_work AND r.position <= p_top;
  UPDATE solver_work_ranking SET position = position + v_shift
   WHERE work = p_work AND position <= p_top;
  UPDATE solver_work_ranking r
  JOIN (SELECT guess_no, ROW_NUMBER() OVER (ORDER BY score, position) AS new_position
        FROM solver_work_scores WHERE channel_id = p_channel AND work = p_work) n
    ON n.guess_no = r.guess_no
     SET r.position = n.new_position
   WHERE r.work = p_work AND r.position > v_shift;
END
