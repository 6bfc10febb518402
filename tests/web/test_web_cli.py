"""`wordle-db serve` as a command: one-line errors, and a real run against the test database."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy.engine import URL

from wordle_db.cli import cli

from support import REPO


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
        used = runner.invoke(
            cli, ["--db-url", "mariadb://nobody@127.0.0.1:1/x", "serve", "--port", str(port)]
        )
    assert used.exit_code == 1
    assert used.output == f"Error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    unknown = runner.invoke(cli, ["serve", "--host", "no-such-host.invalid"])
    assert unknown.exit_code == 1
    assert unknown.output.startswith("Error: cannot listen on no-such-host.invalid:8080: unknown")


@contextmanager
def serving(account: URL, *options: str) -> Iterator[int]:
    """`wordle-db serve` as a process on a free port, with a player account; stopped with
    Ctrl-C (SIGINT), after which it must exit 0."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "WORDLE_DB_WEB_SECRET": "a secret the operator chose, long enough"}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wordle_db",
            "--db-url",
            account.render_as_string(False),
            "serve",
            "--port",
            str(port),
            *options,
        ],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stderr is not None
    try:
        first = process.stderr.readline()
        assert first.startswith(
            f"wordle-db serving http://127.0.0.1:{port}/ as {account.username}"
        ), first
        deadline = time.monotonic() + 10
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/").close()
                break
            except OSError:
                assert time.monotonic() < deadline, "serve did not answer"
                time.sleep(0.1)
        yield port
    finally:
        process.send_signal(signal.SIGINT)
        code = process.wait(10)
    assert code == 0
    assert process.stderr.read().endswith("wordle-db serve stopped\n")


def post_guess(port: int, forwarded_for: str) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/guess",
        data=b'{"word": "xyzzy"}',
        method="POST",
        headers={
            "Content-Type": "application/json",
            "X-Wordle": "1",
            "X-Forwarded-For": forwarded_for,
        },
    )
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_serve_runs_with_a_player_account_and_stops_on_ctrl_c(web_db: tuple[URL, URL]) -> None:
    with serving(web_db[1]) as port:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/today") as answer:
            today = json.load(answer)
            cookie = answer.headers["set-cookie"]
        assert (today["letters"], today["state"], today["answer"]) == (5, "playing", None)
        assert today["next_puzzle_in"] > 0
        assert "HttpOnly" in cookie


@pytest.mark.parametrize("trusted", [True, False])
def test_the_client_address_comes_from_a_trusted_proxy_only(
    web_db: tuple[URL, URL], trusted: bool
) -> None:
    """Rate limit 1 a minute after a burst of 20: the 21st guess from one address is refused;
    another address behind the proxy has its own bucket only when the proxy is trusted."""
    options = ["--guesses-per-minute", "1"]
    with serving(
        web_db[1], *options, *(["--forwarded-allow-ips", "127.0.0.1"] if trusted else [])
    ) as port:
        assert [post_guess(port, "203.0.113.1") for _ in range(20)] == [422] * 20
        assert post_guess(port, "203.0.113.1") == 429
        assert post_guess(port, "203.0.113.2") == (422 if trusted else 429)


def test_a_league_join_link_leaves_no_code_in_the_servers_log(
    web_db: tuple[URL, URL], tmp_path: Path
) -> None:
    """A league's join code is 'kept only as its SHA-256' and works until its creator makes a
    new one. Had the page's invitation link put it in the query string (/?join=<code>),
    uvicorn's access log (stdout: the journal under systemd) would write it for every request:
    whoever reads the log would join the league. The link the page gives is opened as a
    browser opens it (a #fragment is never sent) and the code must not reach the log."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "WORDLE_DB_WEB_SECRET": "a secret the operator chose, long enough"}
    log = tmp_path / "serve.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "wordle_db",
                "--db-url",
                web_db[1].render_as_string(False),
                "serve",
                "--port",
                str(port),
                "--access-log",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        base, deadline = f"http://127.0.0.1:{port}", time.monotonic() + 10
        while True:
            try:
                urllib.request.urlopen(base + "/").close()
                break
            except OSError:
                assert time.monotonic() < deadline, "serve did not answer"
                time.sleep(0.1)
        request = urllib.request.Request(
            base + "/api/leagues/create",
            data=b'{"name": "Office"}',
            method="POST",
            headers={"Content-Type": "application/json", "X-Wordle": "1"},
        )
        with urllib.request.urlopen(request) as answer:
            code = json.load(answer)["code"]
        script = (REPO / "wordle_db/web/static/leagues.js").read_text()
        link = re.search(
            r"link\.value = `\$\{location\.origin\}/\$\{here\}#\$\{fragment\}`", script
        )
        assert link, "the page's invitation link: the code in its #fragment"
        opened = f"{base}/#join={code}&league=Office"
        urllib.request.urlopen(opened).close()  # the invited friend opens it (no fragment sent)
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(10)
    text = log.read_text()
    assert "/api/leagues/create" in text  # the access log is on
    assert code not in text, "the join code is in the server's access log"
