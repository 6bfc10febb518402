"""A refusal changes nothing and says so in one line: the rows of every table, and of the
server's accounts, checksummed before and after; the CLI's one-line error."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import Result
from sqlalchemy.engine import URL

from wordle_db import db, publish

ACCOUNT_TABLES = ("mysql.global_priv", "mysql.roles_mapping")


ANSWER = "crane"  # today's word in these tests


def checksums(url: URL) -> dict[str, int | None]:
    """CHECKSUM TABLE of every base table of the database, and of the server's accounts."""
    with db.connect(url) as conn:
        names = [
            f"{db.quote_identifier(url.database)}.{db.quote_identifier(r['name'])}"
            for r in db.query(
                conn,
                "SELECT TABLE_NAME AS name FROM information_schema.TABLES "
                "WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
                url.database,
            )
        ]
        rows = db.query(conn, f"CHECKSUM TABLE {', '.join([*names, *ACCOUNT_TABLES])}")
    return {row["Table"]: row["Checksum"] for row in rows}


def assert_one_line_error(result: Result, needle: str = "") -> None:
    """Refused: non-zero exit through the CLI's own handler, `Error: ...` alone on stderr."""
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)  # not a crash
    assert "Traceback" not in result.output
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n"), result.stderr
    assert result.stderr.startswith(("Error: ", "Aborted!")), result.stderr
    assert needle in result.stderr, result.stderr


@pytest.fixture
def today_is_published(db_url: URL) -> URL:
    """Today published with a known word: a guess must not publish anything more."""
    with db.connect(db_url) as conn:
        publish.publish(conn, None, ANSWER)
    return db_url


@pytest.fixture
def unchanged(today_is_published: URL) -> Iterator[None]:
    """The test must leave every row as it found it."""
    before = checksums(today_is_published)
    yield
    assert checksums(today_is_published) == before
