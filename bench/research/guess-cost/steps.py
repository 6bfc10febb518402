"""What each step of a guess costs in a real call, and what other designs of it would save.

statements.py prices statements in a loop inside one call; a real guess pays more for each of
them (its tables are opened, locked and planned once per call, not once per loop). Here the
usual guess (a kept player's second to sixth guesses of today's game: `_wordle_play`'s short
path) is built up one step at a time, each prefix a procedure of its own with `_wordle_play`'s
parameters, declarations and handlers (taken from the installed routine) and its result row:
the call and its row alone, then the begin, the context read, the game's lock, the hint, the
writes (the whole guess). A prefix that
stops before the writes changes nothing, so each is called on a real game's next move. Beside
them, the unit prices (the whole guess and one more key read, of a table it reads and of one
it does not: a call pays for each statement and, once, for each table it opens), then designs
of the whole guess that were considered (see bench/README.md): the context read twice (what
one such read costs), the word's check as joins, the game read with the context and
taken by an optimistic update instead of a locking read, and the fewest tables a guess could
name (a row per channel and day holding its answer and rules, the channel's words by text:
scratch tables made for this run, kept in step by nothing): the most that folding tables
together could save, with and without the hint.
Every game rotates through the variants (each plays five moves of a game of its own), so the
machine's drift falls on all alike; server CPU per call from the threads' schedstat, medians
over rounds, and the paired difference from the whole guess. The whole guess's and the
alternatives' rows are checked against wordle_play's on the same moves first.
Linux only (/proc).
Run: .venv/bin/python bench/research/guess-cost/steps.py [--rounds 12] [--games 25]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench/: harness.py
from harness import GUESSES, prepare, private_server
from harness import thread_cpu_seconds as cpu_seconds
from sqlalchemy.engine import Connection

from wordle_db import db

TAIL = """    END;
    IF NOT v_retry THEN
      LEAVE submit;
    END IF;
  END LOOP;
  COMMIT AND NO CHAIN NO RELEASE;
  SELECT v_day AS day, v_number AS number, v_attempts AS attempt,
         v_guess AS guess, v_hint AS hint, v_state AS state, v_hard AS hard, v_max AS max_tries,
         IF(v_state = 'playing', NULL, v_answer) AS answer;
END"""
BEGIN = "      CALL _wordle_begin();\n"
# _wordle_play's context read (migration 0035), {word} and {joins}: the word's check
READ = """      SET v_now = CONVERT_TZ(SYSDATE(), @@SESSION.time_zone, '+00:00');
      SELECT MAX(c.id), MAX(c.max_tries), MAX(DATE(IF(c.time_zone IN ('UTC', '+00:00'), v_now,
                                    CONVERT_TZ(v_now, '+00:00', c.time_zone)))),
             MAX(p.day), MAX(w.word), MAX(DATEDIFF(p.day, c.first_day)) + 1, {word},
             MAX(a.player_id){game}
        INTO v_channel, v_channel_tries, v_today, v_day, v_answer, v_number, v_known,
             v_player{game_into}
      FROM settings s
      JOIN channels c ON c.name = COALESCE(p_channel, s.value COLLATE utf8mb4_nopad_bin)
      JOIN puzzles p ON p.channel_id = c.id
                    AND p.day = COALESCE(p_day, DATE(IF(c.time_zone IN ('UTC', '+00:00'), v_now,
                                                        CONVERT_TZ(v_now, '+00:00', c.time_zone))))
      JOIN words w ON w.id = p.word_id{joins}
      JOIN access_version v ON v.id = 1
      LEFT JOIN player_access a ON a.account = SESSION_USER() AND a.name = p_player
                               AND a.version = v.version{game_joins}
      WHERE s.name = 'default_channel';
