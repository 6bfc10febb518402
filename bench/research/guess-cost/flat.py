"""What flattening the guess could give: a guess in one procedure, against wordle_play.

Issue 28's budget (cpu.py) is about 800 µs of server CPU per SQL guess. Here a guess written
as one procedure with the fewest steps (bench_flat_play: the begin, the channel, one context
join, the game's lock with the repeated-guess check, the hint, the insert, the update, the
commit, the row) plays the second to sixth guesses of existing games, where it needs none of
what it leaves out (new players and games, hard mode, accent folding, refusals: it signals
WD099 instead). Nothing of it is meant to be used: it bounds what folding wordle_play's routines
and checks into fewer statements can save. Variants: the begin's statements inline; without
the channel's read, the word's check or the repeated guess's check (a constant that is true of
these moves instead); the hint a constant; the game locked by _wordle_lock_player_game and the
repeated guess looked for apart (as wordle_play does); the body in wordle_play's retry loop;
called through a wrapper procedure (as wordle_play calls _wordle_play). Each call's row is
first checked against wordle_play's on the same moves. Server CPU per guess from the threads'
schedstat (ablation.py), medians of 12 alternating chunks of 40 games. Linux only (/proc).
Run: .venv/bin/python bench/research/guess-cost/flat.py [--chunks 12]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench/: harness.py
from harness import GUESSES, WORD, prepare, private_server
from harness import thread_cpu_seconds as cpu_seconds

from wordle_db import db

FLAT = f"""CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE bench_flat_play(
  IN p_player {WORD}, IN p_guess {WORD})
MODIFIES SQL DATA SQL SECURITY DEFINER
BEGIN
  DECLARE v_channel SMALLINT UNSIGNED;
  DECLARE v_day DATE;
  DECLARE v_answer, v_guess {WORD};
  DECLARE v_number, v_attempts, v_max INT;
  DECLARE v_known, v_tried, v_hard BOOLEAN;
  DECLARE v_player, v_game INT UNSIGNED;
  DECLARE v_state VARCHAR(10);
  DECLARE v_hint VARCHAR(32) CHARACTER SET ascii;
  DECLARE v_revealed, v_tries INT DEFAULT 0;
  DECLARE v_retry BOOLEAN;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  CALL _wordle_begin();
  SELECT id, _wordle_date_in(time_zone) INTO v_channel, v_day FROM channels
  WHERE name = (SELECT value COLLATE utf8mb4_nopad_bin FROM settings
                WHERE name = 'default_channel');
  SELECT w.word, DATEDIFF(p.day, c.first_day) + 1,
         EXISTS (SELECT 1 FROM words g JOIN channel_words cw ON cw.word_id = g.id
                 WHERE g.word = LOWER(p_guess) AND cw.channel_id = v_channel),
         a.player_id
    INTO v_answer, v_number, v_known, v_player
  FROM puzzles p JOIN words w ON w.id = p.word_id JOIN channels c ON c.id = p.channel_id
  JOIN access_version v ON v.id = 1
  LEFT JOIN player_access a ON a.account = SESSION_USER() AND a.name = p_player
                           AND a.version = v.version
  WHERE p.channel_id = v_channel AND p.day = v_day;
  SET v_guess = LOWER(p_guess);
  SELECT g.id, g.state, g.hard, g.attempts, g.max_tries,
         EXISTS (SELECT 1 FROM attempts t WHERE t.game_id = g.id AND t.guess = v_guess)
    INTO v_game, v_state, v_hard, v_attempts, v_max, v_tried
  FROM games g FORCE INDEX (player_channel_day)
  WHERE g.player_id = v_player AND g.channel_id = v_channel AND g.day = v_day FOR UPDATE;
  IF NOT v_known OR v_tried OR v_state <> 'playing' OR v_hard THEN
    SIGNAL SQLSTATE 'WD099' SET MESSAGE_TEXT = 'not the fast path';
  END IF;
  SET v_hint = wordle_hint(v_answer, v_guess), v_attempts = v_attempts + 1,
      v_state = IF(v_guess = v_answer, 'won', IF(v_attempts >= v_max, 'lost', 'playing'));
  INSERT INTO attempts (game_id, attempt, guess, hint, played_at)
  VALUES (v_game, v_attempts, v_guess, v_hint, SYSDATE(6));
  UPDATE games SET attempts = v_attempts, state = v_state,
         finished_at = IF(v_state = 'playing', NULL, SYSDATE(6)) WHERE id = v_game;
  COMMIT;
  SELECT v_day AS day, v_number AS number, v_attempts AS attempt, v_guess AS guess,
         v_hint AS hint, v_state AS state, v_hard AS hard, v_max AS max_tries,
         IF(v_state = 'playing', NULL, v_answer) AS answer;
