"""A real MariaDB for every test, never a mock.

Where the server comes from, in order:
1. $WORDLE_DB_TEST_URL: a server you run (the account must create databases, users and roles);
2. the local MariaDB binaries: a private mariadbd on a unix socket, from a data directory copied
   from a template initialised once per machine (a copy and a start take well under a second),
   kept in memory (/dev/shm) when there is room (support/databases.py: server_home);
3. a Docker daemon: testcontainers with $WORDLE_DB_TEST_IMAGE (default mariadb:10.11, the
   version of docker-compose.yml);
4. otherwise the run stops and says what to install. No test is skipped for want of a server.

Each test that asks for `db_url` gets its own database, migrated to head and holding the bundled
word lists (rows copied from a template database built once per session).
"""

from __future__ import annotations

import fcntl
import os
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, game, publish, roles, schema, words
from wordle_db.server import find_binary

# The helpers in tests/support/ assert too: their failures are explained as a test's are.
pytest.register_assert_rewrite("support")

from support import REPO, clone
from support.databases import (
    Invoke,
    auto_increments,
    checksums,
    cli_runner,
    copy_rows,
    drop_database,
    keep_rows,
    new_database,
    new_local_server,
    server_home,
)
from support.puzzles import (
    SIDE,
    SIDE_GUESSES,
    SIDE_TODAY,
    SIDE_TOMORROW,
    TODAY_WORD,
    TOMORROW_WORD,
    YESTERDAY_WORD,
    set_word,
    today,
)

# The fixtures of tests/support/ modules, for the concerns' tests that need them.
pytest_plugins = [
    "support.accounts",  # front-end accounts by role
    "support.browser",  # the app served by uvicorn, headless Chromium
    "support.galera",  # a three-node Galera cluster
    "support.phone",  # the page on phones: its database, site and Chromium
    "support.refusals",  # today published, every row checksummed before and after
    "support.web",  # the JSON API's database, account and test clients
]

NO_SERVER = (
    "no MariaDB server for the tests: install one (Debian/Ubuntu: apt-get install "
    "mariadb-server), or set WORDLE_DB_TEST_URL to a server's URL, or start Docker"
)

SHARED_SERVER = (
    "WORDLE_DB_TEST_URL names one server for every pytest-xdist worker: tests that read the "
    "server's counters (tests/game/test_guess_concurrency.py) would count the other workers' "
    "work; run with -n 0"
)


def _local_server(tmp: Path) -> Iterator[URL] | None:
    mariadbd = find_binary("mariadbd", "mysqld")
    if mariadbd is None or find_binary("mariadb-install-db", "mysql_install_db") is None:
        return None

    def run() -> Iterator[URL]:
        with server_home(tmp) as home:
            server = new_local_server(home / "server", mariadbd)
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

    image = os.environ.get("WORDLE_DB_TEST_IMAGE", "mariadb:10.11")

    def run() -> Iterator[URL]:
        with MySqlContainer(image, username="root", password="wordle", dbname="wordle") as c:
            host, port = c.get_container_host_ip(), int(c.get_exposed_port(3306))
            yield URL.create(db.DRIVER, "root", "wordle", host, port, "")

    return run()


# Test modules that share a session fixture too costly to start twice: under xdist they run on
# one worker, one after the other (--dist loadscope otherwise sends each module wherever a
# worker is free). The Galera cluster (support/galera.py) takes 10-16 s to start.
SAME_WORKER = {
    "tests/access/test_account_hosts.py": "galera",
    "tests/ops/test_cluster.py": "galera",
}


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """--dist loadscope (a module's tests on one worker), with the modules of SAME_WORKER
    grouped: each group is scheduled where its first module would have been."""
    from xdist.scheduler import LoadScopeScheduling

    class Scheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return SAME_WORKER.get(module) or super()._split_scope(nodeid)

    return Scheduling(config, log)


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


@pytest.fixture(scope="session")
def template_url(server_url: URL, tmp_path_factory: pytest.TempPathFactory) -> Iterator[URL]:
    """A database migrated to head with the bundled words: the rows every test db starts with."""
    url = new_database(server_url)
    schema.migrate(url)
    with db.connect(url) as conn:
        words.load_bundled(conn)
    keep_rows(url, tmp_path_factory.mktemp("template-rows"))  # checked by schema_recipe
    yield url
    drop_database(url)


@pytest.fixture
def new_db(server_url: URL) -> Iterator[Callable[[], URL]]:
    """A factory of empty databases, dropped after the test."""
    made: list[URL] = []

    def make() -> URL:
        url = new_database(server_url)
        schema.ensure_database(url)
        made.append(url)
        return url

    yield make
    for url in made:
        drop_database(url)


@pytest.fixture(scope="session")
def schema_recipe(server_url: URL, template_url: URL) -> clone.Recipe:
    """The template's schema, read once for cloning (tests/support/clone.py); checked first
    against a database migrated the real way, given the template's rows by INSERT ... SELECT
    where the clone takes them as files (keep_rows): the run stops if a clone would differ
    from it, in its schema or its rows."""
    with db.connect(template_url) as conn:
        recipe = clone.read_recipe(conn, template_url.database)
    migrated, cloned = new_database(server_url), new_database(server_url)
    try:
        schema.migrate(migrated)
        copy_rows(template_url, migrated, as_files=False)
        schema.ensure_database(cloned)
        clone.create(recipe, cloned, rows_from=template_url)
        with db.connect(server_url) as conn:
            different = clone.differences(
                clone.fingerprint(conn, migrated.database), clone.fingerprint(conn, cloned.database)
            )
            for read in (auto_increments, checksums):  # the rows, as files or not
                a, b = read(conn, migrated.database), read(conn, cloned.database)
                different += [
                    f"{read.__name__} of {t}: {a.get(t)} against {b.get(t)}"
                    for t in sorted(set(a) | set(b))
                    if a.get(t) != b.get(t)
                ]
    finally:
        drop_database(migrated)
        drop_database(cloned)
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
    clone.create(schema_recipe, url, rows_from=template_url)
    return url


@pytest.fixture
def conn(db_url: URL) -> Iterator[Connection]:
    with db.connect(db_url) as connection:
        yield connection


@pytest.fixture
def run(db_url: URL) -> Invoke:
    """Run the CLI against this test's database: run("guess", "crane")."""
    return cli_runner(db_url)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture
def shared(conn: Connection, db_url: URL) -> Iterator[Callable[[str], URL]]:
    """Puzzles for yesterday, today and tomorrow, a game by ann (root's player) won today,
    and a factory of accounts: shared("player") -> URL of a new account with that role."""
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
