"""One error type for everything a user can get wrong, and its one-line description."""

from __future__ import annotations

# Errors the game raises itself (SIGNAL in sql/) carry SQLSTATE class 'WD': their message is
# already written for the user. Server errors worth a friendlier line are listed here.
SERVER_MESSAGES: dict[int, str] = {
    1044: "access denied to the database",
    1045: "access denied: wrong user or password",
    1049: "the database does not exist: run `wordle-db init`",
    1142: "permission denied",
    1146: "the database is not set up: run `wordle-db init`",
    1227: "permission denied",
    1305: "the database is not set up or is out of date: run `wordle-db init`",
    1370: "permission denied",
    1406: "input is longer than the database accepts",
    2002: "cannot connect to the MariaDB server",
    2003: "cannot connect to the MariaDB server",
    2005: "unknown MariaDB server host",
    2006: "the MariaDB server went away",
    2013: "lost the connection to the MariaDB server",
}


class WordleError(Exception):
    """A problem to report to the user as one line, without a traceback."""


class DatabaseError(WordleError):
    """An error the server returned, with its MariaDB error number and SQLSTATE."""

    def __init__(self, message: str, errno: int | None, sqlstate: str | None) -> None:
        super().__init__(message)
        self.errno = errno
        self.sqlstate = sqlstate

    @classmethod
    def from_driver(cls, exc: BaseException) -> DatabaseError:
        return cls(describe(exc), getattr(exc, "errno", None), getattr(exc, "sqlstate", None))


def describe(exc: BaseException) -> str:
    """One line for any exception the CLI may meet."""
    if isinstance(exc, WordleError):
        return str(exc)
    orig = getattr(exc, "orig", None) or exc  # SQLAlchemy wraps the driver's exception
    errno = getattr(orig, "errno", None)
    sqlstate = getattr(orig, "sqlstate", None) or ""
    text = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    if sqlstate.startswith("WD"):
        return text
    if isinstance(errno, int) and errno in SERVER_MESSAGES:
        return f"{SERVER_MESSAGES[errno]} ({text})"
    return text
