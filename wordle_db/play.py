"""The interactive game of `wordle-db play`: prompt, board and keyboard, until the game ends."""

from __future__ import annotations

from datetime import date
from typing import Any

import click
from sqlalchemy.engine import Connection

from wordle_db import game, render
from wordle_db.errors import DatabaseError

HELP = "Type a word and Enter; '?' reveals a letter (a letter hint); an empty line quits."


def draw(
    conn: Connection,
    player: str,
    day: date | None,
    colour: bool,
    note: str = "",
    channel: str | None = None,
) -> dict[str, Any]:
    state = game.game_state(conn, player, day, channel)
    if colour:
        click.clear()
    click.echo(render.board(game.board(conn, player, day, channel), state, colour))
    click.echo()
    click.echo(render.keyboard(game.keyboard(conn, player, day, channel), colour))
    if note:
        click.echo(f"\n{note}")
    return state


def play_game(
    conn: Connection,
    player: str,
    day: date | None,
    hard: bool,
    colour: bool,
    channel: str | None = None,
) -> None:
    """Run one game to its end (or until the player quits)."""
    state = game.game_state(conn, player, day, channel)
    over = state["state"] != "playing"
    state = draw(
        conn,
        player,
        day,
        colour,
        f"this game is over ({state['state']})" if over else HELP,
        channel,
    )
    day = state["day"]
    while state["state"] == "playing":
        try:
            prompt = f"guess {state['attempts'] + 1}/{state['max_tries']}"
            word = click.prompt(prompt, default="", show_default=False, prompt_suffix="> ")
        except click.Abort:
            word = ""
        word = word.strip()
        if not word:
            click.echo("\nbye: the game stays open, come back with `wordle-db play`")
            return
        try:
            if word == "?":
                note = render.letter_hint(game.reveal_letter(conn, player, day, channel))
            else:
                first = state["attempts"] == 0
                played = game.play(conn, player, word, day, hard if first else None, channel)
                note = "solved!" if played["solved"] else ""
        except DatabaseError as exc:  # a refused guess: say why and go on
            note = f"not played: {exc}"
        state = draw(conn, player, day, colour, note, channel)
    click.echo()
    click.echo(game.share(conn, player, day, channel))
