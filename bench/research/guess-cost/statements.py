"""What each kind of statement a guess runs costs inside a routine, without performance_schema.

profile.py times every statement a guess runs, but with performance_schema on, which
instruments each step of a routine and inflates the cheap ones (a `SET` shows 5-7 µs there).
Here each statement runs 2,000 times in a loop inside a procedure on load.py's bench database
(one client, nothing else of the game running), and the loop's own cost (an empty loop) is
taken off: what is left is what the statement costs where it runs, in a routine, on hot
caches. The statements are the guess's (migration 0028's _wordle_play and _wordle_lock_game),
an experiment (the channel and the context in one-table key lookups: no cheaper than the
join), what a name without a kept decision costs (_wordle_player's role check, regular
expression and read, taken from the routines' files), plus a one-row key lookup as a
yardstick. Each is measured `--rounds` times; the
minimum is printed.
Run: .venv/bin/python bench/research/guess-cost/statements.py [--rounds 3] [--loops 2000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench/: harness.py
from harness import WORD, prepare, private_server

from wordle_db import db

TEXT = "MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin"
LOOP = f"""CREATE OR REPLACE PROCEDURE bench_loop_{{name}}(IN n INT, IN p_channel {TEXT},
    IN p_guess {TEXT}, IN p_player {TEXT})
BEGIN
  DECLARE i INT DEFAULT 0;
  DECLARE v_channel SMALLINT UNSIGNED DEFAULT 1;
  DECLARE v_zone VARCHAR(64) CHARACTER SET utf8mb4;
  DECLARE v_accents VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin DEFAULT 'keep';
  DECLARE v_day DATE DEFAULT wordle_today();
  DECLARE v_answer {WORD};
  DECLARE v_number, v_int INT;
  DECLARE v_known BOOLEAN;
  DECLARE v_player INT UNSIGNED;
  DECLARE v_state VARCHAR(10);
  DECLARE v_hint VARCHAR(32) CHARACTER SET ascii;
  DECLARE v_first DATE;
  DECLARE v_name {TEXT};
  DECLARE v_role VARCHAR(16) CHARACTER SET ascii;
  DECLARE v_count INT;
  DECLARE v_first_account, v_last_account VARCHAR(400) CHARACTER SET utf8mb4
    COLLATE utf8mb4_nopad_bin;
  DECLARE v_login VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
    DEFAULT _wordle_login();
  DECLARE v_host VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
    DEFAULT LOWER(SUBSTRING_INDEX(SESSION_USER(), '@', -1));
  DECLARE v_address BOOLEAN DEFAULT FALSE;  -- the host is localhost: a name
  WHILE i < n DO
    {{body}}
    SET i = i + 1;
  END WHILE;
END"""
SQL = Path(__file__).resolve().parents[3] / "sql" / "access"  # the repository's


def role_read() -> str:
    """_wordle_caller_access's SELECT, as the routine has it."""
    text = (SQL / "_wordle_caller_access.sql").read_text()
    start = text.index("  SELECT CASE")
    read = text[start : text.index(";", start) + 1].replace("o_", "v_")
    return read.replace("v_first", "v_first_account").replace("v_last", "v_last_account")


def name_pattern() -> str:
    """_wordle_player's REGEXP and its pattern, as the routine has it."""
    line = next(
        line
        for line in (SQL / "_wordle_player.sql").read_text().splitlines()
        if "p_name REGEXP '" in line
    )
    return line[line.index("REGEXP '") : line.rindex("'") + 1]


