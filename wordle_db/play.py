"""The interactive game of `wordle-db play`: prompt, board and keyboard, until the game ends,
in the channel's language (`t`)."""

from __future__ import annotations

from datetime import date
from shlex import quote
from typing import Any

import click
from sqlalchemy.engine import Connection

from wordle_db import game, render
from wordle_db.errors import DatabaseError
from wordle_db.i18n import Texts


def draw(
    conn: Connection,
    player: str,
    day: date | None,
    colour: bool,
    t: Texts,
    note: str = "",
    channel: str | None = None,
) -> dict[str, Any]:
    state = game.game_state(conn, player, day, channel)
    if colour:
        click.clear()
    click.echo(render.board(game.board(conn, player, day, channel), state, colour, t))
    click.echo()
    click.echo(render.keyboard(game.keyboard(conn, player, day, channel), colour, t.language))
    if note:
        click.echo(f"\n{note}")
    return state


def play_game(
    conn: Connection,
    player: str,
    day: date | None,
    hard: bool,
    colour: bool,
    channel: str | None,
    t: Texts,
) -> None:
    """Run one game to its end (or until the player quits)."""
    state = game.game_state(conn, player, day, channel)
    over = state["state"] != "playing"
    note = t("error.WD035") if over else t("terminal.help")
    state = draw(conn, player, day, colour, t, note, channel)
    day = state["day"]
    while state["state"] == "playing":
        try:
            prompt = t("terminal.prompt", n=state["attempts"] + 1, max=state["max_tries"])
            word = click.prompt(prompt, default="", show_default=False, prompt_suffix="> ")
        except click.Abort:
            word = ""
        word = word.strip()
        if not word:
            again = "wordle-db play" + (f" --channel {quote(channel)}" if channel else "")
            click.echo("\n" + t("terminal.bye", command=again))
            return
        try:
            if word == "?":
                note = render.letter_hint(game.reveal_letter(conn, player, day, channel), t)
            else:
                first = state["attempts"] == 0
                played = game.play(conn, player, word, day, hard if first else None, channel)
                note = t("solved.short") if played["solved"] else ""
        except DatabaseError as exc:  # a refused guess: say why and go on
            reason = t.refusal(exc, render.capitals(game.clean_word(word)), state["letters"])
            note = t("terminal.notPlayed", reason=reason)
        state = draw(conn, player, day, colour, t, note, channel)
    click.echo()
    click.echo(game.share(conn, player, day, channel))