"""
WORD_EXISTS = """MAX(c.accents NOT LIKE 'fold%' AND EXISTS (
                   SELECT 1 FROM words g JOIN channel_words cw ON cw.word_id = g.id
                   WHERE g.word = LOWER(p_guess) AND cw.channel_id = c.id))"""
WORD_JOINED = "MAX(c.accents NOT LIKE 'fold%' AND cw.word_id IS NOT NULL)"
WORD_JOINS = """
      LEFT JOIN words gw ON gw.word = LOWER(p_guess)
      LEFT JOIN channel_words cw ON cw.channel_id = c.id AND cw.word_id = gw.id"""
GAME = """, MAX(g.id), MAX(g.state), MAX(g.hard), MAX(g.attempts),
             MAX(g.max_tries), MAX(t.attempt IS NOT NULL)"""
GAME_INTO = ", v_game, v_state, v_hard, v_attempts, v_max, v_tried"
GAME_JOINS = """
      LEFT JOIN games g ON g.player_id = a.player_id AND g.channel_id = c.id AND g.day = p.day
      LEFT JOIN attempts t ON t.game_id = g.id AND t.guess = LOWER(p_guess)"""
# what the short path checks after the read (anything else: WD099, not measured here)
READ_CHECKS = """      IF v_today IS NULL OR v_day > v_today OR v_answer IS NULL OR NOT v_known
         OR CHAR_LENGTH(LOWER(p_guess)) <> CHAR_LENGTH(v_answer) OR v_player IS NULL THEN
        SIGNAL SQLSTATE 'WD099' SET MESSAGE_TEXT = 'not the usual guess';
      END IF;
      SET v_guess = LOWER(p_guess);
"""
LOCK = """      SELECT MAX(g.id), MAX(g.state), MAX(g.hard), MAX(g.attempts), MAX(g.max_tries),
             MAX(p.session_generation),
             MAX(EXISTS (SELECT 1 FROM attempts t WHERE t.game_id = g.id AND t.guess = v_guess))
        INTO v_game, v_state, v_hard, v_attempts, v_max, v_generation, v_tried
      FROM games g FORCE INDEX (player_channel_day) JOIN players p ON p.id = g.player_id
      WHERE g.player_id = v_player AND g.channel_id = v_channel AND g.day = v_day FOR UPDATE;
"""
GAME_CHECKS = """      IF v_game IS NULL OR v_state <> 'playing' OR v_tried OR v_hard THEN
        SIGNAL SQLSTATE 'WD099' SET MESSAGE_TEXT = 'not the usual guess';
      END IF;
"""
HINT = """      SET v_hint = wordle_hint(v_answer, v_guess), v_attempts = v_attempts + 1,
          v_state = IF(v_guess = v_answer, 'won', IF(v_attempts >= v_max, 'lost', 'playing'));
"""
FREE_HINT = HINT.replace("wordle_hint(v_answer, v_guess)", "REPEAT('0', CHAR_LENGTH(v_guess))")
WRITES = """      INSERT INTO attempts (game_id, attempt, guess, hint, played_at)
      VALUES (v_game, v_attempts, v_guess, v_hint, SYSDATE(6));
      UPDATE games
         SET hard = v_hard, attempts = v_attempts, state = v_state,
             finished_at = IF(v_state = 'playing', NULL, SYSDATE(6))
       WHERE id = v_game;
"""
# the game taken by an update that checks it is still as read (no locking read)
OPTIMISTIC_WRITES = """      UPDATE games
         SET hard = v_hard, attempts = v_attempts, state = v_state,
             finished_at = IF(v_state = 'playing', NULL, SYSDATE(6))
       WHERE id = v_game AND attempts = v_attempts - 1 AND state = 'playing';
      IF ROW_COUNT() <> 1 THEN
        SIGNAL SQLSTATE 'WD099' SET MESSAGE_TEXT = 'the game moved meanwhile';
      END IF;
      INSERT INTO attempts (game_id, attempt, guess, hint, played_at)
      VALUES (v_game, v_attempts, v_guess, v_hint, SYSDATE(6));
"""
# the fewest tables: one row per channel and day, the channel's words by text, the decision,
# the game and the repeated guess
FEWEST_READ = f"""      SET v_now = CONVERT_TZ(SYSDATE(), @@SESSION.time_zone, '+00:00');
      SELECT MAX(d.channel_id), MAX(d.max_tries), MAX(d.day), MAX(d.day), MAX(d.answer),
             MAX(d.number), MAX(d.exact AND cw.word IS NOT NULL), MAX(a.player_id){GAME}
        INTO v_channel, v_channel_tries, v_today, v_day, v_answer, v_number, v_known,
             v_player{GAME_INTO}
      FROM bench_days d
      LEFT JOIN bench_channel_words cw ON cw.channel_id = d.channel_id
                                      AND cw.word = LOWER(p_guess)
      JOIN access_version v ON v.id = 1
      LEFT JOIN player_access a ON a.account = SESSION_USER() AND a.name = p_player
                               AND a.version = v.version
      LEFT JOIN games g ON g.player_id = a.player_id AND g.channel_id = d.channel_id
                       AND g.day = d.day
      LEFT JOIN attempts t ON t.game_id = g.id AND t.guess = LOWER(p_guess)
      WHERE d.channel = COALESCE(p_channel, '') AND d.ends > v_now AND d.starts <= v_now;
