"""Hostile input: every refusal is one line on stderr, a non-zero exit, and no row changed.

Each case runs the real CLI against this test's database (or a URL made from it); the rows of
every table, and of the server's accounts, are checksummed before and after.
"""

from __future__ import annotations

import os
import random
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from sqlalchemy.engine import URL

from wordle_db import db, game, lines, schema, words
from wordle_db.cli import cli
from wordle_db.server import LocalServer

from support.databases import Invoke
from support.refusals import assert_one_line_error


def invoke(
    url: str, *args: str, input: bytes | str | None = None, env: dict[str, str] | None = None
) -> Result:
    return CliRunner().invoke(cli, ["--db-url", url, *args], input=input, env=env)


def url_text(url: URL) -> str:
    return url.render_as_string(hide_password=False)


# ---------------------------------------------------------------------------------------------
# URLs and connection settings

URL_CASES = [
    ("?charset=latin1", "'charset' is not supported"),
    ("?nosuchoption=1", "unknown URL option 'nosuchoption'"),
    ("?connect_timeout=abc", "'connect_timeout' must be a number of seconds"),
    ("?connect_timeout=-1", "'connect_timeout' must be a number of seconds"),
    ("?read_timeout=99999999999999999999", "'read_timeout' must be a number of seconds"),
    ("?compress=maybe", "'compress' must be true or false"),
    ("?ssl=1&ssl=0", "'ssl' is given more than once"),
    ("?init_command=%00", "NUL"),
    ("?pool_name=x", "unknown URL option 'pool_name'"),
    ("?user=other", "unknown URL option 'user'"),
]


@pytest.mark.parametrize(("query", "needle"), URL_CASES, ids=[q for q, _ in URL_CASES])
def test_url_options_are_checked_by_name(
    db_url: URL, unchanged: None, query: str, needle: str
) -> None:
    url = url_text(db_url.set(query={})) + query
    for command in (["status"], ["guess", "slate", "--player", "ann"]):
        assert_one_line_error(invoke(url, *command), needle)


@pytest.mark.parametrize(
    ("driver", "needle"),
    [
        ("mysql+mysqldb", "unsupported driver 'mysql+mysqldb'"),
        ("mysql+pymysql", "unsupported driver 'mysql+pymysql'"),
        ("mariadb+pymysql", "unsupported driver 'mariadb+pymysql'"),
        ("mysql+asyncmy", "unsupported driver 'mysql+asyncmy'"),
        ("postgresql", "wordle-db needs MariaDB"),
        ("sqlite", "wordle-db needs MariaDB"),
    ],
)
def test_other_drivers_are_refused_by_name(
    db_url: URL, unchanged: None, driver: str, needle: str
) -> None:
    assert_one_line_error(invoke(url_text(db_url.set(drivername=driver)), "status"), needle)


def test_typed_connector_options_pass_through(db_url: URL) -> None:
    query = {
        "connect_timeout": "5",
        "read_timeout": "30",
        "compress": "true",
        "init_command": "SET @wordle_db_test = 1",
    }
    url = url_text(db_url.update_query_dict(query))
    result = invoke(url, "status", "--json")
    assert result.exit_code == 0, result.output
    assert db.connect_options(db.parse_url(url))["compress"] is True


@pytest.mark.parametrize(
    ("url", "needle"),
    [
        ("", "the database URL is empty"),
        ("mariadb://u@h:99999/db", "port 99999 is out of range"),
        ("mariadb://u@h:port/db", "not a database URL"),
        ("::not a url::", "not a database URL"),
        ("mariadb://root@127.0.0.1:1/wordle", "cannot connect to the MariaDB server"),
    ],
)
def test_bad_urls(tmp_path: Path, url: str, needle: str) -> None:
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}  # never the user's server
    assert_one_line_error(invoke(url, "status", env=env), needle)


BAD_TIMEOUTS = [
    ["--connect-timeout", "0"],
    ["--connect-timeout", "-1"],
    ["--connect-timeout", "abc"],
    ["--read-timeout", "-1"],
    ["--read-timeout", "99999999999999999999"],
]


