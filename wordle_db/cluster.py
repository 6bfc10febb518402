"""A three-node MariaDB Galera cluster on loopback, for the tests and the benchmarks.

Built from the Debian packages (mariadb-server, galera-4, rsync). The nodes run as the
`mysql` user (as root the rsync state transfer fails), each from a settings file of its own
(the state transfer scripts read it). The first build of a machine takes ~15 s: three
initialised data directories, stopped cleanly when idle, are kept as a snapshot; a cluster
then starts from copies of it in a few seconds.
"""

from __future__ import annotations

import hashlib
import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from wordle_db.errors import WordleError
from wordle_db.ports import free_ports
from wordle_db.server import find_binary

PROVIDER = Path("/usr/lib/galera/libgalera_smm.so")
RUN_AS = "mysql"
INSTALL_HINT = "apt-get install galera-4 rsync mariadb-server"
# Short failure detection: a killed node leaves the cluster within ~5 s (PT1S split nodes
# joining at start on a busy 2-core machine).
EVS = (
    "evs.keepalive_period=PT0.5S;evs.suspect_timeout=PT2S;evs.inactive_timeout=PT4S;"
    "evs.install_timeout=PT4S"
)
ROOT_HOST = "127.0.0.1"  # clients connect over TCP as root@127.0.0.1 (no password)


def missing() -> str | None:
    """What is missing to run a cluster here, or None."""
    needs = []
    if find_binary("mariadbd") is None or find_binary("mariadb-install-db") is None:
        needs.append("mariadb-server")
    if not PROVIDER.exists():
        needs.append(f"galera-4 ({PROVIDER})")
    if shutil.which("rsync") is None:
        needs.append("rsync")
    try:
        pwd.getpwnam(RUN_AS)
    except KeyError:
        needs.append(f"the {RUN_AS} user")
    if needs:
        return f"a Galera cluster needs {', '.join(needs)}: {INSTALL_HINT}"
    if os.geteuid() != 0:
        return "a local Galera cluster must be started as root (its nodes run as mysql)"
    return None


