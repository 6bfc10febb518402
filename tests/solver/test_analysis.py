"""The post-game analysis (wordle_analysis_on): whole games checked against a brute-force count
in Python, the scores on games small enough to work out by hand, and the refusals (unfinished
games, other players' games, each role, hostile sessions) written as attacks."""

from __future__ import annotations

import math
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import analysis, channels, db, game, publish, roles, schema, settings, solver, words
from wordle_db.errors import DatabaseError

from support.databases import cli_runner, drop_database, new_database
from support.sessions import PRESETS, REFUSED, counters

ALLOWED = words.bundled_path(words.BUNDLED_ALLOWED).read_text().split()
ANSWERS = words.bundled_path(words.BUNDLED_ANSWERS).read_text().split()


def hint(answer: str, guess: str) -> str:
    """Wordle's hint, written once more here: greens first, then yellows while the answer has
    copies of the letter left."""
    marks = ["2" if a == g else "0" for a, g in zip(answer, guess, strict=True)]
    spare = Counter(a for a, m in zip(answer, marks, strict=True) if m == "0")
    for i, g in enumerate(guess):
        if marks[i] == "0" and spare[g]:
            marks[i], spare[g] = "1", spare[g] - 1
    return "".join(marks)


@dataclass
class Game:
    """An answer, and moves: a guess, or '?' for a letter hint asked at that point."""

    answer: str
    moves: list[str]
    hard: bool = False
    day: date | None = None
    revealed: list[list[tuple[int, str]]] = field(default_factory=list)  # before each guess

    @property
    def guesses(self) -> list[str]:
        return [m for m in self.moves if m != "?"]


GAMES = {
    "duplicates in the guess": Game("abbey", ["kebab", "abbey"]),
    "duplicates in both": Game("eerie", ["geese", "salet", "eerie"]),
    "a lost game": Game("mamma", ["llama", "salet", "crony", "fuzzy", "dingo", "pious"]),
    "hard mode": Game("pizza", ["fuzzy", "jazzy", "pizza"], hard=True),
    "letter hints": Game("dodge", ["?", "crane", "?", "lodge", "dodge"]),
    "won at once": Game("cynic", ["cynic"]),
}
OTHER_ANSWERS = ["lodge", "ledge", "hedge", "wedge"]  # around dodge: a letter hint matters


@dataclass
class Built:
    url: URL
    answers: list[str]  # the default channel's answer words
    today: date


@pytest.fixture(scope="module")
def built(server_url: URL) -> Iterator[Built]:
    """Every 8th answer word and every 16th accepted word, the games' words, a channel `abc`
    of three answers (abc acb bac) and three other words (ddd aaa bbb); both solvers built."""
    url = new_database(server_url)
    schema.migrate(url)
    game_words = {w for g in GAMES.values() for w in [*g.guesses, g.answer]}
    answers = sorted(set(ANSWERS[::8]) | {g.answer for g in GAMES.values()} | set(OTHER_ANSWERS))
    allowed = sorted(set(ALLOWED[::16]) | game_words)
    with db.connect(url) as conn:
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(allowed, 1)], answers=False)
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(answers, 1)], answers=True)
        channels.add(conn, "abc", 3)
        words.import_lines(
            conn, [(1, "ddd", 0), (2, "aaa", 0), (3, "bbb", 0)], False, channel="abc"
        )
        words.import_lines(conn, [(1, "abc", 0), (2, "acb", 0), (3, "bac", 0)], True, channel="abc")
        day = db.scalar(conn, "SELECT wordle_today()")
        stored = [
            r["word"]
            for r in db.query(
                conn,
                "SELECT w.word FROM channel_words c JOIN words w ON w.id = c.word_id "
                "WHERE c.channel_id = 1 AND c.is_answer ORDER BY w.word",
            )
        ]
    solver.build(url, workers=2)
    solver.build(url, workers=1, channel="abc")
    yield Built(url, stored, day)
    drop_database(url)


def play_game(conn: Connection, player: str, g: Game, day: date) -> Game:
    """Plays the moves; records which letters were shown before each guess."""
    shown: list[tuple[int, str]] = []
    g.day, g.revealed = day, []
    for move in g.moves:
        if move == "?":
            row = game.reveal_letter(conn, player, day)
            shown.append((int(row["position"]), row["letter"]))
            continue
        g.revealed.append(list(shown))
        game.play(conn, player, move, day, g.hard if len(g.revealed) == 1 else None)
    return g


