"""examples/: a program per ecosystem plays a whole game of today through the SQL API with an
account of its own (role player), as docs/sql-api.md tells a developer to: Node.js with npm's
`mariadb` (in a time zone east of UTC, where a DATE read as a Date becomes the day before),
Python with MariaDB Connector/Python and nothing of wordle_db, and the `mariadb` client. Each
shows the game, is refused a word that is none (WD033), plays until the game is over, and
reads the share text and the statistics, which come out as JSON."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db, publish, roles

from support.node import run_module

REPO = Path(__file__).resolve().parents[2]
NODE_CONNECTOR = REPO / "node_modules" / "mariadb"
ANSWER = "crane"


EXAMPLES = ["node", "python", "cli"]
NEEDS = {
    "node": ("node", "Node.js (Debian: nodejs)"),
    "python": (sys.executable, "Python"),
    "cli": ("mariadb", "the mariadb client (Debian: mariadb-client)"),
}


def command(example: str) -> list[str]:
    """How to run an example; a tool it needs that is missing fails the run, saying so."""
    tool, name = NEEDS[example]
    if shutil.which(tool) is None:
        pytest.fail(f"{name} is missing: ./dev test installs it", pytrace=False)
    if example == "node" and not NODE_CONNECTOR.exists():
        pytest.fail(f"{NODE_CONNECTOR} is missing: ./dev test runs npm ci", pytrace=False)
    script = {"node": "examples/node/play.mjs", "python": "examples/python/play.py"}
    return [tool, script[example]] if example in script else ["examples/cli/play.sh"]


@pytest.fixture
def account(conn: Connection, db_url: URL) -> Iterator[dict[str, str]]:
    """Today's puzzle, and an application's account with the player role: the environment
    the examples read (examples/README.md)."""
    publish.publish(conn, None, ANSWER)
    user, password = f"ex_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    roles.grant(conn, "player", f"{user}@localhost", password)
    yield {
        "WORDLE_DB_SOCKET": str(db_url.query["unix_socket"]),
        "WORDLE_DB_USER": user,
        "WORDLE_DB_PASSWORD": password,
        "WORDLE_DB_NAME": str(db_url.database),
    }
    conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")


@pytest.mark.parametrize("example", EXAMPLES)
def test_an_example_plays_a_whole_game(
    conn: Connection, account: dict[str, str], example: str
) -> None:
    environment = {**os.environ, **account, "TZ": "Asia/Tokyo"}  # east of UTC: dates move there
    run = subprocess.run(
        command(example), cwd=REPO, env=environment, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    day = db.scalar(conn, "SELECT wordle_today()")
    assert lines[0].startswith("wordle-db #") and f" ({day.isoformat()}): 5 letters" in lines[0]
    assert lines[1] == "refused WD033: 'qqqqq' is not an accepted word"
    moves = [line.split() for line in lines[2:] if line[:1].isdigit() and "/6 " in line]
    assert moves and moves[-1][-1] in ("won", "lost")
    assert all(state == "playing" for *_, state in moves[:-1])
    player = account["WORDLE_DB_USER"]
    game = db.query(
        conn,
        "SELECT g.state, g.attempts FROM games g JOIN players p ON p.id = g.player_id "
        "WHERE p.name = ? AND g.day = ?",
        player,
        day,
    )
    assert game == [{"state": moves[-1][-1], "attempts": len(moves)}]
    won = int(moves[-1][-1] == "won")
    stats = next(line for line in lines if line.startswith("stats "))
    if example == "cli":
        assert stats.split(":", 1)[1].split() == ["1", str(won), str(100 * won), str(won), str(won)]
    else:
        assert json.loads(stats.removeprefix("stats ")) == {
            "played": 1,
            "won": won,
            "win_percent": 100 * won,
            "current_streak": won,
            "max_streak": won,
        }


NODE_DAY = """
import mariadb from "mariadb";
const env = process.env;
const conn = await mariadb.createConnection({
  socketPath: env.WORDLE_DB_SOCKET, user: env.WORDLE_DB_USER, password: env.WORDLE_DB_PASSWORD,
  database: env.WORDLE_DB_NAME, dateStrings: env.DATE_STRINGS === "1",
});
const [row] = await conn.query("SELECT wordle_today() AS today");
console.log(typeof row.today === "string" ? row.today : row.today.toISOString().slice(0, 10));
await conn.end();
"""


@pytest.mark.parametrize(("date_strings", "shift"), [("0", -1), ("1", 0)])
def test_node_reads_the_puzzles_day_as_docs_sql_api_says(
    conn: Connection, account: dict[str, str], date_strings: str, shift: int
) -> None:
    """The Clients section's warning, checked: in Asia/Tokyo, Node's connector gives today's
    DATE as a Date at local midnight, whose toISOString() is yesterday; with dateStrings the
    day itself."""
    shown = run_module(NODE_DAY, {**account, "TZ": "Asia/Tokyo", "DATE_STRINGS": date_strings})
    day = db.scalar(conn, "SELECT wordle_today()")
    assert shown.strip() == (day + timedelta(shift)).isoformat()
