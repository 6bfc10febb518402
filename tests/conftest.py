"""A real MariaDB for every test, never a mock.

Where the server comes from, in order:
1. $WORDLE_DB_TEST_URL: a server you run (the account must create databases, users and roles);
2. the local MariaDB binaries: a private mariadbd on a unix socket, from a data directory copied
   from a template initialised once per machine (a copy and a start take well under a second);
3. a Docker daemon: testcontainers with $WORDLE_DB_TEST_IMAGE (default mariadb:11.4);
4. otherwise the run stops and says what to install. No test is skipped for want of a server.

Each test that asks for `db_url` gets its own database, migrated to head and holding the bundled
word lists (rows copied from a template database built once per session).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, game, publish, roles, schema, words
from wordle_db.cli import cli
from wordle_db.server import LocalServer, find_binary

import clone
from cluster import cluster_db, cluster_template, galera  # noqa: F401  (the Galera fixtures)

# The shared fixture's words: yesterday's is public, today's and tomorrow's are secrets.
TODAY_WORD, TOMORROW_WORD, YESTERDAY_WORD = "crane", "plumb", "ghost"
# A second channel beside the default one (the `shared` fixture): its own secret words.
SIDE, SIDE_TODAY, SIDE_TOMORROW, SIDE_GUESSES = "side", "qopaz", "zimbu", ["vexor", "slate"]

NO_SERVER = (
    "no MariaDB server for the tests: install one (Debian/Ubuntu: apt-get install "
    "mariadb-server), or set WORDLE_DB_TEST_URL to a server's URL, or start Docker"
)

SHARED_SERVER = (
    "WORDLE_DB_TEST_URL names one server for every pytest-xdist worker: tests that read the "
    "server's counters (tests/test_rush.py) would count the other workers' work; run with -n 0"
)


def new_local_server(home: Path, mariadbd: str) -> LocalServer:
    """A private server's data directory, copied from a template installed once per version."""
    version = subprocess.run([mariadbd, "--version"], capture_output=True, text=True).stdout
    key = hashlib.sha256(f"{version}{os.geteuid()}".encode()).hexdigest()[:12]
    template = LocalServer(Path(tempfile.gettempdir()) / f"wordle-db-test-template-{key}")
    if not template.is_installed():
        template.install()
    server = LocalServer(home)
    server.install(template=template.datadir)
    return server


def _local_server(tmp: Path) -> Iterator[URL] | None:
    mariadbd = find_binary("mariadbd", "mysqld")
    if mariadbd is None or find_binary("mariadb-install-db", "mysql_install_db") is None:
        return None
    server = new_local_server(tmp / "server", mariadbd)

    def run() -> Iterator[URL]:
        server.start()
        try:
            yield db.parse_url(server.url("")).set(database="")
        finally:
            server.stop()

    return run()


