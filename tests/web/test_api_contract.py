"""The HTTP API keeps its own contract (issue 40, item 5): schemathesis, a tool nobody here
wrote, reads /api/openapi.json and sends what it describes and what it forbids (its coverage
and fuzzing phases, every check, a fixed seed and a bounded number of examples) to the app
as `wordle-db serve` runs it; it must find no failure."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from wordle_db import db, publish, roles, schema, settings, words

from support import clone
from support.databases import drop_database
from support.phone import serving

SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"
CONFIG = Path(__file__).with_name("schemathesis.toml")  # two statuses no schema can express
SEED, EXAMPLES = 40, 25


@pytest.fixture(scope="module")
def served(server_url: URL, template_url: URL, schema_recipe: clone.Recipe) -> Iterator[str]:
    """The app with today's puzzle, through a front end's account, with a rate limit no run
    of the tool reaches (429s would be its failures, not the API's): one for the module."""
    url = server_url.set(database=f"wt_{uuid.uuid4().hex[:12]}")
    schema.ensure_database(url)
    # as db_url: the migrated template's schema, cloned
    clone.create(schema_recipe, url, rows_from=template_url)
    user, password = f"st_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    with db.connect(url) as conn:
        words.import_lines(conn, [(1, "crane", 0)], answers=True)
        publish.publish(conn, None, "crane")
        settings.set_setting(conn, "player_names", "created")
        roles.grant(conn, "player", f"{user}@localhost", password)
    try:
        with serving(url.set(username=user, password=password), 10_000_000, 100_000) as app:
            yield app.url
    finally:
        with db.connect(url) as conn:
            conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")
        drop_database(url)


def test_schemathesis_finds_nothing(served: str, tmp_path: Path) -> None:
    if not SCHEMATHESIS.exists():
        pytest.fail(f"{SCHEMATHESIS} missing: ./dev test installs the test extra", pytrace=False)
    run = subprocess.run(
        [
            str(SCHEMATHESIS),
            "--config-file",
            str(CONFIG),
            "--no-color",
            "run",
            f"{served}/api/openapi.json",
            "--url",
            served,
            "--checks",
            "all",
            "--phases",
            "coverage,fuzzing",
            "--max-examples",
            str(EXAMPLES),
            "--seed",
            str(SEED),
            "--workers",
            "1",
            "--header",
            f"Origin: {served}",
        ],
        cwd=tmp_path,  # it writes .schemathesis/ where it runs
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-2000:]


# (method, path, body or None, headers beyond X-Wordle and Origin) -> the status: requests the
# description forbids, refused by name rather than read as something else
REFUSED: list[tuple[str, str, bytes | None, dict[str, str], int]] = [
    ("GET", "/api/game?day=", None, {}, 400),  # empty: not "today"
    ("GET", "/api/board?channel=", None, {}, 400),  # empty: not the default channel
    ("GET", "/api/stats?channel=&day=", None, {}, 400),
    ("GET", "/api/leagues/board?league=x&week=yes", None, {}, 400),
    ("GET", "/api/game?day=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96-01-01", None, {}, 400),  # ２０２６
    ("POST", "/api/hint", b'{"day": ""}', {"Content-Type": "application/json"}, 400),
    ("POST", "/api/hint", b'{"channel": ""}', {"Content-Type": "application/json"}, 400),
    ("POST", "/api/guess", b"{}", {"Content-Type": "application/json"}, 400),  # no word
    ("POST", "/api/account/sign-out", None, {}, 415),  # a body is required: {} at least
    (
        "POST",
        "/api/account/register",
        b'{"credential": {}}',
        {"Content-Type": "application/json"},
        400,
    ),
]


@pytest.mark.parametrize(("method", "path", "body", "headers", "status"), REFUSED)
def test_what_the_description_forbids_is_refused(
    served: str, method: str, path: str, body: bytes | None, headers: dict[str, str], status: int
) -> None:
    request = urllib.request.Request(
        served + path,
        data=body,
        method=method,
        headers={"X-Wordle": "1", "Origin": served, **headers},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    assert refused.value.code == status
    assert set(json.loads(refused.value.read())) == {"error"}
