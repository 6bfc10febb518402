"""Anonymous players: a random id in a cookie signed with HMAC-SHA256.

The cookie holds `<id>.<signature>`; the player's name in the database is `web-<id>`. Without
the secret nobody can make a valid signature, so a forged or altered cookie is refused and
its bearer gets a new player: never somebody else's game.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from typing import Any

COOKIE = "wordle_player"
PREFIX = "web-"
MAX_AGE = 400 * 24 * 3600  # the longest lifetime browsers keep (400 days)
_ID = re.compile(r"[0-9a-f]{32}")
MIN_SECRET = 16  # bytes


def _signature(secret: bytes, player_id: str) -> str:
    return hmac.new(secret, f"player:{player_id}".encode(), hashlib.sha256).hexdigest()


def new_cookie(secret: bytes) -> tuple[str, str]:
    """A new player: (cookie value, player name)."""
    player_id = secrets.token_hex(16)
    return f"{player_id}.{_signature(secret, player_id)}", PREFIX + player_id


def player_of(secret: bytes, cookie: str | None) -> str | None:
    """The player name a cookie proves, or None when it is missing, malformed or forged."""
    if not cookie or len(cookie) > 200:
        return None
    player_id, _, signature = cookie.partition(".")
    if not _ID.fullmatch(player_id):
        return None
    if not hmac.compare_digest(signature.encode(), _signature(secret, player_id).encode()):
        return None
    return PREFIX + player_id


def cookie_for(secret: bytes, name: str) -> str:
    """The cookie of an existing web player (one signed in, or carried over by a code)."""
    player_id = name.removeprefix(PREFIX)
    if not name.startswith(PREFIX) or not _ID.fullmatch(player_id):
        raise ValueError(f"not a web player's name: {name!r}")
    return f"{player_id}.{_signature(secret, player_id)}"


@dataclass
class Switch:
    """An endpoint's answer that makes this browser play as `player` from now on (None: a new
    anonymous player, as after signing out)."""

    player: str | None
    body: Any
