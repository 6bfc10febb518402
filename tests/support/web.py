"""Fixtures of the JSON API: one database per module with the puzzles of yesterday, today and
tomorrow and a front-end account, and Starlette test clients of the app on it."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from sqlalchemy.engine import URL, Connection
from starlette.testclient import TestClient

from wordle_db import db, roles, schema, settings
from wordle_db.web.app import Settings, create_app

from support import clone
from support.databases import copy_rows, drop_database
from support.puzzles import TODAY_WORD, TOMORROW_WORD, YESTERDAY_WORD, set_word, today

SECRET = b"test-secret-" + b"x" * 20


POST = {"X-Wordle": "1"}


@pytest.fixture(scope="module")
def web_db(
    server_url: URL, template_url: URL, schema_recipe: clone.Recipe
) -> Iterator[tuple[URL, URL]]:
    """One database for this module (the players are new in every test): the puzzles of
    yesterday, today and tomorrow, and a front-end account as the README says (wordle_player,
    player_names created). Returns (administrator's URL, the account's URL)."""
    url = server_url.set(database=f"wt_{uuid.uuid4().hex[:12]}")
    schema.ensure_database(url)
    clone.create(schema_recipe, url)  # as db_url: the migrated template's schema, cloned
    copy_rows(template_url, url)
    user, password = f"web_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    with db.connect(url) as conn:
        day = today(conn)
        for offset, word in ((-1, YESTERDAY_WORD), (0, TODAY_WORD), (1, TOMORROW_WORD)):
            set_word(conn, day + timedelta(offset), word)
        settings.set_setting(conn, "player_names", "created")
        roles.grant(conn, "player", f"{user}@localhost", password)
    yield url, url.set(username=user, password=password)
    with db.connect(url) as conn:
        conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")
    drop_database(url)


@pytest.fixture
def admin(web_db: tuple[URL, URL]) -> Iterator[Connection]:
    with db.connect(web_db[0]) as conn:
        yield conn


@pytest.fixture
def web_url(web_db: tuple[URL, URL]) -> URL:
    return web_db[1]


@pytest.fixture
def make_client(web_url: URL) -> Iterator[Callable[..., TestClient]]:
    made: list[TestClient] = []

    def make(**options: object) -> TestClient:
        options.setdefault("allowed_hosts", ("testserver",))
        client = TestClient(create_app(web_url, Settings(SECRET, **options)))
        client.__enter__()
        made.append(client)
        return client

    yield make
    for client in made:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()
