"""Commands for the daily game: publish-today, publish, schedule, guess."""

from __future__ import annotations

from datetime import datetime

import click
from sqlalchemy.engine import Connection

from wordle_db import game, render
from wordle_db import publish as publication
from wordle_db.cli.base import App, cli, is_terminal, print_json, to_date, with_connection


@cli.command("publish-today")
@click.option("--reveal", is_flag=True, help="Also print the word.")
@with_connection
def publish_today(app: App, conn: Connection, reveal: bool) -> None:
    """Publish today's puzzle (for cron): a random answer word never used before.

    Prints one line; exits 0 also when today was already published.

    \b
    Example (crontab, five past midnight):
        5 0 * * * wordle-db publish-today
    """
    row = publication.publish(conn)
    _report(conn, row, reveal)


@cli.command()
@click.option("--date", "day", type=click.DateTime(["%Y-%m-%d"]), required=True,
              help="The day to publish, YYYY-MM-DD.")
@click.option("--word", help="An editor's pick: an answer word never published.")
@click.option("--reveal", is_flag=True, help="Also print the word.")
@with_connection
def publish(app: App, conn: Connection, day: datetime, word: str | None, reveal: bool) -> None:
    """Publish or schedule the puzzle of a day, at random or with a chosen word.

    \b
    Example:
        wordle-db publish --date 2026-12-25 --word merry
    """
    row = publication.publish(conn, to_date(day), word)
    _report(conn, row, reveal)


def _report(conn: Connection, row: dict, reveal: bool) -> None:
    verb = "published" if row["published"] else "already published"
    word = f": {publication.reveal(conn, row['day']).upper()}" if reveal else ""
    click.echo(f"puzzle #{row['number']} for {row['day']} {verb}{word}")


@cli.command()
@click.option("--event", is_flag=True, help="Install the MariaDB event (the default action).")
@click.option("--remove", is_flag=True, help="Remove the event.")
@with_connection
def schedule(app: App, conn: Connection, event: bool, remove: bool) -> None:
    """Publish every day from inside the database, with a MariaDB EVENT (no cron needed).

    The event checks every five minutes and publishes today's puzzle once the day has begun
    in the configured time zone. The server must run with event_scheduler=ON.

    \b
    Example:
        wordle-db schedule --event
    """
    if remove:
        publication.drop_event(conn)
        click.echo(f"event {publication.EVENT} removed")
        return
    if publication.install_event(conn):
        click.echo(f"event {publication.EVENT} installed: today's puzzle is published daily")
    else:
        click.echo(f"event {publication.EVENT} installed, but the server's event_scheduler is "
                   "OFF: set event_scheduler=ON in its configuration")  # fmt: skip


@cli.command()
@click.argument("word")
@click.option("--date", "day", type=click.DateTime(["%Y-%m-%d"]),
              help="Play a past day's puzzle (default: today).")
@click.option("--format", "fmt", type=click.Choice(["tiles", "digits", "json"]),
              default="tiles", show_default=True, help="How to print the hint.")
@with_connection
def guess(app: App, conn: Connection, word: str, day: datetime | None, fmt: str) -> None:
    """Check WORD against the day's word and print the hint.

    Tiles: green right place, yellow elsewhere, grey absent; as plain text [A] right place,
    (A) elsewhere. Digits: 2 right place, 1 elsewhere, 0 absent. Today's puzzle is published
    first if the cron job has not run.

    \b
    Example:
        wordle-db guess crane --format digits
    """
    row = game.check(conn, word, to_date(day))
    if fmt == "json":
        print_json(row)
    elif fmt == "digits":
        click.echo(row["hint"])
    else:
        colour = render.use_colour(is_terminal())
        suffix = "  solved!" if row["solved"] else ""
        click.echo(f"#{row['number']} {render.tiles(row['guess'], row['hint'], colour)}{suffix}")