@pytest.mark.parametrize("option", BAD_TIMEOUTS)
def test_bad_timeouts(db_url: URL, unchanged: None, option: list[str]) -> None:
    result = CliRunner().invoke(cli, [*option, "--db-url", url_text(db_url), "status"])
    assert_one_line_error(result, option[0])


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A TCP port on 127.0.0.1 that accepts connections and never says a word."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.2)
    accepted: list[socket.socket] = []
    done = threading.Event()

    def serve() -> None:
        while not done.is_set():
            try:
                accepted.append(listener.accept()[0])
            except OSError:  # timeout: look at `done` again
                continue

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    done.set()
    thread.join(timeout=5)
    for conn in accepted:
        conn.close()
    listener.close()


@pytest.mark.parametrize("how", ["option", "environment"])
def test_a_silent_server_fails_within_the_connect_timeout(silent_server: int, how: str) -> None:
    url = f"mariadb://u:p@127.0.0.1:{silent_server}/x"
    option = ["--connect-timeout", "1"] if how == "option" else []
    env = {**os.environ, "WORDLE_DB_CONNECT_TIMEOUT": "1"} if how == "environment" else None
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "wordle_db", *option, "--db-url", url, "status"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    elapsed = time.monotonic() - started
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1, result.stderr
    assert "did not answer within the connect timeout" in result.stderr
    assert 1 <= elapsed < 10, elapsed  # 1 s, and the interpreter's start-up


# ---------------------------------------------------------------------------------------------
# Arguments

BIG = "99999999999999999999"
ARGUMENT_CASES: list[tuple[list[str], str]] = [
    (["guess", "crane", "--date", "2026-02-30"], "does not match the format"),
    (["guess", "crane", "--date", "tomorrow"], "does not match the format"),
    (["guess", "crane", "--date", ""], "does not match the format"),
    (["guess", "crane", "--date", "2026-01-01\x00"], "does not match the format"),
    (["guess", "crane", "--date", "99999-01-01"], "does not match the format"),
    (["board", "--player", "ann", "--date", "1970-01-01"], ""),
    (["guess", "crane", "--format", "xml"], "'xml' is not one of"),
    (["guess", "crane", "--hard"], "--hard needs --player"),
    (["guess", ""], ""),
    (["guess", "cr\x00ne"], ""),
    (["guess", "cr\x1b[31mne"], ""),
    (["guess", "x" * 10_000], ""),
    (["guess", "cr\udcffne"], "not valid UTF-8"),
    (["guess", "\U0001f600" * 5], "'\U0001f600\U0001f600\U0001f600\U0001f600\U0001f600'"),
    (["guess", "slate", "--player", ""], "player name"),
    (["guess", "slate", "--player", "a\x00b"], "player name"),
    (["guess", "slate", "--player", "x" * 65], "player name"),
    (["guess", "slate", "--player", "\x1b[2J"], "player name"),
    (["guess", "slate", "--player", "\udcff"], "not valid UTF-8"),
    (["board", "--player", ""], "player name"),
    (["hint", "--player", ""], "player name"),
    (["stats", "--player", ""], "player name"),
    (["share", "--player", ""], "player name"),
    (["play", "--player", ""], "player name"),
    (["candidates", "--player", ""], "player name"),
    (["suggest", "--player", ""], ""),
    (["candidates", "crane=00000", "--limit", "0"], "--limit"),
    (["candidates", "crane=00000", "--limit", "-1"], "--limit"),
    (["candidates", "crane=00000", "--limit", BIG], "--limit"),
    (["candidates", "crane=00000", "--limit", "1e3"], "--limit"),
    (["suggest", "crane=00000", "--limit", "0"], "--limit"),
    (["suggest", "crane=00000", "--limit", BIG], "--limit"),
    (["candidates"], "give --player NAME or PAIRS"),
    (["candidates", "crane=00000", "--player", "ann"], "not both"),
    (["candidates", "crane=0012"], ""),
    (["candidates", "crane=00000=1"], ""),
    (["solver", "build", "--workers", "0"], "--workers"),
    (["solver", "build", "--workers", BIG], "--workers"),
    (["solve"], "give an answer WORD or --all"),
    (["solve", "crane", "--all"], "give an answer WORD or --all"),
    (["publish", "--date", "2026-02-30"], "does not match the format"),
    (["publish", "--date", "２０２６-01-01"], "digits 0-9"),  # full-width digits
    (["board", "--date", "٢٠٢٦-٠١-٠١"], "digits 0-9"),  # Arabic-Indic digits
    (["serve", "--allowed-host", ""], "is not a host name"),
    (["serve", "--allowed-host", "*"], "is not a host name"),
    (["serve", "--allowed-host", "a b"], "is not a host name"),
    (["serve", "--allowed-host", "example.org:8080"], "is not a host name"),
    (["serve", "--allowed-host", "localhost", "--allowed-host", "1.2.3"], "is not a host name"),
    (["publish"], "Missing option '--date'"),
    (["migrate", "--revision", ""], "unknown revision ''"),
    (["migrate", "--revision", "@"], "unknown revision '@'"),
    (["migrate", "--revision", "nope"], "unknown revision 'nope'"),
    (["migrate", "--revision", "-1"], "unknown revision '-1'"),
    (["config", "no_such_setting"], "unknown setting"),
    (["config", "first_day", "2026-02-30"], "must be a real date"),
    (["config", "first_day", "0000-00-00"], "must be a real date"),
    (["config", "max_tries", "21"], "must be a number from 1 to 20"),
    (["config", "letter_hints", "11"], "must be a number from 0 to 10"),
    (["config", "publish_ahead", "99999"], "from 0 to 3660"),
    (["config", "player_names", "everyone"], "must be account, created or any"),
    (["config", "time_zone", "Mars/Olympus"], "unknown to the server"),
    (["config", "time_zone", "x" * 300], "at most 64 characters"),
    (["config", "player_names", "x" * 300], "at most 255 characters"),
    (["grant", "player", "root@localhost"], "system account"),
    (["grant", "nosuchrole", "bob@%"], "unknown role"),
    (["grant", "player", "bob"], "bad account"),
    (["grant", "player", "bo'b@%"], "bad account"),
    (["grant", "player", "zz@%\n"], "bad account"),
    (["no-such-command"], "No such command"),
    (["guess", "crane", "--no-such-option"], "No such option"),
]


