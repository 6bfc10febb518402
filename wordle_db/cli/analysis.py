"""The post-game analysis command: analyze."""

from __future__ import annotations

from datetime import datetime
from shlex import quote
from typing import Any

import click
from sqlalchemy.engine import Connection

from wordle_db import analysis, game, render
from wordle_db.cli.base import (
    App,
    channel_option,
    channel_row,
    cli,
    date_option,
    is_terminal,
    json_option,
    player_option,
    print_json,
    speaking,
    to_date,
    with_connection,
)
from wordle_db.i18n import Texts


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

    Only once the game is over. The best guess and the skill score need the channel's solver
    (`wordle-db solver build --channel NAME`); the rest does not.

    \b
    Example:
        wordle-db analyze --player ann
        wordle-db analyze --player ann --date 2026-11-22 --json
    """
    with speaking(conn, channel) as t:
        rows = analysis.analyse(conn, game.default_player(player), to_date(day), channel)
    if as_json:
        print_json(rows)
        return
    colour = render.use_colour(is_terminal())
    click.echo(t("analysis.title"))
    for row in rows:
        click.echo()
        click.echo("\n".join(_guess(row, t, colour)))
    click.echo()
    click.echo(t("analysis.note"))
    if any(row["best_guess"] is None for row in rows):
        found = channel_row(conn, channel)
        name = found["name"] if found else channel
        command = "wordle-db solver build" + (f" --channel {quote(name)}" if name else "")
        click.echo(f"{t('analysis.noSolver')} {t('terminal.buildSolver', command=command)}")


def _figure(value: float | None, t: Texts) -> str:
    return "–" if value is None else t.number(value, 1)


def _guess(row: dict[str, Any], t: Texts, colour: bool) -> list[str]:
    """One guess as the page's analysis panel says it (analysis.js)."""
    word = render.capitals(row["guess"])
    before, after = _figure(row["possible_before"], t), _figure(row["possible_after"], t)
    left = row["expected_left"] or 0
    if row["best_guess"] is None:
        average = t("analysis.leftOnly", digits=1, count=left)
        scores = t("analysis.luck", luck=_figure(row["luck"], t))
    else:
        best = render.capitals(row["best_guess"])
        average = t(
            "analysis.left",
            digits=1,
            count=left,
            best=best,
            left=_figure(row["best_expected_left"], t),
        )
        skill = t("analysis.skill", skill=_figure(row["skill"], t))
        scores = f"{skill} · {t('analysis.luck', luck=_figure(row['luck'], t))}"
    lines = [
        t("analysis.guess", n=row["attempt"], word=word),
        "  " + render.tiles(row["guess"], row["hint"], colour),
        "  " + t("analysis.possible", before=before, after=after),
        "  " + average,
        "  " + scores,
    ]
    if row["letter_hints"]:
        lines.append("  " + t("analysis.letterHints", count=row["letter_hints"]))
    return lines
