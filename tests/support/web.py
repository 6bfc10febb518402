"""Fixtures of the JSON API: one database per module with the puzzles of yesterday, today and
tomorrow and a front-end account, Starlette test clients of the app on it, and `wordle-db serve`
as a process with requests written by hand."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import URL, Connection
from starlette.testclient import TestClient

from wordle_db import db, roles, schema, settings
from wordle_db.ports import free_ports
from wordle_db.web import app
from wordle_db.web.app import Settings, create_app

from support import clone
from support.databases import drop_database
from support.puzzles import TODAY_WORD, TOMORROW_WORD, YESTERDAY_WORD, set_word, today

SECRET = b"test-secret-" + b"x" * 20


POST = {"X-Wordle": "1"}


@pytest.fixture(scope="module")
def web_db(
    server_url: URL, template_url: URL, schema_recipe: clone.Recipe
) -> Iterator[tuple[URL, URL]]:
    """One database for this module (the players are new in every test): the puzzles of
    yesterday, today and tomorrow, and a front-end account as the README says (wordle_player,
    player_names created). Returns (administrator's URL, the account's URL)."""
    url = server_url.set(database=f"wt_{uuid.uuid4().hex[:12]}")
    schema.ensure_database(url)
    # as db_url: the migrated template's schema, cloned
    clone.create(schema_recipe, url, rows_from=template_url)
    user, password = f"web_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    with db.connect(url) as conn:
        day = today(conn)
        for offset, word in ((-1, YESTERDAY_WORD), (0, TODAY_WORD), (1, TOMORROW_WORD)):
            set_word(conn, day + timedelta(offset), word)
        settings.set_setting(conn, "player_names", "created")
        roles.grant(conn, "player", f"{user}@localhost", password)
    yield url, url.set(username=user, password=password)
    with db.connect(url) as conn:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")
    drop_database(url)


@pytest.fixture
def admin(web_db: tuple[URL, URL]) -> Iterator[Connection]:
    with db.connect(web_db[0]) as conn:
        yield conn


@pytest.fixture
def web_url(web_db: tuple[URL, URL]) -> URL:
    return web_db[1]


@pytest.fixture
def make_client(web_url: URL) -> Iterator[Callable[..., TestClient]]:
    made: list[TestClient] = []

    def make(**options: object) -> TestClient:
        options.setdefault("allowed_hosts", ("testserver",))
        client = TestClient(create_app(web_url, Settings(SECRET, **options)))
        client.__enter__()
        made.append(client)
        return client

    yield make
    for client in made:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


# what every HTTP answer of the app must carry (name: value), errors included
SECURITY_HEADERS = {name.decode(): value.decode() for name, value in app.SECURITY_HEADERS}


@dataclass
class Served:
    """A `wordle-db serve` process: its port and the file its output goes to."""

    port: int
    log: Path


def free_port() -> int:
    """A port free to listen on (below the kernel's range for outgoing connections: the
    tests' floods open thousands, and one took a port bind(0) had just given serve)."""
    return free_ports(1)[0]


@contextmanager
def serve_command(account: URL, log: Path, *options: str) -> Iterator[Served]:
    """`wordle-db serve` as a process on a free port with a player account, its stdout and
    stderr to `log` (a pipe nobody reads would stop it); Ctrl-C (SIGINT) at the end, after
    which it must exit 0."""
    port = free_port()
    env = {**os.environ, "WORDLE_DB_WEB_SECRET": SECRET.decode()}
    command = [sys.executable, "-m", "wordle_db", "--db-url", account.render_as_string(False)]
    with open(log, "w") as out:
        process = subprocess.Popen(
            [*command, "serve", "--port", str(port), *options],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        deadline = time.monotonic() + 15
        while exchange(port, request("GET", "/healthz"))[0] != 200:
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "serve did not answer"
            time.sleep(0.1)
        yield Served(port, log)
    finally:
        process.send_signal(signal.SIGINT)
        code = process.wait(20)
    assert code == 0, log.read_text()[-2000:]


def request(
    method: str, target: str, *headers: str, body: bytes = b"", host: str | None = "127.0.0.1"
) -> bytes:
    """An HTTP/1.1 request as a client could write it by hand (Connection: close; a
    Content-Length for `body` unless `headers` frame it themselves)."""
    lines = [f"{method} {target} HTTP/1.1", *([f"Host: {host}"] if host is not None else [])]
    lines += headers
    framed = any(h.lower().startswith(("content-length:", "transfer-encoding:")) for h in headers)
    if body and not framed:
        lines.append(f"Content-Length: {len(body)}")
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def exchange(port: int, raw: bytes, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    """Send `raw` to 127.0.0.1:`port` and read the answer to its end: (status, headers with
    lower-case names, each header's values joined by ", ", body); (0, {}, b"") when nothing
    answers."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(raw)
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
    except ConnectionRefusedError:
        return 0, {}, b""
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    for line in lines:
        name, _, value = line.partition(":")
        key = name.strip().lower()
        headers[key] = f"{headers[key]}, {value.strip()}" if key in headers else value.strip()
    return int(status_line.split()[1]), headers, body
