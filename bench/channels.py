"""Channels: publication and play with 10 channels against 1 channel, in the same run.

On one private MariaDB server, two fresh databases (migrated to head):

- `one`: the default channel `en` alone, with the bundled English lists;
- `ten`: `en` and nine more channels of 5 letters, `c1` .. `c9`, each given the same bundled
  English lists through the real import path (`words.import_file(..., channel=name)`): the
  words are stored once, each channel has its own memberships, answer pool, alphabet,
  puzzles and games.

In each database today's word of every channel is `crane`. Then, alternating between the two
databases for `--rounds` rounds:

- publication: one connection publishes `--days` new days per channel (`CALL
  wordle_publish_on(channel, day)`, days from tomorrow on, every channel's day d before any
  channel's day d+1, as the daily event does): one timed call per (channel, day);
- play: `--clients` threads, one connection each, through a front-end account with the
  `wordle_player` role and `player_names = any`, each starting a game as a new player and
  playing six guesses (none the answer: every call is a recorded attempt), back to back for
  `--seconds`; a client's games go round the channels (game g of client n plays channel
  (n + g) mod channels), so every channel is played at once.

The two databases take turns going first, round after round.
It prints calls per second, p50/p99 per call and errors, and the ratio 10 channels / 1 channel
of each (calls/s above 1 and latencies below 1 would mean 10 channels are faster). Good: the
ratios stay close to 1, i.e. the per-call cost does not grow with the number of channels.

Run: .venv/bin/python bench/channels.py [--days 100] [--clients 16] [--seconds 8] [--rounds 4]
(about 2 minutes).
Progress goes to stderr, the table to stdout.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta

from harness import ANSWER, GUESSES, Tally, private_server, run_clients
from sqlalchemy.engine import URL

from wordle_db import channels, db, roles, schema, words

EXTRA = [f"c{n}" for n in range(1, 10)]  # the nine channels beside `en` in the `ten` database
FRONT_USER, FRONT_PASSWORD = "bench_front", "bench-password"


@dataclass
class Measure:
    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0  # wall time the calls took (all clients together)
    errors: list[str] = field(default_factory=list)

    def add(self, latencies: list[float], seconds: float, errors: list[str]) -> None:
        self.latencies += latencies
        self.seconds += seconds
        self.errors += errors

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else float("nan")

    def quantile(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        if q == 0.5:
            return statistics.median(self.latencies) * 1000
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def prepare(url: URL, names: list[str]) -> URL:
    """A database with the channels `names` (the first is the default `en`), the bundled lists
    in each, today's word `crane` in each, and a front-end account; returns its URL."""
    schema.migrate(url)
    with db.connect(url) as conn:
        for name in names:
            started = time.perf_counter()
            if name != "en":
                channels.add(conn, name, 5, language="en")
            for answers, listed in ((False, words.BUNDLED_ALLOWED), (True, words.BUNDLED_ANSWERS)):
                words.import_file(conn, words.bundled_path(listed), answers=answers, channel=name)
            db.call(conn, "wordle_publish_word_on", name, None, ANSWER)
            progress(
                f"  {url.database}: channel {name} ready in {time.perf_counter() - started:.1f} s"
            )
        db.call(conn, "wordle_set_setting", "player_names", "any")
        roles.grant(conn, "player", f"{FRONT_USER}@localhost", FRONT_PASSWORD)
    return url.set(username=FRONT_USER, password=FRONT_PASSWORD)


def publish_days(url: URL, names: list[str], first: date, days: int, into: Measure) -> None:
    """Publish `days` days from `first` in every channel, day by day, one timed call each."""
    latencies: list[float] = []
    with db.connect(url) as conn:
        started = time.perf_counter()
        for k in range(days):
            day = first + timedelta(days=k)
            for name in names:
                call_started = time.perf_counter()
                row = db.call_one(conn, "wordle_publish_on", name, day)
                latencies.append(time.perf_counter() - call_started)
                if not row["published"]:
                    raise SystemExit(f"{name} {day} was not published: {row}")
        into.add(latencies, time.perf_counter() - started, [])


