-- _wordle_rank(work, hard, all, limit, OUT ranked): internal. Ranks guesses by how well they
-- split the work's candidates (solver_work_candidates): for each guess the candidates are
-- grouped by the hint it would get (precomputed in hint_codes), giving the expected number of
-- candidates left (the sum of the squared group sizes over k) and the entropy in bits. Order:
-- fewest expected left, on a tie a guess that may be the answer, then more entropy. With no
-- hint yet the ranking is the one stored by the build. To answer within a second, at most
-- about 400,000 (guess, candidate) pairs are read: when k candidates times all guesses is
-- more, only the best guesses of the opening ranking are ranked (at least 200, plus the
-- candidates themselves when they are few enough). Hard mode ranks only guesses allowed after
-- every pair of the work's solver_work_pairs. `all` ranks every guess, whatever the cost (the
-- build's opening ranking). Stores the first `limit` as solver_work_ranking rows (position,
-- guess_no, expected_left, entropy, is_candidate); OUT ranked is how many were compared.
-- Error WD051 when the solver is not built for the current word lists.
-- Reads: solver_work_candidates, solver_work_pairs, solver_state, solver_guesses, hint_codes,
-- hint_codes_by_guess, words, positions. Writes: solver_work_considered, solver_work_ranking.
-- revision: 0005
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_rank(
    IN p_work BINARY(16), IN p_hard BOOLEAN, IN p_all BOOLEAN, IN p_limit INT UNSIGNED,
    OUT o_ranked INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: rank guesses by how well they split the candidates'
rank_guesses: BEGIN
  DECLARE v_budget INT DEFAULT 400000;
  DECLARE v_k INT DEFAULT (SELECT COUNT(*) FROM solver_work_candidates WHERE work = p_work);
  DECLARE v_green INT DEFAULT (SELECT POW(3, letters) - 1 FROM solver_state);
  DECLARE v_guesses INT DEFAULT (SELECT COUNT(*) FROM solver_guesses);
  DECLARE v_shortlist INT;
  DECLARE v_memory BIGINT UNSIGNED DEFAULT @@SESSION.max_heap_table_size;
  DECLARE v_tmp BIGINT UNSIGNED DEFAULT @@SESSION.tmp_memory_table_size;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    SET SESSION max_heap_table_size = v_memory, tmp_memory_table_size = v_tmp;
    RESIGNAL;
  END;

  IF NOT p_all AND NOT EXISTS (
      SELECT 1 FROM solver_state
      WHERE built_at IS NOT NULL
        AND answers = (SELECT COUNT(*) FROM words WHERE is_answer AND CHAR_LENGTH(word) = letters)
        AND guesses = (SELECT COUNT(*) FROM words WHERE CHAR_LENGTH(word) = letters)) THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'the solver is not built for the current word lists: run `wordle-db solver build`';
  END IF;
  IF EXISTS (SELECT 1 FROM solver_work_candidates WHERE work = p_work AND answer_no IS NULL) THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'the solver only knows the words of the length it was built for';
  END IF;
  SET o_ranked = 0;
  IF v_k = 0 THEN
    LEAVE rank_guesses;
  END IF;
  IF NOT p_all AND NOT EXISTS (SELECT 1 FROM solver_work_pairs WHERE work = p_work) THEN
    INSERT INTO solver_work_ranking (work, position, guess_no, expected_left, entropy, is_candidate)
    SELECT p_work, opening_rank, guess_no, opening_expected, opening_entropy, opening_candidate
    FROM solver_guesses WHERE opening_rank <= p_limit;
    SET o_ranked = v_guesses;
    LEAVE rank_guesses;
  END IF;

  -- Which guesses to compare: every one when they fit the budget, else a shortlist.
  SET v_shortlist = IF(p_all, v_guesses, GREATEST(v_budget DIV v_k, 200));
  IF p_hard OR v_shortlist < v_guesses THEN
    INSERT INTO solver_work_considered (work, guess_no)
    SELECT p_work, g.guess_no FROM solver_guesses g JOIN words w ON w.id = g.word_id
    WHERE NOT p_hard
       -- wordle_hard_mode_violation's rules with built-in functions (it costs ~30 µs a call):
       -- every pattern matches, and each revealed letter is there as often as revealed.
       OR NOT EXISTS (SELECT 1 FROM solver_work_pairs p
                      JOIN positions q ON q.n <= CHAR_LENGTH(p.revealed)
                      WHERE p.work = p_work
                        AND (w.word NOT LIKE p.pattern
                             OR CHAR_LENGTH(w.word)
                                - CHAR_LENGTH(REPLACE(w.word, SUBSTRING(p.revealed, q.n, 1), ''))
                                < CHAR_LENGTH(p.revealed)
                                  - CHAR_LENGTH(REPLACE(p.revealed,
                                                        SUBSTRING(p.revealed, q.n, 1), ''))))
    ORDER BY g.opening_rank, g.guess_no
    LIMIT v_shortlist;
    IF v_k <= v_shortlist THEN
      INSERT INTO solver_work_considered (work, guess_no)
      SELECT p_work, g.guess_no
      FROM solver_work_candidates c JOIN solver_guesses g ON g.word_id = c.word_id
      WHERE c.work = p_work
      ON DUPLICATE KEY UPDATE guess_no = VALUES(guess_no);
    END IF;
    SET o_ranked = (SELECT COUNT(*) FROM solver_work_considered WHERE work = p_work);
  ELSE
    SET o_ranked = v_guesses;
  END IF;

  -- Group the candidates by hint code for each guess, in memory.
  SET SESSION max_heap_table_size = IF(p_all, 1073741824, 134217728),
              tmp_memory_table_size = IF(p_all, 1073741824, 134217728);
  IF o_ranked = v_guesses AND NOT p_hard THEN
    -- Every guess (few candidates, or the opening ranking): each candidate's run of
    -- hint_codes, read in key order.
    INSERT INTO solver_work_ranking (work, position, guess_no, expected_left, entropy, is_candidate)
    SELECT p_work, ROW_NUMBER() OVER (ORDER BY squares, candidate DESC, spread, guess_no),
           guess_no, squares / v_k, LOG2(v_k) - spread / v_k, candidate
    FROM (SELECT guess_no, SUM(n * n) AS squares, MAX(code = v_green) AS candidate,
                 SUM(n * LOG2(n)) AS spread
          FROM (SELECT h.guess_no, h.code, COUNT(*) AS n
                FROM solver_work_candidates c
                STRAIGHT_JOIN hint_codes h ON h.answer_no = c.answer_no
                WHERE c.work = p_work
                GROUP BY h.guess_no, h.code) buckets
          GROUP BY guess_no) ranked
    ORDER BY squares, candidate DESC, spread, guess_no
    LIMIT p_limit;
  ELSE
    -- A shortlist, or hard mode's guesses: each guess's packed codes (hint_codes_by_guess),
    -- one row per guess, read at each candidate's offset.
    INSERT INTO solver_work_ranking (work, position, guess_no, expected_left, entropy, is_candidate)
    SELECT p_work, ROW_NUMBER() OVER (ORDER BY squares, candidate DESC, spread, guess_no),
           guess_no, squares / v_k, LOG2(v_k) - spread / v_k, candidate
    FROM (SELECT guess_no, SUM(n * n) AS squares, MAX(code = v_green) AS candidate,
                 SUM(n * LOG2(n)) AS spread
          FROM (SELECT s.guess_no,
                       ASCII(SUBSTRING(h.codes, 2 * c.answer_no - 1, 1)) * 256
                       + ASCII(SUBSTRING(h.codes, 2 * c.answer_no, 1)) AS code,
                       COUNT(*) AS n
                FROM solver_work_considered s
                STRAIGHT_JOIN hint_codes_by_guess h ON h.guess_no = s.guess_no
                STRAIGHT_JOIN solver_work_candidates c ON c.work = s.work
                WHERE s.work = p_work
                GROUP BY s.guess_no, code) buckets
          GROUP BY guess_no) ranked
    ORDER BY squares, candidate DESC, spread, guess_no
    LIMIT p_limit;
  END IF;
  SET SESSION max_heap_table_size = v_memory, tmp_memory_table_size = v_tmp;
END