"""
FEWEST_TABLES = [
    """CREATE TABLE bench_days (
         channel VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
         ends DATETIME NOT NULL, starts DATETIME NOT NULL, channel_id SMALLINT UNSIGNED NOT NULL,
         day DATE NOT NULL, answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin
         NOT NULL, number INT NOT NULL, max_tries TINYINT UNSIGNED NOT NULL,
         exact BOOLEAN NOT NULL, PRIMARY KEY (channel, ends)) ENGINE=InnoDB""",
    """INSERT INTO bench_days
       SELECT '', UTC_DATE() + INTERVAL 1 DAY, UTC_DATE(), c.id, p.day, w.word,
              DATEDIFF(p.day, c.first_day) + 1, c.max_tries, c.accents NOT LIKE 'fold%'
       FROM channels c JOIN puzzles p ON p.channel_id = c.id JOIN words w ON w.id = p.word_id
       WHERE c.name = (SELECT value FROM settings WHERE name = 'default_channel')
         AND p.day = wordle_today()""",
    """CREATE TABLE bench_channel_words (channel_id SMALLINT UNSIGNED NOT NULL,
         word VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
         PRIMARY KEY (channel_id, word)) ENGINE=InnoDB""",
    """INSERT INTO bench_channel_words
       SELECT cw.channel_id, w.word FROM channel_words cw JOIN words w ON w.id = cw.word_id""",
]


def read(word: str = WORD_EXISTS, joins: str = "", game: bool = False) -> str:
    return READ.format(
        word=word,
        joins=joins,
        game=GAME if game else "",
        game_into=GAME_INTO if game else "",
        game_joins=GAME_JOINS if game else "",
    )


WHOLE = BEGIN + read() + READ_CHECKS + LOCK + GAME_CHECKS + HINT + WRITES
STEPS = {
    "the call and its result row": "",
    "+ the begin (_wordle_begin)": BEGIN,
    "+ the context read": BEGIN + read() + READ_CHECKS,
    "+ the game's lock": BEGIN + read() + READ_CHECKS + LOCK + GAME_CHECKS,
    "+ the hint": BEGIN + read() + READ_CHECKS + LOCK + GAME_CHECKS + HINT,
    "+ the writes: the whole guess": WHOLE,
}
# the unit prices: one more statement, of a table the call had opened or had not
USED_TABLE_READ = """      SELECT MAX(max_tries) INTO v_revealed FROM channels WHERE id = v_channel;
"""
NEW_TABLE_READ = """      SELECT MAX(letter) INTO v_message FROM letters
      WHERE channel_id = v_channel AND letter = 'a';
"""
ALTERNATIVES = {
    "+ a key read of a table the guess reads (channels)": WHOLE + USED_TABLE_READ,
    "+ a key read of a table it does not (letters)": WHOLE + NEW_TABLE_READ,
    "the context read twice": WHOLE.replace(LOCK, read() + LOCK),
    "the word's check as joins": WHOLE.replace(read(), read(WORD_JOINED, WORD_JOINS)),
    "the game read with the context, an optimistic update": BEGIN
    + read(game=True)
    + READ_CHECKS
    + GAME_CHECKS
    + HINT
    + OPTIMISTIC_WRITES,
    "the fewest tables (scratch tables), optimistic": BEGIN
    + FEWEST_READ
    + READ_CHECKS
    + GAME_CHECKS
    + HINT
    + OPTIMISTIC_WRITES,
    "the fewest tables, optimistic, the hint free": BEGIN
    + FEWEST_READ
    + READ_CHECKS
    + GAME_CHECKS
    + FREE_HINT
    + OPTIMISTIC_WRITES,
}
# the variants that make the move, and should answer as wordle_play does
CHECKED = [
    name
    for name, body in (STEPS | ALTERNATIVES).items()
    if "INSERT INTO attempts" in body and FREE_HINT not in body
]


def head(owner: Connection) -> str:
    """The installed _wordle_play's text up to its first step (its parameters, declarations,
    handlers and retry loop), to which a variant's steps and TAIL are added; `{name}` for the
    procedure's name."""
    text = db.query(owner, "SHOW CREATE PROCEDURE _wordle_play")[0]["Create Procedure"]
    text = text[: text.index("      CALL _wordle_begin();")]
    return text.replace("CREATE DEFINER", "CREATE OR REPLACE DEFINER", 1).replace(
        "PROCEDURE `_wordle_play`", "PROCEDURE {name}", 1
    )


