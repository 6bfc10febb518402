"""The embedded default: with no URL, wordle-db runs its own MariaDB in the user's data dir."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordle_db.errors import WordleError
from wordle_db.server import LocalServer, require_binary


def wordle(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WORDLE_DB", "XDG_"))}
    env["HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "wordle_db", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def alive(pid: int) -> bool:
    """Running, not a zombie left for a parent that does not reap it."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_init_in_a_new_home_uses_the_managed_server_and_stop_stops_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    server = LocalServer(home / ".local" / "share" / "wordle-db")
    try:
        result = wordle(home, "init")
        assert result.returncode == 0, result.stderr
        assert "now 14855 words, 2309 answers" in result.stdout
        assert server.is_running()
        assert (server.datadir / "mysql").is_dir()

        status = wordle(home, "status", "--json")
        assert status.returncode == 0, status.stderr
        assert '"embedded": true' in status.stdout

        assert "running" in wordle(home, "server", "status").stdout
        pid = server.pid()
        stopped = wordle(home, "server", "stop")
        assert stopped.returncode == 0
        assert stopped.stdout.strip() == "stopped"
        assert not server.is_running()
        assert pid is not None and not alive(pid)
        assert wordle(home, "server", "stop").stdout.strip() == "not running"
    finally:
        server.stop()


def test_a_stale_pid_file_and_socket_do_not_block_a_start(tmp_path: Path) -> None:
    server = LocalServer(tmp_path / "srv")
    server.install()
    server.pid_file.write_text("999999\n")
    server.socket.touch()
    assert not server.is_running()
    try:
        server.start()
        assert server.is_running()
    finally:
        server.stop()


def test_xdg_data_home_is_honoured(tmp_path: Path) -> None:
    env_home = tmp_path / "xdg"
    result = subprocess.run(
        [sys.executable, "-m", "wordle_db", "server", "status"],
        env={**os.environ, "XDG_DATA_HOME": str(env_home)},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0
    assert str(env_home / "wordle-db" / "data") in result.stdout


def test_a_long_home_gets_a_short_socket_path(tmp_path: Path) -> None:
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    assert len(str(LocalServer(deep).socket)) <= 100


def test_missing_binaries_name_the_package_to_install() -> None:
    with pytest.raises(WordleError, match=r"apt-get install mariadb-server"):
        require_binary("mariadbd-that-does-not-exist")


def _imposter(argv0: str, *args: str) -> subprocess.Popen[bytes]:
    """A process that sleeps, whose command line reads `argv0 ... args`."""
    return subprocess.Popen(
        [argv0, "-c", "import time; time.sleep(60)", *args], executable=sys.executable
    )


@pytest.mark.parametrize(
    "command_line",
    [("sleeper",), ("mariadbd",), ("mariadbd", "--datadir=/somewhere/else")],
    ids=["another-program", "mariadbd-without-datadir", "mariadbd-on-another-datadir"],
)
def test_a_pid_file_naming_another_process_is_not_trusted(
    tmp_path: Path, command_line: tuple[str, ...]
) -> None:
    home = tmp_path / "home"
    server = LocalServer(home / ".local" / "share" / "wordle-db")
    server.install()
    other = _imposter(*command_line)
    try:
        server.pid_file.write_text(f"{other.pid}\n")
        server.socket.touch()
        assert server.pid() is None and not server.is_running()
        assert wordle(home, "server", "status").stdout.startswith("not running")
        assert wordle(home, "server", "stop").stdout.strip() == "not running"
        assert other.poll() is None  # still alive: never signalled
    finally:
        other.kill()
        other.wait()


def test_a_pid_file_naming_our_server_is_trusted(tmp_path: Path) -> None:
    server = LocalServer(tmp_path / "srv")
    ours = _imposter("mariadbd", f"--datadir={server.datadir}")
    try:
        server.home.mkdir()
        server.pid_file.write_text(f"{ours.pid}\n")
        assert server.pid() == ours.pid
    finally:
        ours.kill()
        ours.wait()


def _servers_on(datadir: Path) -> list[int]:
    """The pids of every mariadbd running on `datadir`."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if Path(os.fsdecode(argv[0])).name == "mariadbd" and (
            f"--datadir={datadir}".encode() in argv
        ):
            found.append(int(entry.name))
    return found


def test_commands_started_at_once_share_one_server(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WORDLE_DB", "XDG_"))}
    env["HOME"] = str(home)
    server = LocalServer(home / ".local" / "share" / "wordle-db")
    commands = [
        subprocess.Popen(
            [sys.executable, "-m", "wordle_db", "server", "start"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(6)
    ]
    try:
        results = [c.communicate(timeout=180) for c in commands]
        assert [c.returncode for c in commands] == [0] * 6, results
        assert len(_servers_on(server.datadir)) == 1
        assert server.is_running()
    finally:
        for command in commands:
            command.kill()
        server.stop()
    assert _servers_on(server.datadir) == []
