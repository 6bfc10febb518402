"""serve's app without uvicorn: CPU per POST /api/guess of the ASGI app called directly.

The app of `wordle-db serve` (create_app, the same checks: cookie, CSRF, rate limit, metrics)
is called in this process with hand-made ASGI messages, on uvloop, against harness.py's
bench database on a private server: new players' games, `GET /api/today` for the cookie
(not counted) then six `POST /api/guess`. It prints, per round, this process's CPU per guess
(time.process_time: the event loop and the worker threads; the messages' making included)
and mariadbd's per request (schedstat, the uncounted GETs included). What webcpu.py reads
minus this is uvicorn's part (HTTP parsing, the transport). `--profile FILE`: py-spy (--gil)
over the rounds. Run with PYTHONPATH=CHECKOUT to measure another checkout's app.
Run: .venv/bin/python bench/research/webcpu_inprocess.py [--games 150] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
import uvloop

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for harness

from harness import GUESSES, prepare, private_server, thread_cpu_seconds

from wordle_db import db
from wordle_db.web.app import App, Settings, create_app

HEADERS = [
    (b"host", b"127.0.0.1"),
    (b"user-agent", b"Mozilla/5.0 (Linux; Android 14) Chrome/131"),
    (b"accept", b"*/*"),
    (b"accept-language", b"en-GB,en;q=0.9"),
    (b"accept-encoding", b"gzip, deflate, br"),
]
POST = [
    *HEADERS,
    (b"content-type", b"application/json"),
    (b"x-wordle", b"1"),
    (b"origin", b"http://127.0.0.1"),
]


async def request(
    app: App, method: str, path: str, headers: list[tuple[bytes, bytes]], body: bytes = b""
) -> list[dict[str, Any]]:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    messages = [{"type": "http.request", "body": body, "more_body": False}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent


def cookie_of(sent: list[dict[str, Any]]) -> bytes:
    return next(v.split(b";")[0] for k, v in sent[0]["headers"] if k == b"set-cookie")


async def games(app: App, pid: int, count: int) -> tuple[float, float]:
    """This process's CPU µs per guess request and mariadbd's per request."""
    cpu, guesses, requests = 0.0, 0, 0
    server = thread_cpu_seconds(pid)
    for _ in range(count):
        headers = [*POST, (b"cookie", cookie_of(await request(app, "GET", "/api/today", HEADERS)))]
        requests += 1
        for word in GUESSES:
            body = orjson.dumps({"word": word})
            start = time.process_time()
            sent = await request(app, "POST", "/api/guess", headers, body)
            cpu += time.process_time() - start
            assert sent[0]["status"] == 200, sent
            guesses, requests = guesses + 1, requests + 1
    return cpu / guesses * 1e6, (thread_cpu_seconds(pid) - server) / requests * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", type=Path, help="py-spy's raw stacks into this file")
    args = parser.parse_args()
    with private_server() as server:
        pid = server.pid()
        assert pid is not None
        front = prepare(db.parse_url(server.url("bench")), "head")
        app = create_app(front, Settings(b"x" * 32, 1e9, 10**9))
        loop = uvloop.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.run_until_complete(games(app, pid, args.games))  # warm: connections, caches
        spy = None
        if args.profile:
            tool = str(Path(sys.executable).parent / "py-spy")
            command = [tool, "record", "--pid", str(os.getpid()), "-r", "1000", "--gil"]
            spy = subprocess.Popen([*command, "-f", "raw", "-o", str(args.profile)])
            time.sleep(1.0)
        print("| round | app CPU µs a guess | mariadbd CPU µs a request |\n|---|---|---|")
        for n in range(1, args.rounds + 1):
            app_cpu, server_cpu = loop.run_until_complete(games(app, pid, args.games))
            print(f"| {n} | {app_cpu:,.0f} | {server_cpu:,.0f} |", flush=True)
        if spy:
            spy.send_signal(signal.SIGINT)
            spy.wait()


if __name__ == "__main__":
    main()
