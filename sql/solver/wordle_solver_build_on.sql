-- wordle_solver_build_on(channel, batch): one step of the solver's precomputation for
-- `channel` (NULL: the default channel; WD060 if unknown): the hint codes of up to `batch`
-- guesses against every answer word of the channel, packed one row per guess in solver_codes,
-- with each guess's split of all the answers (the opening ranking's figures), in its own
-- transaction. Guesses are claimed with SKIP LOCKED, so several sessions can build at
-- once, and an interrupted build resumes where it stopped. The session that finds every guess
-- done numbers the opening ranking (the answers the build started with: words imported
-- meanwhile make it stale, for the next build): the guesses that split the answers into the
-- most parts first (the first is the solver's opener: a split into many parts leaves the
-- next guesses the most to work with), then by _wordle_rank's order; hard mode's order
-- (hard_rank) puts last the openings that leave a long chain of one-letter variants.
-- The codes come from one expression over the letters (solver_letters), not from wordle_hint
-- calls: per position 2 when the letters match; else, for a letter the guess has once, 1 when
-- the answer has it anywhere; for a repeated letter, 1 while the answer's copies of it, less
-- the greens of that letter, outnumber the guess's earlier non-green copies. Positions past
-- the word's end (letter 0 in both) count as greens and are taken off (v_pad), and the sum is
-- scaled to the word's length (v_scale). Tests compare it with wordle_hint.
-- Call wordle_solver_prepare_on first. Codes of words of up to 5 letters take one byte, of 6
-- to 10 letters two (3^10 - 1 = 59048 < 65536). Result: one row (guesses_done, guesses, ready,
-- claimed): claimed is how many guesses this step built; 0 when none was left unclaimed (the
-- others are being built by other sessions, or the build is done), so a session stops there.
-- Reads: channels, solver_state, solver_guesses, solver_answers, solver_letters, solver_codes.
-- Writes: solver_codes, solver_guesses, solver_state (and scratch rows in solver_work_*).
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solver_build_on(
    IN p_channel MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, IN p_batch INT)
