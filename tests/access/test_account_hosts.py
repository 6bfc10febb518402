"""Accounts made for every host form play, from real clients at real addresses (issue 40).

Two servers in a network namespace of their own (tests/support/network.py): one resolves
client addresses to names (127.0.0.1 and ::1 become `localhost`, a client's address becomes
`box.test` as Docker's DNS names containers), one runs with skip-name-resolve. Clients
connect with the `mariadb` command-line client over TCP from the server's loopback and from
two other hosts (one named, one bare), and through the socket. Inside the game's routines the
server tells only the login and the host it knows the client by, never the account it
matched: the attacks below try to be taken for another account of the same login.
"""

from __future__ import annotations

import re
import subprocess
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import mariadb
import pytest
from sqlalchemy.engine import URL, Connection
from starlette.testclient import TestClient

from wordle_db import db, publish, roles, schema, settings, words
from wordle_db.cluster import LocalCluster
from wordle_db.errors import DatabaseError, WordleError
from wordle_db.server import LocalServer
from wordle_db.web import players, setup
from wordle_db.web.app import Settings, create_app

from support.galera import node_url
from support.network import NAME, Network, available, network

PORT = 3306  # the server's namespace has a port space of its own
PASSWORD = "a-password-of-the-tests"
ANSWER, GUESSES = "crane", ("slate", "plumb", "ghost", "vexor", "qopaz", "zimbu")
SECRET = b"the-cookie-secret-of-the-tests-" + b"x" * 8
WEB_POST = {"X-Wordle": "1"}  # a POST of the page (its CSRF header)
ERROR = re.compile(r"^ERROR (\d+) \((\w+)\)(?: at line \d+)?: (.*)$")


@dataclass
class Server:
    """One server in the network, its game database, and how each client reaches it."""

    net: Network
    local: LocalServer
    url: URL
    names: bool  # whether it resolves client addresses to names

    @property
    def port(self) -> int:
        return PORT if self.names else PORT + 1

    def root(self, *statements: str) -> None:
        with db.connect(self.url) as conn:
            for statement in statements:
                conn.exec_driver_sql(statement)

    def client(self, via: str, user: str, sql: str, password: str = PASSWORD) -> list[str]:
        """The `mariadb` command line that runs `sql` as `user` from client `via` (socket,
        loopback4, loopback6, named, bare, named6, bare6)."""
        base = ["mariadb", "--batch", "--skip-column-names", f"-u{user}", f"-p{password}"]
        if via == "socket":
            return [*base, f"--socket={self.local.socket}", "-e", sql, str(self.url.database)]
        namespace, host = {
            "loopback4": (self.net.server, "127.0.0.1"),
            "loopback6": (self.net.server, "::1"),
            "named": (self.net.named, self.net.to_named),
            "bare": (self.net.bare, self.net.to_bare),
            "named6": (self.net.named, self.net.to_named6),
            "bare6": (self.net.bare, self.net.to_bare6),
        }[via]
        return self.net.inside(
            namespace,
            *base,
            f"-h{host}",
            f"-P{self.port}",
            "--protocol=tcp",
            "-e",
            sql,
            str(self.url.database),
        )

    def call(self, via: str, user: str, sql: str, password: str = PASSWORD) -> tuple[str, str]:
        """Run `sql` as `user` from client `via` (see `client`): ("ok", first row) or
        ("error", "SQLSTATE message") or ("login", message)."""
        done = subprocess.run(
            self.client(via, user, sql, password), capture_output=True, text=True, timeout=30
        )
        if done.returncode == 0:
            return "ok", done.stdout.strip().splitlines()[0] if done.stdout.strip() else ""
        line = done.stderr.strip().splitlines()[-1]
        match = ERROR.match(line)
        assert match, line
        number, state, message = match.groups()
        if number == "1045" or "1130 - Host" in message:  # the server did not let it in
            return "login", message
        return "error", f"{state} {message}"


def _options(net: Network, port: int, names: bool) -> tuple[str, ...]:
    """A server's options: TCP on `port` at every address of its namespace, names resolved
    or not."""
    addresses = f"127.0.0.1,::1,{net.to_named},{net.to_bare},{net.to_named6},{net.to_bare6}"
    return (
        "--skip-networking=0",
        f"--port={port}",
        f"--bind-address={addresses}",
        *(() if names else ("--skip-name-resolve",)),
    )


def _server(net: Network, home: Path, names: bool) -> Iterator[Server]:
    options = _options(net, PORT + (0 if names else 1), names)
    local = LocalServer(home, options=options, launcher=("ip", "netns", "exec", net.server))
    local.start()
    try:
        url = URL.create(
            db.DRIVER, "root", None, "localhost", None, "hosts", {"unix_socket": str(local.socket)}
        )
        schema.migrate(url)
        with db.connect(url) as conn:
            today = db.scalar(conn, "SELECT wordle_today()")
            words.import_lines(conn, [(1, ANSWER, 0)], True)
            words.import_lines(conn, [(n, w, 0) for n, w in enumerate(GUESSES, 2)], False)
            publish.publish(conn, today, ANSWER)
        yield Server(net, local, url, names)
    finally:
        local.stop()


@pytest.fixture(scope="module")
def hosts_network() -> Iterator[Network]:
    reason = available()
    if reason:
        pytest.fail(reason, pytrace=False)
    with network() as net:
        yield net


