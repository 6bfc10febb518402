"""The ASGI app: the page, its static files and a JSON API over the game's procedures.

Every answer about a game comes from the same routines the CLI calls (wordle_db.game); this
module only finds out who the player is, checks the request's shape and passes results on.
"""

from __future__ import annotations

import http.cookies
import inspect
import mimetypes
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlalchemy.engine import URL, Connection
from starlette.applications import Starlette
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.types import Message, Receive, Scope, Send

from wordle_db import accounts, analysis, channels, db, game
from wordle_db.errors import DatabaseError, WordleError
from wordle_db.web import accounts as web_accounts
from wordle_db.web import health, hosts, install, openapi, players, pool
from wordle_db.web import leagues as web_leagues
from wordle_db.web.http import (
    JSON,
    HTTPError,
    SessionWork,
    Work,
    bool_field,
    channel_param,
    check_post,
    day_param,
    error_response,
    read_json,
    text_field,
)
from wordle_db.web.limits import RateLimit
from wordle_db.web.metrics import Metrics
from wordle_db.web.pool import Pool
from wordle_db.web.workers import Workers

STATIC = Path(__file__).parent / "static"
T = TypeVar("T")
mimetypes.add_type("application/manifest+json", ".webmanifest")  # the page's install manifest
# what /api/channels tells of a channel (never a word, nor how many answers are left)
CHANNEL_FIELDS = (
    "name",
    "language",
    "letters",
    "max_tries",
    "letter_hints",
    "is_default",
    "number",
    "today",
)
KNOWN_HOSTS = 256  # allowed Host names remembered as checked
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; "
        b"frame-ancestors 'none'; form-action 'none'; base-uri 'none'",
    ),
]


@dataclass
class Settings:
    secret: bytes
    guesses_per_minute: float = 30
    guess_burst: int = 20
    allowed_hosts: tuple[str, ...] = hosts.default_hosts("127.0.0.1")


def _cookie_values(request: Request, name: str) -> list[str]:
    """The values of every cookie called `name` the request sends, read as Starlette reads
    them (request.cookies keeps only the last of one name)."""
    values = []
    for chunk in request.headers.get("cookie", "").split(";"):
        key, equals, value = chunk.partition("=")
        if equals and key.strip() == name:
            values.append(http.cookies._unquote(value.strip()))  # as starlette's cookie_parser
    return values


