"""Commands of the solver: candidates, suggest, solver build, solve."""

from __future__ import annotations

from datetime import datetime

import click
from sqlalchemy.engine import Connection

from wordle_db import solver
from wordle_db.cli.base import (
    LIMIT,
    App,
    channel_option,
    cli,
    date_option,
    json_option,
    print_json,
    progress,
    to_date,
    with_connection,
)

PAIRS_HELP = "PAIRS are the guesses so far with their hints, e.g. crane=00120 sloth=10000."


def _source(player: str | None, pairs: tuple[str, ...]) -> tuple[str | None, str | None]:
    if player is not None and pairs:
        raise click.UsageError("give either --player or PAIRS, not both")
    if player is None and not pairs:
        raise click.UsageError(f"give --player NAME or PAIRS. {PAIRS_HELP}")
    return solver.pairs_text(pairs), player


@cli.command()
@click.argument("pairs", nargs=-1)
@click.option("--player", metavar="NAME", help="Use this player's game of the day.")
@date_option("The day of the player's game (default: today).")
@click.option(
    "--limit",
    type=LIMIT,
    default=50,
    show_default=True,
    help="Show at most this many words (--count: only how many).",
)
@click.option("--count", "count_only", is_flag=True, help="Print only how many there are.")
@channel_option
@with_connection
def candidates(
    app: App,
    conn: Connection,
    pairs: tuple[str, ...],
    player: str | None,
    day: datetime | None,
    limit: int,
    count_only: bool,
    channel: str | None,
) -> None:
    """The answer words still possible after the guesses so far.

    PAIRS are the guesses so far with their hints, e.g. crane=00120 sloth=10000
    (2 right place, 1 elsewhere, 0 absent).

    \b
    Example:
        wordle-db candidates crane=00120 sloth=10000
        wordle-db candidates --player ann --count
        wordle-db candidates --channel en6 planet=200000
    """
    text, name = _source(player, pairs)
    total, words = solver.candidates(
        conn, text, name, to_date(day), None if count_only else limit, channel
    )
    if count_only:
        click.echo(total)
        return
    if not words:
        click.echo("no answer word fits these hints")
        return
    click.echo(" ".join(words))
    if total > len(words):
        click.echo(f"... {total} candidates in all", err=True)


@cli.command()
@click.argument("pairs", nargs=-1)
@click.option("--player", metavar="NAME", help="Use this player's game of the day.")
@date_option("The day of the player's game (default: today).")
@click.option("--hard", is_flag=True, help="Only guesses hard mode allows.")
@click.option(
    "--limit", type=LIMIT, default=10, show_default=True, help="Show at most this many guesses."
)
@json_option
@channel_option
@with_connection
def suggest(
    app: App,
    conn: Connection,
    pairs: tuple[str, ...],
    player: str | None,
    day: datetime | None,
    hard: bool,
    limit: int,
    as_json: bool,
    channel: str | None,
) -> None:
    """The best next guesses: fewest candidates expected to be left, most information.

    PAIRS are the guesses so far with their hints, e.g. crane=00120 sloth=10000. Needs
    `wordle-db solver build` once (per channel). Best first: fewest candidates expected to be
    left, on a tie a guess that may itself be the answer (marked *), then most information
    (entropy); the first few are then checked one guess further ahead.

    \b
    Example:
        wordle-db suggest crane=00120
        wordle-db suggest --player ann --hard
        wordle-db suggest --channel en6 planet=200000
    """
    text, name = _source(player, pairs)
    rows = solver.suggest(conn, text, name, to_date(day), hard, limit, channel)
    if as_json:
        print_json(rows)
        return
    if not rows:
        click.echo("no answer word fits these hints")
        return
    first = rows[0]
    click.echo(
        f"{first['candidates']} candidates; {first['ranked']} guesses compared; best "
        "first: fewest candidates expected to be left, on a tie one that may be the "
        "answer (*), then most information"
    )
    click.echo("guess     expected left   entropy (bits)")
    for row in rows:
        mark = "*" if row["is_candidate"] else " "
        click.echo(
            f"{row['guess']:<8}{mark} {float(row['expected_left']):>13.3f}"
            f"   {float(row['entropy_bits']):>14.3f}"
        )


@cli.group("solver")
def solver_group() -> None:
    """The solver's precomputed hint codes."""


@solver_group.command("build")
@click.option(
    "--workers",
    type=click.IntRange(1, 16),
    default=2,
    show_default=True,
    help="Database sessions building at once.",
)
@channel_option
@with_connection
def solver_build(app: App, conn: Connection, workers: int, channel: str | None) -> None:
    """Precompute the hint of every guess against every answer word of a channel (default:
    the default channel), inside the database.

    Takes minutes for the bundled lists (about 34 million hints); interrupted, it resumes
    where it stopped. After new words are imported it starts again. Each channel has its own
    build, for words of up to 10 letters; building one leaves the others as they are.

    \b
    Example:
        wordle-db solver build
        wordle-db solver build --channel en6
    """
    with progress("hint codes") as update:
        state = solver.build(app.url, workers, update, channel)
    click.echo(
        f"solver ready: {state['guesses']} guesses x {state['answers']} answers "
        f"({state['letters']} letters)"
    )


@cli.command()
@click.argument("word", required=False)
@click.option("--all", "every", is_flag=True, help="Play every answer word and report.")
@click.option("--hard", is_flag=True, help="Play in hard mode.")
@click.option("--opener", metavar="WORD", help="First guess (default: the best of the ranking).")
@json_option
@channel_option
@with_connection
def solve(
    app: App,
    conn: Connection,
    word: str | None,
    every: bool,
    hard: bool,
    opener: str | None,
    as_json: bool,
    channel: str | None,
) -> None:
    """Let the solver play: one answer WORD step by step, or --all answer words.

    \b
    Example:
        wordle-db solve cynic
        wordle-db solve --all --opener salet
        wordle-db solve --channel en6 planet
    """
    if every == (word is not None):
        raise click.UsageError("give an answer WORD or --all")
    if word is not None:
        steps = solver.solve_word(conn, word, opener, hard, channel)
        if as_json:
            print_json(steps)
            return
        for step in steps:
            click.echo(
                f"{step['step']}. {step['guess']} {step['hint']}  {step['candidates_left']} left"
            )
        return
    with progress("solving") as update:
        report = solver.solve_all(conn, opener, hard, update, channel)
    if as_json:
        print_json(report)
        return
    mode = " (hard mode)" if report["hard"] else ""
    click.echo(
        f"opener {report['opener']}{mode}: {report['games']} games, "
        f"average {float(report['average']):.4f} guesses, worst {report['worst']}, "
        f"{report['failures']} over six, {float(report['seconds']):.1f} s"
    )
    widest = max(report["distribution"].values(), default=1)
    for guesses, games in report["distribution"].items():
        click.echo(f"{guesses:>2} {'█' * round(40 * games / widest)} {games}")
    if report["failed_words"]:
        click.echo(f"failed: {report['failed_words']}")