def expected_rows(answers: list[str], g: Game) -> list[dict[str, Any]]:
    """What the analysis must say, brute force: every answer word against every hint so far."""
    rows, pairs = [], []
    for guess, shown in zip(g.guesses, g.revealed, strict=True):
        before = [
            a
            for a in answers
            if all(hint(a, p) == h for p, h in pairs)
            and all(a[pos - 1] == letter for pos, letter in shown)
        ]
        observed = hint(g.answer, guess)
        after = [a for a in before if hint(a, guess) == observed]
        parts = Counter(hint(a, guess) for a in before)
        green = "2" * len(guess)
        left = {h: n - (h == green) for h, n in parts.items()}  # a solved game leaves none
        mine = left[observed]
        worse = sum(n for h, n in parts.items() if left[h] > mine)
        ties = sum(n for h, n in parts.items() if left[h] == mine)
        k = len(before)
        rows.append(
            {
                "guess": guess,
                "hint": observed,
                "letter_hints": len(shown),
                "possible_before": k,
                "possible_after": len(after),
                "expected_left": round(
                    sum(n * n for n in parts.values()) / k - (green in parts) / k, 3
                ),
                "luck": (99 * (2 * worse + ties) + k) // (2 * k),
            }
        )
        pairs.append((guess, observed))
    return rows


def expected_left(
    answers: list[str], pairs: list[tuple[str, str]], shown: list[tuple[int, str]], guess: str
) -> float:
    before = [
        a
        for a in answers
        if all(hint(a, p) == h for p, h in pairs)
        and all(a[pos - 1] == letter for pos, letter in shown)
    ]
    parts = Counter(hint(a, guess) for a in before)
    return (sum(n * n for n in parts.values()) - ("2" * len(guess) in parts)) / len(before)


def skill(k: int, mine: float, best: float) -> int:
    if mine <= best:
        return 99
    if k == 1:
        return 0
    return max(0, math.floor(99 * math.log(k / mine) / math.log(k / best)))


@pytest.fixture(scope="module")
def played(built: Built) -> dict[str, tuple[Game, list[dict[str, Any]]]]:
    """Every puzzle of the module, earliest day first (a channel's first puzzle fixes its number
    1), then each game of GAMES played by ann on a day of its own and analysed."""
    done = {}
    with db.connect(built.url) as conn:
        publish.publish(conn, built.today - timedelta(30), "wedge")
        for n, g in enumerate(reversed(GAMES.values())):
            publish.publish(conn, built.today - timedelta(len(GAMES) - n), g.answer)
        publish.publish(conn, built.today, "hedge")
        for answer, day in (("abc", 21), ("bac", 20)):
            publish.publish(conn, built.today - timedelta(day), answer, "abc")
        for n, (name, g) in enumerate(reversed(GAMES.items())):
            day = built.today - timedelta(len(GAMES) - n)
            play_game(conn, "ann", g, day)
            done[name] = (g, analysis.analyse(conn, "ann", day))
    return done


@pytest.mark.parametrize("name", list(GAMES))
def test_whole_games_agree_with_a_brute_force_count(
    built: Built, played: dict[str, tuple[Game, list[dict[str, Any]]]], name: str
) -> None:
    g, got = played[name]
    want = expected_rows(built.answers, g)
    assert [r["attempt"] for r in got] == list(range(1, len(want) + 1))
    for row, expected in zip(got, want, strict=True):
        assert {k: row[k] for k in expected} == expected, (name, row)
    pairs: list[tuple[str, str]] = []
    with db.connect(built.url) as conn:
        for row, shown in zip(got, g.revealed, strict=True):
            # The best guess leaves what the analysis says, never more than the guess played,
            # and skill follows from the two.
            best = expected_left(built.answers, pairs, shown, row["best_guess"])
            assert round(best, 3) == row["best_expected_left"] <= row["expected_left"], row
            mine = expected_left(built.answers, pairs, shown, row["guess"])
            assert row["skill"] == skill(row["possible_before"], mine, best), row
            if g.hard:  # the best guess keeps hard mode's rules
                assert not any(
                    db.scalar(
                        conn, "SELECT wordle_hard_mode_violation(?, ?, ?)", p, h, row["best_guess"]
                    )
                    for p, h in pairs
                ), row
            pairs.append((row["guess"], row["hint"]))
    if name == "letter hints":
        assert [r["letter_hints"] for r in got] == [1, 2, 2]
        assert got[0]["possible_before"] < len(built.answers)
    if name == "a lost game":
        assert got[-1]["possible_after"] == 1 and got[-1]["guess"] != g.answer


