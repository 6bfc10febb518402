"""The click group, the shared options and how errors reach the user (one line, exit 1)."""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from functools import update_wrapper
from typing import Any, TypeVar

import click
import click._textwrap
from sqlalchemy.engine import URL, Connection

from wordle_db import __version__, db, i18n
from wordle_db.errors import DatabaseError, SaidError, WordleError, describe, one_line
from wordle_db.render import capitals

F = TypeVar("F", bound=Callable[..., Any])
DEBUG_ENV = "WORDLE_DB_DEBUG"  # set: unexpected errors show their traceback
CHANNEL_ENV = "WORDLE_DB_CHANNEL"
MAX_SECRET = 1024  # bytes of a password read from stdin
LIMIT = click.IntRange(1, 2**31 - 1)  # how many rows to show: the routines take an INT

# The pool may log a failed close after the server died: the error line says enough.
logging.getLogger("sqlalchemy").addHandler(logging.NullHandler())


class App:
    """What every command needs: the database URL, resolved (and the server started) lazily."""

    def __init__(self, db_url: str | None, timeouts: db.Timeouts) -> None:
        self.db_url = db_url
        self.timeouts = timeouts
        self._url: URL | None = None

    @property
    def url(self) -> URL:
        if self._url is None:
            self._url = db.server_url(self.db_url, self.timeouts)
        return self._url

    @property
    def embedded(self) -> bool:
        return not (self.db_url or os.environ.get(db.URL_ENV))

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        with db.connect(self.url) as conn:
            yield conn


# Help texts wrap between words only: never inside `wordle-db`, a path or an option name
# (click's wrapper, a textwrap.TextWrapper, breaks on hyphens and splits long words).
class _WholeWords(click._textwrap.TextWrapper):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.update(break_on_hyphens=False, break_long_words=False)
        super().__init__(*args, **kwargs)


click._textwrap.TextWrapper = _WholeWords  # type: ignore[misc]  # click imports it per call


class Group(click.Group):
    """The one place where failures reach the user: `Error: ...`, one line on stderr, and a
    non-zero exit status (2 for a usage error, else 1), never a traceback."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.Abort:
            fail("Aborted!", 1)
        except click.ClickException as exc:
            fail(f"Error: {_usage_message(exc)}", exc.exit_code)
        except SaidError as exc:
            fail(one_line(str(exc)), 1)
        except Exception as exc:
            if os.environ.get(DEBUG_ENV):
                raise
            fail(f"Error: {_message(exc)}", 1)
        sys.exit(code if isinstance(code, int) else 0)  # an int: click's Exit (--help: 0)


def _message(exc: Exception) -> str:
    if isinstance(exc, WordleError | OSError) or type(exc).__module__.startswith("sqlalchemy"):
        return describe(exc)
    if isinstance(exc, UnicodeError):
        return "the input is not valid UTF-8"
    return one_line(f"unexpected {type(exc).__name__}: {exc} (set {DEBUG_ENV}=1 for details)")


def _usage_message(exc: click.ClickException) -> str:
    text = one_line(exc.format_message().replace("\n", " "))
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click.UsageError) and ctx is not None:
        text += f" (see '{ctx.command_path} --help')"
    return text


def fail(line: str, code: int) -> None:
    click.echo(line, err=True)
    sys.exit(code)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--db-url",
    metavar="URL",
    help="SQLAlchemy URL of the database (mariadb://user:pass@host:port/db also works). "
    "Default: $WORDLE_DB_URL, else a MariaDB server wordle-db runs itself.",
)
@click.option(
    "--connect-timeout",
    type=click.IntRange(1, db.MAX_SECONDS),
    metavar="SECONDS",
    envvar="WORDLE_DB_CONNECT_TIMEOUT",
    default=db.Timeouts.connect,
    help="Seconds to wait for the server to answer a new connection. "
    f"Default: $WORDLE_DB_CONNECT_TIMEOUT, else {db.Timeouts.connect}.",
)
@click.option(
    "--read-timeout",
    type=click.IntRange(0, db.MAX_SECONDS),
    metavar="SECONDS",
    envvar="WORDLE_DB_READ_TIMEOUT",
    default=db.Timeouts.read,
    help="Seconds to wait for each answer of the server (0: no limit). "
    f"Default: $WORDLE_DB_READ_TIMEOUT, else {db.Timeouts.read}.",
)
@click.version_option(__version__, prog_name="wordle-db")
@click.pass_context
def cli(ctx: click.Context, db_url: str | None, connect_timeout: int, read_timeout: int) -> None:
    """wordle-db: a daily word game whose rules live in MariaDB."""
    ctx.obj = App(db_url, db.Timeouts(connect_timeout, read_timeout))


pass_app = click.make_pass_decorator(App)


def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON.")(f)


class Day(click.DateTime):
    """A day written YYYY-MM-DD in ASCII digits (strptime alone also reads other scripts'
    digits: the full-width digits of U+FF10-FF19 would pass as 0-9)."""

    def __init__(self) -> None:
        super().__init__(["%Y-%m-%d"])

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.isascii():
            self.fail(f"{value!r} is not a day: write YYYY-MM-DD in the digits 0-9", param, ctx)
        return super().convert(value, param, ctx)


DAY = Day()


def date_option(help_text: str) -> Callable[[F], F]:
    return click.option("--date", "day", type=DAY, help=help_text)


def to_date(value: Any) -> date | None:
    return value.date() if value is not None else None


def player_option(f: F) -> F:
    return click.option(
        "--player",
        metavar="NAME",
        help="Player name. Default: $WORDLE_DB_PLAYER, else your login name.",
    )(f)


def channel_option(f: F) -> F:
    return click.option(
        "--channel",
        metavar="NAME",
        envvar=CHANNEL_ENV,
        help=f"The channel (see `wordle-db channel list`). Default: ${CHANNEL_ENV}, else the "
        "setting default_channel (en).",
    )(f)


@contextmanager
def speaking(conn: Connection, channel: str | None, word: str = "") -> Iterator[i18n.Texts]:
    """The words of `channel`'s language (i18n.language_of) for what a player reads; a refusal
    of the database inside becomes one line in that language (`word`: the word typed)."""
    row = channel_row(conn, channel)
    t = i18n.Texts(i18n.language_of(row["language"] if row else None))
    try:
        yield t
    except DatabaseError as exc:
        if not exc.is_refusal:
            raise
        letters = row["letters"] if row else ""
        reason = t.refusal(exc, capitals(word), letters)
        raise SaidError(t("terminal.error", message=reason)) from exc


def channel_row(conn: Connection, channel: str | None) -> dict[str, Any] | None:
    """wordle_channel's row of `channel` (None: the default one); None if there is no such
    channel (the command's own call then says so)."""
    try:
        return db.call_one(conn, "wordle_channel", channel)
    except DatabaseError as exc:
        if exc.is_refusal:
            return None
        raise


def read_secret() -> str:
    """One line of stdin, without its line break: UTF-8, at most MAX_SECRET bytes."""
    raw = sys.stdin.buffer.readline(MAX_SECRET + 1)
    line = raw.removesuffix(b"\n").removesuffix(b"\r")
    if len(line) > MAX_SECRET:
        raise WordleError(f"the password is longer than {MAX_SECRET} bytes")
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        raise WordleError("the password is not valid UTF-8") from None


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
