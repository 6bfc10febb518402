"""A private MariaDB server run from the locally installed binaries.

Used for the embedded default (a data directory under $XDG_DATA_HOME/wordle-db) and by the
test suite (a temporary directory). The server listens on a unix socket only, runs as the
current user and is started in its own session so it outlives the command that started it.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from wordle_db.errors import WordleError

SEARCH_PATH = ("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin", "/usr/libexec")
MAX_SOCKET_PATH = 100  # sun_path holds 108 bytes on Linux; keep a margin
SERVER_NAMES = ("mariadbd", "mysqld")
START_TIMEOUT = 60.0
INSTALL_TIME = 120.0  # seconds mariadb-install-db may take on a slow machine
INSTALL_HINT = "install the MariaDB server (Debian/Ubuntu: apt-get install mariadb-server)"

# Options shared by mariadb-install-db and mariadbd: they must agree on the redo log size.
COMMON_OPTIONS = ("--innodb-log-file-size=16M",)
SERVER_OPTIONS = (
    "--skip-networking",
    "--skip-log-bin",
    "--character-set-server=utf8mb4",
    "--collation-server=utf8mb4_unicode_ci",
    "--innodb-buffer-pool-size=1G",  # room to spare: the solver's tables take about 50 MB
    "--innodb-flush-log-at-trx-commit=2",  # a machine's crash may lose a second (README)
    "--event-scheduler=ON",
    "--max-connections=300",
    # A morning rush of hundreds of connections: a few threads take turns (p99 at 256 clients
    # 0.5 s instead of 1.3, same throughput; bench/log/2026-11-23.md).
    "--thread-handling=pool-of-threads",
)


def find_binary(*names: str) -> str | None:
    """The first of `names` found on PATH or in the usual sbin/libexec directories."""
    for name in names:
        found = shutil.which(name) or shutil.which(name, path=os.pathsep.join(SEARCH_PATH))
        if found:
            return found
    return None


def require_binary(*names: str) -> str:
    found = find_binary(*names)
    if found is None:
        raise WordleError(f"{names[0]} not found: {INSTALL_HINT}")
    return found


def default_home() -> Path:
    """Where the embedded server keeps its data: $XDG_DATA_HOME/wordle-db."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "wordle-db"


def _user_options() -> list[str]:
    # mariadbd refuses to run as root unless told to; as anyone else it runs as itself.
    return ["--user=root"] if os.geteuid() == 0 else []


