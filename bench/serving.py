"""`wordle-db serve` as the web benchmarks run it, and their HTTP client; not a benchmark.

- serve(): `wordle-db serve` as a separate process, run as the CLI runs it, on a free port;
- HTTPClient: one keep-alive connection (opened again after a failed request), the player's
  cookie kept, optionally its own client address (X-Forwarded-For, which serve trusts when
  started with --forwarded-allow-ips);
- process_cpu_seconds(): a process's CPU time and its children's (serve's worker processes),
  in ns precision from each thread's schedstat.
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

from harness import thread_cpu_seconds
from sqlalchemy.engine import URL

from wordle_db.ports import free_ports

SECRET = "bench secret, long enough for serve"


class HTTPClient:
    def __init__(self, port: int, address: str | None = None) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""
        self.address = address  # the client's address as the proxy says it

    def request(self, method: str, path: str, body: dict | None = None) -> dict:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if self.address:
            headers["X-Forwarded-For"] = self.address
        if body is not None:
            headers |= {"Content-Type": "application/json", "X-Wordle": "1"}
        try:
            self.conn.request(method, path, json.dumps(body) if body else None, headers)
            response = self.conn.getresponse()
            data = json.loads(response.read())
        except Exception:  # a fresh connection for the next request (http.client's would
            self.conn.close()  # refuse it: "Request-sent"), as a browser or proxy opens one
            raise
        if response.status != 200:
            raise RuntimeError(f"HTTP {response.status}: {data.get('error')}")
        if cookie := response.getheader("set-cookie"):
            self.cookie = cookie.split(";")[0]
        return data

    def close(self) -> None:
        self.conn.close()


def serve(
    front: URL,
    options: tuple[str, ...] = ("--guesses-per-minute", "10000000", "--keep-alive", "75"),
    log: Path | None = None,
    source: Path | None = None,
) -> tuple[subprocess.Popen[bytes], int]:
    """serve on a free port with `options` (by default the rate limit out of the way, and idle
    connections kept as long as behind a proxy: a client connected before the time starts may
    wait longer than uvicorn's 5 s for the others); its
    output goes to `log` (else nowhere: a pipe nobody reads would stop it). `source`: a
    checkout whose wordle_db package to run instead of this one's (its SQL and migrations
    stay this one's)."""
    port = free_ports(1)[0]
    older = source and "--keep-alive" not in (source / "wordle_db/cli/serve.py").read_text()
    if older and "--keep-alive" in options:  # a checkout before c4e1aef has no such option
        at = options.index("--keep-alive")
        options = options[:at] + options[at + 2 :]
    env = {**os.environ, "WORDLE_DB_WEB_SECRET": SECRET}
    if source:
        env["PYTHONPATH"] = str(source)
    out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 (closed with serve)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wordle_db",
            "--db-url",
            front.render_as_string(False),
            "serve",
            "--port",
            str(port),
            *options,
        ],
        stdout=out,
        stderr=subprocess.STDOUT if log else subprocess.DEVNULL,
        env=env,
        cwd=source,  # python -m looks in the working directory first
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            HTTPClient(port).request("GET", "/healthz")
            return process, port
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise SystemExit("wordle-db serve did not start") from None
            time.sleep(0.1)


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with suppress(OSError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def process_cpu_seconds(pid: int, kids: list[int] | None = None) -> float:
    """CPU seconds of `pid`'s threads and of those of `kids` (e.g. children(pid), read once)."""
    return sum(thread_cpu_seconds(p) for p in [pid, *(kids or [])])
