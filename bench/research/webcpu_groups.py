"""A py-spy raw profile of serve (`bench/webcpu.py --profile FILE`) grouped by each sample's
deepest frame, as in bench/README.md's section "Where a web guess's CPU goes"; the first
group whose names match takes the sample.

Run: python bench/research/webcpu_groups.py FILE
"""

import collections
import sys

GROUPS = [
    (
        "thread hop",
        ("workers.py", "concurrent/futures", "asyncio/futures.py", "Web.blocking", "threading.py"),
    ),
    ("response writes", ("RequestResponseCycle.send",)),
    ("proxy headers", ("proxy_headers",)),
    (
        "HTTP parsing and the request's task",
        (
            "HttpToolsProtocol",
            "httptools_impl",
            "RequestResponseCycle.run_asgi",
            "RequestResponseCycle.receive",
        ),
    ),
    (
        "middleware and routing",
        (
            "App.__call__",
            "App._allowed",
            "hosts.py",
            "starlette/routing",
            "starlette/middleware",
            "starlette/applications",
            "_exception_handler",
            "_with_headers",
        ),
    ),
    (
        "cookie HMAC, rate limit, CSRF, metrics",
        (
            "players.py",
            "hmac",
            "limits.py",
            "ipaddress",
            "check_post",
            "prometheus_client",
            "metrics.py",
            "cookie_parser",
            "HTTPConnection.cookies",
            "requests.py",
        ),
    ),
    (
        "the database call",
        (
            "wordle_db/db.py",
            "mariadb/",
            "pool.py",
            "game.py",
            "sqlalchemy",
            "contextlib",
            "Web._call",
            "Web._current",
            "Web.guess",
        ),
    ),
    (
        "JSON and Response objects",
        ("JSON", "orjson", "starlette/responses", "read_json", "http.py", "datastructures"),
    ),
]
REST = "the event loop and the rest"


def main() -> None:
    counts: collections.Counter[str] = collections.Counter()
    total = 0
    with open(sys.argv[1]) as profile:
        for line in profile:
            stack, _, n = line.rstrip().rpartition(" ")
            frames = stack.split(";")[1:]  # the first names the process
            leaf = frames[-1] if frames else ""
            group = next((name for name, keys in GROUPS if any(k in leaf for k in keys)), REST)
            counts[group] += int(n)
            total += int(n)
    print(f"{total} samples")
    for name in [*(name for name, _ in GROUPS), REST]:
        print(f"{name:45s} {100 * counts[name] / max(total, 1):5.1f} %")


if __name__ == "__main__":
    main()