def test_the_first_guess_over_the_whole_list_is_the_fewest_left_of_all(
    built: Built, played: dict[str, tuple[Game, list[dict[str, Any]]]]
) -> None:
    """With every answer possible the best guess is the build's figures' minimum: checked
    against every 7th accepted word in Python."""
    row = played["won at once"][1][0]
    with db.connect(built.url) as conn:
        guesses = [
            r["word"]
            for r in db.query(
                conn,
                "SELECT w.word FROM solver_guesses g JOIN words w ON w.id = g.word_id "
                "WHERE g.channel_id = 1",
            )
        ]
    lefts = {w: expected_left(built.answers, [], [], w) for w in guesses[::7]}
    assert row["best_expected_left"] <= round(min(lefts.values()), 3)
    assert row["possible_before"] == len(built.answers) and row["possible_after"] == 1


# On abc {abc, acb, bac}: aaa scores 200 200 020 (parts 2 + 1: 5/3 left on average), each answer
# word splits the three apart (2/3: itself leaves none), ddd learns nothing (3), bbb splits
# them but cannot be the answer (1). Skill: 99 ln(9/5)/ln(9/2) = 38.7 for aaa, 99 ln(9/3)/ln(9/2)
# = 72.3 for bbb, 0 for ddd. Luck: aaa's 200 left two; one answer would have left one: (0 + 2/2)
# of 3 -> 33; abc among {abc, acb} solved it, acb would have left one: (1 + 1/2) of 2 -> 74.
HAND = [
    ("abc", ["aaa", "abc"], [(3, 2, 1.667, "abc", 0.667, 38, 33), (2, 1, 0.5, "abc", 0.5, 99, 74)]),
    (
        "bac",
        ["ddd", "bbb", "bac"],
        [
            (3, 3, 3.0, "abc", 0.667, 0, 50),
            (3, 1, 1.0, "abc", 0.667, 72, 50),
            (1, 1, 0.0, "bac", 0.0, 99, 50),
        ],
    ),
]


@pytest.mark.parametrize(("answer", "guesses", "rows"), HAND, ids=[h[0] for h in HAND])
def test_scores_worked_out_by_hand(
    built: Built, played: Any, answer: str, guesses: list[str], rows: list[tuple[Any, ...]]
) -> None:
    day = built.today - timedelta(21 - [h[0] for h in HAND].index(answer))
    with db.connect(built.url) as conn:
        for guess in guesses:
            game.play(conn, "hand", guess, day, channel="abc")
        got = analysis.analyse(conn, "hand", day, "abc")
    keys = (
        "possible_before",
        "possible_after",
        "expected_left",
        "best_guess",
        "best_expected_left",
        "skill",
        "luck",
    )
    assert [tuple(r[k] for k in keys) for r in got] == rows


# --- Refusals ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def accounts(built: Built) -> Iterator[Callable[[str], URL]]:
    made: list[str] = []

    def account(role: str) -> URL:
        user = f"an{role[:4]}_{uuid.uuid4().hex[:8]}"
        password = uuid.uuid4().hex
        with db.connect(built.url) as conn:
            roles.grant(conn, role, f"{user}@localhost", password)
        made.append(user)
        return built.url.set(username=user, password=password)

    yield account
    with db.connect(built.url) as conn:
        for user in made:
            conn.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")


@pytest.fixture(scope="module")
def today_word(played: Any) -> str:
    """Today's word of the default channel (`played` publishes it)."""
    return "hedge"


