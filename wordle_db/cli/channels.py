"""Commands of `wordle-db channel`: add, list, show, set, remove."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from sqlalchemy.engine import Connection

from wordle_db import channels
from wordle_db.cli.base import App, cli, json_option, print_json, with_connection
from wordle_db.dictionaries import read_block_list

TRIES = click.IntRange(1, 20)
HINTS = click.IntRange(0, 10)


@cli.group("channel")
def channel_group() -> None:
    """Manage channels: daily puzzles side by side, each with its own length and language."""


@channel_group.command("add")
@click.argument("name")
@click.option("--letters", type=click.IntRange(2, 32), required=True, help="Letters per word.")
@click.option("--language", metavar="CODE", help="Language code (en, fr, de, ...). Default: en.")
@click.option("--max-tries", type=TRIES, help="Guesses per game. Default: 6.")
@click.option("--letter-hints", type=HINTS, help="Letters a player may reveal. Default: 2.")
@click.option(
    "--accents",
    metavar="RULE",
    help="keep: é is a letter of its own; fold: é is played as e; 'fold except ñ': "
    "ñ stays a letter, the others fold. Default: fold for fr, it, pt; 'fold except "
    "ñ' for es; else keep.",
)
@click.option(
    "--time-zone",
    metavar="ZONE",
    help="Whose day is today (a negative offset is "
    "written --time-zone=-05:00). Default: the default channel's.",
)
@click.option(
    "--from-system",
    is_flag=True,
    help="Fill the channel from Debian's word list of the language "
    "(/usr/share/dict); answers: the dictionary's common base forms.",
)
@click.option(
    "--block-list",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    metavar="FILE",
    help="With --from-system: words never to publish, one a line, "
    "beside the language's offensive words (glin-profanity's and the bundled lists).",
)
@click.option(
    "--min-zipf",
    type=click.FloatRange(0, 8),
    metavar="ZIPF",
    help="With --from-system: how common an answer word must be (wordfreq's Zipf "
    "scale). Default: per language, see docs/languages.md.",
)
@json_option
@with_connection
def channel_add(
    app: App,
    conn: Connection,
    name: str,
    letters: int,
    language: str | None,
    max_tries: int | None,
    letter_hints: int | None,
    accents: str | None,
    time_zone: str | None,
    from_system: bool,
    block_list: Path | None,
    min_zipf: float | None,
    as_json: bool,
) -> None:
    """Create channel NAME (a-z, 0-9, _ and -, at most 16 characters).

    Without --from-system, give it words with `wordle-db words import FILE --channel NAME`.
    With it, the answers are the language dictionary's base forms that are common and their
    own lemma, no name, numeral or verb with pronouns (docs/languages.md); it says how many it
    took and why it left the others out.

    \b
    Example:
        wordle-db channel add fr --language fr --letters 5 --from-system
        wordle-db channel add en6 --language en --letters 6 --from-system
    """
    if (min_zipf is not None or block_list is not None) and not from_system:
        raise click.UsageError("--min-zipf and --block-list go with --from-system")
    options: dict[str, Any] = {
        "max_tries": max_tries,
        "letter_hints": letter_hints,
        "accents": accents,
        "time_zone": time_zone,
    }
    if not from_system:
        row = channels.add(conn, name, letters, language, **options)
        if as_json:
            print_json(row)
        else:
            click.echo(f"channel {row['name']} added: {_describe(row)}")
        return
    blocked = read_block_list(block_list) if block_list else frozenset()
    row, _, _, found = channels.add_from_system(
        conn, name, letters, language, min_zipf, blocked, **options
    )
    # the channel's own counts, once: the list's spellings can be more (étude and etude are one
    # word of a channel that folds accents)
    if as_json:
        print_json(row | {"source": str(found.path), "left_out": found.left_out})
        return
    click.echo(f"channel {row['name']} added: {_describe(row)}")
    click.echo(
        f"words from {found.path}; left out as answers: "
        + ", ".join(f"{n} {reason}" for reason, n in found.left_out.items())
    )


@channel_group.command("list")
@json_option
@with_connection
def channel_list(app: App, conn: Connection, as_json: bool) -> None:
    """List the channels with their settings and word counts.

    \b
    Example:
        wordle-db channel list --json
    """
    rows = channels.all_channels(conn)
    if as_json:
        print_json(rows)
        return
    for row in rows:
        mark = " (default)" if row["is_default"] else ""
        click.echo(f"{row['name']}{mark}: {_describe(row)}")


@channel_group.command("show")
@click.argument("name")
@json_option
@with_connection
def channel_show(app: App, conn: Connection, name: str, as_json: bool) -> None:
    """Show one channel's settings and counts.

    \b
    Example:
        wordle-db channel show fr
    """
    row = channels.one_channel(conn, name)
    if as_json:
        print_json(row)
        return
    for key, value in row.items():
        click.echo(f"{key} = {'' if value is None else value}")


@channel_group.command("set")
@click.argument("name")
@click.argument(
    "key", type=click.Choice(["max_tries", "letter_hints", "time_zone", "first_day", "language"])
)
@click.argument("value")
@with_connection
def channel_set(app: App, conn: Connection, name: str, key: str, value: str) -> None:
    """Set one setting of channel NAME: max_tries, letter_hints, time_zone, first_day or
    language.

    \b
    Example:
        wordle-db channel set fr time_zone Europe/Paris
        wordle-db channel set fr -- time_zone -03:00   (-- before a negative offset)
    """
    row = channels.change(conn, name, key, value)
    click.echo(f"{row['name']}: {key} = {row[key]}")


@channel_group.command("remove")
@click.argument("name")
@click.option("--force", is_flag=True, help="Also delete the channel's games.")
@with_connection
def channel_remove(app: App, conn: Connection, name: str, force: bool) -> None:
    """Delete channel NAME with its puzzles (refused while it has games, unless --force).

    \b
    Example:
        wordle-db channel remove en6
    """
    row = channels.remove(conn, name, force)
    click.echo(f"channel {row['channel']} removed ({row['games']} games deleted)")


def _describe(row: dict[str, Any]) -> str:
    return (
        f"{row['language']}, {row['letters']} letters, {row['max_tries']} tries, "
        f"accents {row['accents']}, {row['time_zone']}; {row['words']} words, "
        f"{row['answers']} answers ({row['answers_left']} never published)"
    )