class Web:
    """The endpoints, with what they share: the pool, the secret and the rate limit."""

    def __init__(self, url: URL, settings: Settings) -> None:
        self.pool = Pool(url)
        self.settings = settings
        self.limit = RateLimit(settings.guesses_per_minute, settings.guess_burst)
        self.metrics = Metrics(self.pool.idle_count, lambda: self.pool.busy)
        self.generations = players.Generations()
        # the blocking database calls: one thread per pooled connection
        self.threads = Workers(pool.IDLE, "wordle-db")

    def _player(self, request: Request, https: bool) -> tuple[str, int | None, str | None]:
        """The player this request's cookie proves, else a new one: (name, the cookie's
        session generation, still to check against the database (None for a new player), cookie
        to set or None). Of several cookies of one name, one counts only when it is the only
        valid one (a sibling subdomain may have planted the others). Over https the prefixed
        cookie (players.HOST_COOKIE); when no prefixed value proves a session (none sent, or
        forged), an unprefixed cookie of before the prefix, to be set again prefixed."""
        secret = self.settings.secret
        unprefixed = players.sessions(secret, _cookie_values(request, players.COOKIE), False)
        if not https:
            session = players.one_session(unprefixed)
        elif prefixed := players.sessions(
            secret, _cookie_values(request, players.HOST_COOKIE), True
        ):
            session = players.one_session(prefixed)
        elif older := players.one_session(unprefixed):
            name, generation = older
            return name, generation, players.cookie_for(secret, name, generation, True)
        else:
            session = None
        if session is not None:
            return session[0], session[1], None
        cookie, name = self._new_player(https)
        return name, None, cookie

    def _new_player(self, https: bool) -> tuple[str, str]:
        """A new player's (cookie, name). Its session generation is 0 (nobody else has its
        random id), remembered as read: its next request reads nothing to check its cookie."""
        cookie, name = players.new_cookie(self.settings.secret, https)
        self.generations.put(name, 0)
        return cookie, name

    def _current(self, conn: Connection, name: str, generation: int) -> bool:
        """Whether a cookie of `generation` is of the player's current session generation
        (read through wordle_session_generation, trusted for players.CACHE_SECONDS). A cookie
        newer than what this process remembers (changed through another process) reads again."""
        known = self.generations.get(name)
        if known is None or generation > known:
            try:
                known = accounts.generation(conn, name)
            except DatabaseError as exc:
                if exc.sqlstate not in ("WD038", "WD039"):  # a player this account may not use
                    raise
                return False
            self.generations.put(name, known)
        return generation == known

    async def _run(
        self,
        request: Request,
        work: Work | SessionWork,
        post: bool = False,
        costly: bool = False,
        session: bool = False,
    ) -> Response:
        """Check a POST (CSRF, rate limit, body), find the player, run `work` in a thread with
        a connection, and answer its result or its error as JSON. A `costly` GET takes a token
        of the rate limit as a POST does. A `session` work (SessionWork) also gets the session
        generation of the cookie, which its calls check in their own transactions: an ended
        session (WD096, whatever this process cached) gets a new player's cookie."""
        cookie = None
        endpoint, started = request.scope["path"], time.perf_counter()
        https = request.scope["scheme"] == "https"
        try:
            data: dict[str, Any] = {}
            if post:
                check_post(request)
            if post or costly:
                wait = self.limit.take(request.client.host if request.client else "")
                if wait:
                    self.metrics.limited.inc()
                    raise HTTPError(
                        429,
                        "too many requests: wait a moment",
                        headers={"retry-after": str(max(1, round(wait)))},
                    )
            if post:
                data = await read_json(request)
            name, generation, cookie = self._player(request, https)
            result, new = await self.blocking(
                self._call, work, name, generation, data, endpoint, session, https
            )
            cookie = new or cookie
            if isinstance(result, players.Switch):  # signed in, out, or carried over
                if result.player is None:
                    cookie = self._new_player(https)[0]
                else:
                    cookie = players.cookie_for(
                        self.settings.secret, result.player, result.generation, https
                    )
                    self.generations.put(result.player, result.generation)
                result = result.body
            response: Response = JSON(result)
        except (HTTPError, WordleError) as exc:
            response = error_response(exc)
            cookie = getattr(exc, "new_cookie", None) or cookie
            code = getattr(exc, "code", None) or getattr(exc, "sqlstate", None)
            if code and str(code).startswith("WD"):
                self.metrics.refusals.labels(code).inc()
            if code == "WD096":  # the session ended: as a stale cookie, a new player
                cookie = self._new_player(https)[0]
                self.generations.forget(name)
        if cookie:
            response.set_cookie(
                players.HOST_COOKIE if https else players.COOKIE,
                cookie,
                max_age=players.MAX_AGE,
                path="/",
                httponly=True,
                samesite="strict",
                secure=https,
            )
            if https and players.COOKIE in request.cookies:  # replaced by the prefixed one
                response.delete_cookie(players.COOKIE, path="/", secure=True, httponly=True)
        response.headers["cache-control"] = "no-store"
        self.metrics.requests.labels(endpoint, str(response.status_code)).observe(
            time.perf_counter() - started
        )
        return response

    async def blocking(self, call: Callable[..., T], *args: Any) -> T:
        """`call(*args)` in one of the threads of the database calls (the event loop goes on
        meanwhile)."""
        return await self.threads.run(call, *args)

    def _call(
        self,
        work: Work | SessionWork,
        name: str,
        generation: int | None,
        data: dict[str, Any],
        endpoint: str,
        session: bool = False,
        https: bool = False,
    ) -> tuple[Any, str | None]:
        """`work`'s result, and the cookie of a new player when the request's cookie was of
        an ended session generation (a stale cookie is as a forged one: a new anonymous
        player, never an error)."""
        cookie = None
        with self.metrics.database.labels(endpoint).time(), self.pool.connection() as conn:
            if generation is not None and not self._current(conn, name, generation):
                cookie, name = self._new_player(https)
                generation = None
            try:
                if session:  # a new player's generation is 0
                    return cast(SessionWork, work)(conn, name, generation or 0, data), cookie
                return cast(Work, work)(conn, name, data), cookie
            except (HTTPError, WordleError) as exc:
                exc.new_cookie = cookie  # type: ignore[union-attr]  # the refusal keeps it
                raise

    # the endpoints: each a `work(conn, player name, JSON body)`; `channel` (query parameter
    # of a GET, field of a POST's body) chooses the channel, absent: the default one

    async def channels(self, request: Request) -> Response:
        def work(conn: Connection, name: str, data: dict[str, Any]) -> list[dict[str, Any]]:
            return [{k: row[k] for k in CHANNEL_FIELDS} for row in channels.listed_channels(conn)]

        return await self._run(request, work)

    async def today(self, request: Request) -> Response:
        def work(conn: Connection, name: str, data: dict[str, Any]) -> dict[str, Any]:
            channel = _channel(request)
            state = game.game_state(conn, name, None, channel)
            state["next_puzzle_in"] = db.scalar(conn, "SELECT wordle_next_puzzle_on(?)", channel)
            return state

        return await self._run(request, work)

    async def game(self, request: Request) -> Response:
        return await self._run(
            request, lambda conn, name, _: _whole(conn, name, _day(request), _channel(request))
        )

    async def board(self, request: Request) -> Response:
        return await self._run(
            request, lambda conn, name, _: game.board(conn, name, _day(request), _channel(request))
        )

    async def keyboard(self, request: Request) -> Response:
        return await self._run(
            request, lambda conn, name, _: _keys(conn, name, _day(request), _channel(request))
        )

    async def guess(self, request: Request) -> Response:
        def work(
            conn: Connection, name: str, generation: int, data: dict[str, Any]
        ) -> dict[str, Any]:
            word, day = text_field(data, "word"), day_param(request, data.get("day"))
            hard, channel = bool_field(data, "hard"), channel_param(request, data.get("channel"))
            # the page adds the row; the keyboard comes with it, in the same call
            result, keys = game.play_with_keyboard(conn, name, word, day, hard, channel, generation)
            self.metrics.guessed(channel, result["state"])
            return {"result": result, "keyboard": _key_rows(keys)}

        return await self._run(request, work, post=True, session=True)

    async def hint(self, request: Request) -> Response:
        def work(
            conn: Connection, name: str, generation: int, data: dict[str, Any]
        ) -> dict[str, Any]:
            day = day_param(request, data.get("day"))
            channel = channel_param(request, data.get("channel"))
            return {
                "hint": game.reveal_letter(conn, name, day, channel, generation),
                **_whole(conn, name, day, channel),
            }

        return await self._run(request, work, post=True, session=True)

    async def stats(self, request: Request) -> Response:
        def work(conn: Connection, name: str, data: dict[str, Any]) -> dict[str, Any]:
            row = game.stats(conn, name, _channel(request))
            row["distribution"] = [
                {"attempts": k, "games": v} for k, v in row["distribution"].items()
            ]
            return row

        return await self._run(request, work)

    async def share(self, request: Request) -> Response:
        return await self._run(
            request,
            lambda conn, name, _: {
                "text": game.share(conn, name, _day(request), _channel(request))
            },
        )

    async def analysis(self, request: Request) -> Response:
        """The analysis of this player's game of the day, once it is over (WD070's 409 before).
        It costs the database a guess's hundred times: a token of the rate limit, as a guess."""
        return await self._run(
            request,
            lambda conn, name, _: analysis.analyse(conn, name, _day(request), _channel(request)),
            costly=True,
        )

    async def archive(self, request: Request) -> Response:
        """The channel's past days (newest first) with this player's state in each: never
        their words, which /api/game gives once that day's game is over."""

        def work(conn: Connection, name: str, data: dict[str, Any]) -> list[dict[str, Any]]:
            channel = _channel_name(conn, _channel(request))
            days = db.query(
                conn,
                "SELECT day, number FROM past_puzzles WHERE channel = ? ORDER BY day DESC",
                channel,
            )
            states = {
                r["day"]: r["state"]
                for r in db.query(
                    conn,
                    "SELECT day, state FROM my_games WHERE player = ? AND channel = ?",
                    name,
                    channel,
                )
            }
            return [{**d, "state": states.get(d["day"], "new")} for d in days]

        return await self._run(request, work)


