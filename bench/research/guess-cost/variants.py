"""Routines' texts changed in place, each set in a database of its own, priced call by call.

A variant is a list of (routine, old text, new text): the routine's current file in sql/ with
`old` replaced by `new` (a probe may drop a check: variants are prices, never candidates until
the tests pass). One private server holds one database per variant, all at `--revision`; one
client plays the same new players' first guesses and two later ones on each, in turns whose
order rotates, reading the server's CPU around every call (thread_cpu_seconds), by
`wordle_play` and by the page's `wordle_guess_on`. Prints each variant's median µs and its
ratio to the variant named `base`, and each one's first guess over its later guess.
Two databases with the same routines differ by 2-4 % on a busy machine, in a way that follows
their place in the list: run twice, the second time with `--reverse`, and read both.
Run: .venv/bin/python bench/research/guess-cost/variants.py FILE.py [--games 200]
[--revision head] [--reverse], FILE.py defining VARIANTS = {"base": [], "label": [...]}.
"""

from __future__ import annotations

import argparse
import contextlib
import runpy
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench/, for harness

from harness import GUESSES, prepare, private_server, thread_cpu_seconds

from wordle_db import db

SQL = Path(__file__).resolve().parents[3] / "sql"
KINDS = ("first", "later", "web first", "web later")


def changed(changes: list[tuple[str, str, str]]) -> dict[str, str]:
    """Each changed routine's CREATE statement."""
    texts: dict[str, str] = {}
    for routine, old, new in changes:
        text = texts.get(routine)
        if text is None:
            text = next(SQL.glob(f"*/{routine}.sql")).read_text()
            text = text[text.index("CREATE OR REPLACE") :]
        if old not in text:
            raise SystemExit(f"{routine}: no such text: {old[:60]!r}")
        texts[routine] = text.replace(old, new)
    return texts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--revision", default="head")
    parser.add_argument("--reverse", action="store_true")
    args = parser.parse_args()
    variants: dict[str, list[tuple[str, str, str]]] = runpy.run_path(args.file)["VARIANTS"]
    labels = list(variants)[::-1] if args.reverse else list(variants)
    with private_server() as server, contextlib.ExitStack() as stack:
        conns = {}
        for n, label in enumerate(labels):
            url = db.parse_url(server.url(f"variant{n}"))
            front = prepare(url, args.revision)
            with db.connect(url) as owner:
                for text in changed(variants[label]).values():
                    owner.exec_driver_sql(text)
            conns[label] = stack.enter_context(db.connect(front))
        pid = server.pid()
        assert pid is not None
        samples: dict[tuple[str, str], list[float]] = {(v, k): [] for v in labels for k in KINDS}
        for game in range(args.games):
            for web in (False, True):
                turn = game % len(labels)
                order = labels[turn:] + labels[:turn]
                for i, word in enumerate(GUESSES[:3]):
                    kind = ("web " if web else "") + ("first" if i == 0 else "later")
                    for label in order:
                        player, start = f"g{game}{web}", thread_cpu_seconds(pid)
                        if web:
                            db.call_sets(
                                conns[label], "wordle_guess_on", None, player, word, None, None, 0
                            )
                        else:
                            db.call(conns[label], "wordle_play", player, word, None, None)
                        samples[(label, kind)].append(thread_cpu_seconds(pid) - start)
    median = {key: statistics.median(got) * 1e6 for key, got in samples.items()}
    for kind in KINDS:
        base = median[("base", kind)]
        cells = [f"{v} {median[(v, kind)]:5.0f} ({median[(v, kind)] / base:.3f})" for v in labels]
        print(f"{kind:10s} " + "  ".join(cells))
    for v in labels:
        play = median[(v, "first")] / median[(v, "later")]
        web = median[(v, "web first")] / median[(v, "web later")]
        print(f"{v}: first / later {play:.2f}, the page's {web:.2f}")


if __name__ == "__main__":
    main()
