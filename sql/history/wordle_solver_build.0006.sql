-- wordle_solver_build(batch): one step of the solver's precomputation: the hint codes (the hint
-- digits read as a base-3 number) of up to `batch` guesses against every answer word, in its own
-- transaction. Guesses are claimed with SKIP LOCKED, so several sessions can build at once, and
-- an interrupted build resumes where it stopped. When the last guess is done it ranks every
-- guess against all answers (the opening ranking, which suggestions start from): the answers
-- the build started with (words imported meanwhile make it stale, for the next build).
-- Call wordle_solver_prepare first. Result: one row (guesses_done, guesses, ready).
-- Reads: solver_state, solver_guesses, solver_answers, words. Writes: hint_codes,
-- hint_codes_by_guess, solver_guesses, solver_state (and scratch rows in solver_work_*).
-- revision: 0006
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solver_build(IN p_batch INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Precompute hint codes for a batch of guesses (resumable, parallel)'
BEGIN
  DECLARE v_claim TINYINT;
  DECLARE v_work BINARY(16);
  DECLARE v_ranked INT UNSIGNED;
  DECLARE v_concat BIGINT UNSIGNED DEFAULT @@SESSION.group_concat_max_len;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_claim = NULL;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    ROLLBACK;
    SET SESSION group_concat_max_len = v_concat;
    CALL _wordle_work_end(v_work);
    RESIGNAL;
  END;
  IF NOT EXISTS (SELECT 1 FROM solver_state) THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'call wordle_solver_prepare first (wordle-db solver build)';
  END IF;
  -- Room for a guess's packed codes; set before the transaction, whose reads lock.
  SET SESSION group_concat_max_len = GREATEST(v_concat, 2 * (SELECT answers FROM solver_state));
  CALL _wordle_work_begin(v_work);
  START TRANSACTION;
  INSERT INTO solver_work_considered (work, guess_no)
  SELECT v_work, guess_no FROM solver_guesses WHERE NOT done ORDER BY guess_no
  LIMIT p_batch FOR UPDATE SKIP LOCKED;
  -- Each guess's codes packed, two bytes per answer in answer_no order (hint_codes_by_guess);
  -- `code` is named once: the derived table is merged and each mention calls wordle_hint.
  INSERT INTO hint_codes_by_guess (guess_no, codes)
  SELECT guess_no, GROUP_CONCAT(UNHEX(LPAD(HEX(code), 4, '0')) ORDER BY answer_no SEPARATOR '')
  FROM (SELECT g.guess_no, a.answer_no,
               CAST(CONV(wordle_hint(aw.word, gw.word), 3, 10) AS UNSIGNED) AS code
        -- In this order, so as to lock-read only this session's rows of solver_guesses.
        FROM solver_work_considered b
        STRAIGHT_JOIN solver_guesses g ON g.guess_no = b.guess_no
        STRAIGHT_JOIN words gw ON gw.id = g.word_id
        STRAIGHT_JOIN solver_answers a STRAIGHT_JOIN words aw ON aw.id = a.word_id
        WHERE b.work = v_work) codes
  GROUP BY guess_no;
  -- The same codes as rows in answer order (hint_codes).
  INSERT INTO hint_codes (answer_no, guess_no, code)
  SELECT a.answer_no, p.guess_no,
         ASCII(SUBSTRING(p.codes, 2 * a.answer_no - 1, 1)) * 256
         + ASCII(SUBSTRING(p.codes, 2 * a.answer_no, 1))
  FROM solver_work_considered b
  STRAIGHT_JOIN hint_codes_by_guess p ON p.guess_no = b.guess_no
  STRAIGHT_JOIN solver_answers a
  WHERE b.work = v_work;
  UPDATE solver_guesses g JOIN solver_work_considered b ON b.guess_no = g.guess_no AND b.work = v_work
     SET g.done = TRUE;
  COMMIT;
  CALL _wordle_work_end(v_work);

  -- The session that finds nothing left to do ranks every guess against all answers, once.
  START TRANSACTION;
  SELECT id INTO v_claim FROM solver_state WHERE built_at IS NULL FOR UPDATE SKIP LOCKED;
  IF v_claim IS NOT NULL AND NOT EXISTS (SELECT 1 FROM solver_guesses WHERE NOT done) THEN
    CALL _wordle_work_begin(v_work);
    CALL _wordle_solver_candidates(v_work);
    DELETE FROM solver_work_candidates WHERE work = v_work AND answer_no IS NULL;
    CALL _wordle_rank(v_work, FALSE, TRUE, 4294967295, v_ranked);
    UPDATE solver_guesses g JOIN solver_work_ranking r ON r.guess_no = g.guess_no AND r.work = v_work
       SET g.opening_rank = r.position, g.opening_expected = r.expected_left,
           g.opening_entropy = r.entropy, g.opening_candidate = r.is_candidate;
    UPDATE solver_state SET built_at = CURRENT_TIMESTAMP(6);
    CALL _wordle_work_end(v_work);
  END IF;
  COMMIT;
  SELECT (SELECT COUNT(*) FROM solver_guesses WHERE done) AS guesses_done,
         (SELECT COUNT(*) FROM solver_guesses) AS guesses,
         built_at IS NOT NULL AS ready
  FROM solver_state;
END
