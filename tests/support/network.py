"""Hosts of their own for tests that need clients at other addresses than the server's.

Three network namespaces joined by veth pairs: the server's (its own loopback, so 127.0.0.1
and ::1 are clients of its own, and a hosts file that names one client), a client whose
address the server resolves to a name (`box.test`, as Docker's DNS names every container) and
a client whose address resolves to nothing. Both clients are in one /24, so a subnet pattern
and a netmask cover them; each also has an IPv6 address (fd00:231:N::/120, hex letters in it:
the named one's also resolves to NAME). Needs root and iproute2 (`ip netns`); `ip netns exec`
mounts /etc/netns/NAME/hosts over /etc/hosts for what runs inside, nothing else of the
machine's; `Network.hosts` rewrites that file in place (the mount follows the file, not its
name), as a DNS change would, while the server runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

NAME = "box.test"
NEEDS = (
    "these tests make network namespaces: run them as root with iproute2 (apt-get install iproute2)"
)


@dataclass(frozen=True)
class Network:
    server: str  # the server's namespace
    named: str  # a client's namespace: its address resolves to NAME on the server
    bare: str  # a client's namespace whose address resolves to nothing
    subnet: str  # the clients' /24, as a pattern: 10.231.N.%
    netmask: str  # the same as a netmask host: 10.231.N.0/255.255.255.0
    named_ip: str
    bare_ip: str
    to_named: str  # the server's address the named client connects to
    to_bare: str
    subnet6: str  # the clients' IPv6 addresses, as a pattern: fd00:231:N::%
    named_ip6: str  # the named client's IPv6 address (also NAME): hex letters in it
    bare_ip6: str
    to_named6: str
    to_bare6: str

    @property
    def hosts_file(self) -> Path:
        return Path("/etc/netns") / self.server / "hosts"

    def default_hosts(self) -> str:
        return (
            f"127.0.0.1 localhost\n::1 localhost\n{self.named_ip} {NAME}\n{self.named_ip6} {NAME}\n"
        )

    @contextmanager
    def hosts(self, text: str) -> Iterator[None]:
        """The server's hosts file is `text` inside (flush the server's host cache after)."""
        self.hosts_file.write_text(text)  # in place: the running server's mount sees it
        try:
            yield
        finally:
            self.hosts_file.write_text(self.default_hosts())

    def inside(self, namespace: str, *command: str) -> list[str]:
        """`command` as run inside `namespace`."""
        return ["ip", "netns", "exec", namespace, *command]


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


def available() -> str | None:
    """Why network namespaces cannot be made here, or None."""
    if os.geteuid() != 0:
        return NEEDS
    if shutil.which("ip") is None:
        return NEEDS
    return None


@contextmanager
def network() -> Iterator[Network]:
    """Make the three namespaces; remove them (and their /etc/netns files) afterwards."""
    tag = f"{os.getpid() % 100000}"
    third = 20 + os.getpid() % 200
    prefix, prefix6 = f"10.231.{third}", f"fd00:231:{third:x}::"
    net = Network(
        server=f"wdb-s{tag}",
        named=f"wdb-n{tag}",
        bare=f"wdb-b{tag}",
        subnet=f"{prefix}.%",
        netmask=f"{prefix}.0/255.255.255.0",
        named_ip=f"{prefix}.2",
        bare_ip=f"{prefix}.130",
        to_named=f"{prefix}.1",
        to_bare=f"{prefix}.129",
        subnet6=f"{prefix6}%",
        named_ip6=f"{prefix6}2",
        bare_ip6=f"{prefix6}82",
        to_named6=f"{prefix6}1",
        to_bare6=f"{prefix6}81",
    )
    etc = Path("/etc/netns") / net.server
    made: list[str] = []
    try:
        for namespace in (net.server, net.named, net.bare):
            _ip("netns", "add", namespace)
            made.append(namespace)
            _ip("-n", namespace, "link", "set", "lo", "up")
        for client, here, there, here6, there6, end in (
            (net.named, net.to_named, net.named_ip, net.to_named6, net.named_ip6, "n"),
            (net.bare, net.to_bare, net.bare_ip, net.to_bare6, net.bare_ip6, "b"),
        ):
            inside, outside = f"wdb{end}{tag}a", f"wdb{end}{tag}b"
            _ip("link", "add", inside, "type", "veth", "peer", "name", outside)
            _ip("link", "set", inside, "netns", net.server)
            _ip("link", "set", outside, "netns", client)
            _ip("-n", net.server, "addr", "add", f"{here}/25", "dev", inside)
            _ip("-n", client, "addr", "add", f"{there}/25", "dev", outside)
            _ip("-n", net.server, "addr", "add", f"{here6}/121", "dev", inside, "nodad")
            _ip("-n", client, "addr", "add", f"{there6}/121", "dev", outside, "nodad")
            _ip("-n", net.server, "link", "set", inside, "up")
            _ip("-n", client, "link", "set", outside, "up")
        etc.mkdir(parents=True, exist_ok=True)
        net.hosts_file.write_text(net.default_hosts())
        (etc / "resolv.conf").write_text("")  # no name server: the bare address stays bare
        yield net
    finally:
        for namespace in made:
            subprocess.run(["ip", "netns", "del", namespace], capture_output=True)
        shutil.rmtree(etc, ignore_errors=True)
