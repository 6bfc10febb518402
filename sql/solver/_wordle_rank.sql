-- _wordle_rank(channel, work, hard, all, limit, OUT ranked): internal. Ranks guesses by how
-- well they split the work's candidates (solver_work_candidates): for each guess the candidates
-- are grouped by the hint it would get (precomputed in solver_codes), giving the expected
-- number of candidates left (the sum of the squared group sizes over k) and the entropy in
-- bits. Order: fewest expected left, on a tie a guess that may be the answer, then more entropy; with 3
-- to 500 candidates, the first ten (twenty in hard mode; in hard mode among 30 candidates
-- or fewer, up to 200 when each of the twenty risks a game past max_tries) are then
-- re-ordered by _wordle_look_ahead. With no
-- hint yet the ranking is the one stored by the build (hard_rank in hard mode). To answer within a second, at most
-- about 400,000 (guess, candidate) pairs are read: when k candidates times all guesses is
-- more, only the best guesses of the opening ranking are ranked (at least 200, plus the
-- candidates themselves when they are few enough). Hard mode ranks only guesses allowed after
-- every pair of the work's solver_work_pairs. `all` ranks every guess, whatever the cost, on a
-- build that may be stale. Stores the first `limit` as solver_work_ranking rows (position,
-- guess_no, expected_left, entropy, is_candidate); OUT ranked is how many were compared.
-- Error WD051 when the solver is not built for the channel's current word lists (its message
-- names the command that builds it, with the channel).
-- Reads: channels, solver_work_candidates, solver_work_pairs, solver_state, solver_guesses,
-- solver_codes, words, positions. Writes: solver_work_considered, solver_work_ranking (and the
-- look-ahead's scratch rows).
-- revision: 0040
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE _wordle_rank(
    IN p_channel SMALLINT UNSIGNED, IN p_work BINARY(16), IN p_hard BOOLEAN, IN p_all BOOLEAN, IN p_limit INT UNSIGNED,
    OUT o_ranked INT UNSIGNED)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Internal: rank guesses by how well they split the candidates'
rank_guesses: BEGIN
  DECLARE v_budget INT DEFAULT 400000;
  DECLARE v_k INT DEFAULT (SELECT COUNT(*) FROM solver_work_candidates WHERE work = p_work);
  DECLARE v_letters INT DEFAULT (SELECT letters FROM solver_state WHERE channel_id = p_channel);
  DECLARE v_green INT DEFAULT POW(3, v_letters) - 1;
  DECLARE v_wide BOOLEAN DEFAULT v_letters > 5;
  DECLARE v_answers, v_words INT;
  DECLARE v_guesses INT DEFAULT (SELECT COUNT(*) FROM solver_guesses WHERE channel_id = p_channel);
  DECLARE v_shortlist INT;
  DECLARE v_top INT UNSIGNED DEFAULT IF(p_hard, 20, 10);  -- guesses the look-ahead re-orders
  -- In hard mode among few candidates, when each of the first v_top risks a game past
  -- max_tries, the look-ahead runs again over the first v_wider.
  DECLARE v_wider INT UNSIGNED DEFAULT IF(p_hard AND v_k <= 30, 200, 0);
  DECLARE v_sub, v_keep INT UNSIGNED;
  DECLARE v_ahead BOOLEAN;
  DECLARE v_message VARCHAR(255);
  DECLARE v_memory BIGINT UNSIGNED DEFAULT @@SESSION.max_heap_table_size;
  DECLARE v_tmp BIGINT UNSIGNED DEFAULT @@SESSION.tmp_memory_table_size;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    SET SESSION max_heap_table_size = v_memory, tmp_memory_table_size = v_tmp;
    RESIGNAL;
  END;

  IF NOT p_all THEN
    CALL _wordle_solver_words(p_channel, p_work, 0, v_letters, v_answers, v_words);
  END IF;
  IF NOT p_all AND NOT EXISTS (
      SELECT 1 FROM solver_state
      WHERE channel_id = p_channel AND built_at IS NOT NULL AND answers = v_answers AND guesses = v_words) THEN
    SET v_message = CONCAT('the solver is not built for the current word lists: run `wordle-db solver build --channel ',
                           (SELECT name FROM channels WHERE id = p_channel), '`');
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = v_message;
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
    SELECT p_work, IF(p_hard, hard_rank, opening_rank), guess_no, opening_expected,
           opening_entropy, opening_candidate
    FROM solver_guesses
    WHERE channel_id = p_channel AND IF(p_hard, hard_rank, opening_rank) <= p_limit;
    SET o_ranked = v_guesses;
    LEAVE rank_guesses;
  END IF;

  -- Which guesses to compare: every one when they fit the budget, else a shortlist. For the
  -- first guess alone among one or two candidates, the candidates (one of them comes first).
  SET v_shortlist = IF(p_all, v_guesses, GREATEST(v_budget DIV v_k, 200));
  IF v_k <= 2 AND p_limit = 1 AND NOT p_all THEN
    INSERT INTO solver_work_considered (work, guess_no)
    SELECT p_work, g.guess_no
    FROM solver_work_candidates c JOIN solver_guesses g ON g.channel_id = p_channel AND g.word_id = c.word_id
    WHERE c.work = p_work;
    SET o_ranked = v_k;
  ELSEIF p_hard OR v_shortlist < v_guesses THEN
    INSERT INTO solver_work_considered (work, guess_no)
    SELECT p_work, g.guess_no FROM solver_guesses g JOIN words w ON w.id = g.word_id
    WHERE g.channel_id = p_channel AND (NOT p_hard
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
                                                        SUBSTRING(p.revealed, q.n, 1), '')))))
    ORDER BY g.opening_rank, g.guess_no
    LIMIT v_shortlist;
    IF v_k <= v_shortlist THEN
      INSERT INTO solver_work_considered (work, guess_no)
      SELECT p_work, g.guess_no
      FROM solver_work_candidates c JOIN solver_guesses g ON g.channel_id = p_channel AND g.word_id = c.word_id
      WHERE c.work = p_work
      ON DUPLICATE KEY UPDATE guess_no = VALUES(guess_no);
    END IF;
    SET o_ranked = (SELECT COUNT(*) FROM solver_work_considered WHERE work = p_work);
  ELSE
    SET o_ranked = v_guesses;
  END IF;

  -- The look-ahead (_wordle_look_ahead), for 3 to 500 candidates, tries the first v_sub
  -- guesses (at most 500) as next guesses in each part of the first v_top: at most about
  -- 150,000 more (guess, candidate) pairs.
  SET v_ahead = NOT p_all AND v_k BETWEEN 3 AND 500,
      v_sub = IF(v_ahead AND NOT p_hard,
                 LEAST(o_ranked, 500, GREATEST(v_top, 150000 DIV (v_top * v_k))), 0),
      v_keep = GREATEST(p_limit, IF(v_ahead, GREATEST(v_top, v_sub, v_wider), 0));

  -- Group the candidates by hint code for each guess, in memory.
  SET SESSION max_heap_table_size = IF(p_all, 1073741824, 134217728),
              tmp_memory_table_size = IF(p_all, 1073741824, 134217728);
  IF o_ranked = v_guesses AND NOT p_hard THEN
    -- Every guess (few candidates): each guess's packed codes, read at each candidate's
    -- offset.
    INSERT INTO solver_work_ranking (work, position, guess_no, expected_left, entropy, is_candidate)
    SELECT p_work, ROW_NUMBER() OVER (ORDER BY squares, candidate DESC, spread, guess_no),
           guess_no, squares / v_k, LOG2(v_k) - spread / v_k, candidate
    FROM (SELECT guess_no, SUM(n * n) AS squares, MAX(code = v_green) AS candidate,
                 SUM(n * LOG2(n)) AS spread
          FROM (SELECT h.guess_no,
                       IF(v_wide, ASCII(SUBSTRING(h.codes, 2 * c.answer_no - 1, 1)) * 256
                                  + ASCII(SUBSTRING(h.codes, 2 * c.answer_no, 1)),
                          ASCII(SUBSTRING(h.codes, c.answer_no, 1))) AS code,
                       COUNT(*) AS n
                FROM solver_codes h
                STRAIGHT_JOIN solver_work_candidates c ON c.work = p_work
                WHERE h.channel_id = p_channel
                GROUP BY h.guess_no, code) buckets
          GROUP BY guess_no) ranked
    ORDER BY squares, candidate DESC, spread, guess_no
    LIMIT v_keep;
  ELSE
    -- A shortlist, or hard mode's guesses: their packed codes, read the same way.
    INSERT INTO solver_work_ranking (work, position, guess_no, expected_left, entropy, is_candidate)
    SELECT p_work, ROW_NUMBER() OVER (ORDER BY squares, candidate DESC, spread, guess_no),
           guess_no, squares / v_k, LOG2(v_k) - spread / v_k, candidate
    FROM (SELECT guess_no, SUM(n * n) AS squares, MAX(code = v_green) AS candidate,
                 SUM(n * LOG2(n)) AS spread
          FROM (SELECT s.guess_no,
                       IF(v_wide, ASCII(SUBSTRING(h.codes, 2 * c.answer_no - 1, 1)) * 256
                                  + ASCII(SUBSTRING(h.codes, 2 * c.answer_no, 1)),
                          ASCII(SUBSTRING(h.codes, c.answer_no, 1))) AS code,
                       COUNT(*) AS n
                FROM solver_work_considered s
                STRAIGHT_JOIN solver_codes h ON h.channel_id = p_channel AND h.guess_no = s.guess_no
                STRAIGHT_JOIN solver_work_candidates c ON c.work = s.work
                WHERE s.work = p_work
                GROUP BY s.guess_no, code) buckets
          GROUP BY guess_no) ranked
    ORDER BY squares, candidate DESC, spread, guess_no
    LIMIT v_keep;
  END IF;
  IF v_ahead THEN
    CALL _wordle_look_ahead(p_channel, p_work, p_hard, v_top, v_sub);
    IF v_wider > v_top
       AND (SELECT MIN(score) FROM solver_work_scores
            WHERE channel_id = p_channel AND work = p_work) >= 1000000 THEN
      DELETE FROM solver_work_parts WHERE work = p_work;
      DELETE FROM solver_work_look WHERE work = p_work;
      DELETE FROM solver_work_scores WHERE work = p_work;
      CALL _wordle_look_ahead(p_channel, p_work, p_hard, v_wider, v_sub);
    END IF;
    DELETE FROM solver_work_ranking WHERE work = p_work AND position > p_limit;
  END IF;
  SET SESSION max_heap_table_size = v_memory, tmp_memory_table_size = v_tmp;
END