def outcome(
    url: URL,
    player: str,
    day: date | None,
    channel: str | None = None,
    statements: tuple[str, ...] = (),
) -> tuple[str, Any]:
    with db.connect(url) as conn:
        for statement in statements:
            conn.exec_driver_sql(statement)
        try:
            return "rows", db.call(conn, "wordle_analysis_on", channel, player, day)
        except DatabaseError as exc:
            assert "hedge" not in str(exc)
            return "error", exc.sqlstate if exc.sqlstate != "42000" else exc.errno


def test_a_game_is_analysed_once_it_is_over_never_before(
    built: Built, accounts: Callable[[str], URL], today_word: str
) -> None:
    """Today's game while played, a past game left unfinished, a day without a game and a future
    day are refused, for the player and for an administrator; once won, both get it."""
    url = accounts("player")
    me, past = url.username, built.today - timedelta(30)
    with db.connect(url) as conn:
        game.play(conn, me, "lodge")
        game.play(conn, me, "ledge", past)
    cases = [
        (None, ("error", "WD070")),
        (built.today, ("error", "WD070")),
        (past, ("error", "WD070")),
        (built.today - timedelta(31), ("error", "WD070")),
        (built.today + timedelta(1), ("error", "WD030")),
    ]
    for who in (url, built.url):
        for day, want in cases:
            assert outcome(who, me, day) == want, (who.username, day)
    with db.connect(url) as conn:
        game.play(conn, me, today_word)
    mine = outcome(url, me, None)
    assert mine[0] == "rows" and mine == outcome(built.url, me, None)
    assert [r["guess"] for r in mine[1]] == ["lodge", today_word]


def test_other_players_games_and_roles(
    built: Built, accounts: Callable[[str], URL], today_word: str
) -> None:
    """Each role against a finished game of another player, under each player_names setting."""
    owner = accounts("player")
    with db.connect(owner) as conn:
        game.play(conn, owner.username, today_word)
    other, reader, publisher = accounts("player"), accounts("reader"), accounts("publisher")
    front = accounts("player")  # creates players under 'created'
    attacks = [
        ("account", other, owner.username, ("error", "WD039")),
        ("account", reader, owner.username, ("error", 1370)),
        ("account", publisher, owner.username, ("error", 1370)),
        ("account", built.url, owner.username, ("rows", None)),  # an administrator
        ("created", other, owner.username, ("error", "WD070")),  # another login: nobody's
        ("created", front, "someone", ("error", "WD070")),  # no such player: nothing to say
        ("created", reader, owner.username, ("error", 1370)),
    ]
    with db.connect(built.url) as conn:
        try:
            for names, caller, player, want in attacks:
                settings.set_setting(conn, "player_names", names)
                got = outcome(caller, player, None)
                assert (got[0], got[1] if got[0] == "error" else None) == want, (names, caller)
            settings.set_setting(conn, "player_names", "created")
            with db.connect(front) as web:
                game.play(web, "webber", today_word)
            assert outcome(front, "webber", None)[0] == "rows"
            assert outcome(other, "webber", None) == ("error", "WD039")
        finally:
            settings.set_setting(conn, "player_names", "account")


def test_hostile_sessions_get_the_clean_analysis_or_a_refusal(
    built: Built, accounts: Callable[[str], URL], today_word: str
) -> None:
    url = accounts("player")
    me, past = url.username, built.today - timedelta(30)
    with db.connect(url) as conn:
        game.play(conn, me, "ledge", past)
        game.play(conn, me, "wedge", past)
        game.play(conn, me, "lodge")
    finished, playing = outcome(url, me, past), outcome(url, me, None)
    assert finished[0] == "rows" and playing == ("error", "WD070")
    for name, statements in PRESETS:
        for want, day in ((finished, past), (playing, None)):
            got = outcome(url, me, day, statements=tuple(statements))
            assert got == want or (got[0] == "error" and got[1] in REFUSED), (name, day, got)


def test_a_refusal_counts_the_same_whatever_the_game(
    built: Built, accounts: Callable[[str], URL], today_word: str
) -> None:
    """The session's Handler_* and Rows_* counters around a refusal are the same for a game of
    today with one guess or three and for no game at all: nothing of the answer is read."""
    url = accounts("player")
    with db.connect(built.url) as conn:
        settings.set_setting(conn, "player_names", "created")
    try:
        with db.connect(url) as conn:
            game.play(conn, "one", "lodge")
            for word in ("lodge", "ledge", "wedge"):
                game.play(conn, "three", word)
            work = []
            for player in ("one", "one", "three"):
                before = counters(conn)
                with pytest.raises(DatabaseError, match="no finished game"):
                    analysis.analyse(conn, player)
                after = counters(conn)
                work.append({k: after[k] - before[k] for k in after})
            assert work[1] == work[2]
    finally:
        with db.connect(built.url) as conn:
            settings.set_setting(conn, "player_names", "account")