def play(
    front: URL, names: list[str], clients: int, seconds: float, tag: str, into: Measure
) -> None:
    """New players' whole games of six guesses, `clients` at once, the games going round the
    channels."""
    games = [0] * clients

    def new_players(n: int, call: Callable[[str, tuple[object, ...]], None]) -> None:
        games[n] += 1
        channel = names[(n + games[n]) % len(names)]
        player = f"{tag}_{n}_{games[n]}"
        for guess in GUESSES:
            call("wordle_play_on", (channel, player, guess, None, None))

    tally: Tally = run_clients(clients, seconds, front, new_players)
    into.add(tally.latencies, seconds, tally.errors)


def row(what: str, count: int, m: Measure) -> str:
    return (
        f"| {what} | {count} | {len(m.latencies):,} | {m.rate:,.0f} | {m.quantile(0.5):.2f} "
        f"| {m.quantile(0.99):.2f} | {len(m.errors)} |"
    )


def ratio(what: str, one: Measure, ten: Measure) -> str:
    return (
        f"| {what}: 10 / 1 | | | {ten.rate / one.rate:.2f} "
        f"| {ten.quantile(0.5) / one.quantile(0.5):.2f} "
        f"| {ten.quantile(0.99) / one.quantile(0.99):.2f} | |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--days", type=int, default=100, help="days published per channel and round (100)"
    )
    parser.add_argument("--clients", type=int, default=16, help="playing clients (16)")
    parser.add_argument(
        "--seconds", type=float, default=8.0, help="seconds of play per database and round (8)"
    )
    parser.add_argument(
        "--rounds", type=int, default=4, help="rounds, each measuring both databases (4)"
    )
    args = parser.parse_args()
    setups = {"one": ["en"], "ten": ["en", *EXTRA]}
    published = {key: Measure() for key in setups}
    played = {key: Measure() for key in setups}
    with private_server() as server:
        urls = {key: db.parse_url(server.url(f"bench_{key}")) for key in setups}
        fronts = {}
        for key, names in setups.items():
            progress(f"preparing {key}: {len(names)} channel(s)")
            fronts[key] = prepare(urls[key], names)
        with db.connect(urls["one"]) as conn:
            tomorrow = db.scalar(conn, "SELECT wordle_today()") + timedelta(days=1)
        for r in range(args.rounds):
            first = tomorrow + timedelta(days=r * args.days)
            order = list(setups.items())  # each database first in every other round
            for key, names in order if r % 2 == 0 else order[::-1]:
                progress(f"round {r + 1}: {key}: publishing {args.days} days x {len(names)}")
                publish_days(urls[key], names, first, args.days, published[key])
            for key, names in order if r % 2 == 0 else order[::-1]:
                progress(f"round {r + 1}: {key}: {args.clients} clients playing {args.seconds:g} s")
                play(fronts[key], names, args.clients, args.seconds, f"r{r}{key}", played[key])
        with db.connect(urls["ten"]) as conn:  # the games did go round the channels
            spread = db.query(
                conn,
                "SELECT c.name, COUNT(*) AS games FROM games g JOIN channels c "
                "ON c.id = g.channel_id GROUP BY c.name ORDER BY c.name",
            )
        progress(
            "ten: games per channel: " + ", ".join(f"{r['name']} {r['games']}" for r in spread)
        )

    print(
        f"{args.rounds} rounds; publication: one connection, {args.days} days per channel and "
        f"round; play: {args.clients} clients, new players, {args.seconds:g} s per round"
    )
    print("| measure | channels | calls | calls/s | p50 ms | p99 ms | errors |")
    print("|---|---|---|---|---|---|---|")
    for key, names in setups.items():
        print(row("publish a day (wordle_publish_on)", len(names), published[key]))
    print(ratio("publish", published["one"], published["ten"]))
    for key, names in setups.items():
        print(row("a guess (wordle_play_on)", len(names), played[key]))
    print(ratio("play", played["one"], played["ten"]))
    for e in sorted(set(played["one"].errors + played["ten"].errors)):
        print(f"|   error: {e} | | | | | | |")


if __name__ == "__main__":
    main()