def _day(request: Request) -> date | None:
    return day_param(request)


def _channel(request: Request) -> str | None:
    return channel_param(request)


def _channel_name(conn: Connection, channel: str | None) -> str:
    """The name of the channel `channel` names (None: the default one), or WD060's 404."""
    rows = channels.listed_channels(conn)
    for row in rows:
        if row["name"] == channel or (channel is None and row["is_default"]):
            return str(row["name"])
    known = ", ".join(row["name"] for row in rows)
    raise HTTPError(
        404, f"there is no channel '{(channel or '')[:40]}' (known: {known})", code="WD060"
    )


def _keys(
    conn: Connection, name: str, day: date | None, channel: str | None
) -> list[dict[str, str]]:
    return _key_rows(game.keyboard(conn, name, day, channel))


def _key_rows(keys: list[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"letter": k, "state": s} for k, s in keys]


def _whole(conn: Connection, name: str, day: date | None, channel: str | None) -> dict[str, Any]:
    """A game as the page shows it: its state, its attempts and the keyboard."""
    state = game.game_state(conn, name, day, channel)
    return {
        "game": state,
        "attempts": game.board(conn, name, state["day"], channel),
        "keyboard": _keys(conn, name, state["day"], channel),
    }


class App:
    """The ASGI app: one pass over every request. The Host is checked (hosts.py), the
    security headers go on every HTTP answer, and an API route (a literal /api/ path and its
    method) is called directly: no middleware stack, no route table tried in turn. Anything
    else (the page, its files, a 404 or 405, the lifespan) goes to `app`, the Starlette app,
    with gzip for the page's files (install.py)."""

    def __init__(self, app: Starlette, allowed_hosts: tuple[str, ...]) -> None:
        self.app, self.hosts = app, allowed_hosts
        self.gzip = GZipMiddleware(app, minimum_size=500, compresslevel=6)
        self.api: dict[str, dict[str, Callable[[Request], Awaitable[Response]]]] = {}
        for route in app.routes:
            if not isinstance(route, Route) or not route.methods or "{" in route.path:
                continue
            if route.path.startswith("/api/") and inspect.iscoroutinefunction(route.endpoint):
                self.api[route.path] = {method: route.endpoint for method in route.methods}
        self.known_hosts: set[str] = set()  # allowed names seen (at most KNOWN_HOSTS)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):  # the lifespan
            return await self.app(scope, receive, send)
        if not self._allowed(hosts.requested(scope)):
            return await hosts.refuse(scope, _with_headers(send))
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        endpoint = self.api.get(scope["path"], {}).get(scope["method"])
        if endpoint is None:
            app = self.app if scope["path"].startswith("/api/") else self.gzip
            return await app(scope, receive, _with_headers(send))
        try:
            response = await endpoint(Request(scope, receive))
        except Exception:  # as Starlette's ServerErrorMiddleware: a 500, uvicorn logs why
            response = PlainTextResponse("Internal Server Error", status_code=500)
            response.raw_headers += SECURITY_HEADERS
            await response(scope, receive, send)
            raise
        response.raw_headers += SECURITY_HEADERS
        await response(scope, receive, send)

    def _allowed(self, name: str) -> bool:
        if name in self.known_hosts:
            return True
        if not hosts.allowed(name, self.hosts):
            return False
        if len(self.known_hosts) < KNOWN_HOSTS:
            self.known_hosts.add(name)
        return True


