"""Players of the page: a random id and a session generation in a cookie signed with
HMAC-SHA256.

The cookie holds `<id>.<generation>.<signature>`, the signature covering both; the player's
name in the database is `web-<id>`. Without the secret nobody can make a valid signature, so
a forged or altered cookie is refused and its bearer gets a new player: never somebody else's
game. Cookies made before generations (`<id>.<signature>`) count as generation 0.

The generation is the player's `wordle_session_generation`: 0 until it signs up, one more on
sign-up, on the removal of a passkey and on "sign out everywhere". A cookie of an older
generation is stale (a copy taken before one of those): the page treats it as a forged one.
Each process keeps what it read for at most CACHE_SECONDS (`Generations`), so a stale cookie
may still be served by another process for that long after the change; the process that made
the change knows the new generation at once.
"""

from __future__ import annotations

import hmac
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

COOKIE = "wordle_player"
# Over https the cookie is `__Host-` prefixed: browsers take it only from this very host,
# Secure, Path=/ and without Domain, so a sibling subdomain cannot plant one (its own player,
# to read the games played under it). Its signature covers the prefix (`host`): its value
# planted under the unprefixed name is forged there. Over http (a local serve) prefixes are
# refused: the unprefixed cookie, signed as before the prefix.
HOST_COOKIE = "__Host-" + COOKIE
PREFIX = "web-"
MAX_AGE = 400 * 24 * 3600  # the longest lifetime browsers keep (400 days)
_ID = re.compile(r"[0-9a-f]{32}")
_GENERATION = re.compile(r"0|[1-9][0-9]{0,9}")  # one spelling per number, INT UNSIGNED
MAX_GENERATION = 2**32 - 1
MIN_SECRET = 16  # bytes
CACHE_SECONDS = 5.0  # how long a process trusts a generation it read (the revocation delay)
CACHE_SIZE = 100_000  # players remembered at most per process


def _signature(secret: bytes, player_id: str, generation: int | None, host: bool = False) -> str:
    kind = "host" if host else "player"  # the prefixed cookie's, or the unprefixed one's
    message = f"{kind}:{player_id}" if generation is None else f"{kind}:{player_id}:{generation}"
    return hmac.digest(secret, message.encode(), "sha256").hex()


def _cookie(secret: bytes, player_id: str, generation: int, host: bool = False) -> str:
    return f"{player_id}.{generation}.{_signature(secret, player_id, generation, host)}"


def new_cookie(secret: bytes, host: bool = False) -> tuple[str, str]:
    """A new player: (cookie value, player name), of generation 0; `host`: the value of the
    prefixed cookie (HOST_COOKIE), else of the unprefixed one."""
    player_id = secrets.token_hex(16)
    return _cookie(secret, player_id, 0, host), PREFIX + player_id


def session_of(secret: bytes, cookie: str | None, host: bool = False) -> tuple[str, int] | None:
    """(player name, generation) a cookie proves, or None when it is missing, malformed or
    forged (`host`: as the prefixed cookie's value, else as the unprefixed one's). An old
    cookie without a generation is of generation 0 (unprefixed only)."""
    if not cookie or len(cookie) > 200:
        return None
    parts = cookie.split(".")
    if len(parts) == 2 and not host:
        player_id, signature = parts
        generation = None
    elif len(parts) == 3 and _GENERATION.fullmatch(parts[1]):
        player_id, signature = parts[0], parts[2]
        generation = int(parts[1])
        if generation > MAX_GENERATION:
            return None
    else:
        return None
    if not _ID.fullmatch(player_id):
        return None
    expected = _signature(secret, player_id, generation, host)
    if not hmac.compare_digest(signature.encode(), expected.encode()):
        return None
    return PREFIX + player_id, generation or 0


def sessions(secret: bytes, values: list[str], host: bool) -> set[tuple[str, int]]:
    """The sessions the cookie values of one name prove (forged and malformed ones prove none)."""
    return {s for value in values if (s := session_of(secret, value, host)) is not None}


def one_session(proved: set[tuple[str, int]]) -> tuple[str, int] | None:
    """The one session proved, or None when several are (a sibling subdomain may have planted
    all but one: none counts)."""
    return next(iter(proved)) if len(proved) == 1 else None


def player_of(secret: bytes, cookie: str | None) -> str | None:
    """The player name a cookie value proves (whatever its generation, under either name), or
    None when it is missing, malformed or forged."""
    session = session_of(secret, cookie) or session_of(secret, cookie, host=True)
    return session[0] if session else None


def cookie_for(secret: bytes, name: str, generation: int = 0, host: bool = False) -> str:
    """The cookie of an existing web player (one signed in, or carried over by a code) for
    its current session generation (`host`: the prefixed cookie's value)."""
    player_id = name.removeprefix(PREFIX)
    if not name.startswith(PREFIX) or not _ID.fullmatch(player_id):
        raise ValueError(f"not a web player's name: {name!r}")
    if not 0 <= generation <= MAX_GENERATION:
        raise ValueError(f"not a session generation: {generation!r}")
    return _cookie(secret, player_id, generation, host)


@dataclass
class Switch:
    """An endpoint's answer that makes this browser play as `player` (of session generation
    `generation`) from now on (None: a new anonymous player, as after signing out)."""

    player: str | None
    body: Any
    generation: int = 0


class Generations:
    """player name -> session generation, as read from the database, each trusted for at
    most `seconds` (CACHE_SECONDS): a change made through another process reaches this one
    within that time. At most `size` players: when full, the expired ones go, and if none
    has, all of them."""

    def __init__(
        self,
        seconds: float = CACHE_SECONDS,
        size: int = CACHE_SIZE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seconds, self.size, self.clock = seconds, size, clock
        self._known: dict[str, tuple[int, float]] = {}
        self._lock = threading.Lock()

    def get(self, name: str) -> int | None:
        """The generation read less than `seconds` ago, else None."""
        with self._lock:
            known = self._known.get(name)
            if known is None or self.clock() - known[1] >= self.seconds:
                return None
            return known[0]

    def forget(self, name: str) -> None:
        """Read the player's generation again next time (the database refused it)."""
        with self._lock:
            self._known.pop(name, None)

    def put(self, name: str, generation: int) -> None:
        """Remember a generation just read or made. Generations only grow: a read that
        started before a change this process made and ends after it does not undo it."""
        with self._lock:
            now = self.clock()
            known = self._known.get(name)
            if known is not None and now - known[1] < self.seconds and known[0] > generation:
                return
            if len(self._known) >= self.size and name not in self._known:
                self._known = {k: v for k, v in self._known.items() if now - v[1] < self.seconds}
                if len(self._known) >= self.size:
                    self._known.clear()
            self._known[name] = (generation, now)
