"""What `serve` needs before it listens: the cookie secret and the database account.

Both secrets live in the wordle-db data directory, readable by their owner only (0600): the
cookie secret (`web-secret`) and, for the embedded server, the password of the account the
page plays through (`web-db-password`).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path

from sqlalchemy.engine import URL

from wordle_db import db, game, roles, settings
from wordle_db.errors import DatabaseError, WordleError
from wordle_db.web.players import MIN_SECRET

SECRET_FILE = "web-secret"
PASSWORD_FILE = "web-db-password"
SECRET_ENV = "WORDLE_DB_WEB_SECRET"
WEB_ACCOUNT = "wordle_web@localhost"


def _private_file(path: Path, make: str) -> str:
    """The file's text, or `make` written to a new file that only its owner can read."""
    try:
        text = path.read_text().strip()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another serve wrote it first: use that one
            return path.read_text().strip()
        with os.fdopen(fd, "w") as out:
            out.write(make + "\n")
        return make
    if path.stat().st_mode & 0o077:
        raise WordleError(f"{path} may be read by others: chmod 600 {path}")
    return text


def load_secret(home: Path, given: str | None = None) -> bytes:
    """The operator's secret when given, else the one stored in `home` (made on first start)."""
    text = given if given is not None else _private_file(home / SECRET_FILE, secrets.token_hex(32))
    secret = text.encode()
    if len(secret) < MIN_SECRET:
        raise WordleError(f"the cookie secret must have at least {MIN_SECRET} characters")
    return secret


def embedded_account(
    admin_url: URL,
    home: Path,
    player_names: str | None = None,
    say: Callable[[str], None] = print,
    account: str = WEB_ACCOUNT,
) -> URL:
    """Set up the embedded server for the page (as its administrator, root): an account with
    wordle_player and a generated password, and setting player_names created (or
    `player_names`). Says each change before making it. The first time (no web account yet)
    it widens player_names from the default, account; later only when told (`player_names`):
    an administrator who set it back meant it. Returns the account's URL."""
    user, host = roles.account(account)
    with db.connect(admin_url) as conn:
        if not db.scalar(
            conn,
            "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE "
            "ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME = 'wordle_play'",
        ):
            raise WordleError("the database is not set up: run `wordle-db init`")
        first = not db.scalar(
            conn, "SELECT COUNT(*) FROM mysql.global_priv WHERE User = ? AND Host = ?", user, host
        )
        now = settings.get_setting(conn, "player_names")
        wanted = player_names or ("created" if now == "account" else now)
        if now == "account" and not first and player_names is None:
            raise WordleError(
                "setting player_names is account (an administrator set it back): the page "
                "plays for its players through one account and needs created; run `wordle-db "
                "serve --player-names created` to change it"
            )
        password = _private_file(home / PASSWORD_FILE, secrets.token_urlsafe(24))
        if first:
            say(
                f"creating the account {account} (role wordle_player; its password in "
                f"{home / PASSWORD_FILE})"
            )
        roles.grant(conn, "player", account, password)
        if wanted is not None and wanted != now:
            say(
                f"setting player_names from {now} to {wanted} (the page plays for its players "
                f"through {user}; `wordle-db config player_names account` undoes it)"
            )
            settings.set_setting(conn, "player_names", wanted)
    return admin_url.set(username=user, password=password)


def check_account(url: URL) -> None:
    """The account may play for the page's players: it holds wordle_player (or more) and the
    installation lets it create player names."""
    with db.connect(url) as conn:
        try:
            game.game_state(conn, f"web-{secrets.token_hex(4)}-check")
        except DatabaseError as exc:
            if exc.sqlstate == "WD039":
                raise WordleError(
                    f"{exc}: the account must play for every web player; run `wordle-db "
                    "config player_names created` as an administrator"
                ) from exc
            if exc.sqlstate in ("WD030", "WD031"):
                return
            raise