STATEMENTS = {
    "(yardstick) one-row key lookup": "SELECT attempts INTO v_int FROM bench_games WHERE id = 5;",
    "SET of three variables": "SET v_number = 1, v_known = TRUE, v_player = 3;",
    "CALL of an empty procedure": "CALL bench_nothing();",
    "CALL, 7 arguments, 20 variables declared": "CALL bench_declares(p_channel, p_player, "
    "p_guess, v_day, TRUE, FALSE, NULL);",
    "CALL _wordle_begin(), COMMIT": "CALL _wordle_begin(); COMMIT;",
    "the channel (named or default), MAX()": """SELECT MAX(id), MAX(time_zone), MAX(accents)
      INTO v_channel, v_zone, v_accents FROM channels
      WHERE name = COALESCE(p_channel, (SELECT value COLLATE utf8mb4_nopad_bin FROM settings
                                        WHERE name = 'default_channel'));""",
    "the channel by name, MAX()": """SELECT MAX(id), MAX(time_zone), MAX(accents)
      INTO v_channel, v_zone, v_accents FROM channels WHERE name = 'en';""",
    "the channel by name, no MAX()": """SELECT id, time_zone, accents
      INTO v_channel, v_zone, v_accents FROM channels WHERE name = 'en';""",
    "today in the channel's zone (_wordle_date_in)": "SET v_day = _wordle_date_in(v_zone);",
    "the puzzle and its answer (3 tables)": """SELECT MAX(w.word),
      MAX(DATEDIFF(p.day, c.first_day)) + 1 INTO v_answer, v_number
      FROM puzzles p JOIN words w ON w.id = p.word_id JOIN channels c ON c.id = p.channel_id
      WHERE p.channel_id = v_channel AND p.day = v_day;""",
    "... and the word accepted (EXISTS)": """SELECT MAX(w.word),
      MAX(DATEDIFF(p.day, c.first_day)) + 1, v_accents NOT LIKE 'fold%' AND EXISTS (
        SELECT 1 FROM words g JOIN channel_words cw ON cw.word_id = g.id
        WHERE g.word = LOWER(p_guess) AND cw.channel_id = v_channel)
      INTO v_answer, v_number, v_known
      FROM puzzles p JOIN words w ON w.id = p.word_id JOIN channels c ON c.id = p.channel_id
      WHERE p.channel_id = v_channel AND p.day = v_day;""",
    "... and the kept decision (the guess's context read)": """SELECT MAX(w.word),
      MAX(DATEDIFF(p.day, c.first_day)) + 1, v_accents NOT LIKE 'fold%' AND EXISTS (
        SELECT 1 FROM words g JOIN channel_words cw ON cw.word_id = g.id
        WHERE g.word = LOWER(p_guess) AND cw.channel_id = v_channel),
      MAX(IF(v.id IS NULL, NULL, a.player_id))
      INTO v_answer, v_number, v_known, v_player
      FROM puzzles p JOIN words w ON w.id = p.word_id JOIN channels c ON c.id = p.channel_id
      LEFT JOIN player_access a ON a.account = SESSION_USER() AND a.name = p_player
      LEFT JOIN access_version v ON v.id = 1 AND v.version = a.version
      WHERE p.channel_id = v_channel AND p.day = v_day;""",
    "the channel and the context in seven key lookups (not kept)": """
      SET v_name = p_channel;
      IF v_name IS NULL THEN
        SELECT MAX(value) INTO v_name FROM settings WHERE name = 'default_channel';
      END IF;
      SELECT MAX(id), MAX(time_zone), MAX(accents), MAX(first_day)
        INTO v_channel, v_zone, v_accents, v_first FROM channels WHERE name = v_name;
      SELECT MAX(word_id) INTO v_int FROM puzzles WHERE channel_id = v_channel AND day = v_day;
      SELECT MAX(word) INTO v_answer FROM words WHERE id = v_int;
      SET v_number = DATEDIFF(v_day, v_first) + 1, v_int = NULL;
      IF v_accents NOT LIKE 'fold%' THEN
        SELECT MAX(id) INTO v_int FROM words WHERE word = LOWER(p_guess);
        SELECT COUNT(*) > 0 INTO v_known FROM channel_words
        WHERE channel_id = v_channel AND word_id = v_int;
      END IF;
      SELECT version INTO v_int FROM access_version WHERE id = 1;
      SELECT MAX(player_id) INTO v_player FROM player_access
      WHERE account = SESSION_USER() AND name = p_player AND version = v_int;""",
    "the word accepted, a join of its own": """SELECT COUNT(*) INTO v_known
      FROM words g JOIN channel_words cw ON cw.word_id = g.id AND cw.channel_id = v_channel
      WHERE g.word = LOWER(p_guess);""",
    "the access version": """SET v_int = (SELECT version FROM access_version WHERE id = 1);""",
    "the access version, SELECT INTO": """SELECT version INTO v_int FROM access_version
      WHERE id = 1;""",
    "the kept decision, by key and version": """SELECT MAX(player_id) INTO v_player
      FROM player_access WHERE account = SESSION_USER() AND name = p_player
      AND version = v_int;""",
    "the default channel, a join": """SELECT MAX(c.id), MAX(c.time_zone), MAX(c.accents)
      INTO v_channel, v_zone, v_accents
      FROM settings s JOIN channels c ON c.name = s.value WHERE s.name = 'default_channel';""",
    "the channel and the version, a join": """SELECT c.id, c.time_zone, c.accents, v.version
      INTO v_channel, v_zone, v_accents, v_int
      FROM settings s JOIN channels c ON c.name = COALESCE(p_channel, s.value)
      JOIN access_version v ON v.id = 1 WHERE s.name = 'default_channel';""",
    "the game locked, alone": """START TRANSACTION; SELECT id, state, attempts
      INTO v_player, v_state, v_number FROM games FORCE INDEX (player_channel_day)
      WHERE player_id = 1 AND channel_id = 1 AND day = v_day FOR UPDATE; COMMIT;""",
    "the game locked with its player (_wordle_lock_game)": """START TRANSACTION;
      SELECT MAX(g.id), MAX(g.state), MAX(g.attempts), MAX(p.session_generation)
      INTO v_player, v_state, v_number, v_int
      FROM games g FORCE INDEX (player_channel_day) JOIN players p ON p.id = g.player_id
      WHERE g.player_id = 1 AND g.channel_id = 1 AND g.day = v_day FOR UPDATE; COMMIT;""",
    "a repeated guess looked for (IF EXISTS)": """IF EXISTS (SELECT 1 FROM attempts
      WHERE game_id = 1 AND guess = 'slate') THEN SET v_known = FALSE; END IF;""",
    "the hint (wordle_hint)": "SET v_hint = wordle_hint('crane', 'slate');",
    "the game updated, COMMIT": """START TRANSACTION; UPDATE games SET hard = FALSE,
      attempts = 1, state = 'playing', finished_at = NULL WHERE id = 1; COMMIT;""",
    "(bare guess's) one-column update, COMMIT": """START TRANSACTION;
      UPDATE bench_games SET attempts = 1 WHERE id = 5; COMMIT;""",
    # A name without a kept decision (a new player's first call, every read): _wordle_player's
    "a new name's role check (CALL _wordle_caller_access)": "CALL _wordle_caller_access(FALSE, "
    "v_role, v_login);",
    "... its login (_wordle_login())": "SET v_login = _wordle_login();",
    "... its read of server_accounts": role_read(),
    "... server_accounts read by user alone": """SELECT MAX(a.admin) INTO v_int
      FROM server_accounts a WHERE a.user IN (COALESCE(v_login, ''), '');""",
    "a new name's checks (the regular expression)": f"""IF p_player {name_pattern()}
      THEN SET v_known = FALSE; END IF;""",
    "a player read by name": """SELECT MAX(id), MAX(account) INTO v_player, v_login
      FROM players WHERE name = p_player AND own = FALSE;""",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--loops", type=int, default=2000)
    args = parser.parse_args()
    with private_server() as server:
        url = db.parse_url(server.url("wordle_bench"))
        prepare(url, "head")
        with db.connect(url) as conn:
            db.call(conn, "wordle_set_setting", "player_names", "any")
            db.call(conn, "wordle_play", "bench", "slate", None, None)  # a game, a decision
            conn.exec_driver_sql("CREATE OR REPLACE PROCEDURE bench_nothing() BEGIN END")
            declares = " ".join(f"DECLARE x{i} VARCHAR(32);" for i in range(20))
            conn.exec_driver_sql(
                f"CREATE OR REPLACE PROCEDURE bench_declares(IN a {TEXT}, IN b {TEXT}, "
                f"IN c {TEXT}, IN d DATE, IN e BOOLEAN, IN f BOOLEAN, IN g INT UNSIGNED) "
                f"BEGIN {declares} END"
            )
            bodies = {"(empty loop)": "DO 0;", **STATEMENTS}
            for n, body in enumerate(bodies.values()):
                conn.exec_driver_sql(LOOP.format(name=n, body=body))
            best = [float("inf")] * len(bodies)
            for _ in range(args.rounds):
                for n in range(len(bodies)):
                    started = time.perf_counter()
                    db.call(conn, f"bench_loop_{n}", args.loops, None, "slate", "bench")
                    best[n] = min(best[n], (time.perf_counter() - started) / args.loops * 1e6)
        print("| statement (in a routine) | µs |")
        print("|---|---|")
        for name, micros in list(zip(bodies, best, strict=True))[1:]:
            print(f"| {name} | {micros - best[0]:.1f} |")


if __name__ == "__main__":
    main()
