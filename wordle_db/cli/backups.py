"""`wordle-db backup DIR` and `wordle-db restore DIR` (wordle_db.backup)."""

from __future__ import annotations

from pathlib import Path

import click

from wordle_db.cli.base import App, cli, pass_app


@cli.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@pass_app
def backup(app: App, directory: Path) -> None:
    """Back up the game into a new directory: the database (tables, routines, events, views)
    in one consistent snapshot, and its accounts and roles. The directory holds the answers
    and password hashes: only its owner may read it. Needs mariadb-dump.

    \b
    Example:
        wordle-db backup /var/backups/wordle-db/$(date +%F)
    """
    from wordle_db import backup as backups

    made = backups.backup(app.url, directory)
    rows = ", ".join(f"{n} {t}" for t, n in made["rows"].items())
    click.echo(f"backed up {made['database']} (schema {made['revision']}: {rows}) into {directory}")


@cli.command()
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@pass_app
def restore(app: App, directory: Path) -> None:
    """Restore a backup into the URL's database, which must be new or empty (on this server
    or another): the game plays on with the same puzzles, games and accounts, and never
    publishes a word already published. Needs the mariadb client.

    \b
    Example:
        wordle-db --db-url mariadb://root@localhost/wordle restore /var/backups/wordle-db/2026-11-24
    """
    from wordle_db import backup as backups

    made = backups.restore(app.url, directory)
    click.echo(
        f"restored {directory} (schema {made['revision']}, made {made['made_at']}) "
        f"into {app.url.database}"
    )
