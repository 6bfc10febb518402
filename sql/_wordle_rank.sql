-- _wordle_rank(hard, all): internal. Ranks guesses by how well they split the candidates in the
-- session's temporary table solver_candidates: for each guess the candidates are grouped by the
-- hint it would get (precomputed in hint_codes), giving the expected number of candidates left
-- (the sum of the squared group sizes over k) and the entropy in bits. Order: fewest expected
-- left, on a tie a guess that may be the answer, then more entropy. With no hint yet the
-- ranking is the one stored by the build. To answer within a second, at most about 400,000
-- (guess, candidate) pairs are read: when k candidates times all guesses is more, only the best
-- guesses of the opening ranking are ranked (at least 200, plus the candidates themselves when
-- they are few enough). Hard mode ranks only guesses allowed after every pair in solver_pairs.
-- `all` ranks every guess, whatever the cost (the build's opening ranking).
-- Writes the temporary table solver_ranking (position, guess_no, expected_left, entropy,
-- is_candidate, ranked). Error WD051 when the solver is not built for the current word lists.
-- Reads: solver_candidates, solver_pairs, solver_state, solver_guesses, hint_codes, words.
-- revision: 0005
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_rank(
    IN p_hard BOOLEAN, IN p_all BOOLEAN)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: rank guesses by how well they split the candidates'
rank_guesses: BEGIN
  DECLARE v_budget INT DEFAULT 400000;
  DECLARE v_k INT DEFAULT (SELECT COUNT(*) FROM solver_candidates);
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
  IF EXISTS (SELECT 1 FROM solver_candidates WHERE answer_no IS NULL) THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'the solver only knows the words of the length it was built for';
  END IF;
  CREATE OR REPLACE TEMPORARY TABLE solver_ranking (
    position INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    guess_no MEDIUMINT UNSIGNED NOT NULL,
    expected_left DOUBLE NOT NULL,
    entropy DOUBLE NOT NULL,
    is_candidate BOOLEAN NOT NULL
  ) ENGINE=InnoDB;
  IF v_k = 0 THEN
    LEAVE rank_guesses;
  END IF;
  IF NOT p_all AND NOT EXISTS (SELECT 1 FROM solver_pairs) THEN
    INSERT INTO solver_ranking (guess_no, expected_left, entropy, is_candidate)
    SELECT guess_no, opening_expected, opening_entropy, opening_candidate
    FROM solver_guesses ORDER BY opening_rank;
    LEAVE rank_guesses;
  END IF;

  -- Which guesses to rank.
  CREATE OR REPLACE TEMPORARY TABLE solver_considered (guess_no MEDIUMINT UNSIGNED PRIMARY KEY) ENGINE=InnoDB;
  SET v_shortlist = IF(p_all, v_guesses, GREATEST(v_budget DIV v_k, 200));
  INSERT INTO solver_considered (guess_no)
  SELECT g.guess_no FROM solver_guesses g JOIN words w ON w.id = g.word_id
  WHERE NOT p_hard
     OR NOT EXISTS (SELECT 1 FROM solver_pairs p
                    WHERE w.word NOT LIKE p.pattern
                       OR wordle_hard_mode_violation(p.guess, p.hint, w.word) IS NOT NULL)
  ORDER BY g.opening_rank, g.guess_no
  LIMIT v_shortlist;
  IF v_k <= v_shortlist THEN
    INSERT INTO solver_considered (guess_no)
    SELECT g.guess_no FROM solver_candidates c JOIN solver_guesses g ON g.word_id = c.word_id
    ON DUPLICATE KEY UPDATE guess_no = VALUES(guess_no);
  END IF;

  -- Group the candidates by hint code for each guess: in memory, whatever the session's limits.
  SET SESSION max_heap_table_size = 1073741824, tmp_memory_table_size = 1073741824;
  IF (SELECT COUNT(*) FROM solver_considered) = v_guesses THEN
    -- Every guess: read each candidate's run of hint_codes in key order.
    INSERT INTO solver_ranking (guess_no, expected_left, entropy, is_candidate)
    SELECT guess_no, SUM(n * n) / v_k,
           LOG2(v_k) - SUM(n * LOG2(n)) / v_k, MAX(code = v_green)
    FROM (SELECT h.guess_no, h.code, COUNT(*) AS n
          FROM solver_candidates c STRAIGHT_JOIN hint_codes h ON h.answer_no = c.answer_no
          GROUP BY h.guess_no, h.code) buckets
    GROUP BY guess_no
    ORDER BY SUM(n * n), MAX(code = v_green) DESC,
             SUM(n * LOG2(n)), guess_no;
  ELSE
    -- A shortlist: look up each (guess, candidate) pair by its key.
    INSERT INTO solver_ranking (guess_no, expected_left, entropy, is_candidate)
    SELECT guess_no, SUM(n * n) / v_k,
           LOG2(v_k) - SUM(n * LOG2(n)) / v_k, MAX(code = v_green)
    FROM (SELECT h.guess_no, h.code, COUNT(*) AS n
          FROM solver_considered s STRAIGHT_JOIN solver_candidates c
          STRAIGHT_JOIN hint_codes h ON h.answer_no = c.answer_no AND h.guess_no = s.guess_no
          GROUP BY h.guess_no, h.code) buckets
    GROUP BY guess_no
    ORDER BY SUM(n * n), MAX(code = v_green) DESC,
             SUM(n * LOG2(n)), guess_no;
  END IF;
  SET SESSION max_heap_table_size = v_memory, tmp_memory_table_size = v_tmp;
END
