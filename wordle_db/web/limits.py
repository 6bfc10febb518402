"""Per-client rate limit on guesses: an in-memory token bucket for each client address."""

from __future__ import annotations

import functools
import ipaddress
import threading
import time
from dataclasses import dataclass, field

MAX_CLIENTS = 10_000  # buckets kept; full ones are forgotten first


@functools.lru_cache(maxsize=MAX_CLIENTS)
def client_key(address: str) -> str:
    """Whose bucket: an IPv4 address, or an IPv6 address's /64 (one household or host holds
    a whole /64 and could otherwise take a new address for every request)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass
class Bucket:
    tokens: float
    stamp: float


@dataclass
class RateLimit:
    """`burst` requests at once, then `per_minute` a minute, for each client."""

    per_minute: float
    burst: int
    clock: object = time.monotonic
    _buckets: dict[str, Bucket] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, client: str) -> float:
        """0 when the request may go on, else the seconds to wait for the next token."""
        now = self.clock()  # type: ignore[operator]
        rate, client = self.per_minute / 60, client_key(client)
        with self._lock:
            bucket = self._buckets.get(client)
            if bucket is None:
                if len(self._buckets) >= MAX_CLIENTS:
                    self._forget(now, rate)
                bucket = self._buckets[client] = Bucket(float(self.burst), now)
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.stamp) * rate)
            bucket.stamp = now
            if bucket.tokens >= 1:
                bucket.tokens -= 1
                return 0.0
            return (1 - bucket.tokens) / rate

    def _forget(self, now: float, rate: float) -> None:
        """Drop the buckets that are full again (their clients lose nothing), else the oldest."""
        full = [
            k for k, b in self._buckets.items() if b.tokens + (now - b.stamp) * rate >= self.burst
        ]
        for key in full or sorted(self._buckets, key=lambda k: self._buckets[k].stamp)[:1000]:
            del self._buckets[key]