@pytest.fixture(scope="module", params=[True, False], ids=["names resolved", "skip-name-resolve"])
def server(
    request: pytest.FixtureRequest, hosts_network: Network, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("hosts-server")
    yield from _server(hosts_network, home, request.param)


@contextmanager
def restarted(server: Server, names: bool, *more: str) -> Iterator[None]:
    """The server restarted on its data, resolving names or not (and `more` options); then
    started again as it was."""
    server.local.stop()
    options = (*_options(server.net, server.port, names), *more)
    again = LocalServer(server.local.home, options=options, launcher=server.local.launcher)
    again.start()
    try:
        yield
    finally:
        again.stop()
        server.local.start()


def held(
    server: Server,
    via: str,
    user: str,
    before: str,
    meanwhile: Callable[[], None],
    after: str,
    password: str = PASSWORD,
) -> tuple[str, str]:
    """One session of `user` from `via` runs `before`, waits (on a lock root holds) while
    `meanwhile` runs, then runs `after`: its output and errors."""
    key = f"hosts-{uuid.uuid4().hex[:12]}"
    with db.connect(server.url) as holder:
        assert db.scalar(holder, "SELECT GET_LOCK(?, 0)", key) == 1
        session = subprocess.Popen(
            server.client(via, user, f"{before}; DO GET_LOCK('{key}', 60); {after}", password),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            waiting = (
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST "
                "WHERE INFO LIKE 'DO GET_LOCK(%' AND STATE = 'User lock'"
            )
            deadline = time.monotonic() + 30
            while not db.scalar(holder, waiting) and session.poll() is None:
                assert time.monotonic() < deadline, "the session never reached its wait"
                time.sleep(0.02)
            meanwhile()
            db.scalar(holder, "SELECT RELEASE_LOCK(?)", key)
            return session.communicate(timeout=30)
        finally:
            session.kill()


def form(server: Server, host: str) -> str:
    """An account host written with the network's addresses: {subnet} (10.231.N.%), {netmask}
    (its /24), {half} (10.231.N.0/25: the named client only), {named}, {bare}, {bare_} (the
    bare address's last digit a `_`), {subnet6} (fd00:231:N::%), {named6}."""
    net = server.net
    return host.format(
        subnet=net.subnet,
        netmask=net.netmask,
        half=net.netmask.replace("255.255.255.0", "255.255.255.128"),
        named=net.named_ip,
        bare=net.bare_ip,
        bare_=net.bare_ip[:-1] + "_",
        subnet6=net.subnet6,
        named6=net.named_ip6,
    )


def account(server: Server, role: str | None, host: str, user: str | None = None) -> str:
    """A new account USER@HOST made as `wordle-db grant` makes it (role None: by hand, with
    EXECUTE on the schema's routines and no wordle role). Returns the user name."""
    user = user or f"u{uuid.uuid4().hex[:10]}"
    host = form(server, host)
    with db.connect(server.url) as conn:
        if role is None:
            conn.exec_driver_sql(f"CREATE USER '{user}'@'{host}' IDENTIFIED BY '{PASSWORD}'")
            conn.exec_driver_sql(f"GRANT EXECUTE ON `hosts`.* TO '{user}'@'{host}'")
            conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
        else:
            roles.grant(conn, role, f"{user}@{host}", PASSWORD, allow_any_host=True)
    return user


def play(server: Server, via: str, user: str, guess: str = "slate") -> tuple[str, str]:
    return server.call(via, user, f"CALL wordle_play('{user}', '{guess}', NULL, NULL)")


def answer_of(conn: Connection, procedure: str, *args: object) -> str:
    """ "plays", or the SQLSTATE of the error, of one CALL on this very session (db.call would
    make a call refused as stale again on a new connection)."""
    cursor = conn.connection.driver_connection.cursor()
    try:
        cursor.execute(f"CALL {procedure}({', '.join('?' for _ in args)})", args)
        while cursor.nextset():
            pass
        return "plays"
    except mariadb.Error as exc:
        return str(exc.sqlstate)
    finally:
        cursor.close()


CLIENTS = ["socket", "loopback4", "loopback6", "named", "bare", "named6", "bare6"]
# Which clients each account form lets in, on a server that resolves names and on one that
# does not (the server's own matching, which the game must follow): every client let in plays.
FORMS = [
    ("127.0.0.1", {True: {"loopback4"}, False: {"loopback4"}}),
    ("::1", {True: {"loopback6"}, False: {"loopback6"}}),
    ("localhost", {True: {"socket", "loopback4", "loopback6"}, False: {"socket"}}),
    ("box.test", {True: {"named", "named6"}, False: set()}),
    ("{subnet}", {True: {"named", "bare"}, False: {"named", "bare"}}),
    ("{netmask}", {True: {"named", "bare"}, False: {"named", "bare"}}),
    ("{named}", {True: {"named"}, False: {"named"}}),
    ("{named6}", {True: {"named6"}, False: {"named6"}}),
    ("{subnet6}", {True: {"named6", "bare6"}, False: {"named6", "bare6"}}),
    ("%", {True: set(CLIENTS), False: set(CLIENTS)}),
    # an IPv6 pattern without a colon (hex letters: `wordle-db grant` takes it as a pattern)
    ("fd%", {True: {"named6", "bare6"}, False: {"named6", "bare6"}}),
]


@pytest.mark.parametrize(("host", "let_in"), FORMS, ids=[form for form, _ in FORMS])
def test_an_account_of_every_host_form_plays_from_every_client_the_server_lets_in(
    server: Server, host: str, let_in: dict[bool, set[str]]
) -> None:
    user = account(server, "player", host)
    for via in CLIENTS:
        kind, answer = play(server, via, user)
        if via in let_in[server.names]:
            assert kind == "ok", (via, answer)
            assert answer.split("\t")[2:5] == ["1", "slate", "00202"], (via, answer)
            assert play(server, via, user, "crane")[1].split("\t")[5] == "won", via
            server.root(
                f"DELETE a FROM attempts a JOIN games g ON g.id = a.game_id "
                f"JOIN players p ON p.id = g.player_id WHERE p.name = '{user}'",
                f"DELETE g FROM games g JOIN players p ON p.id = g.player_id "
                f"WHERE p.name = '{user}'",
            )
        else:
            assert kind == "login", (via, kind, answer)


# One login, two accounts: what the server matched must never be taken for the other. Each
# row: the two accounts (role, host; None: EXECUTE on the schema by hand, no wordle role) and,
# per client (and per server kind where they differ), what the game answers: "plays", "plays
# as itself" (not as an administrator), "may be" (WD039: either account), "denied" (the
# server's own refusal to run the routine for the account it matched), "refused" (either).
SAME_LOGIN = [
    # the more specific account reads: from its host the login must not play
    (
        [("reader", "{named}"), ("player", "%")],
        # localhost is 127.0.0.1 or ::1, never the named address (0039)
        {"named": "denied", "bare": "plays", "loopback4": "plays"},
    ),
    # the more specific account plays, the wider one reads
    (
        [("player", "{named}"), ("reader", "%")],
        {"named": "may be", "bare": "denied", "loopback4": "denied"},
    ),
    # an address account beside a localhost one: the socket is never the address, but with
    # names resolved the game cannot tell the socket from 127.0.0.1 behind the name localhost
    # (with skip-name-resolve localhost is the socket only: 0039)
    (
        [("reader", "127.0.0.1"), ("player", "localhost")],
        {
            "socket": {True: "may be", False: "plays"},
            "loopback4": {True: "refused", False: "denied"},
        },
    ),
    # an administrator's account beside a player's: the session is at most a player
    (
        [("admin", "127.0.0.1"), ("player", "%")],
        {"loopback4": "plays as itself", "bare": "plays as itself"},
    ),
    # a subnet of players beside a netmask without a wordle role that may run the routines
    ([("player", "{subnet}"), (None, "{netmask}")], {"named": "may be", "bare": "may be"}),
    # two netmasks: the narrower (the named client's half) reads; the bare client is outside it
    ([("player", "{netmask}"), ("reader", "{half}")], {"named": "refused", "bare": "plays"}),
    # a `_` wildcard for the bare address reads; the named address is not 13_
    (
        [("reader", "{bare_}"), ("player", "%")],
        {"bare": "denied", "named": {True: "may be", False: "plays"}},
    ),
    # an IPv6 address of players beside an administrator's %: from there, at most a player
    (
        [("player", "{named6}"), ("admin", "%")],
        {"named6": "plays as itself", "bare6": "plays", "named": {True: "plays as itself"}},
    ),
    # an IPv6 pattern (with its colons) reads: its clients never play, IPv4 ones may
    (
        [("reader", "{subnet6}"), ("player", "%")],
        {
            "named6": "denied",
            "bare6": "denied",
            "named": {True: "may be", False: "plays"},
            "bare": "plays",
        },
    ),
    # the same without a colon: the server matches fd% for the IPv6 clients, a player's
    (
        [("player", "fd%"), ("admin", "%")],
        {"named6": "plays as itself", "bare6": "plays as itself"},
    ),
    # a subnet account that reads cannot be the socket, nor 127.0.0.1 or ::1 behind localhost
    ([("reader", "{subnet}"), ("player", "localhost")], {"socket": "plays"}),
    # an IPv4 netmask reads: the server never matches it for a client known by an IPv6 address
    (
        [("reader", "{netmask}"), ("player", "%")],
        {"bare": "denied", "bare6": "plays", "named6": {False: "plays"}},
    ),
]


@pytest.mark.parametrize(
    ("accounts", "expected"),
    SAME_LOGIN,
    ids=[f"{a[0][0]}@{a[0][1]}+{a[1][0]}@{a[1][1]}" for a, _ in SAME_LOGIN],
)
def test_one_login_is_never_taken_for_another_account_of_it(
    server: Server,
    accounts: list[tuple[str | None, str]],
    expected: dict[str, str | dict[bool, str]],
) -> None:
    user = f"u{uuid.uuid4().hex[:10]}"
    for role, host in accounts:
        host = form(server, host)
        if role == "admin":
            server.root(
                f"CREATE USER '{user}'@'{host}' IDENTIFIED BY '{PASSWORD}'",
                f"GRANT wordle_admin TO '{user}'@'{host}'",
                f"SET DEFAULT ROLE wordle_admin FOR '{user}'@'{host}'",
                "CALL _wordle_accounts_refresh()",
            )
        else:
            account(server, role, host, user)
    for via, want in expected.items():
        if isinstance(want, dict):
            if server.names not in want:
                continue
            want = want[server.names]
        kind, answer = play(server, via, user)
        denied = kind == "error" and answer.startswith("42000 execute command denied")
        may_be = kind == "error" and answer.startswith("WD039 this session may be ")
        if want in ("plays", "plays as itself"):
            assert kind == "ok", (via, answer)
        if want == "plays as itself":
            other = server.call(via, user, "CALL wordle_play('somebody', 'slate', NULL, NULL)")
            assert other[0] == "error" and other[1].startswith("WD039 this account plays as"), (
                via,
                other,
            )
        if want == "may be":
            assert may_be and "which hold different roles" in answer, (via, answer)
        if want == "denied":
            assert denied, (via, answer)
        if want == "refused":
            assert denied or may_be, (via, answer)
        server.root(
            f"DELETE a FROM attempts a JOIN games g ON g.id = a.game_id "
            f"JOIN players p ON p.id = g.player_id WHERE p.name = '{user}'",
            f"DELETE g FROM games g JOIN players p ON p.id = g.player_id WHERE p.name = '{user}'",
        )


def test_a_refusal_names_the_account_the_server_matched_and_why(server: Server) -> None:
    """WD039 says which account the server matched and why the game does not take it."""
    plain = account(server, None, "127.0.0.1")
    kind, answer = play(server, "loopback4", plain)
    assert kind == "error", answer
    assert answer.startswith("WD039 this account has no player role the game knows of"), answer
    assert f"{plain}@127.0.0.1 (no wordle role)" in answer, answer
    client = "localhost" if server.names else "127.0.0.1"
    assert f"this client ({client})" in answer, answer
    reader = account(server, "reader", "%")  # and, by hand, the right to run wordle_play
    server.root(f"GRANT EXECUTE ON PROCEDURE `hosts`.`wordle_play` TO '{reader}'@'%'")
    kind, answer = play(server, "bare", reader)
    assert answer == (
        f"WD039 this account cannot play or read players' games: the server "
        f"matched {reader}@% (wordle_reader)"
    ), answer


def test_an_anonymous_account_that_may_match_leaves_the_login_unproven(server: Server) -> None:
    """An anonymous account of the clients' subnet, allowed to call the routines: a client of
    that subnet is let in as it whatever login it typed (the server prefers it to the login's
    wider account), and a client known by a name may be one of them; localhost is 127.0.0.1 or
    ::1, never one of them (0039)."""
    user = account(server, "player", "%")
    anonymous = f"''@'{server.net.subnet}'"
    server.root(
        f"CREATE USER {anonymous} IDENTIFIED BY '{PASSWORD}'",
        f"GRANT EXECUTE ON `hosts`.* TO {anonymous}",
        "CALL _wordle_accounts_refresh()",
    )
    try:
        for via in ("named", "bare", "loopback4"):
            kind, answer = play(server, via, user)
            if via == "loopback4":  # 127.0.0.1 (localhost, or its address): outside the subnet
                assert kind == "ok", answer
            else:
                assert kind == "error" and "cannot be told apart" in answer, (via, answer)
    finally:
        server.root(f"DROP USER ''@'{server.net.subnet}'", "CALL _wordle_accounts_refresh()")


ANONYMOUS_PASSWORD = "the-anonymous-accounts-password"
# An anonymous account (''@HOST) lets a client of its host in whatever login it types, with the
# anonymous account's password, wherever the server prefers it to that login's own accounts.
# Given wordle_player (it may call the routines and read my_games and my_attempts), such a
# client must neither play as the login it typed nor read that login's games. Each row: the
# anonymous account's host, the client, and how the server's hosts file writes NAME (a resolver
# may answer in capitals; on the server that resolves no names a name account lets nobody in).
ANONYMOUS = [
    ("localhost", "socket", NAME),
    ("{subnet}", "bare", NAME),
    ("{netmask}", "named", NAME),
    # a server that resolves names knows these clients by a name (localhost, box.test)
    ("{subnet}", "named", NAME),
    ("127.0.0.1", "loopback4", NAME),
    ("{subnet6}", "named6", NAME),
    ("box.test", "named", NAME.upper()),
    ("fd%", "named6", NAME),
]


@pytest.mark.parametrize(
    ("host", "via", "name"), ANONYMOUS, ids=[f"{h}-{v}" for h, v, _ in ANONYMOUS]
)
def test_an_anonymous_client_never_plays_nor_reads_as_the_login_it_typed(
    server: Server, host: str, via: str, name: str
) -> None:
    victim = account(server, "player", "%")
    assert play(server, "socket", victim)[0] == "ok"  # the victim's game of today
    assert server.call("socket", victim, "SELECT COUNT(*) FROM my_attempts") == ("ok", "1")
    host = form(server, host)
    anonymous = f"''@'{host}'"
    server.root(
        f"CREATE USER {anonymous} IDENTIFIED BY '{ANONYMOUS_PASSWORD}'",
        f"GRANT wordle_player TO {anonymous}",
        f"SET DEFAULT ROLE wordle_player FOR {anonymous}",
        "CALL _wordle_accounts_refresh()",
    )
    try:
        with server.net.hosts(server.net.default_hosts().replace(NAME, name)):
            server.root("FLUSH HOSTS")

            def as_victim(sql: str) -> tuple[str, str]:
                return server.call(via, victim, sql, ANONYMOUS_PASSWORD)

            if host == NAME and not server.names:
                assert as_victim("SELECT 1")[0] == "login"
                return
            assert as_victim("SELECT CURRENT_USER()") == ("ok", f"@{host}")  # the server's
            kind, answer = as_victim(f"CALL wordle_play('{victim}', 'plumb', NULL, NULL)")
            assert kind == "error" and "cannot be told apart" in answer, answer
            for view in ("my_games", "my_attempts"):
                assert as_victim(f"SELECT COUNT(*) FROM {view}") == ("ok", "0"), view
    finally:
        server.root(f"DROP USER {anonymous}", "FLUSH HOSTS", "CALL _wordle_accounts_refresh()")


# A client let in as an anonymous account stays connected with the login it typed, the
# anonymous account's password and its active role. An operator then removes the anonymous
# account, or its role (as mariadb-secure-installation's "remove anonymous users" does): the
# open session must still not be taken for the login it typed. Each row: the anonymous
# account's host, the client, the change (then the accounts refreshed), and how the session's
# next move as the typed login is refused: WD039 (the anonymous account is there: the login
# proves nothing) or 08WD1 (it went or changed: connect again); its views show none of that
# login's.
ANONYMOUS_GONE = [
    # the anonymous account stays: the login still proves nothing
    ("{subnet}", "bare", "ALTER USER {anonymous} IDENTIFIED BY 'another-password'", "WD039"),
    ("{subnet}", "bare", "REVOKE wordle_player FROM {anonymous}", "08WD1"),
    # it goes: only sessions begun before it may be it
    ("{subnet}", "bare", "DROP USER {anonymous}", "08WD1"),
    ("{subnet}", "bare", "RENAME USER {anonymous} TO 'kiosk'@'{host}'", "08WD1"),
    # renamed to the very login the session typed: the session is not told apart from it
    pytest.param(
        "{subnet}",
        "bare",
        "RENAME USER {anonymous} TO '{victim}'@'{host}'",
        "08WD1",
        marks=pytest.mark.found_by("review of migration 0044: held"),
    ),
]


@pytest.mark.found_by("review of migration 0039")
@pytest.mark.parametrize(
    ("host", "via", "change", "refused"),
    ANONYMOUS_GONE,
    ids=[
        f"{h}-{v}: {c.split(' ')[0]}{' to the login' if 'victim' in c else ''}"
        for h, v, c, _ in (getattr(row, "values", row) for row in ANONYMOUS_GONE)
    ],
)
def test_an_anonymous_clients_open_session_never_becomes_the_login_it_typed(
    server: Server, host: str, via: str, change: str, refused: str
) -> None:
    victim = account(server, "player", "%")
    assert play(server, "socket", victim)[0] == "ok"  # the victim's game of today
    anonymous = f"''@'{form(server, host)}'"
    server.root(
        f"CREATE USER {anonymous} IDENTIFIED BY '{ANONYMOUS_PASSWORD}'",
        f"GRANT wordle_player TO {anonymous}",
        f"SET DEFAULT ROLE wordle_player FOR {anonymous}",
        "CALL _wordle_accounts_refresh()",
    )
    try:
        out, err = held(
            server,
            via,
            victim,
            "SELECT CURRENT_USER()",
            lambda: server.root(
                change.format(anonymous=anonymous, host=form(server, host), victim=victim),
                "CALL _wordle_accounts_refresh()",
            ),
            f"SELECT COUNT(*) FROM my_attempts; CALL wordle_play('{victim}', 'plumb', NULL, NULL)",
            ANONYMOUS_PASSWORD,
        )
    finally:
        server.root(
            f"DROP USER IF EXISTS {anonymous}",
            f"DROP USER IF EXISTS 'kiosk'@'{form(server, host)}'",
            f"DROP USER IF EXISTS '{victim}'@'{form(server, host)}'",
            "CALL _wordle_accounts_refresh()",
        )
    rows = out.splitlines()
    assert rows[:2] == [f"@{form(server, host)}", "0"], (out, err)  # let in anonymously; 0
    line = err.strip().splitlines()[-1] if err.strip() else f"no error: {out}"
    assert re.match(rf"ERROR 1644 \({refused}\)", line), line


# The page's account, made as `wordle-db serve` makes it on its embedded server
# (wordle_web@localhost, wordle_player, player_names created), plays for the page's players
# through the socket. An account a careless operator adds elsewhere must not stop it. Each row:
# another account and its role (None: none) and, per server kind, whether the page plays
# ("plays") or the game refuses it ("may be": WD039, the session may be that other account).
PAGE = [
    (None, None, {True: "plays", False: "plays"}),
    ("'wordle_web'@'box.test'", "reader", {True: "plays", False: "plays"}),
    # accounts that can never match the socket (nor, with names resolved, 127.0.0.1 or ::1)
    ("'wordle_web'@'{named}'", "reader", {True: "plays", False: "plays"}),
    ("''@'{subnet}'", "player", {True: "plays", False: "plays"}),
    # with skip-name-resolve, localhost is the socket only (TCP clients are known by address)
    ("'wordle_web'@'::1'", "reader", {True: "may be", False: "plays"}),
]


@pytest.mark.parametrize(("other", "role", "expected"), PAGE, ids=[f"{o}" for o, _, _ in PAGE])
def test_the_pages_account_plays_through_the_socket_beside_other_accounts(
    server: Server, tmp_path: Path, other: str | None, role: str | None, expected: dict[bool, str]
) -> None:
    web = setup.embedded_account(server.url, tmp_path, say=lambda line: None)
    other = other and form(server, other)
    try:
        if other:
            server.root(
                f"CREATE USER {other} IDENTIFIED BY '{PASSWORD}'",
                f"GRANT wordle_{role} TO {other}",
                "CALL _wordle_accounts_refresh()",
            )
        name = f"web-{uuid.uuid4().hex[:8]}"  # one of the page's players
        kind, answer = server.call(
            "socket", "wordle_web", f"CALL wordle_play('{name}', 'slate', NULL, NULL)", web.password
        )
        if expected[server.names] == "plays":
            assert kind == "ok" and answer.split("\t")[3:5] == ["slate", "00202"], answer
        else:
            assert kind == "error" and answer.startswith("WD039 this session may be "), answer
    finally:
        server.root(
            *([f"DROP USER {other}"] if other else []),
            "DROP USER 'wordle_web'@'localhost'",
            "CALL _wordle_accounts_refresh()",
        )
        with db.connect(server.url) as conn:
            settings.set_setting(conn, "player_names", "account")


# The page's connections stay open between requests (its pool), and a page may run in several
# processes, each with its own pool and its own memory of the players' cookies. An operator
# changes another account of the page's login, one that can never be the socket's sessions,
# while the page serves players: both the page's players keep playing, as themselves. Each
# row: the other account, its role, and the change (then the accounts refreshed).
POOLED = [
    # a new account: no session of the login began as it
    ("'wordle_web'@'{named}'", "reader", "CREATE USER {other} IDENTIFIED BY 'x'"),
    # an account elsewhere, dropped or given another role
    ("'wordle_web'@'box.test'", "reader", "DROP USER {other}"),
    ("'wordle_web'@'{named}'", "reader", "REVOKE wordle_reader FROM {other}"),
]


@pytest.mark.found_by("review of migration 0039")
@pytest.mark.parametrize(
    ("other", "role", "change"), POOLED, ids=[c.split(" ")[0] for *_, c in POOLED]
)
def test_the_pages_open_connections_play_on_when_another_account_of_its_login_changes(
    server: Server, tmp_path: Path, other: str, role: str, change: str
) -> None:
    web = setup.embedded_account(server.url, tmp_path, say=lambda line: None)
    other = form(server, other)
    before = not change.startswith("CREATE")  # the other account is there before the page
    pages = [
        TestClient(create_app(web, Settings(SECRET, allowed_hosts=("testserver",))))
        for _ in range(2)
    ]
    try:
        if before:
            server.root(
                f"CREATE USER {other} IDENTIFIED BY '{PASSWORD}'",
                f"GRANT wordle_{role} TO {other}",
                "CALL _wordle_accounts_refresh()",
            )
        cookies = []
        for page in pages:  # each process's pool opens its connection; a player of each
            page.__enter__()
            assert page.get("/api/today").status_code == 200
            assert page.post("/api/guess", json={"word": "slate"}, headers=WEB_POST).is_success
            cookies.append(page.cookies[players.COOKIE])
        server.root(
            change.format(other=other),
            *([] if before else [f"GRANT wordle_{role} TO {other}"]),
            "CALL _wordle_accounts_refresh()",
        )
        page, answers = pages[0], []
        for cookie in cookies:  # its own player, then the other process's (a balancer's choice)
            page.cookies.clear()
            page.cookies[players.COOKIE] = cookie
            response = page.post("/api/guess", json={"word": "plumb"}, headers=WEB_POST)
            kept = response.cookies.get(players.COOKIE) in (None, cookie)  # still that player
            answers.append((response.status_code, "same player" if kept else "a new player"))
            said = response.json().get("error")
        assert answers == [(200, "same player")] * 2, (answers, said)
    finally:
        for page in pages:
            page.__exit__(None, None, None)
        server.root(
            f"DROP USER IF EXISTS {other}",
            "DROP USER 'wordle_web'@'localhost'",
            "CALL _wordle_accounts_refresh()",
        )
        with db.connect(server.url) as conn:
            settings.set_setting(conn, "player_names", "account")


@pytest.mark.found_by("review of migration 0039")
def test_the_pages_open_connections_connect_again_when_its_own_account_changes(
    server: Server, tmp_path: Path
) -> None:
    """The page's own account loses its role and gets it back, each refreshed: its pooled
    connections began before those marks (08WD1 on their next call), and the page makes the
    call again on a new connection, so both processes' players play on, as themselves."""
    web = setup.embedded_account(server.url, tmp_path, say=lambda line: None)
    pages = [
        TestClient(create_app(web, Settings(SECRET, allowed_hosts=("testserver",))))
        for _ in range(2)
    ]
    try:
        cookies = []
        for page in pages:
            page.__enter__()
            assert page.post("/api/guess", json={"word": "slate"}, headers=WEB_POST).is_success
            cookies.append(page.cookies[players.COOKIE])
        with db.connect(server.url) as conn:
            listed = "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = 'wordle_web'"
            pooled = [int(row["ID"]) for row in db.query(conn, listed)]
        assert pooled, "the pages keep no connection"
        server.root(
            "REVOKE wordle_player FROM 'wordle_web'@'localhost'",
            "CALL _wordle_accounts_refresh()",
            "GRANT wordle_player TO 'wordle_web'@'localhost'",
            "CALL _wordle_accounts_refresh()",
        )
        with db.connect(server.url) as conn:
            mark = db.scalar(
                conn,
                "SELECT connection FROM node_accounts WHERE node = _wordle_node() "
                "AND user = 'wordle_web' AND host = 'localhost'",
            )
        assert mark >= max(pooled), (mark, pooled)  # every pooled connection is stale
        answers = []
        for page, cookie in zip(pages, cookies, strict=True):
            page.cookies.clear()
            page.cookies[players.COOKIE] = cookie
            response = page.post("/api/guess", json={"word": "plumb"}, headers=WEB_POST)
            kept = response.cookies.get(players.COOKIE) in (None, cookie)
            answers.append((response.status_code, "same player" if kept else "a new player"))
        assert answers == [(200, "same player")] * 2, answers
    finally:
        for page in pages:
            page.__exit__(None, None, None)
        server.root("DROP USER 'wordle_web'@'localhost'", "CALL _wordle_accounts_refresh()")
        with db.connect(server.url) as conn:
            settings.set_setting(conn, "player_names", "account")


# An account changed while a client it let in stays connected: the server keeps that session
# (its login, host and active role) until it disconnects, so the game must not take it for
# the login's other accounts. Each row: the login's accounts (the client at {named} matches the
# first: its address is the most specific), the change made (then the accounts refreshed)
# while the session waits between two calls, and what else happens: nothing (None), the
# session's own statement before its second call (CLOCK), a new session of the login from the
# same client, let in as the account left, playing that name first (KEPT), or the change and
# the refresh made by a root session begun before the player's (OLDER). The session's second
# call, as another player name, is refused whatever the change: 08WD1 (connect again) when an
# account it may be went or changed, else WD039 (it plays as itself only).
CLOCK = "SET timestamp = UNIX_TIMESTAMP(SYSDATE()) + 86400"  # any account may move its clock
PAST = "SET timestamp = 1"  # before the server started: its uptime goes below zero
KEPT = "a new session plays the name first"  # its decision is kept under the same SESSION_USER()
OLDER = "the change and refresh from an older session"  # an operator's shell, open for hours
STALE = "08WD1"
CHANGES = [
    ([("player", "{named}"), ("player", "%")], "DROP USER {who}", None, STALE),
    ([("player", "{named}")], "DROP USER {who}", None, STALE),
    ([("player", "{named}"), ("admin", "%")], "REVOKE wordle_player FROM {who}", None, STALE),
    # an account the session cannot be (localhost is never the named client) changes
    (
        [("player", "{named}"), ("admin", "%")],
        "GRANT wordle_admin TO {user}@'localhost'",
        None,
        "WD039",
    ),
    # the login's other account administers: the dropped or renamed one's session is not it
    ([("player", "{named}"), ("admin", "%")], "DROP USER {who}", None, STALE),
    ([("player", "{named}"), ("admin", "%")], "RENAME USER {who} TO {user}_old@'%'", None, STALE),
    # dropped and made again, as it was, before the refresh: the session is that account still
    (
        [("player", "{named}"), ("admin", "%")],
        f"DROP USER {{who}}; CREATE USER {{who}} IDENTIFIED BY '{PASSWORD}'; "
        "GRANT wordle_player TO {who}",
        None,
        "WD039",
    ),
    # the session moves its clock, which the server's uptime follows (SET timestamp)
    ([("player", "{named}"), ("admin", "%")], "DROP USER {who}", CLOCK, STALE),
    ([("player", "{named}"), ("admin", "%")], "DROP USER {who}", PAST, STALE),
    # the login's administrator plays the name first from the same client
    ([("player", "{named}"), ("admin", "%")], "DROP USER {who}", KEPT, STALE),
    ([("player", "{named}"), ("admin", "%")], "DROP USER {who}", OLDER, STALE),
]


@pytest.mark.parametrize(
    ("accounts", "change", "meanwhile", "refused"),
    CHANGES,
    ids=[
        f"{'+'.join(f'{r}@{h}' for r, h in a)}: "
        f"{', '.join(part.split(' {')[0] for part in c.split('; '))}{f' ({m})' if m else ''}"
        for a, c, m, _ in CHANGES
    ],
)
def test_a_session_whose_account_changed_is_never_taken_for_another_account(
    server: Server,
    accounts: list[tuple[str, str]],
    change: str,
    meanwhile: str | None,
    refused: str,
) -> None:
    user = f"u{uuid.uuid4().hex[:10]}"
    for role, host in accounts:
        account(server, role, host, user)
    if "localhost" in change:
        account(server, "player", "localhost", user)
    who = f"{user}@'{form(server, accounts[0][1])}'"
    other = f"n{uuid.uuid4().hex[:8]}"
    own = f"{meanwhile};" if meanwhile and meanwhile.startswith("SET") else ""
    with db.connect(server.url) as older:  # a root session begun before the player's

        def change_made() -> None:
            if meanwhile == OLDER:
                for statement in change.format(who=who, user=user).split("; "):
                    older.exec_driver_sql(statement)
                older.exec_driver_sql("CALL _wordle_accounts_refresh()")
            else:
                server.root(
                    *change.format(who=who, user=user).split("; "),
                    "CALL _wordle_accounts_refresh()",
                )
            if meanwhile == KEPT:  # let in as the account left, an administrator: it may
                kind, answer = server.call(
                    "named", user, f"CALL wordle_play('{other}', 'slate', NULL, NULL)"
                )
                assert kind == "ok", answer

        out, err = held(
            server,
            "named",
            user,
            f"CALL wordle_play('{user}', 'slate', NULL, NULL)",
            change_made,
            f"{own} CALL wordle_play('{other}', 'plumb', NULL, NULL)",
        )
    assert "\tslate\t00202\t" in out, (out, err)  # its first call, as itself, played
    line = err.strip().splitlines()[-1] if err.strip() else f"no error: {out}"
    assert re.match(rf"ERROR 1644 \({refused}\)", line), line


def test_a_name_of_several_addresses_gives_none_of_them_the_others_role(server: Server) -> None:
    """NAME resolves to both clients' addresses (a load balancer's name, a host with two
    interfaces): the server knows both by NAME and matches each to its own address's account.
    The administrator's account at one address makes neither client an administrator."""
    user = f"u{uuid.uuid4().hex[:10]}"
    server.root(
        f"CREATE USER {user}@'{server.net.named_ip}' IDENTIFIED BY '{PASSWORD}'",
        f"GRANT wordle_admin TO {user}@'{server.net.named_ip}'",
        f"SET DEFAULT ROLE wordle_admin FOR {user}@'{server.net.named_ip}'",
    )
    account(server, "player", "{bare}", user)
    several = server.net.default_hosts() + f"{server.net.bare_ip} {NAME}\n"
    try:
        with server.net.hosts(several):
            server.root("FLUSH HOSTS")
            for via, address in (("bare", server.net.bare_ip), ("named", server.net.named_ip)):
                known = server.call(via, user, "SELECT SESSION_USER()")
                assert known == ("ok", f"{user}@{NAME if server.names else address}"), known
                as_admin = via == "named" and not server.names  # known by its own address
                kind, answer = server.call(
                    via, user, "CALL wordle_play('somebody', 'slate', NULL, NULL)"
                )
                if as_admin:
                    assert kind == "ok", (via, answer)
                else:
                    assert answer.startswith("WD039 this account plays as"), (via, answer)
    finally:
        server.root("FLUSH HOSTS")


def test_a_name_resolved_in_capitals_is_the_accounts_name(server: Server) -> None:
    """The resolver answers BOX.TEST for the named client: the server keeps that case in
    SESSION_USER() and matches accounts without it; the game must match them so too."""
    user = account(server, None, NAME)  # may run the routines, no wordle role
    account(server, "player", "%", user)
    try:
        with server.net.hosts(server.net.default_hosts().replace(NAME, NAME.upper())):
            server.root("FLUSH HOSTS")
            kind, answer = play(server, "named", user)
            if server.names:
                assert kind == "error" and answer.startswith("WD039 this session may be "), answer
                assert f"this client ({NAME})" in answer, answer
            else:  # the address: the name account lets nobody in
                assert kind == "ok", answer
    finally:
        server.root("FLUSH HOSTS")


# wordle_publish_on lets administrators publish past days, publishers only today and ahead.
# Each row: one login's accounts, the client, and whom the game takes it for: "publisher"
# (WD026 for yesterday) or "admin" (past the window: the channel's first day refuses, WD024).
PUBLISH = [
    ([("publisher", "{named}"), ("admin", "{bare}")], "named", "publisher"),
    ([("publisher", "{named}"), ("admin", "{bare}")], "bare", "admin"),
    ([("publisher", "%"), ("admin", "{named6}")], "named6", "publisher"),
    ([("publisher", "%"), ("admin", "{named6}")], "named", "publisher"),
]


@pytest.mark.parametrize(
    ("accounts", "via", "taken_for"),
    PUBLISH,
    ids=[f"{'+'.join(f'{r}@{h}' for r, h in a)}-{v}" for a, v, _ in PUBLISH],
)
def test_a_publisher_never_publishes_as_its_logins_administrator(
    server: Server, accounts: list[tuple[str, str]], via: str, taken_for: str
) -> None:
    user = f"u{uuid.uuid4().hex[:10]}"
    for role, host in accounts:
        account(server, role, host, user)
    kind, answer = server.call(
        via, user, "CALL wordle_publish_on(NULL, wordle_today() - INTERVAL 1 DAY)"
    )
    assert kind == "error", answer
    assert answer.startswith("WD026" if taken_for == "publisher" else "WD024"), answer


# Logins the game must tell apart by their whole name: each row a login (as `wordle-db grant`
# takes it; None: made by hand, with `@` and the named client's address in it) of an account
# at %, which plays as itself from the bare client and never as the login it looks like.
LOGINS = [
    "a",
    "Ann.Lee-2_x",
    "ann.lee-2_x",
    "p" * 64,
    None,
    "q" * 64,  # the longest `wordle-db grant` takes: a player name's longest
]


@pytest.mark.parametrize("login", LOGINS, ids=[str(login)[:12] for login in LOGINS])
def test_every_login_plays_as_itself_and_only_itself(server: Server, login: str | None) -> None:
    tag = uuid.uuid4().hex[:6]
    if login is None:
        login = f"w{tag}@{server.net.named_ip}"  # as the login w{tag} at the named address
        server.root(
            f"CREATE USER '{login}'@'%' IDENTIFIED BY '{PASSWORD}'",
            f"GRANT wordle_player TO '{login}'@'%'",
            f"SET DEFAULT ROLE wordle_player FOR '{login}'@'%'",
        )
        account(server, "admin", "{named}", f"w{tag}")
        lookalike = f"w{tag}"
    else:
        login = login[:-6] + tag if len(login) > 6 else login + tag  # new, as long as it is
        account(server, "player", "%", login)
        lookalike = login.swapcase()
    kind, answer = play(server, "bare", login)
    assert kind == "ok" and answer.split("\t")[3:5] == ["slate", "00202"], answer
    kind, answer = server.call(
        "bare", login, f"CALL wordle_play('{lookalike}', 'slate', NULL, NULL)"
    )
    assert kind == "error" and answer.startswith("WD039 this account plays as"), answer


def test_grant_refuses_a_login_longer_than_a_player_name(server: Server) -> None:
    """A login of 65 to 80 characters was made, then refused WD038 on every move (a player
    name is 64 characters at most): `wordle-db grant` refuses it in one line, and makes
    nothing."""
    login = "q" * 65
    with pytest.raises(WordleError) as refused:
        account(server, "player", "%", login)
    assert "the user: 1 to 64 letters" in str(refused.value) and "\n" not in str(refused.value)
    with db.connect(server.url) as conn:
        assert db.scalar(conn, "SELECT COUNT(*) FROM mysql.user WHERE User = ?", login) == 0


@pytest.mark.parametrize(
    ("view", "locking"), [("my_games", "LOCK IN SHARE MODE"), ("my_attempts", "FOR UPDATE")]
)
def test_a_held_read_of_the_accounts_makes_no_account_change_wait(
    server: Server, view: str, locking: str
) -> None:
    """A player's SERIALIZABLE read of my_games or my_attempts (which read the server_accounts
    rows of its login and of anonymous accounts), locking and held open by SLEEP: `wordle-db
    grant` (the grant tables, then the refresh), a REVOKE and GRANT by hand of the holder's own
    role and their refresh (which rewrites the row it read and marks the account in
    node_accounts), and a new account's first move all finish while it still runs."""
    holder = account(server, "player", "%")
    assert play(server, "bare", holder)[0] == "ok"  # one row of my_games to sleep on
    hold = subprocess.Popen(
        server.client(
            "named",
            holder,
            "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE; "
            f"SELECT SLEEP(60), player FROM {view} {locking}",
        ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    sleeping = (
        "SELECT MAX(ID) FROM information_schema.PROCESSLIST "
        "WHERE USER = ? AND INFO LIKE 'SELECT SLEEP%'"
    )
    thread = None
    try:
        deadline = time.monotonic() + 30
        while not thread and hold.poll() is None and time.monotonic() < deadline:
            with db.connect(server.url) as conn:
                thread = db.scalar(conn, sleeping, holder)
            time.sleep(0.02)
        assert thread, hold.stderr and hold.stderr.read()
        newcomer = account(server, "player", "{subnet}")  # roles.grant, then the refresh
        server.root(
            f"REVOKE wordle_player FROM {holder}@'%'",
            f"GRANT wordle_reader TO {holder}@'%'",
            "CALL _wordle_accounts_refresh()",
        )
        assert play(server, "named", newcomer)[0] == "ok"
        marked = "SELECT COUNT(*) FROM node_accounts WHERE user = ? AND connection > 0"
        with db.connect(server.url) as conn:
            assert db.scalar(conn, marked, holder) == 1
        assert hold.poll() is None, "the read ended before the changes were made"
    finally:
        if thread:
            server.root(f"KILL {thread}")
        hold.kill()
        hold.wait()


@pytest.mark.found_by("review of migration 0039")
def test_sessions_racing_the_refresh_never_play_as_another_name(server: Server) -> None:
    """Twelve open sessions of a player's account (through the socket; the login's other
    account, at %, administers) call as other names over and over while the player's account is
    dropped and four refreshes run at once (the event's and `wordle-db grant`'s may): no call
    plays another name, every refusal is WD039 (as itself only) or 08WD1 (connect again), no
    refresh fails, and a session begun after the refreshes is the administrator it now is."""
    user = account(server, "player", "localhost")
    server.root(
        f"CREATE USER {user}@'%' IDENTIFIED BY '{PASSWORD}'",
        f"GRANT wordle_admin TO {user}@'%'",
        f"SET DEFAULT ROLE wordle_admin FOR {user}@'%'",
        "CALL _wordle_accounts_refresh()",
    )
    url = server.url.set(username=user, password=PASSWORD)
    answers: Counter[str] = Counter()
    failures: list[BaseException] = []
    stop = threading.Event()

    def calls(conn: Connection, n: int) -> None:
        while not stop.is_set():
            answers[answer_of(conn, "wordle_play", f"{user}-{n}", "plumb", None, None)] += 1

    def refresh() -> None:
        try:
            server.root("CALL _wordle_accounts_refresh()")
        except BaseException as exc:  # reported below
            failures.append(exc)

    with ExitStack() as stack:
        sessions = [stack.enter_context(db.connect(url)) for _ in range(12)]
        for conn in sessions:  # each let in as the player's account
            assert db.scalar(conn, "SELECT CURRENT_USER()") == f"{user}@localhost"
        players = [threading.Thread(target=calls, args=(c, n)) for n, c in enumerate(sessions)]
        for thread in players:
            thread.start()
        try:
            time.sleep(0.3)
            server.root(f"DROP USER {user}@'localhost'")
            refreshers = [threading.Thread(target=refresh) for _ in range(4)]
            for thread in refreshers:
                thread.start()
            for thread in refreshers:
                thread.join(60)
            time.sleep(0.3)
        finally:
            stop.set()
            for thread in players:
                thread.join(60)
    assert not failures, failures
    assert answers["plays"] == 0 and answers["08WD1"] > 0, answers
    assert set(answers) <= {"plays", "08WD1", "WD039"}, answers
    with db.connect(url) as fresh:  # the administrator's account now: any name
        assert db.call(fresh, "wordle_play", f"{user}-new", "slate", None, None)


# A session's own settings, set before its call, must not change what the game takes it for.
# The login's accounts: a player's at the named client's address, an administrator's at %; the
# named client's call as another name is refused (WD039), or its settings are (WD012).
SETTINGS = [
    "SET NAMES latin1",
    "SET collation_connection = utf8mb4_general_ci",
    "SET sql_mode = 'NO_BACKSLASH_ESCAPES,PAD_CHAR_TO_FULL_LENGTH,IGNORE_SPACE'",
    "SET default_regex_flags = 'MULTILINE,DOTALL,EXTENDED'",
    "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE",
    "SET autocommit = 0",
    "SET max_statement_time = 10",
]


@pytest.mark.found_by("review of migration 0039")
@pytest.mark.parametrize("setting", SETTINGS, ids=[s.split(" =")[0][4:] for s in SETTINGS])
def test_a_sessions_settings_never_make_it_another_account(server: Server, setting: str) -> None:
    user = account(server, "player", "{named}")
    server.root(
        f"CREATE USER {user}@'%' IDENTIFIED BY '{PASSWORD}'",
        f"GRANT wordle_admin TO {user}@'%'",
        f"SET DEFAULT ROLE wordle_admin FOR {user}@'%'",
        "CALL _wordle_accounts_refresh()",
    )
    kind, answer = server.call(
        "named", user, f"{setting}; CALL wordle_play('n{user}', 'slate', NULL, NULL)"
    )
    assert kind == "error" and answer.split(" ")[0] in ("WD039", "WD012"), answer


# On Galera the accounts and their copy (server_accounts) replicate, while each node counts its
# own connection ids and keeps its own marks (node_accounts, by node): each node's own refresh
# marks what it saw go or change (docs/cluster.md: the refresh runs on every node). Login u has a
# player's account at 127.0.0.1 and an administrator's at % (both nodes have refreshed since);
# the player's is dropped, and the accounts refreshed, through the first node. Each row: when the
# session on the second node began (before the change: it is the player's; after: the
# administrator's), which node has counted more connections, whether the second node has
# refreshed since, and what the session's next move as another name gets: 08WD1 (connect
# again) or it plays.
GALERA = [
    ("before", "the session's node", True, STALE),
    ("before", "the refreshing node", True, STALE),
    ("after", "the refreshing node", True, "plays"),
    ("after", "the session's node", True, "plays"),
    # until its own refresh, the second node cannot tell its sessions apart: none plays
    ("before", "the session's node", False, STALE),
    ("after", "the refreshing node", False, STALE),
]


@pytest.mark.found_by("review of migration 0039")
@pytest.mark.parametrize(
    ("began", "ahead", "refreshed", "expected"),
    GALERA,
    ids=[f"{b}, {a} ahead, {'both refreshed' if r else 'one refreshed'}" for b, a, r, _ in GALERA],
)
def test_a_session_whose_account_went_is_told_apart_on_every_galera_node(
    galera: LocalCluster, cluster_db: str, began: str, ahead: str, refreshed: bool, expected: str
) -> None:
    urls = [node_url(galera, 0, cluster_db), node_url(galera, 1, cluster_db)]
    user, other = f"u{uuid.uuid4().hex[:10]}", f"n{uuid.uuid4().hex[:8]}"
    with db.connect(urls[0]) as conn:
        for host, role in (("127.0.0.1", "wordle_player"), ("%", "wordle_admin")):
            conn.exec_driver_sql(f"CREATE USER {user}@'{host}' IDENTIFIED BY '{PASSWORD}'")
            conn.exec_driver_sql(f"GRANT {role} TO {user}@'{host}'")
            conn.exec_driver_sql(f"SET DEFAULT ROLE {role} FOR {user}@'{host}'")
        conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    with db.connect(urls[1]) as conn:  # the second node's own view of the accounts
        conn.exec_driver_sql("SET SESSION wsrep_sync_wait = 1")
        conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    behind, front = urls if ahead == "the session's node" else urls[::-1]
    with db.connect(behind) as conn:
        reached = db.scalar(conn, "SELECT CONNECTION_ID()")
    for _ in range(5000):  # the nodes count connections apart: put one ahead
        with db.connect(front) as conn:
            if db.scalar(conn, "SELECT CONNECTION_ID()") > reached + 100:
                break

    def drop() -> None:
        with db.connect(urls[0]) as conn:
            conn.exec_driver_sql(f"DROP USER {user}@'127.0.0.1'")
            conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
        with db.connect(urls[1]) as conn:  # the cluster's copy, on the second node
            conn.exec_driver_sql("SET SESSION wsrep_sync_wait = 1")
            gone = "SELECT COUNT(*) FROM server_accounts WHERE user = ? AND host = '127.0.0.1'"
            assert db.scalar(conn, gone, user) == 0
            if refreshed:
                conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
                marked = (
                    "SELECT connection FROM node_accounts "
                    "WHERE node = _wordle_node() AND user = ? AND host = '127.0.0.1'"
                )
                assert db.scalar(conn, marked, user) > 0

    if began == "after":
        drop()
    with db.connect(urls[1].set(username=user, password=PASSWORD)) as session:
        if began == "before":
            assert db.call(session, "wordle_play", user, "slate", None, None)[0]["guess"] == "slate"
            drop()
        got = answer_of(session, "wordle_play", other, "plumb", None, None)
    assert got == expected, got


@pytest.mark.found_by("review of migration 0044")
def test_an_account_the_other_node_never_refreshed_leaves_no_session_there_another_role(
    galera: LocalCluster, cluster_db: str
) -> None:
    """Login u has an administrator's account at % (both nodes refreshed since). `wordle-db
    grant` adds a player's at 127.0.0.1 through the first node (which refreshes at once); a
    session on the second node, before that node's own refresh, is let in as the player's
    account; the account is then dropped through the first node, and both nodes refresh. That
    session's account went: its move as another name must be refused (08WD1), not taken for
    the administrator's."""
    urls = [node_url(galera, 0, cluster_db), node_url(galera, 1, cluster_db)]
    user, other = f"u{uuid.uuid4().hex[:10]}", f"n{uuid.uuid4().hex[:8]}"
    with db.connect(urls[0]) as conn:
        roles.grant(conn, "admin", f"{user}@%", PASSWORD, allow_any_host=True)
    with db.connect(urls[1]) as conn:
        conn.exec_driver_sql("SET SESSION wsrep_sync_wait = 1")
        conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
    with db.connect(urls[0]) as conn:
        roles.grant(conn, "player", f"{user}@127.0.0.1", PASSWORD)
    _refresh(urls[1], call=False)  # the second node has applied the account, not refreshed
    with db.connect(urls[1].set(username=user, password=PASSWORD)) as session:
        let_in = db.scalar(session, "SELECT CURRENT_USER()")
        assert let_in == f"{user}@127.0.0.1", let_in
        with db.connect(urls[0]) as conn:
            conn.exec_driver_sql(f"DROP USER {user}@'127.0.0.1'")
            conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
        with db.connect(urls[1]) as conn:
            conn.exec_driver_sql("SET SESSION wsrep_sync_wait = 1")
            conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
        got = answer_of(session, "wordle_play", other, "plumb", None, None)
    assert got == STALE, got


@pytest.mark.found_by("review of migration 0039")
def test_a_mark_of_the_last_run_refuses_no_session_of_the_next(server: Server) -> None:
    """A login marked (one of its accounts dropped) by a refresh whose connection id is high;
    the server restarts, counting connection ids from 1 again: the login's new sessions, whose
    ids are below the old mark, play."""
    user = account(server, "player", "{named}")
    account(server, "player", "%", user)
    for _ in range(40):  # the run's connection ids past the next run's first ones
        with db.connect(server.url):
            pass
    server.root(f"DROP USER {user}@'{server.net.named_ip}'", "CALL _wordle_accounts_refresh()")
    with db.connect(server.url) as conn:
        mark = db.scalar(conn, "SELECT MAX(connection) FROM node_accounts WHERE user = ?", user)
    with restarted(server, server.names):
        kind, answer = server.call("bare", user, "SELECT CONNECTION_ID()")
        assert kind == "ok" and int(answer) < mark, (answer, mark)
        kind, answer = play(server, "bare", user)
        assert kind == "ok", answer


# A decision kept in player_access (and the role in account_access) is keyed by SESSION_USER(),
# whose `localhost` is the socket alone with skip-name-resolve and also 127.0.0.1 and ::1 when
# names are resolved (0039 retires the decisions when its refresh sees skip_name_resolve change).
# Login u: an administrator's account at %, a player's at 127.0.0.1. With skip-name-resolve the
# socket is the administrator's (it plays another name: the decision kept); the server is
# restarted resolving names, where a client at 127.0.0.1 is the player's account known as
# localhost. Each row: the restarted server's event scheduler (the refresh every minute), and
# whether a refresh ran before the player's move; the move as the other name is refused (WD039).
RESTARTS = [("ON", True), ("OFF", False)]


@pytest.mark.found_by("review of migration 0039")
@pytest.mark.parametrize("server", [False], indirect=True, ids=["skip-name-resolve first"])
@pytest.mark.parametrize(
    ("scheduler", "refreshed"),
    RESTARTS,
    ids=[f"scheduler {s}, {'refreshed' if r else 'no refresh yet'}" for s, r in RESTARTS],
)
def test_a_decision_kept_for_the_socket_never_serves_another_client_after_a_restart(
    server: Server, scheduler: str, refreshed: bool
) -> None:
    user, victim = f"u{uuid.uuid4().hex[:10]}", f"v{uuid.uuid4().hex[:8]}"
    server.root(
        f"CREATE USER {user}@'%' IDENTIFIED BY '{PASSWORD}'",
        f"GRANT wordle_admin TO {user}@'%'",
        f"SET DEFAULT ROLE wordle_admin FOR {user}@'%'",
    )
    account(server, "player", "127.0.0.1", user)
    kind, answer = server.call("socket", user, f"CALL wordle_play('{victim}', 'slate', NULL, NULL)")
    assert kind == "ok", answer  # the administrator's: a decision kept for {user}@localhost
    with restarted(server, True, f"--event-scheduler={scheduler}"):
        if refreshed:
            server.root("CALL _wordle_accounts_refresh()")
        who = server.call("loopback4", user, "SELECT SESSION_USER(), CURRENT_USER()")
        assert who == ("ok", f"{user}@localhost\t{user}@127.0.0.1"), who
        kind, answer = play(server, "loopback4", user)
        assert kind == "ok", answer
        for name in (victim, f"n{uuid.uuid4().hex[:8]}"):  # the role kept too (0057)
            kind, answer = server.call(
                "loopback4", user, f"CALL wordle_play('{name}', 'plumb', NULL, NULL)"
            )
            assert kind == "error" and answer.startswith("WD039 this account plays as"), answer


def _refresh(url: URL, *, call: bool = True) -> None:
    """The accounts refresh through one node, once it has applied what the others committed
    (without `call`: only that wait, e.g. for a CREATE USER made through another node before
    a client logs in there)."""
    with db.connect(url) as conn:
        conn.exec_driver_sql("SET SESSION wsrep_sync_wait = 1")
        db.scalar(conn, "SELECT COUNT(*) FROM server_accounts")
        if call:
            conn.exec_driver_sql("CALL _wordle_accounts_refresh()")


# Login u has an administrator's account at % (both nodes refreshed since). Each row: the
# account a session on the second node is let in as (u's player's account at 127.0.0.1, or an
# anonymous account there, which the server prefers to u@% for that client), what became of
# it through the first node before the session logged in (made: by `wordle-db grant`, or by
# hand and the first node's refresh; dropped and refreshed there; "2": the second node
# refreshes), and the name the session then plays as. The account is then dropped through
# the first node and both nodes refresh: the session's account went, its move must be refused
# (08WD1), never taken for u's administrator (another name) nor for login u (its own). (A
# player's account made once: the test above.)
REMADE = [
    ("anonymous", ("make",), "its login"),
    ("player", ("make", "drop", "make"), "another name"),
    # node 2 saw it go (its row kept, not present, with that mark); made again through node 1
    ("player", ("make", "2", "drop", "2", "make"), "another name"),
    ("anonymous", ("make", "2", "drop", "2", "make"), "its login"),
]


@pytest.mark.found_by("review of migration 0049")
@pytest.mark.parametrize(
    ("kind", "history", "plays_as"),
    REMADE,
    ids=[f"{kind}, {' '.join(history)}, as {plays}" for kind, history, plays in REMADE],
)
def test_an_account_made_through_another_node_leaves_no_session_another_account(
    galera: LocalCluster, cluster_db: str, kind: str, history: tuple[str, ...], plays_as: str
) -> None:
    urls = [node_url(galera, 0, cluster_db), node_url(galera, 1, cluster_db)]
    user = f"u{uuid.uuid4().hex[:10]}"
    name = f"n{uuid.uuid4().hex[:8]}" if plays_as == "another name" else user
    account, secret = (
        (f"{user}@'127.0.0.1'", PASSWORD)
        if kind == "player"
        else ("''@'127.0.0.1'", ANONYMOUS_PASSWORD)
    )
    with db.connect(urls[0]) as conn:
        roles.grant(conn, "admin", f"{user}@%", PASSWORD, allow_any_host=True)
    _refresh(urls[1])
    try:
        for step in history:
            if step == "2":
                _refresh(urls[1])
                continue
            with db.connect(urls[0]) as conn:
                if step == "make" and kind == "player":
                    roles.grant(conn, "player", f"{user}@127.0.0.1", PASSWORD)
                elif step == "make":
                    conn.exec_driver_sql(f"CREATE USER {account} IDENTIFIED BY '{secret}'")
                    conn.exec_driver_sql(f"GRANT wordle_player TO {account}")
                    conn.exec_driver_sql(f"SET DEFAULT ROLE wordle_player FOR {account}")
                else:
                    conn.exec_driver_sql(f"DROP USER {account}")
                conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
        _refresh(urls[1], call=False)
        with db.connect(urls[1].set(username=user, password=secret)) as session:
            let_in = db.scalar(session, "SELECT CURRENT_USER()")
            assert let_in == account.replace("'", ""), let_in
            with db.connect(urls[0]) as conn:
                conn.exec_driver_sql(f"DROP USER {account}")
                conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
            _refresh(urls[1])
            got = answer_of(session, "wordle_play", name, "plumb", None, None)
    finally:
        with db.connect(urls[0]) as conn:
            conn.exec_driver_sql(f"DROP USER IF EXISTS {account}")
    assert got == STALE, got


@pytest.mark.found_by("review of migration 0049: held")
def test_a_downgrade_and_upgrade_through_0049_keep_the_marks_and_the_other_nodes_rows(
    galera: LocalCluster, cluster_db: str
) -> None:
    """Login u has an administrator's account at %; `wordle-db grant` adds a player's at
    127.0.0.1 through the first node (0049: a row for the second node as if it had seen it); a
    session on the second node is let in as it. Downgraded to 0048, the account dropped through
    the first node and both nodes refreshed by 0044's refresh: the session is refused (08WD1),
    and still is once upgraded again (the marks kept)."""
    urls = [node_url(galera, 0, cluster_db), node_url(galera, 1, cluster_db)]
    user, other = f"u{uuid.uuid4().hex[:10]}", f"n{uuid.uuid4().hex[:8]}"
    with db.connect(urls[0]) as conn:
        roles.grant(conn, "admin", f"{user}@%", PASSWORD, allow_any_host=True)
    _refresh(urls[1])
    with db.connect(urls[0]) as conn:
        roles.grant(conn, "player", f"{user}@127.0.0.1", PASSWORD)
    _refresh(urls[1], call=False)
    try:
        with db.connect(urls[1].set(username=user, password=PASSWORD)) as session:
            assert db.scalar(session, "SELECT CURRENT_USER()") == f"{user}@127.0.0.1"
            schema.migrate(urls[0], "0048")
            with db.connect(urls[0]) as conn:
                conn.exec_driver_sql(f"DROP USER {user}@'127.0.0.1'")
                conn.exec_driver_sql("CALL _wordle_accounts_refresh()")
            _refresh(urls[1])
            got = [answer_of(session, "wordle_play", other, "plumb", None, None)]
            schema.migrate(urls[0])
            _refresh(urls[1])
            got.append(answer_of(session, "wordle_play", other, "plumb", None, None))
    finally:
        with db.connect(urls[0]) as conn:
            conn.exec_driver_sql(f"DROP USER IF EXISTS {user}@'127.0.0.1'")
    assert got == [STALE, STALE], got


# Accounts of other logins, made and dropped again and again through the first node while
# players on the second and third play: made by `wordle-db grant` and dropped by hand, or an
# anonymous account at a host no player's client can be.
CHURN = {
    "other logins' players": "{user}@'127.0.0.1'",
    "an anonymous account elsewhere": "''@'10.9.9.{n}'",
}


@pytest.mark.found_by("review of migration 0049: held")
@pytest.mark.parametrize("churned", CHURN.values(), ids=CHURN.keys())
def test_players_on_every_node_play_through_other_logins_accounts_coming_and_going(
    galera: LocalCluster, cluster_db: str, churned: str
) -> None:
    """Twelve players, each its own login, six on each of the second and third nodes, read
    their game again and again and play four guesses each, while the first node makes and
    drops twelve accounts of other logins (each new to the cluster's copy: 0049 gives the
    other nodes a row of it) and all three nodes refresh between. No player is ever refused
    (08WD1 is for a login whose own account changed): every call answers, or a move loses a
    Galera conflict (40001), which the client sends again."""
    urls = [node_url(galera, n, cluster_db) for n in range(3)]
    players = [f"p{uuid.uuid4().hex[:10]}" for _ in range(12)]
    with db.connect(urls[0]) as conn:
        for player in players:
            roles.grant(conn, "player", f"{player}@127.0.0.1", PASSWORD)
    for url in urls[1:]:
        _refresh(url)
    got: Counter[str] = Counter()
    with ExitStack() as stack:
        sessions = [
            stack.enter_context(db.connect(urls[1 + n % 2].set(username=p, password=PASSWORD)))
            for n, p in enumerate(players)
        ]
        done = threading.Event()

        def play(session: Connection, player: str) -> None:
            guesses, calls = ["slate", "plumb", "ghost", "pious"], 0
            while guesses or not done.is_set():  # reads its game, and a move every fifth call
                calls += 1
                if not guesses or (calls % 5 and not done.is_set()):
                    got[answer_of(session, "wordle_game", player, None)] += 1
                    continue
                answer = answer_of(session, "wordle_play", player, guesses[0], None, None)
                got[answer] += 1
                if answer != "40001":
                    guesses.pop(0)

        threads = [
            threading.Thread(target=play, args=(s, p))
            for s, p in zip(sessions, players, strict=True)
        ]
        for thread in threads:
            thread.start()
        try:
            for n in range(12):
                account = churned.format(user=f"o{uuid.uuid4().hex[:10]}", n=n)
                with db.connect(urls[0]) as conn:
                    if account.startswith("''"):
                        conn.exec_driver_sql(f"CREATE USER {account} IDENTIFIED BY '{PASSWORD}'")
                        db.call(conn, "_wordle_accounts_refresh")
                    else:
                        roles.grant(conn, "player", account.replace("'", ""), PASSWORD)
                    conn.exec_driver_sql(f"DROP USER {account}")
                    db.call(conn, "_wordle_accounts_refresh")
                for url in urls[1:]:
                    with db.connect(url) as conn:
                        db.call(conn, "_wordle_accounts_refresh")
        finally:
            done.set()
            for thread in threads:
                thread.join()
    with db.connect(urls[0]) as conn:
        for player in players:
            conn.exec_driver_sql(f"DROP USER IF EXISTS {player}@'127.0.0.1'")
    assert set(got) <= {"plays", "40001"} and got["plays"] > 12 * 4, got


# The event wordle_accounts_refresh runs every minute on each node it is enabled on
# (docs/cluster.md), from the same STARTS on every node (the CREATE replicated): the nodes'
# refreshes begin in the same second. Each row: what changed since the last refresh. Every
# node's refresh must commit: one that fails leaves that node's marks (and its `behind` rows,
# which refuse every session of those logins there) for another minute.
# What changed before the nodes' refreshes run at once, and how each is called: alone, one CALL
# each must commit (nothing to write: nothing to conflict on); after a change every node marks
# and retires decisions (access_version), and Galera may abort a loser's whole CALL (40001,
# which no handler in the routine sees): its callers try again (db.call, as `wordle-db grant`;
# the event at its next run), so each commits within db.call's tries.
AT_ONCE = {
    "nothing, one CALL each": (None, False),
    "an account dropped by hand, called as grant calls it": ("DROP USER {user}@'127.0.0.1'", True),
}


def _refresh_at_once(
    node: Connection, started: threading.Barrier, got: Counter[str], retried: bool
) -> None:
    """One node's refresh, begun with the others': "commits" or the SQLSTATE it failed with
    (one CALL, or, `retried`, through db.call's tries)."""
    started.wait()
    if not retried:
        answer = answer_of(node, "_wordle_accounts_refresh")
        got["commits" if answer == "plays" else answer] += 1
        return
    try:
        db.call(node, "_wordle_accounts_refresh")
        got["commits"] += 1
    except DatabaseError as exc:
        got[str(exc.sqlstate)] += 1


@pytest.mark.found_by("review of migration 0049")
@pytest.mark.parametrize("case", AT_ONCE.values(), ids=AT_ONCE.keys())
def test_the_refreshes_of_every_node_at_once_each_commit(
    galera: LocalCluster, cluster_db: str, case: tuple[str | None, bool]
) -> None:
    change, retried = case
    urls = [node_url(galera, n, cluster_db) for n in range(3)]
    user = f"u{uuid.uuid4().hex[:10]}"
    for url in urls:
        _refresh(url)
    got: Counter[str] = Counter()
    with ExitStack() as stack:
        nodes = [stack.enter_context(db.connect(url)) for url in urls]
        for _ in range(5):
            with db.connect(urls[0]) as conn:
                roles.grant(conn, "player", f"{user}@127.0.0.1", PASSWORD)
                if change:
                    conn.exec_driver_sql(change.format(user=user))
            for node in nodes:
                node.exec_driver_sql("SET SESSION wsrep_sync_wait = 1")
                db.scalar(node, "SELECT COUNT(*) FROM server_accounts")  # all applied
                node.exec_driver_sql("SET SESSION wsrep_sync_wait = 0")
            started = threading.Barrier(len(nodes))
            threads = [
                threading.Thread(target=_refresh_at_once, args=(node, started, got, retried))
                for node in nodes
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    with db.connect(urls[0]) as conn:
        conn.exec_driver_sql(f"DROP USER IF EXISTS {user}@'127.0.0.1'")
    assert got == {"commits": 15}, got


def _documented_enabling(repo_root: Path) -> list[str]:
    """The statements docs/cluster.md gives to enable the accounts refresh on a node."""
    text = (repo_root / "docs" / "cluster.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```\n(.*?)```", text, re.DOTALL)
    (block,) = [b for b in blocks if "wordle_accounts_refresh ENABLE" in b]
    return [s.strip() for s in block.split(";") if s.strip()]


@pytest.mark.found_by("review of migration 0049")
def test_the_accounts_refresh_enabled_on_a_node_as_documented_runs_as_its_owner(
    galera: LocalCluster, cluster_db: str, repo_root: Path
) -> None:
    """A server administrator (ops, all privileges) enables the event wordle_accounts_refresh
    on the second node with docs/cluster.md's statements, then leaves (DROP USER). The event
    must stay wordle_owner's, as created, never become the account of whoever enabled it (an
    event whose definer is gone fails at every run, and the node, which must refresh itself,
    then marks nothing and keeps its `behind` rows for good)."""
    urls = [node_url(galera, 0, cluster_db), node_url(galera, 1, cluster_db)]
    ops = f"ops{uuid.uuid4().hex[:8]}"
    with db.connect(urls[1]) as conn:  # through that node: it has applied it
        conn.exec_driver_sql(f"CREATE USER {ops}@'127.0.0.1' IDENTIFIED BY '{PASSWORD}'")
        conn.exec_driver_sql(f"GRANT ALL PRIVILEGES ON *.* TO {ops}@'127.0.0.1' WITH GRANT OPTION")
    try:
        with db.connect(urls[1].set(username=ops, password=PASSWORD)) as conn:
            for statement in _documented_enabling(repo_root):
                conn.exec_driver_sql(statement)
    finally:
        with db.connect(urls[0]) as conn:
            conn.exec_driver_sql(f"DROP USER IF EXISTS {ops}@'127.0.0.1'")
    with db.connect(urls[1]) as conn:
        event = db.query(
            conn,
            "SELECT STATUS AS status, DEFINER AS definer FROM information_schema.EVENTS "
            "WHERE EVENT_SCHEMA = DATABASE() AND EVENT_NAME = 'wordle_accounts_refresh'",
        )
    assert event == [{"status": "ENABLED", "definer": "wordle_owner@localhost"}], event