@dataclass
class Node:
    name: str
    home: Path
    port: int
    gcomm: int
    ist: int
    sst: int
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def datadir(self) -> Path:
        return self.home / "data"

    @property
    def socket(self) -> Path:
        return self.home / "sock"

    @property
    def log(self) -> Path:
        return self.home / "error.log"

    @property
    def cnf(self) -> Path:
        return self.home / "my.cnf"

    @property
    def address(self) -> str:
        return f"{ROOT_HOST}:{self.port}"

    def url(self, database: str = "") -> str:
        return f"mariadb+mariadbconnector://root@{ROOT_HOST}:{self.port}/{database}"

    def write_cnf(self, cluster: list[Node], extra: dict[str, str]) -> None:
        peers = ",".join(f"{ROOT_HOST}:{n.gcomm}" for n in cluster)
        options = {
            "datadir": str(self.datadir),
            "socket": str(self.socket),
            "pid-file": str(self.home / "mariadbd.pid"),
            "log-error": str(self.log),
            "tmpdir": str(self.home / "tmp"),
            "port": str(self.port),
            "bind-address": ROOT_HOST,
            "user": RUN_AS,
            "skip-log-bin": "",
            "character-set-server": "utf8mb4",
            "collation-server": "utf8mb4_unicode_ci",
            "innodb-buffer-pool-size": "96M",
            "innodb-log-file-size": "16M",
            "innodb-flush-log-at-trx-commit": "2",
            "innodb-autoinc-lock-mode": "2",
            "binlog-format": "ROW",
            "default-storage-engine": "InnoDB",
            "max-connections": "300",
            "event-scheduler": "ON",
            # A node's applier can wait for a lock held by a transaction committing inside a
            # stored procedure, which is not aborted for it: the wait ends at this timeout
            # (50 s by default: racing guesses stalled a node for 50 s; see docs/cluster.md).
            "innodb-lock-wait-timeout": "5",
            "wsrep-on": "ON",
            "wsrep-provider": str(PROVIDER),
            "wsrep-cluster-name": "wordle-test",
            "wsrep-node-name": self.name,
            "wsrep-cluster-address": f"gcomm://{peers}",
            "wsrep-node-address": f"{ROOT_HOST}:{self.gcomm}",
            "wsrep-sst-receive-address": f"{ROOT_HOST}:{self.sst}",
            "wsrep-sst-method": "rsync",
            "wsrep-slave-threads": "1",
            "wsrep-provider-options": f'"gmcast.listen_addr=tcp://{ROOT_HOST}:{self.gcomm};'
            f'ist.recv_addr={ROOT_HOST}:{self.ist};gcache.size=64M;{EVS}"',
        }
        options.update(extra)
        lines = ["[mysqld]"] + [f"{k}={v}" if v else k for k, v in options.items()]
        self.cnf.write_text("\n".join(lines) + "\n")

    def start(self, new_cluster: bool = False) -> None:
        mariadbd = find_binary("mariadbd")
        assert mariadbd is not None
        (self.home / "tmp").mkdir(exist_ok=True)
        _chown(self.home)
        self.socket.unlink(missing_ok=True)
        args = [mariadbd, f"--defaults-file={self.cnf}"]
        if new_cluster:
            args.append("--wsrep-new-cluster")
        self.process = subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def wait_synced(self, timeout: float = 90.0) -> None:
        """Until the node accepts clients and says Synced."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise WordleError(f"{self.name} exited at start: {self.last_error()}")
            if self.state() == "Synced":
                return
            time.sleep(0.1)
        raise WordleError(f"{self.name} not synced within {timeout:.0f}s; see {self.log}")

    def state(self) -> str | None:
        """wsrep_local_state_comment, or None when the node does not answer."""
        out = self.sql("SHOW STATUS LIKE 'wsrep_local_state_comment'")
        return out.split("\t")[-1] if out else None

    def sql(self, statement: str) -> str | None:
        """One statement through the unix socket as root (the admin's path), or None."""
        client = find_binary("mariadb", "mysql")
        assert client is not None
        result = subprocess.run(
            [
                client,
                "--no-defaults",
                "-uroot",
                f"--socket={self.socket}",
                "-N",
                "-B",
                "--connect-timeout=2",
                "-e",
                statement,
            ],
            capture_output=True,
            text=True,
            check=False,
            timeout=30,
        )
        return result.stdout.strip() if result.returncode == 0 else None

    def kill(self) -> None:
        """kill -9: what a crash or a pulled plug does."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self, timeout: float = 60.0) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()

    def recover(self) -> int:
        """The position InnoDB recorded (mariadbd --wsrep-recover), for a stopped node."""
        mariadbd = find_binary("mariadbd")
        assert mariadbd is not None
        log = self.home / "recover.log"
        subprocess.run(
            [mariadbd, f"--defaults-file={self.cnf}", "--wsrep-recover", f"--log-error={log}"],
            capture_output=True,
            check=False,
            timeout=120,
        )
        found = re.search(r"Recovered position: [0-9a-f-]+:(-?\d+)", log.read_text())
        if found is None:
            raise WordleError(f"{self.name}: no position recovered; see {log}")
        return int(found.group(1))

    def last_error(self) -> str:
        try:
            lines = self.log.read_text(errors="replace").splitlines()
        except OSError:
            return f"see {self.log}"
        errors = [line for line in lines if "[ERROR]" in line]
        return (errors or lines or [f"see {self.log}"])[-1].strip()


def _chown(path: Path) -> None:
    user = pwd.getpwnam(RUN_AS)
    for root, dirs, files in os.walk(path):
        os.chown(root, user.pw_uid, user.pw_gid)
        for name in dirs + files:
            os.lchown(os.path.join(root, name), user.pw_uid, user.pw_gid)


@dataclass
class LocalCluster:
    """Three Galera nodes under `home` (which the mysql user must be able to reach)."""

    home: Path
    size: int = 3
    extra: dict[str, str] = field(default_factory=dict)
    nodes: list[Node] = field(default_factory=list)

    def __post_init__(self) -> None:
        ports = free_ports(4 * self.size, ROOT_HOST)
        self.nodes = []
        for i in range(self.size):
            port, gcomm, ist, sst = ports[4 * i : 4 * i + 4]
            self.nodes.append(
                Node(f"node{i + 1}", self.home / f"node{i + 1}", port, gcomm, ist, sst)
            )

    def hosts(self) -> str:
        return ",".join(n.address for n in self.nodes)

    def url(self, database: str = "") -> str:
        """A URL naming every node (the failover form)."""
        return f"mariadb+mariadbconnector://root@/{database}?hosts={self.hosts()}"

    def start(self, snapshot: Path | None = None) -> None:
        """From a snapshot (copies of stopped nodes) when given, else from nothing."""
        self.home.mkdir(parents=True, exist_ok=True)
        os.chmod(self.home, 0o755)
        for node in self.nodes:
            node.home.mkdir(exist_ok=True)
            node.write_cnf(self.nodes, self.extra)
            if snapshot is not None:
                shutil.copytree(snapshot / node.name, node.datadir, symlinks=True)
            else:
                _install(node)
        # One at a time: nodes joining at once with short timeouts can split at start.
        self.nodes[0].start(new_cluster=True)
        self.nodes[0].wait_synced()
        for node in self.nodes[1:]:
            node.start()
            if snapshot is None:  # a full state transfer each
                node.wait_synced()
        for node in self.nodes[1:]:
            node.wait_synced()

    def _add_tcp_root(self) -> None:
        """root@127.0.0.1 without a password (the clients' TCP account); replicated."""
        self.nodes[0].sql(
            f"CREATE USER IF NOT EXISTS root@'{ROOT_HOST}'; "
            f"GRANT ALL ON *.* TO root@'{ROOT_HOST}' WITH GRANT OPTION; "
            f"GRANT PROXY ON ''@'%' TO root@'{ROOT_HOST}' WITH GRANT OPTION"
        )

    def stop(self) -> None:
        """Stop the nodes, last one first (the first stays the one safe to bootstrap)."""
        for node in reversed(self.nodes):
            node.stop()

    def kill(self) -> None:
        for node in self.nodes:
            node.kill()

    def save_snapshot(self, target: Path) -> None:
        """Keep copies of the nodes at one position: killed together when idle (a clean stop
        would add a view change on each node in turn), then each node's position recovered
        from InnoDB (--wsrep-recover) into grastate.dat."""
        positions = {n.sql("SHOW STATUS LIKE 'wsrep_last_committed'") for n in self.nodes}
        if len(positions) != 1:
            raise WordleError(f"the nodes are not at one position: {positions}")
        self.kill()
        partial = target.with_name(f"{target.name}.partial-{os.getpid()}")
        shutil.rmtree(partial, ignore_errors=True)
        for node in self.nodes:
            seqno = node.recover()
            (node.datadir / "gvwstate.dat").unlink(missing_ok=True)
            shutil.copytree(node.datadir, partial / node.name, symlinks=True)
            _set_state(partial / node.name, seqno, bootstrap=node is self.nodes[0])
        try:
            partial.rename(target)
        except OSError:  # another process was first
            shutil.rmtree(partial, ignore_errors=True)

    def wait_size(self, size: int, timeout: float = 30.0) -> None:
        """Until every running node sees a primary component of `size` nodes."""
        deadline = time.monotonic() + timeout
        running = [n for n in self.nodes if n.process and n.process.poll() is None]
        while time.monotonic() < deadline:
            sizes = [n.sql("SHOW STATUS LIKE 'wsrep_cluster_size'") for n in running]
            if all(s and s.split("\t")[-1] == str(size) for s in sizes):
                return
            time.sleep(0.1)
        raise WordleError(f"the cluster did not reach {size} nodes within {timeout:.0f}s")


def _install(node: Node) -> None:
    install_db = find_binary("mariadb-install-db")
    assert install_db is not None
    _chown(node.home)
    result = subprocess.run(
        [
            install_db,
            "--no-defaults",
            f"--datadir={node.datadir}",
            f"--user={RUN_AS}",
            "--auth-root-authentication-method=normal",
            "--skip-test-db",
            "--innodb-log-file-size=16M",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        last = (result.stderr or result.stdout).strip().splitlines()[-1:] or ["no output"]
        raise WordleError(f"mariadb-install-db failed for {node.name}: {last[0]}")


def _set_state(datadir: Path, seqno: int, bootstrap: bool) -> None:
    """Rewrite grastate.dat: the node's position and whether it may start the cluster."""
    state = datadir / "grastate.dat"
    text = re.sub(r"^seqno:.*$", f"seqno:   {seqno}", state.read_text(), flags=re.M)
    text = re.sub(r"safe_to_bootstrap:\s*\d", f"safe_to_bootstrap: {int(bootstrap)}", text)
    state.write_text(text)


def snapshot_path() -> Path:
    """Where this machine keeps the cluster snapshot (one per server version)."""
    mariadbd = find_binary("mariadbd") or "mariadbd"
    version = subprocess.run([mariadbd, "--version"], capture_output=True, text=True).stdout
    key = hashlib.sha256(f"{version}{PROVIDER.stat().st_size}".encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"wordle-db-galera-snapshot-{key}"


def start_cluster(home: Path, extra: dict[str, str] | None = None) -> LocalCluster:
    """A running three-node cluster under `home`, from this machine's snapshot (built first if
    missing)."""
    snapshot = snapshot_path()
    if not snapshot.is_dir():
        builder = LocalCluster(Path(tempfile.mkdtemp(prefix="wordle-db-galera-build-")))
        try:
            builder.start()
            builder.save_snapshot(snapshot)
        finally:
            builder.kill()
            shutil.rmtree(builder.home, ignore_errors=True)
    cluster = LocalCluster(home, extra=extra or {})
    try:
        cluster.start(snapshot)
    except BaseException:
        cluster.kill()
        raise
    return cluster