@pytest.mark.parametrize(
    ("args", "needle"), ARGUMENT_CASES, ids=[repr(" ".join(a))[1:50] for a, _ in ARGUMENT_CASES]
)
def test_hostile_arguments(run: Invoke, unchanged: None, args: list[str], needle: str) -> None:
    assert_one_line_error(run(*args), needle)


BAD_PASSWORDS = [
    (b"\xff\xfe\n", "not valid UTF-8"),
    (b"\n", "the password is empty"),
    (b"", "the password is empty"),
    (b"x" * 5000 + b"\n", "longer than 1024 bytes"),
]


@pytest.mark.parametrize(("password", "needle"), BAD_PASSWORDS)
def test_hostile_passwords(
    today_is_published: URL, unchanged: None, password: bytes, needle: str
) -> None:
    result = invoke(
        url_text(today_is_published),
        "grant",
        "player",
        "hostile@%",
        "--password-stdin",
        input=password,
    )
    assert_one_line_error(result, needle)


# ---------------------------------------------------------------------------------------------
# Files


def _binary(tmp: Path) -> str:
    path = tmp / "random.bin"
    path.write_bytes(b"zorbs\nzibbo\n" + random.Random(12).randbytes(100_000))
    return str(path)


def _bad_utf8_at_line_3(tmp: Path) -> str:
    path = tmp / "words.txt"
    path.write_bytes(b"zorbs\nzibbo\nzo\xffrb\nzubbo\n")
    return str(path)


def _nul_in_a_word(tmp: Path) -> str:
    path = tmp / "nul.txt"
    path.write_bytes(b"zorbs\nq\x00\x0cq\n")
    return str(path)


def _one_endless_line(tmp: Path) -> str:
    path = tmp / "long.txt"
    path.write_bytes(b"zorbs\n" + b"a" * 3_000_000 + b"\xff")
    return str(path)


def _unreadable(tmp: Path) -> str:
    path = tmp / "secret.txt"
    path.write_text("zorbs\n")
    path.chmod(0)
    return str(path)


def _missing(tmp: Path) -> str:
    return str(tmp / "missing.txt")


def _dangling_link(tmp: Path) -> str:
    (tmp / "link.txt").symlink_to(tmp / "gone.txt")
    return str(tmp / "link.txt")