END"""
BEGIN_INLINE = """CALL _wordle_session_check();
  ROLLBACK AND NO CHAIN NO RELEASE;
  SET TRANSACTION ISOLATION LEVEL READ COMMITTED;
  START TRANSACTION READ WRITE;"""
CHANNEL_READ = """SELECT id, _wordle_date_in(time_zone) INTO v_channel, v_day FROM channels
  WHERE name = (SELECT value COLLATE utf8mb4_nopad_bin FROM settings
                WHERE name = 'default_channel');"""
KNOWN = """EXISTS (SELECT 1 FROM words g JOIN channel_words cw ON cw.word_id = g.id
                 WHERE g.word = LOWER(p_guess) AND cw.channel_id = v_channel)"""
TRIED = "EXISTS (SELECT 1 FROM attempts t WHERE t.game_id = g.id AND t.guess = v_guess)"
LOCK = f"""SELECT g.id, g.state, g.hard, g.attempts, g.max_tries,
         {TRIED}
    INTO v_game, v_state, v_hard, v_attempts, v_max, v_tried
  FROM games g FORCE INDEX (player_channel_day)
  WHERE g.player_id = v_player AND g.channel_id = v_channel AND g.day = v_day FOR UPDATE;"""
LOCK_ROUTINE = """CALL _wordle_lock_player_game(p_player, v_player, v_channel, v_day, v_day, NULL,
    v_game, v_state, v_hard, v_attempts, v_max, v_revealed);
  SET v_tried = EXISTS (SELECT 1 FROM attempts t WHERE t.game_id = v_game AND t.guess = v_guess);"""
BODY_START, BODY_END = "  CALL _wordle_begin();\n", "WHERE id = v_game;\n"
RETRY = """  submit: LOOP
    SET v_tries = v_tries + 1, v_retry = FALSE;
    BEGIN
      DECLARE EXIT HANDLER FOR 1213, 1205 BEGIN ROLLBACK; SET v_retry = TRUE; END;
{body}    END;
    IF NOT v_retry THEN
      LEAVE submit;
    END IF;
    DO SLEEP(0.01 * v_tries);
  END LOOP;
"""
WRAPPER = f"""CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE bench_flat_wrapped(
  IN p_player {WORD}, IN p_guess {WORD})
MODIFIES SQL DATA SQL SECURITY DEFINER
CALL bench_flat_play(p_player, p_guess)"""


def with_retry_loop(text: str) -> str:
    """The body from the begin to the update inside _wordle_play's retry loop."""
    start, end = text.index(BODY_START), text.index(BODY_END) + len(BODY_END)
    return text[:start] + RETRY.format(body=text[start:end]) + text[end:]


def variants(channel: int, day: str) -> dict[str, str]:
    """procedure: its text. Those marked "without" read a constant instead (true of the bench's
    moves: the same rows)."""
    return {
        "bench_flat_play": FLAT,
        "bench_flat_begin_inline": FLAT.replace("CALL _wordle_begin();", BEGIN_INLINE),
        "bench_flat_without_channel_read": FLAT.replace(
            CHANNEL_READ, f"SET v_channel = {channel}, v_day = '{day}';"
        ),
        "bench_flat_without_word_check": FLAT.replace(KNOWN, "TRUE"),
        "bench_flat_without_repeat_check": FLAT.replace(TRIED, "FALSE"),
        "bench_flat_hint_constant": FLAT.replace("wordle_hint(v_answer, v_guess)", "'00000'"),
        "bench_flat_lock_routine": FLAT.replace(LOCK, LOCK_ROUTINE),
        "bench_flat_retry_loop": with_retry_loop(FLAT),
        "bench_flat_wrapped": WRAPPER,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=12)
    args = parser.parse_args()
    with private_server() as server:
        url = db.parse_url(server.url("wordle_bench"))
        front_url = prepare(url, "head")
        pid = server.pid()
        assert pid is not None
        with db.connect(url) as owner:
            channel = int(
                db.scalar(
                    owner,
                    "SELECT id FROM channels WHERE name = (SELECT value "
                    "FROM settings WHERE name = 'default_channel')",
                )
            )
            procedures = variants(channel, str(db.scalar(owner, "SELECT wordle_today()")))
            for name, text in procedures.items():
                assert text != FLAT or name == "bench_flat_play", name  # the replace matched
                owner.exec_driver_sql(
                    text.replace("PROCEDURE bench_flat_play(", f"PROCEDURE {name}(")
                )
                owner.exec_driver_sql(
                    f"GRANT EXECUTE ON PROCEDURE `{url.database}`.{name} "
                    "TO 'bench_front'@'localhost'"
                )
        with db.connect(front_url) as front:
            calls: dict[str, Callable[[str, str], object]] = {
                "bare guess": lambda p, w: db.call(front, "bench_bare_guess", hash(p) % 1024, w),
                "wordle_play": lambda p, w: db.call(front, "wordle_play", p, w, None, None),
                **{name: partial(db.call, front, name) for name in procedures},
            }
            for n, name in enumerate(procedures):  # the rows of wordle_play (but the hint's)
                if name != "bench_flat_hint_constant":
                    for player in (f"check{n}", f"check{n}_play"):
                        db.call(front, "wordle_play", player, GUESSES[0], None, None)
                    for word in GUESSES[1:]:
                        assert db.call(front, name, f"check{n}", word) == db.call(
                            front, "wordle_play", f"check{n}_play", word, None, None
                        ), name
            costs: dict[str, list[float]] = {name: [] for name in calls}
            for chunk in range(args.chunks):
                for n, (name, call) in enumerate(calls.items()):
                    players = [f"c{chunk}_{n}_{game}" for game in range(40)]
                    for player in players:  # the game made by its first guess, not counted
                        db.call(front, "wordle_play", player, GUESSES[0], None, None)
                    before = cpu_seconds(pid)
                    for player in players:
                        for word in GUESSES[1:]:
                            call(player, word)
                    costs[name].append((cpu_seconds(pid) - before) / (40 * 5) * 1e6)
    print("| guesses 2-6 of existing games | server CPU µs/guess, median | min | max |")
    print("|---|---|---|---|")
    for name, values in costs.items():
        print(
            f"| {name} | {statistics.median(values):,.0f} | {min(values):,.0f} | "
            f"{max(values):,.0f} |"
        )


if __name__ == "__main__":
    main()
