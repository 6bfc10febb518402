"""One error type for everything a user can get wrong, and its one-line description."""

from __future__ import annotations

import re
from collections.abc import Iterable

# Errors the game raises itself (SIGNAL in sql/) carry SQLSTATE class 'WD': their message is
# already written for the user. Server errors worth a friendlier line are listed here.
SERVER_MESSAGES: dict[int, str] = {
    1044: "access denied to the database",
    1045: "access denied: wrong user or password",
    1049: "the database does not exist: run `wordle-db init`",
    1142: "permission denied",
    1146: "the database is not set up: run `wordle-db init`",
    1205: "the database stayed busy (a lock held elsewhere): try again",
    1227: "permission denied",
    1305: "the database is not set up or is out of date: run `wordle-db init`",
    1370: "permission denied",
    1406: "input is longer than the database accepts",
    2002: "cannot connect to the MariaDB server",
    2003: "cannot connect to the MariaDB server",
    2005: "unknown MariaDB server host",
    2006: "the MariaDB server went away",
    2013: "lost the connection to the MariaDB server, or it gave no answer within the read "
    "timeout (--read-timeout)",
    5013: "lost the connection to the MariaDB server",  # Connector/C: read error
    5014: "lost the connection to the MariaDB server",  # Connector/C: write error
}
NO_GREETING = (
    "the MariaDB server accepted the connection but did not answer within the connect "
    "timeout (--connect-timeout)"
)
LOST_CONNECTION = 2013
# The connection is gone (server restarted or killed, network): 2006, 2013 and Connector/C's
# read and write errors.
GONE = frozenset({2006, 2013, 5013, 5014})
# A Galera node outside the primary component (or still joining) refuses every statement with
# 1047 (ER_UNKNOWN_COM_ERROR) and this text.
NOT_READY = "WSREP has not yet prepared node for application use"
NOT_READY_LINE = (
    "this MariaDB cluster node is not ready: it is not part of a primary component (too many "
    "nodes are down or unreachable) or is still joining; use another node, or see "
    "docs/cluster.md to recover"
)


# A session begun before an account it may be went or changed role (SQLSTATE class 08, a
# connection exception, so that any pool drops the connection): the call did nothing, and a
# new connection is judged by the accounts as they are now.
STALE_SESSION = "08WD1"
# The server let the account in no more, or not to the routine: nothing ran.
DENIED = frozenset({1044, 1045, 1142, 1370})


def lost_connection(errno: int | None) -> bool:
    return errno in GONE


class WordleError(Exception):
    """A problem to report to the user as one line, without a traceback."""


class SaidError(WordleError):
    """A problem already written as the whole line the user reads, in their language
    ("Fehler: ..."): the CLI adds no "Error:" of its own."""


class DatabaseError(WordleError):
    """An error the server returned, with its MariaDB error number and SQLSTATE."""

    def __init__(self, message: str, errno: int | None, sqlstate: str | None) -> None:
        super().__init__(message)
        self.errno = errno
        self.sqlstate = sqlstate

    @property
    def is_refusal(self) -> bool:
        """A rule of the game said no (SQLSTATE class WD): nothing was changed."""
        return (self.sqlstate or "").startswith("WD")

    @property
    def did_nothing(self) -> bool:
        """Nothing was changed: a refusal, a session refused as stale (STALE_SESSION), or the
        server's refusal to connect or run the routine (DENIED: db.call connects again after a
        stale refusal, as the account is now)."""
        return self.is_refusal or self.sqlstate == STALE_SESSION or self.errno in DENIED

    @classmethod
    def from_driver(cls, exc: BaseException, args: Iterable[object] = ()) -> DatabaseError:
        message = restore_typed(describe(exc), args)
        return cls(message, getattr(exc, "errno", None), getattr(exc, "sqlstate", None))


ESCAPED = re.compile(r"\\\\|\\u\{([0-9A-F]{5,6})\}")  # \\ or \u{1F600}


def restore_typed(message: str, args: Iterable[object]) -> str:
    """Put back the characters the server's utf8mb3 messages cannot hold (emoji and other
    4-byte characters): the game's own messages write them \\u{1F600} (see _wordle_quote);
    in others, that became '?', an argument that holds some, as the message spells it, is
    replaced by the argument as typed."""
    message = ESCAPED.sub(lambda m: chr(int(m[1], 16)) if m[1] else m[0], message)
    for arg in args:
        if not isinstance(arg, str) or all(ord(c) <= 0xFFFF for c in arg):
            continue
        mangled = "".join("?" if ord(c) > 0xFFFF else c for c in arg).casefold()
        at = message.casefold().find(mangled)
        if at >= 0 and len(message.casefold()) == len(message):  # same indexes once folded
            message = message[:at] + arg + message[at + len(mangled) :]
    return message


def one_line(text: str) -> str:
    """Text on one line: line breaks and other control characters shown escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text.strip())


def describe(exc: BaseException) -> str:
    """One line for any exception the CLI may meet."""
    if isinstance(exc, WordleError):
        return one_line(str(exc))
    if isinstance(exc, OSError) and exc.strerror:
        where = f"{exc.filename}: " if exc.filename is not None else ""
        return one_line(f"{where}{exc.strerror}")
    orig = getattr(exc, "orig", None) or exc  # SQLAlchemy wraps the driver's exception
    errno = getattr(orig, "errno", None)
    sqlstate = getattr(orig, "sqlstate", None) or ""
    text = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    if sqlstate.startswith("WD"):
        return one_line(text)
    if errno == 1047 and NOT_READY in text:
        return one_line(f"{NOT_READY_LINE} ({text})")
    if errno == LOST_CONNECTION and "handshake" in text:
        return one_line(f"{NO_GREETING} ({text})")
    if isinstance(errno, int) and errno in SERVER_MESSAGES:
        return one_line(f"{SERVER_MESSAGES[errno]} ({text})")
    return one_line(text)