@dataclass
class LocalServer:
    """A mariadbd whose files all live under `home`; `options` are added to its command line
    (the benches compare server settings with them), and `launcher` comes before it (the tests
    start a server in a network namespace of its own: `ip netns exec NAME`)."""

    home: Path
    options: tuple[str, ...] = ()
    launcher: tuple[str, ...] = ()

    @property
    def datadir(self) -> Path:
        return self.home / "data"

    @property
    def pid_file(self) -> Path:
        return self.home / "mariadbd.pid"

    @property
    def lock_file(self) -> Path:
        return self.home / "server.lock"

    @property
    def log_file(self) -> Path:
        return self.home / "mariadbd.log"

    @property
    def tmpdir(self) -> Path:
        """A private tmpdir: a starting mariadbd deletes #sql* files it finds in its tmpdir,
        which would be the temporary tables of any other server sharing /tmp."""
        return self.home / "tmp"

    @property
    def socket(self) -> Path:
        """The unix socket: inside `home` when the path is short enough, else under /tmp."""
        path = self.home / "mariadbd.sock"
        if len(str(path)) <= MAX_SOCKET_PATH:
            return path
        digest = hashlib.sha256(str(self.home.resolve()).encode()).hexdigest()[:16]
        return Path(tempfile.gettempdir()) / f"wordle-db-{digest}.sock"

    def url(self, database: str = "wordle") -> str:
        return f"mariadb+mariadbconnector://root@localhost/{database}?unix_socket={self.socket}"

    def is_installed(self) -> bool:
        return (self.datadir / "mysql").is_dir()

    def install(self, template: Path | None = None) -> None:
        """Create the data directory, by copying `template` when given (much faster)."""
        if self.is_installed():
            return
        self.home.mkdir(parents=True, exist_ok=True)
        if template is not None:
            shutil.copytree(template, self.datadir)
            return
        install_db = require_binary("mariadb-install-db", "mysql_install_db")
        tmp = self.home / f"data.partial-{os.getpid()}"
        shutil.rmtree(tmp, ignore_errors=True)
        result = subprocess.run(
            [
                install_db,
                "--no-defaults",
                f"--datadir={tmp}",
                "--auth-root-authentication-method=normal",
                "--skip-test-db",
                "--skip-name-resolve",
                *COMMON_OPTIONS,
                *_user_options(),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            last = (result.stderr or result.stdout).strip().splitlines()[-1:] or ["no output"]
            raise WordleError(f"mariadb-install-db failed in {tmp}: {last[0]}")
        try:
            tmp.rename(self.datadir)
        except OSError:  # another process finished first: use its directory
            shutil.rmtree(tmp, ignore_errors=True)
            if not self.is_installed():
                raise

    def pid(self) -> int | None:
        """The pid of the running server, or None (a stale pid file counts as not running)."""
        try:
            pid = int(self.pid_file.read_text().strip())
        except (OSError, ValueError):
            return None
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return None
        except PermissionError:
            pass  # alive, another user's: only the command line can tell whether it is ours
        if _is_zombie(pid) or not self._is_ours(pid):
            return None  # a stale pid file, perhaps naming a process that reused the pid
        return pid

    def _is_ours(self, pid: int) -> bool:
        """Whether `pid` runs mariadbd (or mysqld) on this server's data directory."""
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except FileNotFoundError:
            return not Path("/proc/self").exists()  # no /proc here: trust the pid file
        except OSError:
            return False
        if os.path.basename(os.fsdecode(argv[0])) not in SERVER_NAMES:
            return False
        ours = os.path.realpath(self.datadir)
        return any(
            arg.startswith(b"--datadir=") and os.path.realpath(os.fsdecode(arg[10:])) == ours
            for arg in argv
        )

    @contextmanager
    def _locked(self, timeout: float) -> Iterator[None]:
        """Hold the home's lock file: one process at a time starts or stops this server."""
        self.home.mkdir(parents=True, exist_ok=True)
        with open(self.lock_file, "a") as lock:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise WordleError(
                            f"another process has been starting or stopping the server in "
                            f"{self.home} for {timeout:.0f}s; try again"
                        ) from None
                    time.sleep(0.05)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def is_running(self) -> bool:
        return self.pid() is not None and self.socket.exists()

    def start(self, timeout: float = START_TIMEOUT) -> None:
        """Start the server unless it already runs; wait until it accepts connections. Other
        processes starting it at the same time wait for this one, then use its server."""
        if self.is_running():
            return
        with self._locked(timeout + INSTALL_TIME):
            if not self.is_running():
                self._start(timeout)

    def _start(self, timeout: float) -> None:
        mariadbd = require_binary("mariadbd", "mysqld")
        self.install()
        for stale in (self.pid_file, self.socket):
            stale.unlink(missing_ok=True)
        self.tmpdir.mkdir(exist_ok=True)
        with open(self.log_file, "ab") as log:
            process = subprocess.Popen(
                [
                    *self.launcher,
                    mariadbd,
                    "--no-defaults",
                    f"--datadir={self.datadir}",
                    f"--socket={self.socket}",
                    f"--pid-file={self.pid_file}",
                    f"--tmpdir={self.tmpdir}",
                    *COMMON_OPTIONS,
                    *SERVER_OPTIONS,
                    *self.options,
                    *_user_options(),
                ],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise WordleError(f"mariadbd exited at start: {self._last_error()}")
            if self.socket.exists() and self.pid_file.exists() and _accepts(self.socket):
                return
            time.sleep(0.02)
        process.terminate()
        raise WordleError(f"mariadbd did not start within {timeout:.0f}s; see {self.log_file}")

    def _last_error(self) -> str:
        """The last [ERROR] line of the server's log, for a one-line message."""
        try:
            lines = self.log_file.read_text(errors="replace").splitlines()
        except OSError:
            lines = []
        errors = [line for line in lines if "[ERROR]" in line]
        return (errors or lines or [f"see {self.log_file}"])[-1].strip()

    def stop(self, timeout: float = 30.0) -> bool:
        """Stop the server; False when it was not running."""
        if not self.home.is_dir():
            return False
        with self._locked(START_TIMEOUT + INSTALL_TIME):  # a start under way ends first
            return self._stop(timeout)

    def _stop(self, timeout: float) -> bool:
        pid = self.pid()
        if pid is None:
            return False
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            if _is_zombie(pid):
                break
            time.sleep(0.02)
        else:  # hung (a signal during start-up can be lost): kill it; InnoDB recovers on start
            os.kill(pid, signal.SIGKILL)
            time.sleep(0.5)
        self.pid_file.unlink(missing_ok=True)
        self.socket.unlink(missing_ok=True)
        return True


def _accepts(socket_path: Path) -> bool:
    """Whether the server greets a client: the socket exists before the server accepts."""
    import socket

    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(0.5)
        try:
            s.connect(str(socket_path))
            return bool(s.recv(1))
        except OSError:
            return False


def _is_zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return False
