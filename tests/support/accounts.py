"""Accounts as the web front end drives them: front-end database accounts by role, passkeys
(in software, and as the database keeps them) and players signed up through the API."""

from __future__ import annotations

import hashlib
import json
import os
import struct
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import cbor2
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy.engine import URL, Connection
from starlette.testclient import TestClient
from webauthn.helpers import bytes_to_base64url

from wordle_db import accounts, db, roles, settings
from wordle_db.web import players

from support.web import POST
from support.web import SECRET as API_SECRET

KEY = b"\x02" * 77  # a COSE public key's size; the database keeps it as given


C1, C2, C3 = b"\x01" * 16, b"\x05" * 32, b"\x07" * 64  # credential ids


def challenge(n: int) -> str:
    return f"challenge{n:03d}".ljust(43, "A")  # 32 bytes in base64url


@pytest.fixture
def front_urls(conn: Connection, db_url: URL) -> Iterator[Callable[[str], URL]]:
    """New accounts by role, as front ends have them (player_names 'created': each plays only
    the players it created), as URLs to connect with."""
    settings.set_setting(conn, "player_names", "created")
    made: list[str] = []

    def account(role: str) -> URL:
        user, password = f"acc_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
        roles.grant(conn, role, f"{user}@localhost", password)
        made.append(user)
        return db_url.set(username=user, password=password)

    yield account
    for user in made:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")


@pytest.fixture
def fronts(front_urls: Callable[[str], URL]) -> Iterator[Callable[[str], Connection]]:
    """The same accounts, connected."""
    with ExitStack() as stack:
        yield lambda role: stack.enter_context(db.connect(front_urls(role)))


def sign_up(conn: Connection, player: str, credential: bytes, n: int) -> dict[str, Any]:
    accounts.challenge(conn, player, "register", challenge(n))
    return accounts.add(conn, player, challenge(n), credential, KEY, 0, "phone")


def passkey_id(credential: bytes) -> str:
    """The id wordle_passkeys shows for a credential."""
    return hashlib.sha256(credential).hexdigest()[:16]


class SoftAuthenticator:
    """A passkey in software (ES256, 'none' attestation): what a browser's authenticator
    answers, for plain HTTP tests."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = os.urandom(32)

    def _client(self, kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin}).encode()

    def create(self, options: dict, origin: str) -> dict:
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps(
            {
                1: 2,
                3: -7,
                -1: 1,
                -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big"),
            }
        )
        data = (
            hashlib.sha256(options["rp"]["id"].encode()).digest()
            + b"\x45"
            + b"\0" * 20
            + struct.pack(">H", len(self.id))
            + self.id
            + cose
        )
        client_data = self._client("webauthn.create", options["challenge"], origin)
        return {
            "id": bytes_to_base64url(self.id),
            "rawId": bytes_to_base64url(self.id),
            "type": "public-key",
            "clientExtensionResults": {},
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data),
                "attestationObject": bytes_to_base64url(
                    cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": data})
                ),
            },
        }


def signed_up_player(client: TestClient) -> str:
    """A player signed up with a passkey through the API (after a first guess); its name."""
    assert client.post("/api/guess", json={"word": "slate"}, headers=POST).status_code == 200
    options = client.post("/api/account/register/options", json={}, headers=POST).json()
    signed_up = client.post(
        "/api/account/register",
        headers=POST,
        json={
            "credential": SoftAuthenticator().create(options, "http://testserver"),
            "label": "pc",
        },
    )
    assert signed_up.status_code == 200, signed_up.text
    name = players.player_of(API_SECRET, client.cookies.get(players.COOKIE))
    assert name is not None
    return name


@contextmanager
def held_player_row(db_url: URL, name: str) -> Iterator[None]:
    """An administrator's transaction holding player `name`'s row, as a bump (or a call
    interrupted by KILL QUERY inside one) does."""
    with db.connect(db_url) as holder:
        player = db.scalar(holder, "SELECT id FROM players WHERE name = ?", name)
        holder.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
        holder.exec_driver_sql("START TRANSACTION")  # the row by its key, no gap: as a bump
        db.query(holder, "SELECT id FROM players WHERE id = ? FOR UPDATE", player)
        try:
            yield
        finally:
            holder.exec_driver_sql("ROLLBACK")