def _docker_server() -> Iterator[URL] | None:
    try:
        import docker

        docker.from_env().ping()
    except Exception:
        return None
    from testcontainers.community.mysql import MySqlContainer

    image = os.environ.get("WORDLE_DB_TEST_IMAGE", "mariadb:11.4")

    def run() -> Iterator[URL]:
        with MySqlContainer(image, username="root", password="wordle", dbname="wordle") as c:
            host, port = c.get_container_host_ip(), int(c.get_exposed_port(3306))
            yield URL.create(db.DRIVER, "root", "wordle", host, port, "")

    return run()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Under pytest-xdist, a test marked `alone` (it measures time: its calls must not be slowed
    by another worker's on this machine's cores) runs, set-up and tear-down included, while
    every other worker waits between its tests; any other test runs beside any but an `alone`
    one. Without xdist: nothing."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return (yield)
    exclusive = item.get_closest_marker("alone") is not None
    base = Path(item.config.option.basetemp).parent / "alone"  # the run's, above the workers'
    # A turnstile first: a waiting `alone` test holds it, so no new test starts meanwhile.
    with open(f"{base}.turnstile", "a") as turnstile, open(f"{base}.lock", "a") as lock:
        fcntl.flock(turnstile, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        finally:
            fcntl.flock(turnstile, fcntl.LOCK_UN)
        try:
            return (yield)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[URL]:
    """A MariaDB server for the whole session (URL without a database)."""
    if os.environ.get("WORDLE_DB_TEST_URL"):
        if os.environ.get("PYTEST_XDIST_WORKER"):
            pytest.fail(SHARED_SERVER, pytrace=False)
        yield db.parse_url(os.environ["WORDLE_DB_TEST_URL"]).set(database="")
        return
    source = _local_server(tmp_path_factory.mktemp("mariadb")) or _docker_server()
    if source is None:
        pytest.exit(NO_SERVER, returncode=1)
    yield from source


def _database(server: URL) -> URL:
    return server.set(database=f"wt_{uuid.uuid4().hex[:12]}")


def _drop(url: URL) -> None:
    """Drop the database and the grants on it (DROP DATABASE leaves those behind)."""
    with db.connect(url._replace(database=None)) as conn:
        conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {db.quote_identifier(url.database)}")
        for table in ("db", "tables_priv", "procs_priv"):
            db.query(conn, f"DELETE FROM mysql.{table} WHERE Db = ?", url.database)
        conn.exec_driver_sql("FLUSH PRIVILEGES")


@pytest.fixture(scope="session")
def template_url(server_url: URL) -> Iterator[URL]:
    """A database migrated to head with the bundled words: the rows every test db starts with."""
    url = _database(server_url)
    schema.migrate(url)
    with db.connect(url) as conn:
        words.load_bundled(conn)
    yield url
    _drop(url)


@pytest.fixture
def new_db(server_url: URL) -> Iterator[Callable[[], URL]]:
    """A factory of empty databases, dropped after the test."""
    made: list[URL] = []

    def make() -> URL:
        url = _database(server_url)
        schema.ensure_database(url)
        made.append(url)
        return url

    yield make
    for url in made:
        _drop(url)


def copy_rows(source: URL, target: URL) -> None:
    """Copy every table's rows from one database to another with the same schema."""
    with db.connect(target) as conn:
        tables = db.query(
            conn,
            "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? "
            "AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> 'alembic_version'",
            source.database,
        )
        conn.exec_driver_sql("SET SESSION foreign_key_checks = 0")
        for table in tables:
            name = db.quote_identifier(table["name"])
            conn.exec_driver_sql(f"DELETE FROM {name}")
            conn.exec_driver_sql(
                f"INSERT INTO {name} SELECT * FROM {db.quote_identifier(source.database)}.{name}"
            )


@pytest.fixture(scope="session")
def schema_recipe(server_url: URL, template_url: URL) -> clone.Recipe:
    """The template's schema, read once for cloning (tests/clone.py); checked first against a
    database migrated the real way: the run stops if a clone would differ from it."""
    with db.connect(template_url) as conn:
        recipe = clone.read_recipe(conn, template_url.database)
    migrated, cloned = _database(server_url), _database(server_url)
    try:
        schema.migrate(migrated)
        copy_rows(template_url, migrated)
        schema.ensure_database(cloned)
        clone.create(recipe, cloned)
        copy_rows(template_url, cloned)
        with db.connect(server_url) as conn:
            different = clone.differences(
                clone.fingerprint(conn, migrated.database), clone.fingerprint(conn, cloned.database)
            )
    finally:
        _drop(migrated)
        _drop(cloned)
    if different:
        pytest.exit(
            "a cloned test database differs from a migrated one:\n" + "\n".join(different),
            returncode=1,
        )
    return recipe


@pytest.fixture
def db_url(new_db: Callable[[], URL], template_url: URL, schema_recipe: clone.Recipe) -> URL:
    """A database of its own for this test: schema at head (cloned from the template, which
    the migrations built: see schema_recipe), the bundled words loaded."""
    url = new_db()
    clone.create(schema_recipe, url)
    copy_rows(template_url, url)
    return url


@pytest.fixture
def conn(db_url: URL) -> Iterator[Connection]:
    with db.connect(db_url) as connection:
        yield connection


Invoke = Callable[..., Result]


@pytest.fixture
def run(db_url: URL) -> Invoke:
    """Run the CLI against this test's database: run("guess", "crane")."""
    return cli_runner(db_url)


def cli_runner(url: URL) -> Invoke:
    def invoke(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
        runner = CliRunner()
        url_text = url.render_as_string(hide_password=False)
        return runner.invoke(cli, ["--db-url", url_text, *args], input=input, env=env)

    return invoke


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return Path(__file__).resolve().parent.parent


def docker_compose() -> list[str] | None:
    """The Compose client here: `docker compose`, else `docker-compose`, else None."""
    for command in (["docker", "compose"], ["docker-compose"]):
        if shutil.which(command[0]) is None:
            continue
        probe = subprocess.run([*command, "version"], capture_output=True, text=True)
        if probe.returncode == 0:
            return command
    return None


@pytest.fixture
def shared(conn: Connection, db_url: URL) -> Iterator[Callable[[str], URL]]:
    """Puzzles for yesterday, today and tomorrow, a game by ann (root's player) won today,
    and a factory of accounts: shared("player") -> URL of a new account with that role."""
    from test_game import set_word, today  # test_game imports this module

    day = today(conn)
    set_word(conn, day - timedelta(1), YESTERDAY_WORD)
    set_word(conn, day, TODAY_WORD)
    set_word(conn, day + timedelta(1), TOMORROW_WORD)
    for word in ("slate", TODAY_WORD):
        game.play(conn, "ann", word)
    game.play(conn, "ann", "slate", day - timedelta(1))
    channels.add(conn, SIDE, 5)
    words.import_lines(conn, [(1, SIDE_TODAY, 0), (2, SIDE_TOMORROW, 0)], True, channel=SIDE)
    words.import_lines(
        conn, [(n, w, 0) for n, w in enumerate(SIDE_GUESSES, 1)], False, channel=SIDE
    )
    publish.publish(conn, day, SIDE_TODAY, SIDE)
    publish.publish(conn, day + timedelta(1), SIDE_TOMORROW, SIDE)
    game.play(conn, "ann", "vexor", channel=SIDE)
    made: list[str] = []

    def account(role: str) -> URL:
        user = f"{role[:6]}_{uuid.uuid4().hex[:8]}"
        password = uuid.uuid4().hex
        roles.grant(conn, role, f"{user}@localhost", password)
        made.append(user)
        return db_url.set(username=user, password=password)

    yield account
    for user in made:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")
