"""Accounts: a player's passkeys and transfer codes. Every rule (one use, expiry, who may use
which player, counts that must grow) is a stored procedure (sql/accounts/); this module calls
them. Checking an authenticator's signature is the front end's part (wordle_db.web.accounts)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db


def challenge(
    conn: Connection, player: str | None, purpose: str, value: str, generation: int | None = None
) -> None:
    """Record a challenge (base64url) for 'register' (player's) or 'sign in' (player None).
    `generation` (here and below): the caller's session generation, refused (WD096) if it has
    ended; None: not checked."""
    db.call(conn, "wordle_passkey_challenge", player, generation, purpose, value)


def add(
    conn: Connection,
    player: str,
    challenge: str,
    credential: bytes,
    public_key: bytes,
    sign_count: int,
    label: str,
    generation: int | None = None,
) -> dict[str, Any]:
    """Add a verified passkey: {label, passkeys, generation: the player's session generation,
    a new one when this is its first passkey (the sign-up)}."""
    return db.call_one(
        conn,
        "wordle_passkey_add",
        player,
        generation,
        challenge,
        credential,
        public_key,
        sign_count,
        label,
    )


def key(conn: Connection, credential: bytes) -> dict[str, Any]:
    """{public_key, sign_count} of a passkey whose player this account may use."""
    return db.call_one(conn, "wordle_passkey_key", credential)


def signed_in_session(
    conn: Connection, challenge: str, credential: bytes, sign_count: int
) -> dict[str, Any]:
    """Record a verified sign-in: {player to play as, its session generation}."""
    return db.call_one(conn, "wordle_passkey_signed_in", challenge, credential, sign_count)


def signed_in(conn: Connection, challenge: str, credential: bytes, sign_count: int) -> str:
    """Record a verified sign-in; the player to play as."""
    return str(signed_in_session(conn, challenge, credential, sign_count)["player"])


def passkeys(conn: Connection, player: str) -> list[dict[str, Any]]:
    """The player's passkeys: id, label, created_at, last_used_at."""
    return db.call(conn, "wordle_passkeys", player)


def remove(
    conn: Connection, player: str, passkey: str, generation: int | None = None
) -> dict[str, Any]:
    """Remove a passkey: {passkeys left, generation: the player's new session generation}."""
    return db.call_one(conn, "wordle_passkey_remove", player, generation, passkey)


def generation(conn: Connection, player: str) -> int:
    """The player's session generation (0 until it signs up; one more on every sign-up,
    passkey removal and sign-out everywhere)."""
    return int(db.call_one(conn, "wordle_session_generation", player)["generation"])


def sign_out_everywhere(conn: Connection, player: str, generation: int | None = None) -> int:
    """End every session of the player: its new session generation."""
    return int(db.call_one(conn, "wordle_sign_out_everywhere", player, generation)["generation"])


def transfer_code(conn: Connection, player: str, generation: int | None = None) -> dict[str, Any]:
    """A one-time code for another device: {code, expires_at}."""
    return db.call_one_out(conn, "wordle_transfer_code", player, generation)


def redeem_session(conn: Connection, code: str) -> dict[str, Any]:
    """Use up a transfer code: {player it carries, its session generation}."""
    return db.call_one(conn, "wordle_transfer_redeem", code)


def redeem(conn: Connection, code: str) -> str:
    """The player a transfer code carries (the code is used up)."""
    return str(redeem_session(conn, code)["player"])
