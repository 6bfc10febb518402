"""Accounts on the page: sign up and sign in with a passkey (WebAuthn), sign out, and carry a
player to another device with a one-time code.

The account is the browser's player itself: signing up gives that player a passkey, so its
games, statistics and streaks are the account's at once, never merged into another's. Signing
in elsewhere makes that browser play as the account's player (its own anonymous games stay
with its old anonymous player). This module checks the authenticator's signatures with the
`webauthn` package against the page's own origin; the database keeps the passkeys and decides
the rest (wordle_db.accounts, sql/accounts/).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import webauthn
from sqlalchemy.engine import Connection
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, parse_client_data_json
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

if TYPE_CHECKING:
    from wordle_db.web.app import Web


from wordle_db import accounts
from wordle_db.web import openapi, players
from wordle_db.web.http import HTTPError, text_field

RP_NAME = "wordle-db"


def _site(request: Request) -> tuple[str, str]:
    """(relying party id, origin): the host the page was loaded from (serve answers only its
    allowed hosts, so a rebound DNS name never gets here)."""
    host = request.headers.get("host", "")
    return host.rsplit(":", 1)[0] if not host.endswith(
        "]"
    ) else host, f"{request.url.scheme}://{host}"


def _credential(data: dict[str, Any]) -> tuple[dict[str, Any], str, bytes]:
    """The browser's credential (as PublicKeyCredential.toJSON() gives it), the challenge its
    client data names, and its raw id."""
    credential = data.get("credential")
    response = credential.get("response") if isinstance(credential, dict) else None
    if (
        not isinstance(credential, dict)
        or not isinstance(credential.get("rawId"), str)
        or not isinstance(response, dict)
        or not isinstance(response.get("clientDataJSON"), str)
    ):
        raise HTTPError(
            400, "credential must be the passkey's answer (an object with rawId and response)"
        )
    try:
        client = parse_client_data_json(base64url_to_bytes(response["clientDataJSON"]))
        raw_id = base64url_to_bytes(credential["rawId"])
    except (KeyError, TypeError, ValueError, WebAuthnException) as exc:
        raise HTTPError(422, "credential is not a passkey's answer") from exc
    return credential, bytes_to_base64url(client.challenge), raw_id


def _switch_to(session: dict[str, Any], body: dict[str, Any]) -> players.Switch:
    """This browser plays as session's player, with a cookie of its current generation."""
    player = str(session["player"])
    if not player.startswith(players.PREFIX):
        raise HTTPError(403, "that account is not a player of this page")
    return players.Switch(player, body, int(session["generation"]))


def _renewed(name: str, row: dict[str, Any]) -> players.Switch:
    """The answer of a change that started a new session generation (sign-up, a passkey
    removed, sign-out everywhere): this browser stays signed in with a cookie of the new
    generation; every other cookie of the player stops working. The body without it."""
    body = {k: v for k, v in row.items() if k != "generation"}
    return players.Switch(name, body, int(row["generation"]))


def routes(web: Web) -> list[Route]:
    """The routes, through the app's `Web._run` (player cookie, CSRF, rate limit)."""

    def post(work: Callable[[Connection, str, int, dict[str, Any], Request], Any]) -> Any:
        """An account's POST: work(conn, player, session generation, body, request)."""

        async def endpoint(request: Request) -> Response:
            return await web._run(
                request, lambda c, n, g, d: work(c, n, g, d, request), post=True, session=True
            )

        return endpoint

    async def account(request: Request) -> Response:
        def work(conn: Connection, name: str, data: dict[str, Any]) -> Any:
            keys = accounts.passkeys(conn, name)
            return {"signed_up": bool(keys), "passkeys": keys}

        return await web._run(request, work)

    def register_options(
        conn: Connection, name: str, generation: int, data: dict[str, Any], request: Request
    ) -> Any:
        rp_id, _ = _site(request)
        challenge = secrets.token_bytes(32)
        accounts.challenge(conn, name, "register", bytes_to_base64url(challenge), generation)
        options = webauthn.generate_registration_options(
            rp_id=rp_id,
            rp_name=RP_NAME,
            user_id=name.encode(),
            user_name=_handle(name),
            challenge=challenge,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
        )
        return json.loads(webauthn.options_to_json(options))

    def register(
        conn: Connection, name: str, generation: int, data: dict[str, Any], request: Request
    ) -> Any:
        rp_id, origin = _site(request)
        credential, challenge, _ = _credential(data)
        label = text_field(data, "label") if data.get("label") else "passkey"
        try:
            verified = webauthn.verify_registration_response(
                credential=credential,
                expected_challenge=base64url_to_bytes(challenge),
                expected_rp_id=rp_id,
                expected_origin=origin,
            )
        except (WebAuthnException, KeyError, TypeError, ValueError) as exc:
            raise HTTPError(422, f"the passkey was not accepted: {exc}") from exc
        return _renewed(
            name,
            accounts.add(
                conn,
                name,
                challenge,
                verified.credential_id,
                verified.credential_public_key,
                verified.sign_count,
                label[:40],
                generation,
            ),
        )

    def sign_in_options(
        conn: Connection, name: str, generation: int, data: dict[str, Any], request: Request
    ) -> Any:
        rp_id, _ = _site(request)
        challenge = secrets.token_bytes(32)
        accounts.challenge(conn, None, "sign in", bytes_to_base64url(challenge))
        options = webauthn.generate_authentication_options(
            rp_id=rp_id,
            challenge=challenge,
            user_verification=UserVerificationRequirement.PREFERRED,
        )
        return json.loads(webauthn.options_to_json(options))

    def sign_in(
        conn: Connection, name: str, generation: int, data: dict[str, Any], request: Request
    ) -> Any:
        rp_id, origin = _site(request)
        credential, challenge, raw_id = _credential(data)
        stored = accounts.key(conn, raw_id)
        try:
            verified = webauthn.verify_authentication_response(
                credential=credential,
                expected_challenge=base64url_to_bytes(challenge),
                expected_rp_id=rp_id,
                expected_origin=origin,
                credential_public_key=stored["public_key"],
                credential_current_sign_count=stored["sign_count"],
            )
        except (WebAuthnException, KeyError, TypeError, ValueError) as exc:
            raise HTTPError(403, f"the passkey's signature was not accepted: {exc}") from exc
        session = accounts.signed_in_session(conn, challenge, raw_id, verified.new_sign_count)
        return _switch_to(session, {"signed_in": True})

    def sign_out(
        conn: Connection, name: str, generation: int, data: dict[str, Any], request: Request
    ) -> Any:
        return players.Switch(None, {"signed_in": False})

    def sign_out_everywhere(
        conn: Connection, name: str, generation: int, data: dict[str, Any], request: Request
    ) -> Any:
        new = accounts.sign_out_everywhere(conn, name, generation)
        return _renewed(name, {"signed_out_elsewhere": True, "generation": new})

    def remove(
        conn: Connection, name: str, generation: int, data: dict[str, Any], request: Request
    ) -> Any:
        return _renewed(name, accounts.remove(conn, name, text_field(data, "id")[:64], generation))

    def transfer(
        conn: Connection, name: str, generation: int, data: dict[str, Any], request: Request
    ) -> Any:
        return accounts.transfer_code(conn, name, generation)

    def redeem(
        conn: Connection, name: str, generation: int, data: dict[str, Any], request: Request
    ) -> Any:
        return _switch_to(
            accounts.redeem_session(conn, text_field(data, "code")[:64]), {"signed_in": True}
        )

    return [
        Route("/api/account", account),
        Route("/api/account/register/options", post(register_options), methods=["POST"]),
        Route("/api/account/register", post(register), methods=["POST"]),
        Route("/api/account/sign-in/options", post(sign_in_options), methods=["POST"]),
        Route("/api/account/sign-in", post(sign_in), methods=["POST"]),
        Route("/api/account/sign-out", post(sign_out), methods=["POST"]),
        Route("/api/account/sign-out-everywhere", post(sign_out_everywhere), methods=["POST"]),
        Route("/api/account/passkeys/remove", post(remove), methods=["POST"]),
        Route("/api/account/transfer", post(transfer), methods=["POST"]),
        Route("/api/account/transfer/redeem", post(redeem), methods=["POST"]),
    ]


