-- _wordle_analysis_best(channel, work, hard, opening, guess, OUT best, OUT best_left): internal.
-- The post-game analysis's best guess for the work's candidates (solver_work_candidates): the
-- guess that leaves the fewest answers on average, a guess that is the answer leaving none.
-- `best_left` is that guess's k x expected remaining (an integer: the sum of the squared sizes
-- of the parts its hints split the k candidates into, less one when it may be the answer).
-- With `opening` (every answer word still possible, no hint yet) the build's figures of every
-- guess are used (solver_guesses.opening_expected, opening_candidate). Else the guesses compared
-- are, as _wordle_rank does it: the candidates themselves and `guess` (the player's), and,
-- unless a candidate splits the others into parts of one (none can do better), the first
-- LEAST(GREATEST(100000 DIV k, 200), 2500) guesses of the opening ranking (in hard mode those
-- hard mode allows after the work's solver_work_pairs): about 100,000 (guess, candidate) pairs,
-- and never all the guesses' codes, whose reading alone costs 250 ms on the bundled lists. A
-- tie goes to a guess that may be the answer, then to the opening ranking. NULLs when no
-- candidate is left.
-- Reads: solver_work_candidates, solver_work_pairs, solver_state, solver_guesses, solver_codes,
-- words, positions. Writes: solver_work_considered.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_analysis_best(
    IN p_channel SMALLINT UNSIGNED, IN p_work BINARY(16), IN p_hard BOOLEAN, IN p_opening BOOLEAN,
    IN p_guess MEDIUMINT UNSIGNED, OUT o_best MEDIUMINT UNSIGNED, OUT o_best_left INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: the analysis''s best guess for the candidates of a step'
best: BEGIN
  DECLARE v_budget INT DEFAULT 100000;  -- (guess, candidate) pairs for the shortlist
  DECLARE v_k INT DEFAULT (SELECT COUNT(*) FROM solver_work_candidates WHERE work = p_work);
  DECLARE v_letters INT DEFAULT (SELECT letters FROM solver_state WHERE channel_id = p_channel);
  DECLARE v_green INT DEFAULT POW(3, v_letters) - 1;
  DECLARE v_wide BOOLEAN DEFAULT v_letters > 5;
  DECLARE v_pass INT DEFAULT 0;
  DECLARE v_shortlist INT DEFAULT LEAST(GREATEST(v_budget DIV GREATEST(v_k, 1), 200), 2500);
  DECLARE v_memory BIGINT UNSIGNED DEFAULT @@SESSION.max_heap_table_size;
  DECLARE v_tmp BIGINT UNSIGNED DEFAULT @@SESSION.tmp_memory_table_size;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    SET SESSION max_heap_table_size = v_memory, tmp_memory_table_size = v_tmp;
    RESIGNAL;
  END;
  SET o_best = NULL, o_best_left = NULL;
  IF v_k = 0 THEN
    LEAVE best;
  END IF;
  IF p_opening THEN
    SELECT guess_no, ROUND(opening_expected * v_k) - opening_candidate INTO o_best, o_best_left
    FROM solver_guesses WHERE channel_id = p_channel
    ORDER BY ROUND(opening_expected * v_k) - opening_candidate, opening_candidate DESC,
             opening_rank, guess_no
    LIMIT 1;
    LEAVE best;
  END IF;
  SET SESSION max_heap_table_size = 134217728, tmp_memory_table_size = 134217728;
  DELETE FROM solver_work_considered WHERE work = p_work;
  INSERT INTO solver_work_considered (work, guess_no)
  SELECT p_work, g.guess_no
  FROM solver_work_candidates c JOIN solver_guesses g ON g.channel_id = p_channel AND g.word_id = c.word_id
  WHERE c.work = p_work AND v_k <= 1000
  UNION
  SELECT p_work, p_guess FROM DUAL WHERE p_guess IS NOT NULL;
  compare: LOOP
    SET v_pass = v_pass + 1;
    SELECT r.guess_no, r.squares - r.candidate INTO o_best, o_best_left
    FROM (SELECT guess_no, SUM(n * n) AS squares, MAX(code = v_green) AS candidate
          FROM (SELECT s.guess_no,
                       IF(v_wide, ASCII(SUBSTRING(h.codes, 2 * c.answer_no - 1, 1)) * 256
                                  + ASCII(SUBSTRING(h.codes, 2 * c.answer_no, 1)),
                          ASCII(SUBSTRING(h.codes, c.answer_no, 1))) AS code,
                       COUNT(*) AS n
                FROM solver_work_considered s
                STRAIGHT_JOIN solver_codes h ON h.channel_id = p_channel AND h.guess_no = s.guess_no
                STRAIGHT_JOIN solver_work_candidates c ON c.work = s.work
                WHERE s.work = p_work
                GROUP BY s.guess_no, code) parts
          GROUP BY guess_no) r
    JOIN solver_guesses g ON g.channel_id = p_channel AND g.guess_no = r.guess_no
    ORDER BY r.squares - r.candidate, r.candidate DESC, g.opening_rank, r.guess_no
    LIMIT 1;
    -- k - 1 is the least there is: every part of one, and the guess is one of them.
    IF v_pass > 1 OR o_best_left <= v_k - 1 THEN
      LEAVE compare;
    END IF;
    -- The shortlist beside the best so far: the best of both is the best of all.
    DELETE FROM solver_work_considered WHERE work = p_work AND guess_no <> o_best;
    INSERT INTO solver_work_considered (work, guess_no)
    SELECT p_work, g.guess_no FROM solver_guesses g JOIN words w ON w.id = g.word_id
    WHERE g.channel_id = p_channel AND (NOT p_hard
       -- hard mode's rules as _wordle_rank checks them: every green pattern matches, and each
       -- revealed letter is there as often as revealed.
       OR NOT EXISTS (SELECT 1 FROM solver_work_pairs p
                      JOIN positions q ON q.n <= CHAR_LENGTH(p.revealed)
                      WHERE p.work = p_work
                        AND (w.word NOT LIKE p.pattern
                             OR CHAR_LENGTH(w.word)
                                - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(p.revealed, q.n, 1), ''))
                                < CHAR_LENGTH(p.revealed)
                                  - CHAR_LENGTH(REPLACE(p.revealed,
                                                        SUBSTRING(p.revealed, q.n, 1), '')))))
    ORDER BY g.opening_rank, g.guess_no
    LIMIT v_shortlist
    ON DUPLICATE KEY UPDATE guess_no = VALUES(guess_no);
  END LOOP;
  DELETE FROM solver_work_considered WHERE work = p_work;
  SET SESSION max_heap_table_size = v_memory, tmp_memory_table_size = v_tmp;
END
