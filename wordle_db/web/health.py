"""Health for operators and orchestrators: /healthz (the process answers) and /readyz (the
database answers through the page's own account, the schema is the latest migration, and
today's puzzle of every channel is published or can be). Neither tells a word or a secret
(nor the driver's error text, which names hosts and accounts: that goes to the log);
/readyz's answer is kept for a few seconds and probes that come together share one check, so
probes cost little."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from sqlalchemy.engine import Connection
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from wordle_db import db, schema
from wordle_db.errors import WordleError, describe
from wordle_db.web.http import JSON, LOG

KEEP = 5.0  # seconds a /readyz answer is reused


def problems(conn: Connection, head: str) -> list[str]:
    """What keeps the game from being played now (empty: ready)."""
    found = []
    for channel in db.call(conn, "wordle_channels_brief"):
        status = db.call_one(conn, "wordle_status_on", channel["name"])
        if status["schema_revision"] != head:
            return [
                f"the schema is at revision {status['schema_revision']}, not {head}: run "
                "`wordle-db init`"
            ]
        if not status["today_published"] and not status["answers_left"]:
            found.append(
                f"channel {channel['name']}: today's puzzle is not published and no "
                "answer is left to publish"
            )
    return found


def routes(web: Any) -> list[Route]:
    head = schema.head()
    kept: dict[str, Any] = {"at": -KEEP, "status": 503, "body": {}}

    async def healthz(request: Request) -> Response:
        return JSON({"status": "alive"}, headers={"cache-control": "no-store"})

    def check() -> tuple[int, dict[str, Any]]:
        try:
            with web.pool.connection() as conn:
                found = problems(conn, head)
        except WordleError as exc:  # the driver's words (host, socket, account) go to the log
            LOG.warning("/readyz: the database does not answer: %s", describe(exc))
            found = ["the database does not answer (the server's log says why)"]
        return (
            (503, {"status": "not ready", "problems": found})
            if found
            else (200, {"status": "ready", "revision": head})
        )

    checking = asyncio.Lock()  # probes that arrive during a check wait for its answer

    async def readyz(request: Request) -> Response:
        if time.monotonic() - kept["at"] > KEEP:
            async with checking:
                if time.monotonic() - kept["at"] > KEEP:
                    kept["status"], kept["body"] = await web.blocking(check)
                    kept["at"] = time.monotonic()
        return JSON(kept["body"], status_code=kept["status"], headers={"cache-control": "no-store"})

    return [Route("/healthz", healthz), Route("/readyz", readyz)]
