"""What a new player's first guess costs the server, at an earlier revision and at head.

A first guess has no kept decision (player_access): _wordle_player checks the name and asks
_wordle_caller_access what the session may be, which since 0039 also calls
_wordle_caller_login (the anonymous accounts) and _wordle_host_may_match once per account of
the login and per anonymous account, and since 0044 reads the marks of node_accounts
(_wordle_session_mark, three times: the login's, the anonymous accounts', the kept decision's).
One private server holds two of harness.py's bench databases, one migrated to `--before` (0039
unless told) and one to head, each with its front-end account (bench_front@localhost,
`player_names = any`). One client per database plays new players' first guesses and then their
second guesses (a kept decision: what an existing player costs), in alternating chunks (the
machine's drift falls on both), then again with the login's accounts and the server's anonymous
accounts grown (`--accounts`: accounts of the login at other hosts, all players; and as many
anonymous accounts at hosts that cannot be the socket). It prints the server's CPU per guess
(its threads' schedstat; medians over chunks) and the statements a guess runs (the session's
`Queries`).
Linux only (/proc).
Since 0057 the role decision is kept per account: at head only a login's first new player
asks _wordle_caller_access (compare with `--before 0056`).
Run: .venv/bin/python bench/first_guess.py [--before 0039] [--players 150] [--chunks 9]
[--accounts 4]
"""

from __future__ import annotations

import argparse
import statistics

from harness import GUESSES, prepare, private_server
from harness import thread_cpu_seconds as cpu_seconds
from sqlalchemy.engine import Connection

from wordle_db import db


def statements(conn: Connection) -> int:
    return int(db.query(conn, "SHOW SESSION STATUS LIKE 'Queries'")[0]["Value"])


def guesses(conn: Connection, pid: int, names: list[str], word: str) -> tuple[float, float]:
    """Server CPU µs and statements per guess: `word` played by each of `names`."""
    cpu, queries = cpu_seconds(pid), statements(conn)
    for name in names:
        db.call(conn, "wordle_play", name, word, None, None)
    count = len(names)
    return (cpu_seconds(pid) - cpu) / count * 1e6, (statements(conn) - queries - 1) / count


def grow(owner: Connection, accounts: int) -> None:
    """`accounts` more accounts of the front-end login (players at other addresses) and as
    many anonymous ones (at names that are not the socket: no rule of either revision takes
    them for it)."""
    for n in range(accounts):
        for user in ("bench_front", ""):
            who = f"'{user}'@'10.{n}.0.%'" if user else f"''@'kiosk{n}.example.com'"
            owner.exec_driver_sql(f"CREATE USER {who} IDENTIFIED BY 'bench-other-password'")
            owner.exec_driver_sql(f"GRANT wordle_player TO {who}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=150, help="new players per chunk")
    parser.add_argument("--chunks", type=int, default=9)
    parser.add_argument("--accounts", type=int, default=4)
    parser.add_argument("--before", default="0039", help="the revision head is compared with")
    args = parser.parse_args()
    before_rev = args.before
    with private_server() as server:
        pid = server.pid()
        assert pid is not None
        owners = {
            before_rev: db.parse_url(server.url(f"wordle_bench_{before_rev}")),
            "head": db.parse_url(server.url("wordle_bench")),
        }
        fronts = {revision: prepare(url, revision) for revision, url in owners.items()}
        rows: dict[str, dict[str, list[tuple[float, float]]]] = {}

        def measure(label: str, front: Connection, tag: str) -> None:
            names = [f"{tag}p{n}" for n in range(args.players)]
            got = rows.setdefault(label, {"first": [], "second": []})
            got["first"].append(guesses(front, pid, names, GUESSES[0]))
            got["second"].append(guesses(front, pid, names, GUESSES[1]))

        for phase in ("", f", +{args.accounts} accounts of the login and anonymous"):
            if phase:
                with db.connect(owners["head"]) as owner:
                    grow(owner, args.accounts)
                for url in owners.values():  # each database's copy of the accounts
                    with db.connect(url) as owner:
                        owner.exec_driver_sql("CALL _wordle_accounts_refresh()")
            with db.connect(fronts[before_rev]) as before, db.connect(fronts["head"]) as head:
                for conn, tag in ((before, "wb"), (head, "wh")):  # each routine compiled once
                    guesses(conn, pid, [f"{tag}{phase[:3]}{n}" for n in range(3)], GUESSES[0])
                for chunk in range(args.chunks):  # in turns: the machine's drift on both
                    measure(f"{before_rev}{phase}", before, f"b{len(phase)}c{chunk}")
                    measure(f"head{phase}", head, f"h{len(phase)}c{chunk}")
        print("| database | first guess: server CPU µs | statements | second: µs | statements |")
        print("|---|---|---|---|---|")
        for label, got in rows.items():
            cells = []
            for kind in ("first", "second"):
                cpu = statistics.median(c for c, _ in got[kind])
                count = statistics.median(q for _, q in got[kind])
                cells += [f"{cpu:,.0f}", f"{count:.0f}"]
            print(f"| {label} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
