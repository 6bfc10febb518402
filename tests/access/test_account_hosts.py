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
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from wordle_db import db, publish, roles, schema, words
from wordle_db.server import LocalServer

from support.network import Network, available, network

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

    def call(self, via: str, user: str, sql: str) -> tuple[str, str]:
        """Run `sql` as `user` from client `via` (loopback4, loopback6, socket, named, bare):
        ("ok", first row) or ("error", "SQLSTATE message") or ("login", message)."""
        base = [
            "mariadb",
            "--batch",
            "--skip-column-names",
            f"-u{user}",
            f"-p{PASSWORD}",
            "-e",
            sql,
            self.url.database,
        ]
        if via == "socket":
            done = subprocess.run(
                [*base[:-1], f"--socket={self.local.socket}", base[-1]],
                capture_output=True,
                text=True,
                timeout=30,
            )
        else:
            namespace, host = {
                "loopback4": (self.net.server, "127.0.0.1"),
                "loopback6": (self.net.server, "::1"),
                "named": (self.net.named, self.net.to_named),
                "bare": (self.net.bare, self.net.to_bare),
            }[via]
            done = self.net.run(
                namespace, *base[:-1], f"-h{host}", f"-P{self.port}", "--protocol=tcp", base[-1]
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
    addresses = f"127.0.0.1,::1,{net.to_named},{net.to_bare}"
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


def account(server: Server, role: str | None, host: str, user: str | None = None) -> str:
    """A new account USER@HOST made as `wordle-db grant` makes it (role None: by hand, with
    EXECUTE on the schema's routines and no wordle role). Returns the user name."""
    user = user or f"u{uuid.uuid4().hex[:10]}"
    host = host.format(
        subnet=server.net.subnet,
        netmask=server.net.netmask,
        named=server.net.named_ip,
        bare=server.net.bare_ip,
    )
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


CLIENTS = ["socket", "loopback4", "loopback6", "named", "bare"]
# Which clients each account form lets in, on a server that resolves names and on one that
# does not (the server's own matching, which the game must follow): every client let in plays.
FORMS = [
    ("127.0.0.1", {True: {"loopback4"}, False: {"loopback4"}}),
    ("::1", {True: {"loopback6"}, False: {"loopback6"}}),
    ("localhost", {True: {"socket", "loopback4", "loopback6"}, False: {"socket"}}),
    ("box.test", {True: {"named"}, False: set()}),
    ("{subnet}", {True: {"named", "bare"}, False: {"named", "bare"}}),
    ("{netmask}", {True: {"named", "bare"}, False: {"named", "bare"}}),
    ("{named}", {True: {"named"}, False: {"named"}}),
    ("%", {True: set(CLIENTS), False: set(CLIENTS)}),
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
        {"named": "denied", "bare": "plays", "loopback4": {True: "may be", False: "plays"}},
    ),
    # the more specific account plays, the wider one reads
    (
        [("player", "{named}"), ("reader", "%")],
        {"named": "may be", "bare": "denied", "loopback4": "denied"},
    ),
    # an address account beside a localhost one: the socket is never the address, but the
    # game cannot tell the socket from 127.0.0.1 behind the name localhost
    (
        [("reader", "127.0.0.1"), ("player", "localhost")],
        {"socket": "may be", "loopback4": {True: "refused", False: "denied"}},
    ),
    # an administrator's account beside a player's: the session is at most a player
    (
        [("admin", "127.0.0.1"), ("player", "%")],
        {"loopback4": "plays as itself", "bare": "plays as itself"},
    ),
    # a subnet of players beside a netmask without a wordle role that may run the routines
    ([("player", "{subnet}"), (None, "{netmask}")], {"named": "may be", "bare": "may be"}),
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
        want = want[server.names] if isinstance(want, dict) else want
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
    wider account), and a client known by a name may be one of them."""
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
            if via == "loopback4" and not server.names:  # an address outside the subnet
                assert kind == "ok", answer
            else:
                assert kind == "error" and "cannot be told apart" in answer, (via, answer)
    finally:
        server.root(f"DROP USER ''@'{server.net.subnet}'", "CALL _wordle_accounts_refresh()")
