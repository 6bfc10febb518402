"""Free TCP ports for the servers the tests, the benchmarks and the local cluster start."""

from __future__ import annotations

import random
import socket
from pathlib import Path

LOWEST = 10000


def free_ports(count: int, host: str = "127.0.0.1") -> list[int]:
    """`count` distinct ports free to listen on at `host`, below the range the kernel gives
    outgoing connections: a port bind(0) gives is in that range, where a client's connection
    (a flood's, another node's) can take it before the server listens on it."""
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    low = max(low, LOWEST + 1000)  # a range that starts lower leaves no port out of its way
    ports: list[int] = []
    while len(ports) < count:
        port = random.randrange(LOWEST, low)
        if port in ports:
            continue
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
        ports.append(port)
    return ports