def _handle(name: str) -> str:
    """The name a passkey manager shows: the page's name and a short part of the player id."""
    return f"{RP_NAME} {name.removeprefix(players.PREFIX)[:8]}"


CREDENTIAL = {
    "type": "object",
    "description": "PublicKeyCredential.toJSON() of the passkey",
    "required": ["rawId", "response"],
    "properties": {
        "rawId": {"type": "string", "description": "base64url"},
        "response": {
            "type": "object",
            "required": ["clientDataJSON"],
            "properties": {"clientDataJSON": {"type": "string", "description": "base64url"}},
        },
    },
}
REFUSALS = {
    "403": {"description": "a signature not accepted, a passkey copied (WD093)"},
    "404": {"description": "an unknown passkey (WD090) or transfer code (WD092)"},
    "409": {
        "description": "a used or expired challenge (WD091), a passkey registered already (WD095)"
    },
    "422": {
        "description": "not a passkey's answer, a bad passkey or label, or one too many (WD094)"
    },
}


def _op(summary: str, fields: dict[str, Any] | None = None, required: tuple[str, ...] = ()) -> Any:
    return openapi.post(summary, fields, required, REFUSALS)


PATHS: dict[str, Any] = {
    "/api/account": openapi.get(
        "this browser's player: {signed_up, passkeys: [{id, label, created_at, last_used_at}]}", []
    ),
    "/api/account/register/options": _op("options for navigator.credentials.create()"),
    "/api/account/register": _op(
        "add the passkey created with those options to this player: {label, passkeys}; the "
        "first one (sign-up) ends every other session of the player (the cookie changes)",
        {
            "credential": CREDENTIAL,
            "label": openapi.nullable(
                {"type": "string"},
                "a name for the passkey (its first 40 characters); null, empty or absent: passkey",
            ),
        },
        ("credential",),
    ),
    "/api/account/sign-in/options": _op("options for navigator.credentials.get()"),
    "/api/account/sign-in": _op(
        "sign in with a passkey: this browser plays as its player from now on (the cookie changes)",
        {"credential": CREDENTIAL},
        ("credential",),
    ),
    "/api/account/sign-out": _op("sign out: this browser gets a new anonymous player"),
    "/api/account/sign-out-everywhere": _op(
        "end every other session of this player: its other browsers and devices (and copies "
        "of this browser's cookie) get new anonymous players; this browser stays signed in "
        "(the cookie changes): {signed_out_elsewhere}"
    ),
    "/api/account/passkeys/remove": _op(
        "remove a passkey by its id: every other session of the player ends (the cookie "
        "changes): {passkeys}",
        {"id": {"type": "string", "description": "the passkey's id (GET /api/account)"}},
        ("id",),
    ),
    "/api/account/transfer": _op(
        "a one-time code (15 minutes) to carry this player to another device: {code, expires_at}"
    ),
    "/api/account/transfer/redeem": _op(
        "play as the player of a transfer code", {"code": {"type": "string"}}, ("code",)
    ),
}