FILE_CASES: list[tuple[str, Callable[[Path], str], str]] = [
    ("dev-zero", lambda tmp: "/dev/zero", "/dev/zero:1: not a text file: a NUL character"),
    ("binary", _binary, "not a text file"),
    ("bad-utf8-line-3", _bad_utf8_at_line_3, "words.txt:3: not a text file"),
    ("nul", _nul_in_a_word, "nul.txt:2: not a text file: a NUL character; nothing imported"),
    ("long-line-then-bad-byte", _one_endless_line, "long.txt:2: not a text file"),
    ("proc-mem", lambda tmp: "/proc/self/mem", "Input/output error"),
    ("directory", lambda tmp: str(tmp), "is a directory"),
    ("missing", _missing, "does not exist"),
    ("dangling-link", _dangling_link, "does not exist"),
    ("empty-name", lambda tmp: "", "does not exist"),
]
if os.geteuid() != 0:  # root reads any file
    FILE_CASES.append(("unreadable", _unreadable, "is not readable"))


@pytest.mark.parametrize(
    ("make", "needle"), [c[1:] for c in FILE_CASES], ids=[c[0] for c in FILE_CASES]
)
@pytest.mark.parametrize("answers", [False, True])
def test_hostile_files(
    run: Invoke,
    unchanged: None,
    tmp_path: Path,
    make: Callable[[Path], str],
    needle: str,
    answers: bool,
) -> None:
    flag = ["--answers"] if answers else []
    assert_one_line_error(run("words", "import", make(tmp_path), *flag), needle)


