"""`wordle-db league ...`: create, join, leave and read leagues (wordle_db.leagues)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import click
from sqlalchemy.engine import Connection

from wordle_db import game, leagues
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

NICKNAME_HELP = (
    "Your nickname in the league, what its members see (1 to 24 characters). Default: 'player N'."
)


@cli.group()
def league() -> None:
    """Leagues: play each day with friends or coworkers and compare results.

    A member sees the others' results of a day once their own game of that day is over.

    \b
    Example:
        wordle-db league create Office --player ann
        wordle-db league board Office --player ann
    """


@league.command("create")
@click.argument("name")
@player_option
@click.option("--nickname", metavar="TEXT", help=NICKNAME_HELP)
@with_connection
def create(app: App, conn: Connection, name: str, player: str | None, nickname: str | None) -> None:
    """Create the league NAME and print its join code (shown only now: `league code` makes a
    new one). League names are unique among your leagues.

    \b
    Example:
        wordle-db league create Office --player ann --nickname Ann
    """
    row = leagues.create(conn, game.default_player(player), name, nickname)
    click.echo(f"league {row['league']} created; you are {row['nickname']}")
    click.echo(f"join code: {row['code']}  (wordle-db league join {row['code']})")


@league.command("code")
@click.argument("name")
@player_option
@with_connection
def code(app: App, conn: Connection, name: str, player: str | None) -> None:
    """Give the league NAME a new join code (its creator only); the old one stops working.

    \b
    Example:
        wordle-db league code Office --player ann
    """
    row = leagues.new_code(conn, game.default_player(player), name)
    click.echo(f"join code of {row['league']}: {row['code']}")


@league.command("join")
@click.argument("code")
@player_option
@click.option("--nickname", metavar="TEXT", help=NICKNAME_HELP)
@with_connection
def join(app: App, conn: Connection, code: str, player: str | None, nickname: str | None) -> None:
    """Join the league whose join code is CODE.

    \b
    Example:
        wordle-db league join 3f9c0a...e1 --player bob --nickname Bob
    """
    row = leagues.join(conn, game.default_player(player), code, nickname)
    click.echo(f"joined {row['league']} as {row['nickname']} ({row['members']} members)")


@league.command("leave")
@click.argument("name")
@player_option
@with_connection
def leave(app: App, conn: Connection, name: str, player: str | None) -> None:
    """Leave the league NAME (the last member out deletes it).

    \b
    Example:
        wordle-db league leave Office --player bob
    """
    row = leagues.leave(conn, game.default_player(player), name)
    click.echo(f"left {row['league']} ({row['members']} members remain)")


@league.command("remove")
@click.argument("name")
@click.argument("member")
@player_option
@with_connection
def remove(app: App, conn: Connection, name: str, member: str, player: str | None) -> None:
    """Remove the member nicknamed MEMBER from the league NAME (its creator only).

    \b
    Example:
        wordle-db league remove Office Bob --player ann
    """
    row = leagues.remove(conn, game.default_player(player), name, member)
    click.echo(f"removed {row['removed']} from {row['league']} ({row['members']} members)")


@league.command("list")
@player_option
@json_option
@with_connection
def list_(app: App, conn: Connection, player: str | None, as_json: bool) -> None:
    """List your leagues.

    \b
    Example:
        wordle-db league list --player ann
    """
    rows = leagues.mine(conn, game.default_player(player))
    if as_json:
        print_json(rows)
    elif not rows:
        click.echo("no leagues")
    for row in [] if as_json else rows:
        role = ", creator" if row["creator"] else ""
        click.echo(f"{row['league']}: you are {row['nickname']}{role}; {row['members']} members")


@league.command("board")
@click.argument("name")
@player_option
@date_option("A past day's board (default: today).")
@click.option("--week", is_flag=True, help="Standings of the week (from Monday), not all time.")
@json_option
@channel_option
@with_connection
def board(
    app: App,
    conn: Connection,
    name: str,
    player: str | None,
    day: datetime | None,
    week: bool,
    as_json: bool,
    channel: str | None,
) -> None:
    """Show the league's board of the day and its standings. The others' results of a day
    show once your own game of that day is over (until then: who has finished); standings
    count today once your game of today is over.

    \b
    Example:
        wordle-db league board Office --player ann
        wordle-db league board Office --player ann --week --date 2026-11-20
    """
    who, when = game.default_player(player), to_date(day)
    rows = leagues.board(conn, who, name, when, channel)
    table = leagues.standings(conn, who, name, when, week, channel)
    if as_json:
        print_json({"board": rows, "standings": table})
        return
    click.echo(f"{name}, puzzle #{rows[0]['number']} of {rows[0]['day']}")
    width = max(len(r["nickname"]) for r in rows)
    for row in rows:
        click.echo(f"  {row['nickname']:<{width}}  {result(row)}")
    if not rows[0]["visible"]:
        click.echo("  (finish your game to see the others' results)")
    period = f"week of {table[0]['since']}" if week else "all time"
    click.echo(f"Standings, {period} (through {table[0]['through']}):")
    for row in table:
        average = "-" if row["average_tries"] is None else f"{row['average_tries']:.2f}"
        click.echo(
            f"  {row['place']}. {row['nickname']:<{width}}  games {row['games']}  "
            f"wins {row['wins']}  average {average}  streak {row['current_streak']}"
        )


def result(row: dict[str, Any]) -> str:
    """One member's result of the day as the board shows it."""
    if row["state"] is None:
        if not row["me"] and not row["visible"]:
            return "finished" if row["finished"] else "not finished yet"
        return "not started"
    extras = (" hard" if row["hard"] else "") + (
        f", {row['letters_revealed']} letter hints" if row["letters_revealed"] else ""
    )
    if row["state"] == "playing":
        return f"playing, {row['attempts']} of {row['max_tries']} tries{extras}"
    tries = row["attempts"] if row["state"] == "won" else "X"
    return f"{row['state']} {tries}/{row['max_tries']}{extras}"
