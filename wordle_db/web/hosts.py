"""Which Host a request may name: the names `serve` was told, refused before any work.

A page that answers any Host can be reached through DNS rebinding: another site's name,
pointed at this server's address, makes the victim's browser treat the game as that site
(same-origin, cookies and all). So `serve` answers only the hosts it was told
(`--allowed-host`), by default its bind address and localhost; bound to every interface, also
any address typed as digits (no name can be rebound to those), so phones on the LAN can play.
"""

from __future__ import annotations

import ipaddress
import json
import re

from starlette.types import Scope, Send

LOCAL = ("localhost", "127.0.0.1", "::1")
WILDCARDS = ("0.0.0.0", "::", "")
# a DNS name: labels of letters, digits and inner hyphens, dot-separated, 253 characters at most
LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
NAME = re.compile(rf"(?=.{{1,253}}$){LABEL}(\.{LABEL})*", re.ASCII)


def host_name(header: str) -> str:
    """The Host header without its port, lower case; IPv6 without brackets."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def default_hosts(bind: str) -> tuple[str, ...]:
    """The bind address and localhost; "*addresses" when bound to every interface."""
    extra = ("*addresses",) if bind in WILDCARDS else (host_name(bind),)
    return tuple(dict.fromkeys((*LOCAL, *extra)))


def allowed_host(entry: str) -> str:
    """An --allowed-host entry checked: a DNS name, `*.` and a name (its subdomains), or an
    address (IPv6 with or without brackets); lower case. Anything else (empty, `*` alone,
    spaces, a port, a path) is refused with a line saying what is allowed."""
    name = entry.strip().lower()
    bare = name[1:-1] if name.startswith("[") and name.endswith("]") else name
    if is_address(bare) and "%" not in bare:
        return bare
    domain = name.removeprefix("*.")
    if NAME.fullmatch(domain) and not domain.rsplit(".", 1)[-1].isdigit():  # 1.2.3 is no name
        return name
    raise ValueError(
        f"{entry!r} is not a host name: give a name (wordle.example.org), *. and a name for "
        "its subdomains (*.example.org), or an address (192.0.2.1, ::1)"
    )


def allowed(name: str, hosts: tuple[str, ...]) -> bool:
    """Whether a request naming `name` is for this server. An entry "*.example.org" allows
    its subdomains; "*addresses" any address typed as digits."""
    for host in hosts:
        if host == "*addresses" and is_address(name):
            return True
        if host.startswith("*.") and name.endswith(host[1:]):
            return True
        if host_name(host) == name:
            return True
    return False


def requested(scope: Scope) -> str:
    """The host name a request names (host_name of its Host header). Several Host headers
    count as none (h11 refuses them, httptools passes them on), since the rest of the app
    reads the first and a check would read one of them only."""
    hosts = [v for k, v in scope.get("headers", []) if k == b"host"]
    header = hosts[0].decode("latin-1") if len(hosts) == 1 else ""
    return host_name(header)


REFUSED = json.dumps({"error": "this server does not answer for that host name"}).encode()


async def refuse(scope: Scope, send: Send) -> None:
    """421 and one line of JSON; on a websocket, which has no HTTP answer, close it."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008})
        return
    await send(
        {
            "type": "http.response.start",
            "status": 421,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(REFUSED)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": REFUSED})