def test_the_analyze_command(built: Built, played: Any) -> None:
    run = cli_runner(built.url)
    day = played["duplicates in the guess"][0].day
    assert day is not None
    table = run("analyze", "--player", "ann", "--date", day.isoformat())
    assert table.exit_code == 0, table.output
    lines = table.stdout.splitlines()
    assert lines[:3] == ["Your game, guess by guess", "", "Guess 1: KEBAB"]
    assert lines[4] == f"  Possible words: {len(built.answers):,} before, 1 after"
    assert "; the solver's best, " in lines[5] and lines[6].startswith("  Skill ")
    assert "solver build" not in table.stdout  # built: the best guesses are there
    as_json = run("analyze", "--player", "ann", "--date", day.isoformat(), "--json")
    import json

    assert [r["guess"] for r in json.loads(as_json.stdout)] == ["kebab", "abbey"]
    refused = run("analyze", "--player", "ann", "--date", (day + timedelta(90)).isoformat())
    assert refused.exit_code == 1 and refused.stderr.startswith("Error: that day is in the future")


def test_the_page_asks_for_the_analysis_once_the_game_is_over(
    built: Built, accounts: Callable[[str], URL], today_word: str
) -> None:
    """GET /api/analysis as `serve` runs it (a player account, player_names created): 409 with
    WD070 while the cookie's game is played, and nothing of the word; the rows once it is won;
    another cookie's player has no finished game."""
    from starlette.testclient import TestClient

    from wordle_db.web.app import Settings, create_app

    url = accounts("player")
    with db.connect(built.url) as conn:
        settings.set_setting(conn, "player_names", "created")
    try:
        app = create_app(
            url, Settings(b"analysis-secret-" + b"x" * 16, allowed_hosts=("testserver",))
        )
        with TestClient(app) as client, TestClient(app) as stranger:
            post = {"X-Wordle": "1"}
            first = client.post("/api/guess", json={"word": "lodge"}, headers=post)
            assert first.status_code == 200
            early = client.get("/api/analysis")
            assert (early.status_code, early.json()["code"]) == (409, "WD070")
            assert today_word not in early.text
            assert (
                client.post("/api/guess", json={"word": today_word}, headers=post).json()["result"][
                    "state"
                ]
                == "won"
            )
            rows = client.get("/api/analysis").json()
            assert [(r["guess"], r["possible_after"]) for r in rows] == [
                ("lodge", rows[0]["possible_after"]),
                (today_word, 1),
            ]
            assert rows[0]["possible_after"] == sum(
                hint(a, "lodge") == hint(today_word, "lodge") for a in built.answers
            )
            assert stranger.get("/api/analysis").status_code == 409
            past = stranger.get(f"/api/analysis?day={built.today - timedelta(1)}")
            assert past.json()["code"] == "WD070"
    finally:
        with db.connect(built.url) as conn:
            settings.set_setting(conn, "player_names", "account")


