"""Requests and answers: JSON in and out, the errors as HTTP statuses, the guards on POSTs."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any

import orjson
from sqlalchemy.engine import Connection
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

from wordle_db.errors import DatabaseError, WordleError, describe

LOG = logging.getLogger("wordle_db.web")
# an endpoint's work: (connection, player name, JSON body) -> result
Work = Callable[[Connection, str, dict[str, Any]], Any]
# a work that also takes the cookie's session generation, which its calls check (WD096)
SessionWork = Callable[[Connection, str, int, dict[str, Any]], Any]
MAX_BODY = 4096  # bytes of a POST body: a guess is a few dozen
CSRF_HEADER = "x-wordle"
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
CHANNEL_CHARS = 64  # longer is no channel's name (those have 1-16): refused before the database

# SQLSTATE of the game's refusals -> HTTP status; other WD states are 400.
STATUS = {
    "WD030": 404,
    "WD031": 404,  # a future day, a day without puzzle
    "WD032": 422,
    "WD033": 422,
    "WD034": 422,
    "WD036": 422,  # the guess is refused
    "WD035": 409,
    "WD037": 409,
    "WD040": 409,
    "WD041": 409,  # not in this game's state
    "WD070": 409,  # no analysis before the game is over
    "WD060": 404,  # no such channel
    "WD080": 422,
    "WD081": 422,
    "WD083": 409,
    "WD082": 404,  # leagues: names, membership,
    "WD084": 404,
    "WD086": 404,
    "WD085": 403,  # codes, creator's rights
    "WD090": 404,
    "WD091": 409,
    "WD092": 404,  # accounts: passkeys, challenges, codes,
    "WD093": 403,
    "WD094": 422,
    "WD095": 409,  # counts, bad input, taken,
    "WD096": 403,  # an ended session (the page then plays as a new player)
    "WD025": 503,  # the database stayed busy
    "WD039": 500,
    "WD012": 500,
    "WD013": 500,  # the server's account or session is wrong
}


class HTTPError(Exception):
    def __init__(
        self,
        status: int,
        message: str,
        headers: dict[str, str] | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.message, self.headers, self.code = status, message, headers or {}, code


def _plain(value: Any) -> Any:
    """What orjson does not send itself (it writes dates as ISO 8601)."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    raise TypeError(f"cannot send {type(value).__name__} as JSON")


def _valid_text(value: Any) -> Any:
    """`value` with every string's lone surrogates (which UTF-8 cannot carry) replaced by ?."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, dict):
        return {_valid_text(k): _valid_text(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_valid_text(v) for v in value]
    return value


class JSON(JSONResponse):
    def render(self, content: Any) -> bytes:
        try:
            return orjson.dumps(content, default=_plain, option=orjson.OPT_NON_STR_KEYS)
        except orjson.JSONEncodeError:  # a refusal quoting a client's lone surrogate
            return orjson.dumps(
                _valid_text(content), default=_plain, option=orjson.OPT_NON_STR_KEYS
            )


def error_response(exc: Exception) -> JSON:
    headers: dict[str, str] = {}
    if isinstance(exc, HTTPError):
        status, message, code, headers = exc.status, exc.message, exc.code, exc.headers
    elif isinstance(exc, DatabaseError) and exc.is_refusal:
        status, message, code = STATUS.get(exc.sqlstate or "", 400), describe(exc), exc.sqlstate
    elif isinstance(exc, WordleError):  # the server's own trouble: said in its log only
        LOG.warning("%s", describe(exc))
        status, message, code = 503, "the game's database failed: try again", None
    else:
        raise exc
    body: dict[str, Any] = {"error": message}
    if code:
        body["code"] = code
    return JSON(body, status_code=status, headers=headers)


def day_param(request: Request, value: Any = None) -> date | None:
    """`day` from the query string (or a JSON body's value): YYYY-MM-DD, or None for today."""
    raw = request.query_params.get("day") if value is None else value
    if raw is None:
        return None
    if not isinstance(raw, str) or not _DAY.fullmatch(raw):
        raise HTTPError(400, "day must be a date, YYYY-MM-DD")
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise HTTPError(400, f"{raw} is not a date") from None


def channel_param(request: Request, value: Any = None) -> str | None:
    """`channel` from the query string (or a JSON body's value): a channel's name, or None for
    the default channel. Whether it exists is the database's answer (WD060, a 404)."""
    raw = request.query_params.get("channel") if value is None else value
    if raw is None:
        return None
    if not isinstance(raw, str) or not raw:
        raise HTTPError(400, "channel must be a channel's name")
    if len(raw) > CHANNEL_CHARS:
        raise HTTPError(
            400, f"channel must be a channel's name (at most {CHANNEL_CHARS} characters)"
        )
    return text_field({"channel": raw}, "channel")


def flag(request: Request, name: str) -> bool:
    """A query parameter that is true or false (1 or 0); absent: false."""
    raw = request.query_params.get(name)
    if raw is None:
        return False
    if raw not in ("true", "1", "false", "0"):
        raise HTTPError(400, f"{name} must be true or false")
    return raw in ("true", "1")


def check_post(request: Request) -> None:
    """CSRF: a cross-site form cannot set a custom header nor send JSON without a preflight
    (which this server never grants), and an Origin, when sent, must be this site."""
    if request.headers.get(CSRF_HEADER) != "1":
        raise HTTPError(403, "a POST needs the header X-Wordle: 1")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPError(415, "a POST body must be application/json")
    origin = request.headers.get("origin")
    if (
        origin is not None
        and origin != f"{request.scope['scheme']}://{request.headers.get('host')}"
    ):
        raise HTTPError(403, "cross-origin request refused")
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        raise HTTPError(403, "cross-site request refused")


async def read_json(request: Request) -> dict[str, Any]:
    """The body as a JSON object, at most MAX_BODY bytes (also when no length is announced)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise HTTPError(413, f"the request body must be at most {MAX_BODY} bytes")
    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise HTTPError(413, f"the request body must be at most {MAX_BODY} bytes")
    except ClientDisconnect:  # gone before its body came: nobody reads the answer, no traceback
        raise HTTPError(400, "the request body did not arrive") from None
    if not body:
        return {}
    try:
        data = orjson.loads(body)  # UTF-8 checked; nesting deeper than 1,024 is an error too
    except orjson.JSONDecodeError:
        raise HTTPError(400, "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise HTTPError(400, "the request body must be a JSON object")
    return data


def text_field(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise HTTPError(400, f"{name} must be a string")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from a \ud800 escape
        raise HTTPError(400, f"{name} is not valid Unicode text") from None
    return value


def bool_field(data: dict[str, Any], name: str) -> bool | None:
    value = data.get(name)
    if value is not None and not isinstance(value, bool):
        raise HTTPError(400, f"{name} must be true, false or null")
    return value
