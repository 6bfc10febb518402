"""The click group, the shared options and how errors reach the user (one line, exit 1)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from functools import update_wrapper
from typing import Any, TypeVar

import click
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import SQLAlchemyError

from wordle_db import __version__, db
from wordle_db.errors import WordleError, describe

F = TypeVar("F", bound=Callable[..., Any])


class App:
    """What every command needs: the database URL, resolved (and the server started) lazily."""

    def __init__(self, db_url: str | None) -> None:
        self.db_url = db_url
        self._url: URL | None = None

    @property
    def url(self) -> URL:
        if self._url is None:
            self._url = db.server_url(self.db_url)
        return self._url

    @property
    def embedded(self) -> bool:
        return not (self.db_url or os.environ.get(db.URL_ENV))

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        with db.connect(self.url) as conn:
            yield conn


class Group(click.Group):
    """Turns every expected failure into click's `Error: ...` line and exit status 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (WordleError, SQLAlchemyError, OSError) as exc:
            raise click.ClickException(describe(exc)) from None


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--db-url",
    metavar="URL",
    help="SQLAlchemy URL of the database (mariadb://user:pass@host:port/db also works). "
    "Default: $WORDLE_DB_URL, else a MariaDB server wordle-db runs itself.",
)
@click.version_option(__version__, prog_name="wordle-db")
@click.pass_context
def cli(ctx: click.Context, db_url: str | None) -> None:
    """wordle-db: a daily word game whose rules live in MariaDB."""
    ctx.obj = App(db_url)


pass_app = click.make_pass_decorator(App)


def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON.")(f)


def date_option(help_text: str) -> Callable[[F], F]:
    return click.option("--date", "day", type=click.DateTime(["%Y-%m-%d"]), help=help_text)


def to_date(value: Any) -> date | None:
    return value.date() if value is not None else None


def player_option(f: F) -> F:
    return click.option(
        "--player",
        metavar="NAME",
        help="Player name. Default: $WORDLE_DB_PLAYER, else your login name.",
    )(f)


def print_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, default=str, ensure_ascii=False))


def with_connection(f: F) -> F:
    """Pass `conn` (an open connection) to the command after `app`."""

    @pass_app
    def wrapper(app: App, *args: Any, **kwargs: Any) -> Any:
        with app.connect() as conn:
            return f(app, conn, *args, **kwargs)

    return update_wrapper(wrapper, f)  # type: ignore[return-value]


def is_terminal() -> bool:
    return sys.stdout.isatty()


@contextmanager
def progress(label: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr when it is a terminal: yields update(done, total), else None."""
    if not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=1, label=label, file=sys.stderr) as bar:

        def update(done: int, total: int) -> None:
            bar.length = total
            bar.update(done - bar.pos)

        yield update
