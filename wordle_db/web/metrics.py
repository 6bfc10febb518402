"""The page's metrics in Prometheus' text format (prometheus-client): requests and their
latency per endpoint, database calls, the pool, rate-limit refusals, and the game's own
counts (guesses, games won and lost per channel, refusals per WD code). Each app has its own
registry; `serve --metrics-port` serves it on a separate address (loopback by default), never
on the players' port."""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

from wordle_db.errors import WordleError

# seconds: a guess takes a few milliseconds; a busy morning, tens
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    def __init__(self, idle: Callable[[], int], busy: Callable[[], int]) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.requests = Histogram(
            "wordle_db_http_request_duration_seconds",
            "Time to answer an API request",
            ["endpoint", "status"],
            buckets=BUCKETS,
            registry=r,
        )
        self.database = Histogram(
            "wordle_db_database_call_duration_seconds",
            "Time of an endpoint's database work (pool wait included)",
            ["endpoint"],
            buckets=BUCKETS,
            registry=r,
        )
        self.guesses = Counter(
            "wordle_db_guesses_total", "Guesses the game took", ["channel"], registry=r
        )
        self.games = Counter(
            "wordle_db_games_finished_total",
            "Games that ended, by outcome",
            ["channel", "outcome"],
            registry=r,
        )
        self.refusals = Counter(
            "wordle_db_refusals_total",
            "Requests a rule of the game refused, by SQLSTATE (WDnnn)",
            ["code"],
            registry=r,
        )
        self.limited = Counter(
            "wordle_db_rate_limited_total",
            "POSTs refused by the per-address rate limit",
            registry=r,
        )
        Gauge(
            "wordle_db_pool_idle_connections",
            "Open database connections waiting for a request",
            registry=r,
        ).set_function(idle)
        Gauge(
            "wordle_db_pool_busy_connections",
            "Database connections serving a request now",
            registry=r,
        ).set_function(busy)

    def guessed(self, channel: str | None, state: str) -> None:
        label = (channel or "default").lower()
        self.guesses.labels(label).inc()
        if state in ("won", "lost"):
            self.games.labels(label, state).inc()


def serve_metrics(registry: CollectorRegistry, host: str, port: int) -> None:
    """/metrics on host:port, in a thread of its own (prometheus-client's server)."""
    try:
        start_http_server(port, host, registry=registry)
    except OSError as exc:
        raise WordleError(f"cannot serve metrics on {host}:{port}: {exc.strerror or exc}") from None
