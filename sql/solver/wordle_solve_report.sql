-- wordle_solve_report(run): the outcome of a self-play run: games played, solved, the average
-- number of guesses, the worst case, the failures (more than six guesses, or never solved) and
-- the words that failed, the opener, hard mode, and how long the run took.
-- Result: one row (run, opener, hard, games, solved, average, worst, failures, failed_words,
-- seconds), over the answers of the run's channel. Error WD053 no such run.
-- Reads: solver_runs, solver_results, solver_answers, solver_guesses, words.
-- revision: 0041
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_solve_report(
    IN p_run INT UNSIGNED)
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'Summary of a self-play run'
BEGIN
  IF NOT EXISTS (SELECT 1 FROM solver_runs WHERE id = p_run) THEN
    SIGNAL SQLSTATE 'WD053' SET MESSAGE_TEXT = 'no such self-play run';
  END IF;
  SELECT r.id AS run, w.word AS opener, r.hard,
         _wordle_int((SELECT COUNT(*) FROM solver_answers a WHERE a.channel_id = r.channel_id))
           AS games,
         _wordle_int((SELECT COUNT(*) FROM solver_results s WHERE s.run_id = r.id)) AS solved,
         (SELECT ROUND(AVG(guesses), 4) FROM solver_results s WHERE s.run_id = r.id) AS average,
         (SELECT MAX(guesses) FROM solver_results s WHERE s.run_id = r.id) AS worst,
         _wordle_int((SELECT COUNT(*) FROM solver_answers a
                      LEFT JOIN solver_results s ON s.run_id = r.id AND s.answer_no = a.answer_no
                      WHERE a.channel_id = r.channel_id AND (s.guesses IS NULL OR s.guesses > 6)))
           AS failures,
         (SELECT GROUP_CONCAT(aw.word ORDER BY aw.word SEPARATOR ' ') FROM solver_answers a
          JOIN words aw ON aw.id = a.word_id
          LEFT JOIN solver_results s ON s.run_id = r.id AND s.answer_no = a.answer_no
          WHERE a.channel_id = r.channel_id
            AND (s.guesses IS NULL OR s.guesses > 6)) AS failed_words,
         TIMESTAMPDIFF(MICROSECOND, r.started_at, r.finished_at) / 1e6 AS seconds
  FROM solver_runs r
  JOIN solver_guesses g ON g.channel_id = r.channel_id AND g.guess_no = r.opener_no JOIN words w ON w.id = g.word_id
  WHERE r.id = p_run;
END