MODIFIES SQL DATA SQL SECURITY DEFINER
COMMENT 'Precompute hint codes for a batch of guesses (resumable, parallel)'
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_today DATE;
  DECLARE v_claim TINYINT;
  DECLARE v_claimed INT;
  DECLARE v_left BOOLEAN;
  DECLARE v_work BINARY(16);
  DECLARE v_letters, v_answers, v_scale, v_pad, v_green INT;
  DECLARE v_wide BOOLEAN;
  DECLARE v_concat BIGINT UNSIGNED DEFAULT @@SESSION.group_concat_max_len;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_claim = NULL;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    ROLLBACK;
    SET SESSION group_concat_max_len = v_concat;
    CALL _wordle_work_end(v_work);
    RESIGNAL;
  END;
  CALL _wordle_channel(p_channel, v_channel, v_today);
  IF NOT EXISTS (SELECT 1 FROM solver_state WHERE channel_id = v_channel) THEN
    SIGNAL SQLSTATE 'WD051' SET MESSAGE_TEXT = 'call wordle_solver_prepare_on first (wordle-db solver build)';
  END IF;
  SELECT letters, answers INTO v_letters, v_answers FROM solver_state WHERE channel_id = v_channel;
  SET v_scale = POW(3, 10 - v_letters), v_pad = v_scale - 1, v_wide = v_letters > 5,
      v_green = POW(3, v_letters) - 1;
  -- Room for a guess's packed codes; set before the transaction, whose reads lock.
  SET SESSION group_concat_max_len = GREATEST(v_concat, 2 * v_answers);
  CALL _wordle_work_begin(v_work);
  START TRANSACTION;
  INSERT INTO solver_work_considered (work, guess_no)
  SELECT v_work, guess_no FROM solver_guesses WHERE channel_id = v_channel AND NOT done
  ORDER BY guess_no
  LIMIT p_batch FOR UPDATE SKIP LOCKED;
  SET v_claimed = ROW_COUNT();
  IF v_claimed > 0 THEN
    -- Each guess's codes in answer_no order, one byte each (two when wide).
    INSERT INTO solver_codes (channel_id, guess_no, codes)
    SELECT v_channel, guess_no,
           GROUP_CONCAT(IF(v_wide, CHAR(code DIV 256, code MOD 256), CHAR(code))
                        ORDER BY answer_no SEPARATOR '')
    FROM (SELECT b.guess_no, a.no AS answer_no,
            (19683 * IF(g.l1 = a.l1, 2, IF(g.r1,
              (a.l1 = g.l1) + (a.l2 = g.l1) + (a.l3 = g.l1) + (a.l4 = g.l1) + (a.l5 = g.l1) + (a.l6 = g.l1) + (a.l7 = g.l1) + (a.l8 = g.l1) + (a.l9 = g.l1) + (a.l10 = g.l1)
              - ((g.l2 = g.l1 AND a.l2 = g.l2) + (g.l3 = g.l1 AND a.l3 = g.l3) + (g.l4 = g.l1 AND a.l4 = g.l4) + (g.l5 = g.l1 AND a.l5 = g.l5) + (g.l6 = g.l1 AND a.l6 = g.l6) + (g.l7 = g.l1 AND a.l7 = g.l7) + (g.l8 = g.l1 AND a.l8 = g.l8) + (g.l9 = g.l1 AND a.l9 = g.l9) + (g.l10 = g.l1 AND a.l10 = g.l10))
              > 0,
              g.l1 IN (a.l1, a.l2, a.l3, a.l4, a.l5, a.l6, a.l7, a.l8, a.l9, a.l10)))
            + 6561 * IF(g.l2 = a.l2, 2, IF(g.r2,
              (a.l1 = g.l2) + (a.l2 = g.l2) + (a.l3 = g.l2) + (a.l4 = g.l2) + (a.l5 = g.l2) + (a.l6 = g.l2) + (a.l7 = g.l2) + (a.l8 = g.l2) + (a.l9 = g.l2) + (a.l10 = g.l2)
              - ((g.l1 = g.l2 AND a.l1 = g.l1) + (g.l3 = g.l2 AND a.l3 = g.l3) + (g.l4 = g.l2 AND a.l4 = g.l4) + (g.l5 = g.l2 AND a.l5 = g.l5) + (g.l6 = g.l2 AND a.l6 = g.l6) + (g.l7 = g.l2 AND a.l7 = g.l7) + (g.l8 = g.l2 AND a.l8 = g.l8) + (g.l9 = g.l2 AND a.l9 = g.l9) + (g.l10 = g.l2 AND a.l10 = g.l10))
              > (g.l1 = g.l2 AND a.l1 <> g.l1),
              g.l2 IN (a.l1, a.l2, a.l3, a.l4, a.l5, a.l6, a.l7, a.l8, a.l9, a.l10)))
            + 2187 * IF(g.l3 = a.l3, 2, IF(g.r3,
              (a.l1 = g.l3) + (a.l2 = g.l3) + (a.l3 = g.l3) + (a.l4 = g.l3) + (a.l5 = g.l3) + (a.l6 = g.l3) + (a.l7 = g.l3) + (a.l8 = g.l3) + (a.l9 = g.l3) + (a.l10 = g.l3)
              - ((g.l1 = g.l3 AND a.l1 = g.l1) + (g.l2 = g.l3 AND a.l2 = g.l2) + (g.l4 = g.l3 AND a.l4 = g.l4) + (g.l5 = g.l3 AND a.l5 = g.l5) + (g.l6 = g.l3 AND a.l6 = g.l6) + (g.l7 = g.l3 AND a.l7 = g.l7) + (g.l8 = g.l3 AND a.l8 = g.l8) + (g.l9 = g.l3 AND a.l9 = g.l9) + (g.l10 = g.l3 AND a.l10 = g.l10))
              > (g.l1 = g.l3 AND a.l1 <> g.l1) + (g.l2 = g.l3 AND a.l2 <> g.l2),
              g.l3 IN (a.l1, a.l2, a.l3, a.l4, a.l5, a.l6, a.l7, a.l8, a.l9, a.l10)))
            + 729 * IF(g.l4 = a.l4, 2, IF(g.r4,
              (a.l1 = g.l4) + (a.l2 = g.l4) + (a.l3 = g.l4) + (a.l4 = g.l4) + (a.l5 = g.l4) + (a.l6 = g.l4) + (a.l7 = g.l4) + (a.l8 = g.l4) + (a.l9 = g.l4) + (a.l10 = g.l4)
              - ((g.l1 = g.l4 AND a.l1 = g.l1) + (g.l2 = g.l4 AND a.l2 = g.l2) + (g.l3 = g.l4 AND a.l3 = g.l3) + (g.l5 = g.l4 AND a.l5 = g.l5) + (g.l6 = g.l4 AND a.l6 = g.l6) + (g.l7 = g.l4 AND a.l7 = g.l7) + (g.l8 = g.l4 AND a.l8 = g.l8) + (g.l9 = g.l4 AND a.l9 = g.l9) + (g.l10 = g.l4 AND a.l10 = g.l10))
              > (g.l1 = g.l4 AND a.l1 <> g.l1) + (g.l2 = g.l4 AND a.l2 <> g.l2) + (g.l3 = g.l4 AND a.l3 <> g.l3),
              g.l4 IN (a.l1, a.l2, a.l3, a.l4, a.l5, a.l6, a.l7, a.l8, a.l9, a.l10)))
            + 243 * IF(g.l5 = a.l5, 2, IF(g.r5,
              (a.l1 = g.l5) + (a.l2 = g.l5) + (a.l3 = g.l5) + (a.l4 = g.l5) + (a.l5 = g.l5) + (a.l6 = g.l5) + (a.l7 = g.l5) + (a.l8 = g.l5) + (a.l9 = g.l5) + (a.l10 = g.l5)
              - ((g.l1 = g.l5 AND a.l1 = g.l1) + (g.l2 = g.l5 AND a.l2 = g.l2) + (g.l3 = g.l5 AND a.l3 = g.l3) + (g.l4 = g.l5 AND a.l4 = g.l4) + (g.l6 = g.l5 AND a.l6 = g.l6) + (g.l7 = g.l5 AND a.l7 = g.l7) + (g.l8 = g.l5 AND a.l8 = g.l8) + (g.l9 = g.l5 AND a.l9 = g.l9) + (g.l10 = g.l5 AND a.l10 = g.l10))
              > (g.l1 = g.l5 AND a.l1 <> g.l1) + (g.l2 = g.l5 AND a.l2 <> g.l2) + (g.l3 = g.l5 AND a.l3 <> g.l3) + (g.l4 = g.l5 AND a.l4 <> g.l4),
              g.l5 IN (a.l1, a.l2, a.l3, a.l4, a.l5, a.l6, a.l7, a.l8, a.l9, a.l10)))
            + 81 * IF(g.l6 = a.l6, 2, IF(g.r6,
              (a.l1 = g.l6) + (a.l2 = g.l6) + (a.l3 = g.l6) + (a.l4 = g.l6) + (a.l5 = g.l6) + (a.l6 = g.l6) + (a.l7 = g.l6) + (a.l8 = g.l6) + (a.l9 = g.l6) + (a.l10 = g.l6)
              - ((g.l1 = g.l6 AND a.l1 = g.l1) + (g.l2 = g.l6 AND a.l2 = g.l2) + (g.l3 = g.l6 AND a.l3 = g.l3) + (g.l4 = g.l6 AND a.l4 = g.l4) + (g.l5 = g.l6 AND a.l5 = g.l5) + (g.l7 = g.l6 AND a.l7 = g.l7) + (g.l8 = g.l6 AND a.l8 = g.l8) + (g.l9 = g.l6 AND a.l9 = g.l9) + (g.l10 = g.l6 AND a.l10 = g.l10))
              > (g.l1 = g.l6 AND a.l1 <> g.l1) + (g.l2 = g.l6 AND a.l2 <> g.l2) + (g.l3 = g.l6 AND a.l3 <> g.l3) + (g.l4 = g.l6 AND a.l4 <> g.l4) + (g.l5 = g.l6 AND a.l5 <> g.l5),
              g.l6 IN (a.l1, a.l2, a.l3, a.l4, a.l5, a.l6, a.l7, a.l8, a.l9, a.l10)))
            + 27 * IF(g.l7 = a.l7, 2, IF(g.r7,
              (a.l1 = g.l7) + (a.l2 = g.l7) + (a.l3 = g.l7) + (a.l4 = g.l7) + (a.l5 = g.l7) + (a.l6 = g.l7) + (a.l7 = g.l7) + (a.l8 = g.l7) + (a.l9 = g.l7) + (a.l10 = g.l7)
              - ((g.l1 = g.l7 AND a.l1 = g.l1) + (g.l2 = g.l7 AND a.l2 = g.l2) + (g.l3 = g.l7 AND a.l3 = g.l3) + (g.l4 = g.l7 AND a.l4 = g.l4) + (g.l5 = g.l7 AND a.l5 = g.l5) + (g.l6 = g.l7 AND a.l6 = g.l6) + (g.l8 = g.l7 AND a.l8 = g.l8) + (g.l9 = g.l7 AND a.l9 = g.l9) + (g.l10 = g.l7 AND a.l10 = g.l10))
              > (g.l1 = g.l7 AND a.l1 <> g.l1) + (g.l2 = g.l7 AND a.l2 <> g.l2) + (g.l3 = g.l7 AND a.l3 <> g.l3) + (g.l4 = g.l7 AND a.l4 <> g.l4) + (g.l5 = g.l7 AND a.l5 <> g.l5) + (g.l6 = g.l7 AND a.l6 <> g.l6),
              g.l7 IN (a.l1, a.l2, a.l3, a.l4, a.l5, a.l6, a.l7, a.l8, a.l9, a.l10)))
            + 9 * IF(g.l8 = a.l8, 2, IF(g.r8,
              (a.l1 = g.l8) + (a.l2 = g.l8) + (a.l3 = g.l8) + (a.l4 = g.l8) + (a.l5 = g.l8) + (a.l6 = g.l8) + (a.l7 = g.l8) + (a.l8 = g.l8) + (a.l9 = g.l8) + (a.l10 = g.l8)
              - ((g.l1 = g.l8 AND a.l1 = g.l1) + (g.l2 = g.l8 AND a.l2 = g.l2) + (g.l3 = g.l8 AND a.l3 = g.l3) + (g.l4 = g.l8 AND a.l4 = g.l4) + (g.l5 = g.l8 AND a.l5 = g.l5) + (g.l6 = g.l8 AND a.l6 = g.l6) + (g.l7 = g.l8 AND a.l7 = g.l7) + (g.l9 = g.l8 AND a.l9 = g.l9) + (g.l10 = g.l8 AND a.l10 = g.l10))
              > (g.l1 = g.l8 AND a.l1 <> g.l1) + (g.l2 = g.l8 AND a.l2 <> g.l2) + (g.l3 = g.l8 AND a.l3 <> g.l3) + (g.l4 = g.l8 AND a.l4 <> g.l4) + (g.l5 = g.l8 AND a.l5 <> g.l5) + (g.l6 = g.l8 AND a.l6 <> g.l6) + (g.l7 = g.l8 AND a.l7 <> g.l7),
              g.l8 IN (a.l1, a.l2, a.l3, a.l4, a.l5, a.l6, a.l7, a.l8, a.l9, a.l10)))
            + 3 * IF(g.l9 = a.l9, 2, IF(g.r9,
              (a.l1 = g.l9) + (a.l2 = g.l9) + (a.l3 = g.l9) + (a.l4 = g.l9) + (a.l5 = g.l9) + (a.l6 = g.l9) + (a.l7 = g.l9) + (a.l8 = g.l9) + (a.l9 = g.l9) + (a.l10 = g.l9)
              - ((g.l1 = g.l9 AND a.l1 = g.l1) + (g.l2 = g.l9 AND a.l2 = g.l2) + (g.l3 = g.l9 AND a.l3 = g.l3) + (g.l4 = g.l9 AND a.l4 = g.l4) + (g.l5 = g.l9 AND a.l5 = g.l5) + (g.l6 = g.l9 AND a.l6 = g.l6) + (g.l7 = g.l9 AND a.l7 = g.l7) + (g.l8 = g.l9 AND a.l8 = g.l8) + (g.l10 = g.l9 AND a.l10 = g.l10))
              > (g.l1 = g.l9 AND a.l1 <> g.l1) + (g.l2 = g.l9 AND a.l2 <> g.l2) + (g.l3 = g.l9 AND a.l3 <> g.l3) + (g.l4 = g.l9 AND a.l4 <> g.l4) + (g.l5 = g.l9 AND a.l5 <> g.l5) + (g.l6 = g.l9 AND a.l6 <> g.l6) + (g.l7 = g.l9 AND a.l7 <> g.l7) + (g.l8 = g.l9 AND a.l8 <> g.l8),
              g.l9 IN (a.l1, a.l2, a.l3, a.l4, a.l5, a.l6, a.l7, a.l8, a.l9, a.l10)))
            + 1 * IF(g.l10 = a.l10, 2, IF(g.r10,
              (a.l1 = g.l10) + (a.l2 = g.l10) + (a.l3 = g.l10) + (a.l4 = g.l10) + (a.l5 = g.l10) + (a.l6 = g.l10) + (a.l7 = g.l10) + (a.l8 = g.l10) + (a.l9 = g.l10) + (a.l10 = g.l10)
              - ((g.l1 = g.l10 AND a.l1 = g.l1) + (g.l2 = g.l10 AND a.l2 = g.l2) + (g.l3 = g.l10 AND a.l3 = g.l3) + (g.l4 = g.l10 AND a.l4 = g.l4) + (g.l5 = g.l10 AND a.l5 = g.l5) + (g.l6 = g.l10 AND a.l6 = g.l6) + (g.l7 = g.l10 AND a.l7 = g.l7) + (g.l8 = g.l10 AND a.l8 = g.l8) + (g.l9 = g.l10 AND a.l9 = g.l9))
              > (g.l1 = g.l10 AND a.l1 <> g.l1) + (g.l2 = g.l10 AND a.l2 <> g.l2) + (g.l3 = g.l10 AND a.l3 <> g.l3) + (g.l4 = g.l10 AND a.l4 <> g.l4) + (g.l5 = g.l10 AND a.l5 <> g.l5) + (g.l6 = g.l10 AND a.l6 <> g.l6) + (g.l7 = g.l10 AND a.l7 <> g.l7) + (g.l8 = g.l10 AND a.l8 <> g.l8) + (g.l9 = g.l10 AND a.l9 <> g.l9),
              g.l10 IN (a.l1, a.l2, a.l3, a.l4, a.l5, a.l6, a.l7, a.l8, a.l9, a.l10)))
             - v_pad) DIV v_scale AS code
          FROM solver_work_considered b
          STRAIGHT_JOIN solver_letters g
            ON g.channel_id = v_channel AND g.answers = FALSE AND g.no = b.guess_no
          STRAIGHT_JOIN solver_letters a ON a.channel_id = v_channel AND a.answers = TRUE
          WHERE b.work = v_work) codes
    GROUP BY guess_no;
    -- How each guess splits all the answers: the opening ranking's figures (the number of parts
    -- as a score).
    INSERT INTO solver_work_ranking (work, position, guess_no, expected_left, entropy, is_candidate)
    SELECT v_work, guess_no, guess_no, squares / v_answers, LOG2(v_answers) - spread / v_answers,
           candidate
    FROM (SELECT guess_no, SUM(n * n) AS squares, MAX(code = v_green) AS candidate,
                 SUM(n * LOG2(n)) AS spread
          FROM (SELECT b.guess_no,
                       IF(v_wide, ASCII(SUBSTRING(h.codes, 2 * a.answer_no - 1, 1)) * 256
                                  + ASCII(SUBSTRING(h.codes, 2 * a.answer_no, 1)),
                          ASCII(SUBSTRING(h.codes, a.answer_no, 1))) AS code,
                       COUNT(*) AS n
                FROM solver_work_considered b
                STRAIGHT_JOIN solver_codes h ON h.channel_id = v_channel AND h.guess_no = b.guess_no
                STRAIGHT_JOIN solver_answers a ON a.channel_id = v_channel
                WHERE b.work = v_work
                GROUP BY b.guess_no, code) buckets
          GROUP BY guess_no) split;
    INSERT INTO solver_work_scores (channel_id, work, guess_no, position, score)
    SELECT v_channel, v_work, b.guess_no, b.guess_no,
           COUNT(DISTINCT IF(v_wide, SUBSTRING(h.codes, 2 * a.answer_no - 1, 2),
                             SUBSTRING(h.codes, a.answer_no, 1)))
    FROM solver_work_considered b
    STRAIGHT_JOIN solver_codes h ON h.channel_id = v_channel AND h.guess_no = b.guess_no
    STRAIGHT_JOIN solver_answers a ON a.channel_id = v_channel
    WHERE b.work = v_work
    GROUP BY b.guess_no;
    -- From this step's rows to the guesses: read the other way, the guesses other sessions
    -- hold would be locked (waited for) too.
    UPDATE solver_work_ranking r
    STRAIGHT_JOIN solver_guesses g ON g.channel_id = v_channel AND g.guess_no = r.guess_no
    STRAIGHT_JOIN solver_work_scores s
      ON s.channel_id = v_channel AND s.work = v_work AND s.guess_no = g.guess_no
       SET g.done = TRUE, g.opening_expected = r.expected_left, g.opening_entropy = r.entropy,
           g.opening_candidate = r.is_candidate, g.opening_parts = s.score
     WHERE r.work = v_work;
  END IF;
  COMMIT;
  CALL _wordle_work_end(v_work);

  -- The session that finds nothing left to do numbers the opening ranking, once. What is left
  -- is read by a plain SELECT of the latest commits (READ COMMITTED): an IF EXISTS would wait
  -- for the guesses other sessions are building. Two sessions finishing together may each
  -- miss the other's guesses: the next step ranks (callers step until ready).
  SET TRANSACTION ISOLATION LEVEL READ COMMITTED;
  START TRANSACTION;
  SELECT 1 INTO v_claim FROM solver_state WHERE channel_id = v_channel AND built_at IS NULL
  FOR UPDATE SKIP LOCKED;
  SELECT EXISTS (SELECT 1 FROM solver_guesses WHERE channel_id = v_channel AND NOT done)
  INTO v_left;
  IF v_claim IS NOT NULL AND NOT v_left THEN
    UPDATE solver_guesses g
    JOIN (SELECT guess_no,
                 ROW_NUMBER() OVER (ORDER BY opening_parts DESC, opening_expected,
                                             opening_candidate DESC, opening_entropy DESC,
                                             guess_no) AS position
          FROM solver_guesses WHERE channel_id = v_channel) r ON r.guess_no = g.guess_no
       SET g.opening_rank = r.position
     WHERE g.channel_id = v_channel;
    -- Hard mode's order: the same, but an opening of the first 100 that leaves a part of
    -- max_tries answers or more differing at one position only (batch catch hatch ...: hard
    -- mode may have to guess them one by one) comes after the others.
    UPDATE solver_guesses g
    JOIN (SELECT o.guess_no,
                 ROW_NUMBER() OVER (ORDER BY o.opening_rank > 100, t.guess_no IS NOT NULL,
                                             o.opening_rank) AS position
          FROM solver_guesses o
          LEFT JOIN (SELECT DISTINCT guess_no
                     FROM (SELECT b.guess_no,
                                  IF(v_wide, ASCII(SUBSTRING(h.codes, 2 * a.no - 1, 1)) * 256
                                             + ASCII(SUBSTRING(h.codes, 2 * a.no, 1)),
                                     ASCII(SUBSTRING(h.codes, a.no, 1))) AS code,
                                  COUNT(*) AS n,
                                  (COUNT(DISTINCT a.l1) > 1) + (COUNT(DISTINCT a.l2) > 1) + (COUNT(DISTINCT a.l3) > 1) + (COUNT(DISTINCT a.l4) > 1) + (COUNT(DISTINCT a.l5) > 1) + (COUNT(DISTINCT a.l6) > 1) + (COUNT(DISTINCT a.l7) > 1) + (COUNT(DISTINCT a.l8) > 1) + (COUNT(DISTINCT a.l9) > 1) + (COUNT(DISTINCT a.l10) > 1) AS spots
                           FROM solver_guesses b
                           STRAIGHT_JOIN solver_codes h
                             ON h.channel_id = v_channel AND h.guess_no = b.guess_no
                           STRAIGHT_JOIN solver_letters a
                             ON a.channel_id = v_channel AND a.answers = TRUE
                           WHERE b.channel_id = v_channel AND b.opening_rank <= 100
                           GROUP BY b.guess_no, code) parts
                     WHERE n >= (SELECT max_tries FROM channels WHERE id = v_channel)
                       AND spots = 1) t ON t.guess_no = o.guess_no
          WHERE o.channel_id = v_channel) r ON r.guess_no = g.guess_no
       SET g.hard_rank = r.position
     WHERE g.channel_id = v_channel;
    UPDATE solver_state SET built_at = CURRENT_TIMESTAMP(6) WHERE channel_id = v_channel;
  END IF;
  COMMIT;
  SET SESSION group_concat_max_len = v_concat;
  SELECT _wordle_int((SELECT COUNT(*) FROM solver_guesses WHERE channel_id = v_channel AND done))
           AS guesses_done,
         _wordle_int((SELECT COUNT(*) FROM solver_guesses WHERE channel_id = v_channel)) AS guesses,
         built_at IS NOT NULL AS ready, v_claimed AS claimed
  FROM solver_state WHERE channel_id = v_channel;
END
