"""Running wordle-db as a service (issue 27): /healthz and /readyz, Prometheus metrics (the
page's and publish-today's textfile), the systemd units (systemd-analyze verify), the API's
page and favicon, and a backup restored into a fresh server that plays on."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import pytest
from prometheus_client import generate_latest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from sqlalchemy.engine import URL, Connection
from starlette.testclient import TestClient

from wordle_db import backup, channels, db, game, publish, schema
from wordle_db.cli.serve import listen
from wordle_db.errors import WordleError
from wordle_db.server import find_binary
from wordle_db.web.app import Settings, create_app
from wordle_db.web.metrics import serve_metrics

from support import REPO
from support.browser import until
from support.databases import cli_runner, new_local_server
from support.puzzles import SIDE, TODAY_WORD, TOMORROW_WORD, today
from support.web import POST

UNITS = REPO / "deploy" / "systemd"


def test_health_and_readiness_say_why_and_tell_no_secret(
    make_client: Callable[..., TestClient], admin: Connection, web_url: URL
) -> None:
    ready = make_client()
    assert ready.get("/healthz").json() == {"status": "alive"}
    answer = ready.get("/readyz")
    assert answer.status_code == 200 and answer.json() == {
        "status": "ready",
        "revision": schema.head(),
    }
    channels.add(admin, "empty", 5)  # no answer words: today cannot be published
    try:
        answer = make_client().get("/readyz")
        assert answer.status_code == 503 and answer.json()["problems"] == [
            "channel empty: today's puzzle is not published and no answer is left to publish"
        ]
    finally:
        channels.remove(admin, "empty", True)
    down = TestClient(
        create_app(
            web_url.set(port=1, host="127.0.0.1", query={}),
            Settings(b"s" * 32, allowed_hosts=("testserver",)),
        )
    )
    answer = down.get("/readyz")
    assert answer.status_code == 503 and answer.json()["problems"] == [
        "the database does not answer (the server's log says why)"
    ]  # no host, socket or account
    assert down.get("/healthz").status_code == 200  # the process lives all the same
    for body in (ready.get("/readyz").text, answer.text):
        assert TODAY_WORD not in body.lower() and web_url.password not in body


def sample(text: str, name: str, **labels: str) -> float:
    """A sample's value in Prometheus' text format (0 when absent)."""
    shown = ",".join(f'{k}="{v}"' for k, v in labels.items())
    found = re.search(
        rf"^{re.escape(name)}{{{re.escape(shown)}}} (\S+)$"
        if labels
        else rf"^{re.escape(name)} (\S+)$",
        text,
        re.MULTILINE,
    )
    return float(found.group(1)) if found else 0.0


def test_metrics_count_guesses_games_refusals_and_limits(
    make_client: Callable[..., TestClient],
) -> None:
    player = make_client(guess_burst=3, guesses_per_minute=1)
    for word in ("slate", "qxzvw", TODAY_WORD, "pious"):  # a guess, refused, won, over (429)
        player.post("/api/guess", json={"word": word}, headers=POST)
    player.get("/api/stats")
    registry = player.app.app.state.web.metrics.registry
    text = generate_latest(registry).decode()
    assert sample(text, "wordle_db_guesses_total", channel="default") == 2
    assert sample(text, "wordle_db_games_finished_total", channel="default", outcome="won") == 1
    assert sample(text, "wordle_db_refusals_total", code="WD033") == 1
    assert sample(text, "wordle_db_rate_limited_total") == 1
    assert (
        sample(
            text,
            "wordle_db_http_request_duration_seconds_count",
            endpoint="/api/guess",
            status="200",
        )
        == 2
    )
    assert (
        sample(
            text,
            "wordle_db_http_request_duration_seconds_count",
            endpoint="/api/guess",
            status="429",
        )
        == 1
    )
    assert (
        sample(text, "wordle_db_database_call_duration_seconds_count", endpoint="/api/stats") == 1
    )
    assert sample(text, "wordle_db_pool_idle_connections") >= 1
    assert sample(text, "wordle_db_pool_busy_connections") == 0
    # served apart from the players' port, as `serve --metrics-port` does
    port = listen("127.0.0.1", 0)
    free = port.getsockname()[1]
    port.close()
    serve_metrics(registry, "127.0.0.1", free)
    scraped = urllib.request.urlopen(f"http://127.0.0.1:{free}/metrics", timeout=5).read()
    assert b'wordle_db_guesses_total{channel="default"} 2.0' in scraped
    with pytest.raises(WordleError, match=f"cannot serve metrics on 127.0.0.1:{free}"):
        serve_metrics(registry, "127.0.0.1", free)  # taken: one line


def test_publish_today_keeps_a_textfile_for_node_exporter(db_url: URL, tmp_path: Path) -> None:
    run, path = cli_runner(db_url), tmp_path / "wordle.prom"
    first = run("publish-today", "--metrics-file", str(path))
    assert first.exit_code == 0, first.output
    text = path.read_text()
    assert sample(text, "wordle_db_publications_total", channel="en") == 1
    published_at = sample(text, "wordle_db_last_publication_timestamp_seconds", channel="en")
    assert published_at > 0 and sample(text, "wordle_db_publish_failed_channels") == 0
    again = run("publish-today", "--metrics-file", str(path))  # already published: no count
    assert again.exit_code == 0 and "already published" in again.output
    text = path.read_text()
    assert sample(text, "wordle_db_publications_total", channel="en") == 1
    assert (
        sample(text, "wordle_db_last_publication_timestamp_seconds", channel="en") == published_at
    )
    path.write_text("not prometheus {{{\n")  # someone else's file: counts start again
    assert run("publish-today", "--metrics-file", str(path)).exit_code == 0
    assert sample(path.read_text(), "wordle_db_publications_total", channel="en") == 0
    bad = run("publish-today", "--metrics-file", str(tmp_path / "no" / "dir.prom"))
    assert bad.exit_code == 1 and "Traceback" not in bad.output
    assert bad.output.splitlines()[-1].startswith("Error: cannot write the metrics file")


@pytest.mark.parametrize("unit", sorted(p.name for p in UNITS.iterdir()))
def test_systemd_units_pass_systemd_analyze_verify(unit: str, tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze is missing: ./dev test installs Debian's systemd"
    command = Path(sys.executable).parent / "wordle-db"  # the installed command, as ExecStart
    for source in UNITS.iterdir():  # the timer's service beside it
        (tmp_path / source.name).write_text(
            source.read_text().replace("/usr/local/bin/wordle-db", str(command))
        )
    result = subprocess.run(
        [analyze, "verify", "--man=no", str(tmp_path / unit)], capture_output=True, text=True
    )
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr
    text = (UNITS / unit).read_text()
    if unit.endswith(".service"):
        for hardening in (
            "DynamicUser=yes",
            "NoNewPrivileges=yes",
            "ProtectSystem=strict",
            "CapabilityBoundingSet=\n",
        ):
            assert hardening in text, (unit, hardening)
    if unit == "wordle-db-serve.service":
        assert "Restart=on-failure" in text and "--metrics-port" in text


def test_the_api_page_and_the_favicon(
    client: TestClient, browser: WebDriver, base_url: str
) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/png"
    page = client.get("/api/docs")
    assert page.status_code == 200 and "/static/api-docs.js" in page.text
    spec = client.get("/api/openapi.json").json()
    operations = sum(len(methods) for methods in spec["paths"].values())
    browser.get(base_url + "/api/docs")
    until(
        browser,
        lambda: len(browser.find_elements(By.CSS_SELECTOR, "section.operation")) == operations,
        "every operation drawn",
    )
    paths = {e.text for e in browser.find_elements(By.CSS_SELECTOR, ".operation .path")}
    assert paths == set(spec["paths"])


def test_a_backup_restored_into_a_fresh_server_plays_on(
    shared, conn: Connection, db_url: URL, tmp_path: Path
) -> None:
    day = today(conn)
    front = shared("player")  # an account of the front end, with its password
    with db.connect(front) as web:
        game.play(web, front.username, "slate")
    before = {
        "stats": game.stats(conn, "ann"),
        "side": game.stats(conn, "ann", SIDE),
        "past": db.query(conn, "SELECT * FROM past_puzzles ORDER BY channel, day"),
        "numbers": db.scalar(conn, "SELECT wordle_puzzle_number(wordle_today())"),
    }
    saved = tmp_path / "backup"
    backup.backup(db_url, saved)
    assert oct(saved.stat().st_mode & 0o777) == "0o700"
    with pytest.raises(WordleError, match="not empty: back up into a new directory"):
        backup.backup(db_url, saved)
    server = new_local_server(tmp_path / "fresh", str(find_binary("mariadbd", "mysqld")))
    server.start()
    try:
        restored = db.parse_url(server.url("restored"))
        made = cli_runner(restored)("restore", str(saved))
        assert made.exit_code == 0, made.output
        again = cli_runner(restored)("restore", str(saved))
        assert again.exit_code == 1 and "is not empty: restore into a new one" in again.output
        with db.connect(restored) as other:
            assert game.stats(other, "ann") == before["stats"]
            assert game.stats(other, "ann", SIDE) == before["side"]
            assert (
                db.query(other, "SELECT * FROM past_puzzles ORDER BY channel, day")
                == before["past"]
            )
            assert (
                db.scalar(other, "SELECT wordle_puzzle_number(wordle_today())") == before["numbers"]
            )
            # tomorrow's secret stays tomorrow's; a new day never repeats a published word
            assert publish.publish(other, day + timedelta(1))["published"] in (0, False)
            new = publish.publish(other, day + timedelta(2))
            used = {
                r["word"]
                for r in db.query(
                    other, "SELECT w.word FROM puzzles p JOIN words w ON w.id = p.word_id"
                )
            }
            assert (
                TOMORROW_WORD in used
                and len(used) == db.scalar(other, "SELECT COUNT(*) FROM puzzles")
                and new["number"] > 0
            )
        # the front end's account came back with its password and role: it plays on
        moved = restored.set(username=front.username, password=front.password)
        with db.connect(moved) as web:
            assert game.play(web, front.username, TODAY_WORD)["state"] == "won"
            with pytest.raises(Exception, match="denied"):
                db.query(web, "SELECT COUNT(*) FROM puzzles")
    finally:
        server.stop()


def test_the_dashboard_asks_only_for_metrics_that_exist(
    client: TestClient, repo_root: Path
) -> None:
    dashboard = json.loads((repo_root / "docs" / "grafana-dashboard.json").read_text())
    asked = {
        m
        for p in dashboard["panels"]
        for t in p["targets"]
        for m in re.findall(r"\bwordle_db_\w+", t["expr"])
    }
    exported = {m.name for m in client.app.app.state.web.metrics.registry.collect()}
    exported |= {f"{n}_total" for n in exported} | {f"{n}_bucket" for n in exported}
    exported |= {
        "wordle_db_publications_total",
        "wordle_db_last_publication_timestamp_seconds",
        "wordle_db_publish_failed_channels",
    }  # publish-today's file (test above)
    assert asked and asked <= exported, asked - exported
    manual = (repo_root / "docs" / "operating.md").read_text()  # the metrics' page of the manual
    assert all(m.removesuffix("_bucket") in manual for m in asked)


@pytest.mark.found_by("review of main at bc96143")
def test_probes_at_once_check_the_database_once(web_url: URL, admin: Connection) -> None:
    """/readyz answers from one check for KEEP seconds: probes that arrive together while
    it runs (a flood, which needs no cookie and no token) must wait for that check, not each
    start their own in the threads and connections of the game's calls."""
    probes = 40
    app = create_app(web_url, Settings(b"s" * 32, allowed_hosts=("testserver",)))
    start = threading.Barrier(probes)

    def probe(client: TestClient) -> int:
        start.wait()
        return client.get("/readyz").status_code

    def connections() -> int:
        return int(
            db.scalar(
                admin,
                "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS"
                " WHERE VARIABLE_NAME = 'CONNECTIONS'",
            )
        )

    with TestClient(app) as client, ThreadPoolExecutor(probes) as threads:
        before = connections()
        assert list(threads.map(probe, [client] * probes)) == [200] * probes
        opened = connections() - before
    assert opened <= 2, f"{probes} probes at once opened {opened} connections to check readiness"
