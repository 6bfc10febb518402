"""Commands for the daily game: publishing, guessing, a player's board, hints, stats, play."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

import click
from sqlalchemy.engine import Connection

from wordle_db import db, game, i18n, render
from wordle_db import publish as publication
from wordle_db.cli.base import (
    DAY,
    App,
    channel_option,
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
from wordle_db.errors import WordleError


@cli.command("publish-today")
@click.option(
    "--channel",
    metavar="NAME",
    help="Publish this channel only. Default: every channel, each on its own today.",
)
@click.option("--reveal", is_flag=True, help="Also print the word.")
@click.option(
    "--metrics-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also record the run for node_exporter's textfile collector (a .prom file "
    "in its directory): publications per channel, the last one's time, failures.",
)
@with_connection
def publish_today(
    app: App, conn: Connection, channel: str | None, reveal: bool, metrics_file: Path | None
) -> None:
    """Publish today's puzzle of every channel (for cron): a random answer word never used
    before in that channel.

    Prints one line per channel; exits 0 also when today was already published, 1 when a
    channel could not be published (the others are published all the same).

    \b
    Example (crontab, five past midnight):
        5 0 * * * wordle-db publish-today
        5 0 * * * wordle-db publish-today --metrics-file /var/lib/node_exporter/wordle.prom
    """
    done: list[tuple[dict[str, Any] | None, str | None]]
    if channel is not None:
        done = [(publication.publish(conn, channel=channel), None)]
    else:
        done = publication.publish_every_channel(conn)
    for row, _ in done:
        if row is not None:
            _report(conn, row, reveal, named=len(done) > 1 or channel is not None)
    refused = [error for _, error in done if error is not None]
    if metrics_file is not None:
        from wordle_db import publish_metrics

        publish_metrics.write(
            metrics_file,
            {row["channel"]: bool(row["published"]) for row, _ in done if row is not None},
            len(refused),
        )
    for error in refused[:-1]:
        click.echo(f"Error: {error}", err=True)
    if refused:
        raise WordleError(refused[-1])


@cli.command()
@click.option("--date", "day", type=DAY, required=True, help="The day to publish, YYYY-MM-DD.")
@click.option("--word", help="An editor's pick: an answer word never published.")
@click.option("--reveal", is_flag=True, help="Also print the word.")
@channel_option
@with_connection
def publish(
    app: App, conn: Connection, day: datetime, word: str | None, reveal: bool, channel: str | None
) -> None:
    """Publish or schedule the puzzle of a day, at random or with a chosen word.

    \b
    Example:
        wordle-db publish --date 2026-12-25 --word merry
        wordle-db publish --date 2026-12-25 --channel fr
    """
    row = publication.publish(conn, to_date(day), word, channel)
    _report(conn, row, reveal, named=channel is not None)


def _report(conn: Connection, row: dict[str, Any], reveal: bool, named: bool) -> None:
    """One line per publication; the channel is named when there are several."""
    verb = "published" if row["published"] else "already published"
    word = f": {publication.reveal(conn, row['day'], row['channel']).upper()}" if reveal else ""
    channel = f"{row['channel']} " if named else ""
    click.echo(f"{channel}puzzle #{row['number']} for {row['day']} {verb}{word}")


@cli.command()
@click.option("--event", is_flag=True, help="Install the MariaDB event (the default action).")
@click.option("--remove", is_flag=True, help="Remove the event.")
@with_connection
def schedule(app: App, conn: Connection, event: bool, remove: bool) -> None:
    """Publish every day from inside the database, with a MariaDB EVENT (no cron needed).

    The event checks every five minutes and publishes today's puzzle once the day has begun
    in the configured time zone. The server must run with event_scheduler=ON. On a Galera
    cluster give every node in the URL (mariadb://user@h1,h2,h3/wordle): the event is
    then enabled on each of them (publishing is idempotent), so it survives any node.

    \b
    Example:
        wordle-db schedule --event
    """
    if remove:
        publication.drop_event(conn)
        click.echo(f"event {publication.EVENT} removed")
        return
    installed = publication.install_event(conn)
    if db.hosts(app.url):
        _enable_on_each_node(app)
    elif installed:
        click.echo(f"event {publication.EVENT} installed: today's puzzle is published daily")
    else:
        click.echo(
            f"event {publication.EVENT} installed, but the server's event_scheduler is "
            "OFF: set event_scheduler=ON in its configuration"
        )


def _enable_on_each_node(app: App) -> None:
    missed = []
    for where, scheduler_on, error in publication.enable_event_on_nodes(app.url):
        if error is not None:
            missed.append(f"{where} ({error})")
            continue
        state = "" if scheduler_on else " (but its event_scheduler is OFF)"
        click.echo(f"event {publication.EVENT} enabled on {where}{state}")
    if missed:
        raise WordleError(
            f"event {publication.EVENT} not enabled on {', '.join(missed)}: run `wordle-db "
            "schedule --event` again once every node is up"
        )


@cli.command()
@click.argument("word")
@date_option("Play a past day's puzzle (default: today).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["tiles", "digits", "json"]),
    default="tiles",
    show_default=True,
    help="How to print the hint.",
)
@click.option("--player", metavar="NAME", help="Record the guess in this player's game.")
@click.option("--hard", is_flag=True, help="Hard mode (with --player, before the first guess).")
@channel_option
@with_connection
def guess(
    app: App,
    conn: Connection,
    word: str,
    day: datetime | None,
    fmt: str,
    player: str | None,
    hard: bool,
    channel: str | None,
) -> None:
    """Check WORD against the day's word and print the hint.

    Tiles: green right place, yellow elsewhere, grey absent; as plain text [A] right place,
    (A) elsewhere. Digits: 2 right place, 1 elsewhere, 0 absent. Today's puzzle is published
    first if the cron job has not run. With --player the guess is an attempt in that player's
    game (six tries, no repeats, hard mode) and the board and keyboard are shown.

    \b
    Example:
        wordle-db guess crane --format digits
        wordle-db guess crane --player ann --hard
        wordle-db guess monde --channel fr
    """
    if player is None and hard:
        raise click.UsageError("--hard needs --player: only a recorded game has a mode")
    with speaking(conn, channel, word) as t:
        if player is None:
            row = game.check(conn, word, to_date(day), channel)
        else:
            row = game.play(conn, player, word, to_date(day), True if hard else None, channel)
        if fmt == "json":
            print_json(row)
        elif fmt == "digits":
            click.echo(row["hint"])
        elif player is None:
            colour = render.use_colour(is_terminal())
            suffix = f"  {t('solved.short')}" if row["solved"] else ""
            tiles = render.tiles(row["guess"], row["hint"], colour)
            click.echo(f"#{row['number']} {tiles}{suffix}")
        else:
            _show_board(conn, player, row["day"], channel, t)


def _show_board(
    conn: Connection, player: str, day: date | None, channel: str | None, t: i18n.Texts
) -> None:
    colour = render.use_colour(is_terminal())
    state = game.game_state(conn, player, day, channel)
    click.echo(render.board(game.board(conn, player, day, channel), state, colour, t))
    click.echo()
    keys = game.keyboard(conn, player, day, channel)
    click.echo(render.keyboard(keys, colour, t.language))


@cli.command()
@player_option
@date_option("A past day's game (default: today).")
@json_option
@channel_option
@with_connection
def board(
    app: App,
    conn: Connection,
    player: str | None,
    day: datetime | None,
    as_json: bool,
    channel: str | None,
) -> None:
    """Show a player's board and keyboard for the day.

    \b
    Example:
        wordle-db board --player ann
    """
    name = game.default_player(player)
    if as_json:
        day_ = to_date(day)
        print_json(
            {
                "game": game.game_state(conn, name, day_, channel),
                "attempts": game.board(conn, name, day_, channel),
                "keyboard": dict(game.keyboard(conn, name, day_, channel)),
            }
        )
    else:
        with speaking(conn, channel) as t:
            _show_board(conn, name, to_date(day), channel, t)


@cli.command()
@player_option
@date_option("A past day's game (default: today).")
@channel_option
@with_connection
def hint(
    app: App, conn: Connection, player: str | None, day: datetime | None, channel: str | None
) -> None:
    """Reveal one letter of the answer that no guess has found yet (a letter hint).

    \b
    Example:
        wordle-db hint --player ann
    """
    with speaking(conn, channel) as t:
        row = game.reveal_letter(conn, game.default_player(player), to_date(day), channel)
        click.echo(render.letter_hint(row, t))


@cli.command()
@player_option
@json_option
@channel_option
@with_connection
def stats(
    app: App, conn: Connection, player: str | None, as_json: bool, channel: str | None
) -> None:
    """Show a player's statistics: games, wins, streaks, winning tries.

    \b
    Example:
        wordle-db stats --player ann --json
    """
    with speaking(conn, channel) as t:
        row = game.stats(conn, game.default_player(player), channel)
    if as_json:
        print_json(row)
        return
    played = t("terminal.played", count=row["played"])
    wins = t("terminal.wins", count=row["won"])
    click.echo(f"{played}, {wins} ({t.percent(row['win_percent'] or 0)})")
    streak, longest = t.number(row["current_streak"]), t.number(row["max_streak"])
    click.echo(f"{t('streak')} {streak} · {t('maxStreak')} {longest}")
    widest = max(row["distribution"].values(), default=0) or 1
    for tries, count in row["distribution"].items():
        click.echo(f"{t.number(tries):>2} {'█' * round(20 * count / widest)} {t.number(count)}")


@cli.command()
@player_option
@date_option("A past day's game (default: today).")
@channel_option
@with_connection
def share(
    app: App, conn: Connection, player: str | None, day: datetime | None, channel: str | None
) -> None:
    """Print the spoiler-free share text of a finished game.

    \b
    Example:
        wordle-db share --player ann
    """
    with speaking(conn, channel):
        click.echo(game.share(conn, game.default_player(player), to_date(day), channel))


@cli.command()
@player_option
@click.option("--hard", is_flag=True, help="Hard mode (chosen before the first guess).")
@date_option("Play a past day's puzzle (default: today).")
@channel_option
@with_connection
def play(
    app: App,
    conn: Connection,
    player: str | None,
    hard: bool,
    day: datetime | None,
    channel: str | None,
) -> None:
    """Play the day's game interactively in the terminal.

    Type a guess and Enter; '?' reveals a letter; an empty line quits (the game stays open).

    \b
    Example:
        wordle-db play --hard
    """
    from wordle_db.play import play_game

    with speaking(conn, channel) as t:
        play_game(
            conn,
            game.default_player(player),
            to_date(day),
            hard,
            render.use_colour(is_terminal()),
            channel,
            t,
        )
