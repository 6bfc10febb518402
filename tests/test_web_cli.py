"""`wordle-db serve` as a command: one-line errors, and a real run against the test database."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from click.testing import CliRunner
from sqlalchemy.engine import URL
from test_web_api import web_db  # noqa: F401  (the module's database and account)

from wordle_db.cli import cli


def test_bad_port_and_port_in_use_say_one_line() -> None:
    runner = CliRunner()
    bad = runner.invoke(cli, ["serve", "--port", "70000"])
    assert bad.exit_code == 2
    assert bad.output.startswith("Error: Invalid value for '--port'")
    assert len(bad.output.strip().splitlines()) == 1
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        used = runner.invoke(cli, ["--db-url", "mariadb://nobody@127.0.0.1:1/x", "serve",
                                   "--port", str(port)])  # fmt: skip
    assert used.exit_code == 1
    assert used.output == f"Error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    unknown = runner.invoke(cli, ["serve", "--host", "no-such-host.invalid"])
    assert unknown.exit_code == 1
    assert unknown.output.startswith("Error: cannot listen on no-such-host.invalid:8080: unknown")


def test_serve_runs_with_a_player_account_and_stops_on_ctrl_c(
    web_db: tuple[URL, URL],  # noqa: F811
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = web_db[1].render_as_string(hide_password=False)
    env = {**os.environ, "WORDLE_DB_WEB_SECRET": "a secret the operator chose, long enough"}
    process = subprocess.Popen(
        [sys.executable, "-m", "wordle_db", "--db-url", url, "serve", "--port", str(port),
         "--time-zone", "UTC"],
        stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert process.stderr is not None
        first = process.stderr.readline()
        assert first == f"wordle-db serving http://127.0.0.1:{port}/ as {web_db[1].username}\n"
        deadline = time.monotonic() + 10
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/today") as answer:
                    today = json.load(answer)
                    cookie = answer.headers["set-cookie"]
                break
            except OSError:
                assert time.monotonic() < deadline, "serve did not answer"
                time.sleep(0.1)
        assert (today["letters"], today["state"], today["answer"]) == (5, "playing", None)
        assert today["next_puzzle_in"] > 0
        assert "HttpOnly" in cookie
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(10) == 0
        assert process.stderr.read().endswith("wordle-db serve stopped\n")