def install(owner: Connection) -> list[str]:
    """The variants as procedures bench_step0, 1, ...; returns their names in order."""
    for statement in FEWEST_TABLES:
        owner.exec_driver_sql(statement)
    owner.commit()
    names = list(STEPS) + list(ALTERNATIVES)
    start = head(owner)
    for k, body in enumerate((STEPS | ALTERNATIVES).values()):
        owner.exec_driver_sql(start.replace("{name}", f"bench_step{k}") + body + TAIL)
    return names


def check(owner: Connection, names: list[str]) -> None:
    """The CHECKED variants answer a game's moves as wordle_play answers the same moves."""
    for name in CHECKED:
        k = names.index(name)
        for tag in ("x", "y"):
            db.call(owner, "wordle_play", f"check{tag}{k}", GUESSES[0], None, None)
        for word in GUESSES[1:]:
            mine = db.call(
                owner, f"bench_step{k}", None, f"checkx{k}", word, None, None, False, None
            )
            real = db.call(owner, "wordle_play", f"checky{k}", word, None, None)
            assert mine == real, (name, mine, real)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--games", type=int, default=25, help="games per variant and round")
    args = parser.parse_args()
    with private_server() as server:
        url = db.parse_url(server.url("wordle_bench"))
        prepare(url, "head")
        pid = server.pid()
        assert pid is not None
        with db.connect(url) as owner:
            names = install(owner)
            check(owner, names)
            procedures = [f"bench_step{k}" for k in range(len(names))]
            procedures.append("_wordle_play")
            names.append("_wordle_play itself")
            per_call: dict[str, list[float]] = {name: [] for name in names}
            played = 0
            for _ in range(args.rounds):
                spent = [0.0] * len(names)
                for _ in range(args.games):
                    for k, procedure in enumerate(procedures):
                        played += 1
                        player = f"p{played}"
                        db.call(owner, "wordle_play", player, GUESSES[0], None, None)
                        for word in GUESSES[1:]:
                            before = cpu_seconds(pid)
                            db.call(owner, procedure, None, player, word, None, None, False, None)
                            spent[k] += cpu_seconds(pid) - before
                for k, name in enumerate(names):
                    per_call[name].append(spent[k] / args.games / (len(GUESSES) - 1) * 1e6)
            before = cpu_seconds(pid)
            for n in range(2000):
                db.call(owner, "bench_bare_guess", n % 1000, GUESSES[0])
            bare = (cpu_seconds(pid) - before) / 2000 * 1e6
        report(names, per_call, bare)


def report(names: list[str], per_call: dict[str, list[float]], bare: float) -> None:
    whole = per_call["+ the writes: the whole guess"]
    print(
        "| variant | server CPU µs a call | the step's own | less than the whole guess "
        "(paired) | rounds less |"
    )
    print("|---|---|---|---|---|")
    last = None
    for name in names:
        median = statistics.median(per_call[name])
        step = f"{median - last:+,.0f}" if last is not None and name in STEPS else ""
        saved = [w - x for w, x in zip(whole, per_call[name], strict=True)]
        less = statistics.median(saved)
        share = less / statistics.median(whole)
        print(
            f"| {name} | {median:,.0f} | {step} | {less:,.0f} ({share:.0%}) "
            f"| {sum(s > 0 for s in saved)}/{len(saved)} |"
        )
        last = median if name in STEPS else last
    print(f"| bare guess (load.py's, 2,000 calls after the rounds) | {bare:,.0f} | | | |")


if __name__ == "__main__":
    main()
