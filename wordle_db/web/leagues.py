"""The leagues' endpoints (wordle_db.leagues): the page's player creates, joins, leaves and
reads leagues; every rule (who sees what, when) is the database's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Connection
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from wordle_db import leagues
from wordle_db.web import openapi
from wordle_db.web.http import HTTPError, SessionWork, channel_param, day_param, flag, text_field
from wordle_db.web.openapi import LONGEST, TEXT

if TYPE_CHECKING:
    from wordle_db.web.app import Web


def _text(data: dict[str, Any], name: str, optional: bool = False) -> str | None:
    if optional and data.get(name) in (None, ""):
        return None
    value = text_field(data, name)
    if len(value) > LONGEST:
        raise HTTPError(400, f"{name} must be at most {LONGEST} characters")
    return value


def routes(web: Web) -> list[Route]:
    """The routes, running through the app's `Web._run` (player cookie, CSRF, rate limit)."""

    def get(work: Callable[[Connection, str, Request], Any]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            return await web._run(request, lambda c, n, _: work(c, n, request))

        return endpoint

    def post(work: SessionWork) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:  # each change checks the generation
            return await web._run(request, work, post=True, session=True)

        return endpoint

    def mine(conn: Connection, name: str, request: Request) -> Any:
        return [
            {k: r[k] for k in ("league", "nickname", "creator", "members")}
            for r in leagues.mine(conn, name)
        ]

    def board(conn: Connection, name: str, request: Request) -> Any:
        league = _text(dict(request.query_params), "league")
        day, channel = day_param(request), channel_param(request)
        week = flag(request, "week")
        return {
            "board": leagues.board(conn, name, str(league), day, channel),
            "standings": leagues.standings(conn, name, str(league), day, week, channel),
        }

    def create(conn: Connection, name: str, generation: int, data: dict[str, Any]) -> Any:
        return leagues.create(
            conn, name, str(_text(data, "name")), _text(data, "nickname", True), generation
        )

    def join(conn: Connection, name: str, generation: int, data: dict[str, Any]) -> Any:
        return leagues.join(
            conn, name, str(_text(data, "code")), _text(data, "nickname", True), generation
        )

    def leave(conn: Connection, name: str, generation: int, data: dict[str, Any]) -> Any:
        return leagues.leave(conn, name, str(_text(data, "league")), generation)

    def remove(conn: Connection, name: str, generation: int, data: dict[str, Any]) -> Any:
        return leagues.remove(
            conn, name, str(_text(data, "league")), str(_text(data, "nickname")), generation
        )

    def code(conn: Connection, name: str, generation: int, data: dict[str, Any]) -> Any:
        return leagues.new_code(conn, name, str(_text(data, "league")), generation)

    return [
        Route("/api/leagues", get(mine)),
        Route("/api/leagues/board", get(board)),
        Route("/api/leagues/create", post(create), methods=["POST"]),
        Route("/api/leagues/join", post(join), methods=["POST"]),
        Route("/api/leagues/leave", post(leave), methods=["POST"]),
        Route("/api/leagues/remove", post(remove), methods=["POST"]),
        Route("/api/leagues/code", post(code), methods=["POST"]),
    ]


NAME = {**TEXT, "minLength": 1, "maxLength": LONGEST}
LEAGUE_FIELD = {**NAME, "description": "the name of one of your leagues"}
NICKNAME_FIELD = openapi.nullable(
    {**TEXT, "maxLength": LONGEST}, "your nickname in the league; null, empty or absent: player N"
)
REFUSALS = {
    "403": {"description": "not the league's creator (WD085)"},
    "404": {
        "description": "no such league of yours (WD082), no league has that code (WD084), "
        "no such member (WD086)"
    },
    "409": {"description": "you are in a league of that name already (WD083)"},
    "422": {"description": "a bad league name (WD080) or nickname (WD081)"},
}
PATHS: dict[str, Any] = {
    "/api/leagues": openapi.get("your leagues: league, nickname, creator, members", []),
    "/api/leagues/board": openapi.get(
        "a league's board of a day (others' results once your game of that day is over) and "
        "standings (week=true: the week's)",
        [
            openapi.parameter("league", NAME, "the league's name", True),
            openapi.DAY_PARAMETER,
            openapi.parameter("week", {"type": "boolean"}, "true (or 1): the week's standings"),
            openapi.CHANNEL_PARAMETER,
        ],
        {
            "404": {
                "description": "no such league of yours (WD082), a future day, or no such "
                "channel (WD030, WD060)"
            }
        },
    ),
    "/api/leagues/create": openapi.post(
        "create a league: {league, nickname, code}",
        {"name": NAME, "nickname": NICKNAME_FIELD},
        ("name",),
        REFUSALS,
    ),
    "/api/leagues/join": openapi.post(
        "join with a code: {league, nickname, members}",
        {"code": NAME, "nickname": NICKNAME_FIELD},
        ("code",),
        REFUSALS,
    ),
    "/api/leagues/leave": openapi.post(
        "leave a league", {"league": LEAGUE_FIELD}, ("league",), REFUSALS
    ),
    "/api/leagues/remove": openapi.post(
        "remove a member (the creator only)",
        {"league": LEAGUE_FIELD, "nickname": NAME},
        ("league", "nickname"),
        REFUSALS,
    ),
    "/api/leagues/code": openapi.post(
        "a new join code (the creator only)", {"league": LEAGUE_FIELD}, ("league",), REFUSALS
    ),
}