def test_the_analysis_panel_in_the_browser(
    built: Built, accounts: Callable[[str], URL], today_word: str
) -> None:
    """A game won in Chromium: no Analysis button while it is played; then the panel lists
    each guess with the figures the API gives, in the channel's words (a phone-size
    screenshot goes to tests/artifacts/, the one README shows as docs/analysis.png)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from wordle_db.web.app import Settings, create_app

    from support.browser import (
        app_in_thread,
        browser_driver,
        row_states,
        row_text,
        rows,
        screenshot,
        type_keys,
        until,
    )

    url = accounts("player")
    with db.connect(built.url) as conn:
        settings.set_setting(conn, "player_names", "created")
    app = create_app(url, Settings(b"analysis-browser-secret-0123456", 600, 100))
    try:
        with app_in_thread(app) as (port, _), browser_driver() as driver:
            base = f"http://127.0.0.1:{port}"
            driver.get(base + "/static/style.css")
            driver.execute_script("localStorage.setItem('seen-help', '1')")
            driver.get(base + "/")
            until(driver, lambda: len(rows(driver)) == 6, "the board")
            button = driver.find_element(By.ID, "analysis-button")
            for n, word in enumerate(("salet", "lodge")):
                type_keys(driver, word + Keys.ENTER)
                until(
                    driver,
                    lambda n=n, w=word: (
                        row_text(driver, n) == w and row_states(driver, n)[0] != "typed"
                    ),
                    f"{word} on the board",
                )
                assert not button.is_displayed()
            type_keys(driver, today_word + Keys.ENTER)
            until(driver, button.is_displayed, "the Analysis button")
            assert button.text == "Analysis"
            # the statistics open by themselves once the row has turned: closed as a player does
            stats = driver.find_element(By.ID, "stats-dialog")
            until(driver, lambda: stats.get_attribute("open") is not None, "the statistics")
            type_keys(driver, Keys.ESCAPE)
            until(driver, lambda: stats.get_attribute("open") is None, "the statistics closed")
            button.click()
            items = until(
                driver,
                lambda: driver.find_elements(By.CSS_SELECTOR, "#analysis-list li h3"),
                "the analysis",
            )
            assert [i.text for i in items] == ["Guess 1: SALET", "Guess 2: LODGE", "Guess 3: HEDGE"]
            cookie = {"wordle_player": driver.get_cookie("wordle_player")["value"]}
            from starlette.testclient import TestClient

            with TestClient(
                create_app(
                    url, Settings(b"analysis-browser-secret-0123456", allowed_hosts=("testserver",))
                ),
                cookies=cookie,
            ) as client:
                rows = client.get("/api/analysis").json()
            texts = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#analysis-list li")]
            for row, text in zip(rows, texts, strict=True):
                assert (
                    f"Possible words: {row['possible_before']:,} before, "
                    f"{row['possible_after']:,} after" in text
                )
                assert f"Skill {row['skill']} · Luck {row['luck']}" in text
                assert f"the solver's best, {row['best_guess'].upper()}" in text
            screenshot(driver, "analysis", 360, 740)
    finally:
        with db.connect(built.url) as conn:
            settings.set_setting(conn, "player_names", "account")


def test_many_analyses_at_once_give_each_its_own_game(
    built: Built, played: dict[str, tuple[Game, list[dict[str, Any]]]]
) -> None:
    """Every game of GAMES analysed eight times over by twelve sessions at once: the scratch
    rows of one call never mix with another's, and none deadlocks (two _wordle_work_begin in
    one transaction did, about one call in twenty)."""
    from concurrent.futures import ThreadPoolExecutor

    def analyse(name: str) -> tuple[str, list[dict[str, Any]]]:
        with db.connect(built.url) as conn:
            return name, analysis.analyse(conn, "ann", played[name][0].day)

    with ThreadPoolExecutor(12) as pool:
        results = list(pool.map(analyse, list(GAMES) * 8))
    assert all(rows == played[name][1] for name, rows in results)


def test_six_letter_words_read_two_byte_codes(built: Built) -> None:
    """A channel of 6-letter words (hint codes of two bytes): the counts and luck of a whole
    game agree with the brute-force count."""
    answers = ["planet", "garden", "silver", "breeze", "candle", "frozen", "planed", "plated"]
    with db.connect(built.url) as conn:
        channels.add(conn, "six", 6)
        words.import_lines(conn, [(1, "bubble", 0), (2, "zigzag", 0)], False, channel="six")
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(answers, 1)], True, channel="six")
    solver.build(built.url, workers=1, channel="six")
    g = Game("plated", ["garden", "planet", "plated"])
    with db.connect(built.url) as conn:
        day = built.today - timedelta(40)
        publish.publish(conn, day, g.answer, "six")
        g.day, g.revealed = day, [[], [], []]
        for guess in g.guesses:
            game.play(conn, "ann", guess, day, channel="six")
        got = analysis.analyse(conn, "ann", day, "six")
    want = expected_rows(sorted(answers), g)
    assert [{k: row[k] for k in w} for row, w in zip(got, want, strict=True)] == want
    assert got[-1]["skill"] == 99 and got[0]["possible_before"] == len(answers)
