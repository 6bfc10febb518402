"""The post-game analysis command: analyze."""

from __future__ import annotations

from datetime import datetime

import click
from sqlalchemy.engine import Connection

from wordle_db import analysis, game
from wordle_db.cli.base import (
    App,
    channel_option,
    cli,
    date_option,
    json_option,
    player_option,
    print_json,
    to_date,
    with_connection,
)


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


@cli.command()
@player_option
@date_option("The day of the game (default: today).")
@json_option
@channel_option
@with_connection
def analyze(
    app: App,
    conn: Connection,
    player: str | None,
    day: datetime | None,
    as_json: bool,
    channel: str | None,
) -> None:
    """The analysis of a finished game, guess by guess: the answers still possible before and
    after each guess, the answers it leaves on average, the solver's best guess then, and
    skill and luck scores (0-99; docs/sql-api.md defines them).

    Only once the game is over. Needs `wordle-db solver build` (per channel).

    \b
    Example:
        wordle-db analyze --player ann
        wordle-db analyze --player ann --date 2026-11-22 --json
    """
    rows = analysis.analyse(conn, game.default_player(player), to_date(day), channel)
    if as_json:
        print_json(rows)
        return
    click.echo("#  guess   hint     before  after  left avg  best     left avg  skill  luck")
    for r in rows:
        click.echo(
            f"{r['attempt']:<2} {r['guess']:<7} {r['hint']:<8} {r['possible_before']:>6} "
            f"{r['possible_after']:>6} {_number(r['expected_left']):>9}  "
            f"{r['best_guess'] or '-':<8} {_number(r['best_expected_left']):>8} "
            f"{'-' if r['skill'] is None else r['skill']:>6} "
            f"{'-' if r['luck'] is None else r['luck']:>5}"
        )
    if rows and rows[-1]["letter_hints"]:
        click.echo("before and after count the letter hints shown before each guess too")
