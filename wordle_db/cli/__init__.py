"""The wordle-db command line: thin commands that call one library function and format it."""

from __future__ import annotations

from wordle_db.cli import (  # the modules register their commands
    admin,
    analysis,
    backups,
    channels,
    game,
    leagues,
    serve,
    solver,
)
from wordle_db.cli.base import cli


def main() -> None:
    cli(prog_name="wordle-db")


__all__ = [
    "admin",
    "analysis",
    "backups",
    "channels",
    "cli",
    "game",
    "leagues",
    "main",
    "serve",
    "solver",
]