def test_a_pipe_that_never_ends_is_refused(
    run: Invoke, unchanged: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pipe holding more than the bound (made small here) is refused, nothing imported."""
    monkeypatch.setattr(lines, "MAX_STREAM_BYTES", 100_000)
    fifo = tmp_path / "words.fifo"
    os.mkfifo(fifo)
    stop = threading.Event()

    def endless_words() -> None:  # `yes zorbs > fifo`, until the reader goes away
        try:
            with open(fifo, "wb") as pipe:
                while not stop.is_set():
                    pipe.write(b"zorbs\nzibbo\n" * 1000)
        except (BrokenPipeError, OSError):
            return

    writer = threading.Thread(target=endless_words, daemon=True)
    writer.start()
    try:
        result = run("words", "import", str(fifo))
    finally:
        stop.set()
        with open(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK), "rb"):  # unblock the writer
            pass
        writer.join(timeout=10)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert_one_line_error(result, "not a regular file, and longer than 100000 bytes")


def test_lines_with_control_characters_are_rejected_not_stripped(
    run: Invoke, tmp_path: Path
) -> None:
    path = tmp_path / "controls.txt"
    path.write_bytes(b"zorbs\n\x1fq\x0b\n\x1b[2Jzibbo\n\x0c\n")
    result = run("words", "import", str(path))
    assert result.exit_code == 0, result.output
    for line in (2, 3, 4):
        assert f"controls.txt:{line}: rejected" in result.stderr
    assert "1 words added" in result.stdout  # zorbs; never q nor zibbo


def test_too_long_lines_are_rejected_as_read(run: Invoke, tmp_path: Path) -> None:
    """A line longer than the bound is reported, not kept; the other lines are imported."""
    path = tmp_path / "words.txt"
    path.write_bytes(b"zorbs\n" + b"q" * 5_000_000 + b"\nzibbo\n")
    result = run("words", "import", str(path))
    assert result.exit_code == 0, result.output
    assert f"words.txt:2: rejected: {words.TOO_LONG}" in result.stderr
    assert "2 words added" in result.stdout


# ---------------------------------------------------------------------------------------------
# Failures half-way: say whether the guess was recorded


def _other_session_holds_the_games(url: URL) -> Iterator[None]:
    """Another session locks every game row until the block ends."""
    with db.connect(url) as other:
        db.query(other, "START TRANSACTION")
        db.query(other, "SELECT COUNT(*) FROM games FOR UPDATE")
        yield
        db.query(other, "ROLLBACK")


def _waiting_guess(url: URL, process: subprocess.Popen[str]) -> int:
    """The id of the session whose call (the guess) has been running for half a second: waiting
    for the rows the other session holds."""
    deadline = time.monotonic() + 30
    with db.connect(url) as conn:
        while time.monotonic() < deadline:
            assert process.poll() is None, process.communicate()
            waiting = db.scalar(
                conn,
                "SELECT ID FROM information_schema.PROCESSLIST WHERE "
                "DB = ? AND COMMAND = 'Execute' AND TIME_MS > 500",
                url.database,
            )
            if waiting is not None:
                return int(waiting)
            time.sleep(0.05)
    raise AssertionError("the guess never waited for the other session")


def _cli(url: URL, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "wordle_db", "--db-url", url_text(url), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_an_interrupted_guess_says_it_was_not_recorded(today_is_published: URL) -> None:
    url = today_is_published
    with db.connect(url) as conn:
        game.play(conn, "ann", "slate")
    holder = _other_session_holds_the_games(url)
    next(holder)
    guess = _cli(url, "guess", "pious", "--player", "ann")
    try:
        victim = _waiting_guess(url, guess)
        with db.connect(url) as conn:
            db.query(conn, f"KILL QUERY {victim}")
    finally:
        next(holder, None)  # the guess then looks at the board without waiting
    try:
        _, stderr = guess.communicate(timeout=60)
    finally:
        guess.kill()
    assert guess.returncode == 1
    assert stderr.count("\n") == 1 and "Traceback" not in stderr, stderr
    assert "interrupted" in stderr and "the guess was not recorded" in stderr, stderr
    with db.connect(url) as conn:
        assert [r["guess"] for r in game.board(conn, "ann")] == ["slate"]


def test_a_guess_past_the_read_timeout_may_or_may_not_be_recorded(today_is_published: URL) -> None:
    url = today_is_published
    with db.connect(url) as conn:
        game.play(conn, "ann", "slate")
    holder = _other_session_holds_the_games(url)
    next(holder)
    try:
        guess = _cli(url, "--read-timeout", "1", "guess", "pious", "--player", "ann")
        _, stderr = guess.communicate(timeout=60)
    finally:
        next(holder, None)
    assert guess.returncode == 1
    assert stderr.count("\n") == 1 and "Traceback" not in stderr, stderr
    assert "read timeout" in stderr and "whether the guess was recorded is unknown" in stderr


def test_a_guess_found_on_the_board_is_said_recorded(today_is_published: URL) -> None:
    with db.connect(today_is_published) as conn:
        game.play(conn, "ann", "slate")
        assert game._recorded(conn, "ann", "SLATE", None, None).endswith(
            "was recorded all the same"
        )
        assert game._recorded(conn, "ann", "pious", None, None) == "the guess was not recorded"


# ---------------------------------------------------------------------------------------------
# The server dies in the middle of a long command


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[tuple[LocalServer, URL]]:
    """A private server with the game set up, for a test that kills it."""
    server = LocalServer(tmp_path / "srv")
    server.start()
    url = db.parse_url(server.url("wordle"))
    schema.migrate(url)
    with db.connect(url) as conn:
        words.load_bundled(conn)
    yield server, url
    server.stop()


def _kill(server: LocalServer) -> None:
    pid = server.pid()
    assert pid is not None
    os.kill(pid, 9)
    while server.pid() is not None:
        time.sleep(0.02)


def _assert_only_the_error_line(process: subprocess.Popen[str]) -> None:
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 1
    assert "Traceback" not in stderr, stderr
    assert stderr.count("\n") == 1, stderr
    assert stderr.startswith("Error: ") and "MariaDB server" in stderr, stderr


def test_the_server_killed_during_an_import_gives_one_line(
    own_server: tuple[LocalServer, URL], tmp_path: Path
) -> None:
    server, url = own_server
    fifo = tmp_path / "words.fifo"
    os.mkfifo(fifo)
    process = _cli(url, "words", "import", str(fifo))
    deadline = time.monotonic() + 60
    while True:  # the command opens the file once connected
        try:
            pipe = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError:
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.02)
    os.set_blocking(pipe, True)
    _kill(server)
    try:
        with open(pipe, "wb") as stream:
            stream.write(b"zorbs\n" * 50_000)  # more than one batch
    except BrokenPipeError:  # the command already stopped
        pass
    _assert_only_the_error_line(process)


def test_the_server_killed_during_a_solver_build_gives_one_line(
    own_server: tuple[LocalServer, URL],
) -> None:
    server, url = own_server
    process = _cli(url, "solver", "build", "--workers", "2")
    deadline = time.monotonic() + 60
    with db.connect(url) as conn:
        while True:  # both workers busy
            busy = db.scalar(
                conn,
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE COMMAND = 'Execute'",
            )
            if busy >= 2:
                break
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
    _kill(server)
    _assert_only_the_error_line(process)
