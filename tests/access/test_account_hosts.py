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
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from wordle_db import db, publish, roles, schema, settings, words
from wordle_db.errors import WordleError
from wordle_db.server import LocalServer
from wordle_db.web import setup

from support.network import NAME, Network, available, network

PORT = 3306  # the server's namespace has a port space of its own
PASSWORD = "a-password-of-the-tests"
ANSWER, GUESSES = "crane", ("slate", "plumb", "ghost", "vexor", "qopaz", "zimbu")
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


def _server(net: Network, home: Path, names: bool) -> Iterator[Server]:
    addresses = f"127.0.0.1,::1,{net.to_named},{net.to_bare},{net.to_named6},{net.to_bare6}"
    options = (
        "--skip-networking=0",
        f"--port={PORT + (0 if names else 1)}",
        f"--bind-address={addresses}",
        *(() if names else ("--skip-name-resolve",)),
    )
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


# An account changed while a client it let in stays connected: the server keeps that session
# (its login, host and active role) until it disconnects, so the game must not take it for
# the login's other accounts. Each row: the login's accounts (the client at {named} matches the
# first: its address is the most specific) and the change made (then the accounts refreshed)
# while the session waits between two calls; its second call, as another player name, is
# refused (WD039) whatever the change.
CHANGES = [
    ([("player", "{named}"), ("player", "%")], "DROP USER {who}"),
    ([("player", "{named}")], "DROP USER {who}"),
    ([("player", "{named}"), ("admin", "%")], "REVOKE wordle_player FROM {who}"),
    ([("player", "{named}"), ("admin", "%")], "GRANT wordle_admin TO {user}@'localhost'"),
    # the login's other account administers: the dropped or renamed one's session is not it
    ([("player", "{named}"), ("admin", "%")], "DROP USER {who}"),
    ([("player", "{named}"), ("admin", "%")], "RENAME USER {who} TO {user}_old@'%'"),
]


@pytest.mark.parametrize(
    ("accounts", "change"),
    CHANGES,
    ids=[f"{'+'.join(f'{r}@{h}' for r, h in a)}: {c.split(' {')[0]}" for a, c in CHANGES],
)
def test_a_session_whose_account_changed_is_never_taken_for_another_account(
    server: Server, accounts: list[tuple[str, str]], change: str
) -> None:
    user = f"u{uuid.uuid4().hex[:10]}"
    for role, host in accounts:
        account(server, role, host, user)
    if "localhost" in change:
        account(server, "player", "localhost", user)
    who = f"{user}@'{form(server, accounts[0][1])}'"
    other, key = f"n{uuid.uuid4().hex[:8]}", f"hosts-{user}"
    with db.connect(server.url) as holder:
        assert db.scalar(holder, "SELECT GET_LOCK(?, 0)", key) == 1
        session = subprocess.Popen(
            server.client(
                "named",
                user,
                f"CALL wordle_play('{user}', 'slate', NULL, NULL); DO GET_LOCK('{key}', 60); "
                f"CALL wordle_play('{other}', 'slate', NULL, NULL)",
            ),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            waiting = (
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST "
                "WHERE USER = ? AND STATE = 'User lock'"
            )
            deadline = time.monotonic() + 30
            while not db.scalar(holder, waiting, user) and session.poll() is None:
                assert time.monotonic() < deadline, "the session never reached its wait"
                time.sleep(0.02)
            server.root(change.format(who=who, user=user), "CALL _wordle_accounts_refresh()")
            db.scalar(holder, "SELECT RELEASE_LOCK(?)", key)
            out, err = session.communicate(timeout=30)
        finally:
            session.kill()
    assert "\tslate\t00202\t" in out, (out, err)  # its first call, as itself, played
    line = err.strip().splitlines()[-1] if err.strip() else f"no error: {out}"
    assert re.match(r"ERROR 1644 \(WD039\)", line), line


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


def test_a_held_read_of_the_accounts_makes_no_account_change_wait(server: Server) -> None:
    """A player's SERIALIZABLE read of my_games (which reads its account's row of
    server_accounts), locking and held open by SLEEP: `wordle-db grant` (the grant tables, then
    the refresh), a REVOKE and GRANT by hand of the holder's own role and their refresh (which
    rewrites the row it read), and a new account's first move all finish while it still runs."""
    holder = account(server, "player", "%")
    assert play(server, "bare", holder)[0] == "ok"  # one row of my_games to sleep on
    hold = subprocess.Popen(
        server.client(
            "named",
            holder,
            "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE; "
            "SELECT SLEEP(60), player FROM my_games LOCK IN SHARE MODE",
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
        assert hold.poll() is None, "the read ended before the changes were made"
    finally:
        if thread:
            server.root(f"KILL {thread}")
        hold.kill()
        hold.wait()