def _with_headers(send: Send) -> Send:
    """`send` with the security headers added to the answer's start."""

    async def add(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
        await send(message)

    return add


def create_app(url: URL, settings: Settings) -> App:
    web = Web(url, settings)
    assets = install.Assets(STATIC)

    async def schema(request: Request) -> Response:
        return JSON(openapi.description())

    async def api_docs(request: Request) -> Response:
        return FileResponse(STATIC / "api-docs.html", headers={"cache-control": "no-cache"})

    async def favicon(request: Request) -> Response:
        return FileResponse(
            STATIC / "icons" / "icon-192.png",
            media_type="image/png",
            headers={"cache-control": "max-age=86400"},
        )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        web.threads.close()  # a call still running ends with its connection
        web.pool.close()

    routes = [  # /api/ routes are found directly (App); the others tried in order
        Route("/api/guess", web.guess, methods=["POST"]),
        Route("/api/today", web.today),
        Route("/api/channels", web.channels),
        Route("/api/game", web.game),
        Route("/api/board", web.board),
        Route("/api/keyboard", web.keyboard),
        Route("/api/hint", web.hint, methods=["POST"]),
        Route("/api/stats", web.stats),
        Route("/api/share", web.share),
        Route("/api/archive", web.archive),
        Route("/api/analysis", web.analysis),
        Route("/api/openapi.json", schema),
        Route("/api/docs", api_docs),
        Route("/favicon.ico", favicon),
        *health.routes(web),
        *web_leagues.routes(web),
        *web_accounts.routes(web),
        *install.routes(assets),
        Mount("/static", install.Files(assets), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.web = web
    return App(app, settings.allowed_hosts)
