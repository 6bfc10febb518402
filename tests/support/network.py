"""Hosts of their own for tests that need clients at other addresses than the server's.

Three network namespaces joined by veth pairs: the server's (its own loopback, so 127.0.0.1
and ::1 are clients of its own, and a hosts file that names one client), a client whose
address the server resolves to a name (`box.test`, as Docker's DNS names every container) and
a client whose address resolves to nothing. Both clients are in one /24, so a subnet pattern
and a netmask cover them. Needs root and iproute2 (`ip netns`); `ip netns exec` mounts
/etc/netns/NAME/hosts over /etc/hosts for what runs inside, nothing else of the machine's.
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

    def run(
        self, namespace: str, *command: str, stdin: str | None = None, timeout: float = 30
    ) -> subprocess.CompletedProcess[str]:
        """`command` run inside `namespace`."""
        return subprocess.run(
            ["ip", "netns", "exec", namespace, *command],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=timeout,
        )


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
    prefix = f"10.231.{third}"
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
    )
    etc = Path("/etc/netns") / net.server
    made: list[str] = []
    try:
        for namespace in (net.server, net.named, net.bare):
            _ip("netns", "add", namespace)
            made.append(namespace)
            _ip("-n", namespace, "link", "set", "lo", "up")
        for client, here, there, end in (
            (net.named, net.to_named, net.named_ip, "n"),
            (net.bare, net.to_bare, net.bare_ip, "b"),
        ):
            inside, outside = f"wdb{end}{tag}a", f"wdb{end}{tag}b"
            _ip("link", "add", inside, "type", "veth", "peer", "name", outside)
            _ip("link", "set", inside, "netns", net.server)
            _ip("link", "set", outside, "netns", client)
            _ip("-n", net.server, "addr", "add", f"{here}/25", "dev", inside)
            _ip("-n", client, "addr", "add", f"{there}/25", "dev", outside)
            _ip("-n", net.server, "link", "set", inside, "up")
            _ip("-n", client, "link", "set", outside, "up")
        etc.mkdir(parents=True, exist_ok=True)
        (etc / "hosts").write_text(f"127.0.0.1 localhost\n::1 localhost\n{net.named_ip} {NAME}\n")
        (etc / "resolv.conf").write_text("")  # no name server: the bare address stays bare
        yield net
    finally:
        for namespace in made:
            subprocess.run(["ip", "netns", "del", namespace], capture_output=True)
        shutil.rmtree(etc, ignore_errors=True)
