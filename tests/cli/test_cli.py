"""Every failure a user can cause is one line on stderr and a non-zero exit."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable

import pytest
from click.testing import CliRunner
from sqlalchemy.engine import URL

from wordle_db import db

from support.databases import Invoke, cli_runner


def wordle(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wordle_db", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def assert_one_line_error(result: subprocess.CompletedProcess[str], needle: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ") and needle in lines[0], lines[0]


@pytest.mark.parametrize(
    ("url", "needle"),
    [
        ("mariadb://root@127.0.0.1:1/wordle", "cannot connect to the MariaDB server"),
        ("mariadb://root@localhost/wordle?unix_socket=/nonexistent.sock", "cannot connect"),
        ("postgresql://u@h/db", "wordle-db needs MariaDB"),
        ("::not a url::", "not a database URL"),
    ],
)
def test_bad_or_unreachable_server(url: str, needle: str) -> None:
    for command in (["status"], ["guess", "crane"], ["publish-today"], ["init"]):
        assert_one_line_error(wordle("--db-url", url, *command), needle)


@pytest.mark.parametrize(
    "args",
    [
        ["guess", b"cr\xffne"],
        ["guess", "crane", "--player", b"\xff"],
        ["config", "time_zone", b"\xff"],
        ["config", b"\xff", "1"],
        ["publish", "--date", "2030-01-01", "--word", b"\xfe\xff"],
        ["candidates", b"cr\xffne=00000"],
    ],
)
def test_arguments_that_are_not_utf8(db_url: URL, args: list[str | bytes]) -> None:
    url = db_url.render_as_string(hide_password=False)
    result = subprocess.run(
        [sys.executable, "-m", "wordle_db", "--db-url", url, *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert_one_line_error(result, "not valid UTF-8")


def test_the_url_can_come_from_the_environment(db_url: URL) -> None:
    import os

    env = {**os.environ, "WORDLE_DB_URL": db_url.render_as_string(hide_password=False)}
    result = wordle("status", "--json", env=env)
    assert result.returncode == 0, result.stderr
    assert '"words_answers": 2309' in result.stdout


def test_shorthand_url_means_the_mariadb_connector() -> None:
    url = db.parse_url("mariadb://u:p@host:3307/game")
    assert url.drivername == "mariadb+mariadbconnector"
    assert (url.host, url.port, url.database) == ("host", 3307, "game")


def test_status_before_init_says_what_to_do(new_db: Callable[[], URL]) -> None:
    run = cli_runner(new_db())
    result = run("status")
    assert result.exit_code == 0
    assert "not set up; run `wordle-db init`" in result.output
    guess = run("guess", "crane")
    assert guess.exit_code == 1
    assert "wordle-db init" in guess.stderr


def test_status_json_has_the_documented_keys(run: Invoke) -> None:
    result = run("status", "--json")
    assert result.exit_code == 0
    import json

    info = json.loads(result.stdout)
    for key in (
        "schema_revision",
        "words_allowed",
        "words_answers",
        "answers_left",
        "today_published",
        "puzzle_number",
    ):
        assert key in info
    assert info["today_published"] is False
    counts = (info["words_allowed"], info["words_answers"], info["answers_left"])
    assert counts == (14855, 2309, 2309)


def test_every_command_has_help_with_an_example() -> None:
    from wordle_db.cli import cli

    runner_commands = []

    def walk(group, prefix):
        for name, command in group.commands.items():
            if hasattr(command, "commands"):
                walk(command, [*prefix, name])
            else:
                runner_commands.append(([*prefix, name], command))

    walk(cli, [])
    assert len(runner_commands) > 10
    for path, command in runner_commands:
        text = command.help or ""
        assert "Example" in text, " ".join(path)  # its own: server start, stop, status too
        # at a narrow terminal, the help wraps between words: never `wordle-\n db`
        shown = CliRunner().invoke(cli, [*path, "--help"], terminal_width=50)
        assert shown.exit_code == 0, shown.output
        broken = [line for line in shown.output.splitlines() if re.search(r"\w-$", line)]
        assert not broken, (" ".join(path), broken)
