"""The analysis on a fresh installation (issue 41): without a solver build, a finished game's
analysis gives the answers left before and after each guess, counted here with wordle_hint over
the channel's answers; the best guess and the skill come once the solver is built for that
channel (and stop again when its word lists change), and what the player reads names the
command that builds it, with its --channel. The page's API answers the same rows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import analysis, channels, db, game, publish, settings, solver, words

from support.databases import Invoke, cli_runner

UNBUILT = ("best_guess", "best_expected_left", "skill")  # what needs the solver


def hints_of(conn: Connection, channel: str, guess: str) -> dict[str, str]:
    """wordle_hint(answer, guess) for every answer word of the channel."""
    rows = db.query(
        conn,
        "SELECT w.word, wordle_hint(w.word, ?) AS hint FROM channel_words cw "
        "JOIN words w ON w.id = cw.word_id JOIN channels c ON c.id = cw.channel_id "
        "WHERE c.name = ? AND cw.is_answer",
        guess,
        channel,
    )
    return {r["word"]: r["hint"] for r in rows}


def play(conn: Connection, channel: str, player: str, moves: list[str]) -> list[tuple[int, str]]:
    """The moves in today's game ('?' a letter hint); the letters shown, in order."""
    shown = []
    for move in moves:
        if move == "?":
            row = game.reveal_letter(conn, player, None, channel)
            shown.append((int(row["position"]), str(row["letter"])))
        else:
            game.play(conn, player, move, None, None, channel)
    return shown


def expected(
    conn: Connection, channel: str, answer: str, moves: list[str], shown: list[tuple[int, str]]
) -> list[dict[str, Any]]:
    """Each guess's figures counted from wordle_hint: the candidates that agree with every
    hint and letter shown before it, the parts its hints split them into, and the luck."""
    candidates = set(hints_of(conn, channel, answer))
    rows, revealed, attempt = [], 0, 0
    for move in moves:
        if move == "?":
            position, letter = shown[revealed]
            candidates = {w for w in candidates if w[position - 1] == letter}
            revealed += 1
            continue
        attempt += 1
        hints = hints_of(conn, channel, move)
        observed = hints[answer]
        parts = Counter(hints[w] for w in candidates)
        green = "2" * len(move)
        left = {h: n - (h == green) for h, n in parts.items()}  # the answer leaves none
        worse = sum(n for h, n in parts.items() if left[h] > left[observed])
        ties = sum(n for h, n in parts.items() if left[h] == left[observed])
        k = len(candidates)
        after = {w for w in candidates if hints[w] == observed}
        rows.append(
            {
                "attempt": attempt,
                "guess": move,
                "hint": observed,
                "letter_hints": revealed,
                "possible_before": k,
                "possible_after": len(after),
                "expected_left": round(
                    (sum(n * n for n in parts.values()) - (green in parts)) / k, 3
                ),
                "luck": (99 * (2 * worse + ties) + k) // (2 * k),
            }
        )
        candidates = after
    return rows


def figures(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in UNBUILT} for r in rows]


def test_a_fresh_installation_analyses_a_game_without_the_solver(
    run: Invoke, conn: Connection
) -> None:
    """The default channel as `wordle-db init` leaves it (the bundled 2,309 answers, no
    build): a game with a letter hint, counted against wordle_hint; the analyze command says
    what builds the rest, and the answers before the first guess are every answer."""
    today: date = db.scalar(conn, "SELECT wordle_today()")
    publish.publish(conn, today, "crane")
    moves = ["slate", "?", "trace", "crane"]
    shown = play(conn, "en", "ann", moves)
    rows = analysis.analyse(conn, "ann")
    assert figures(rows) == expected(conn, "en", "crane", moves, shown)
    assert rows[0]["possible_before"] == len(hints_of(conn, "en", "crane")) > 2000
    assert all(r[k] is None for r in rows for k in UNBUILT)
    said = run("analyze", "--player", "ann", env={"LANG": "C.UTF-8", "LC_ALL": None})
    assert said.exit_code == 0, said.output
    assert said.stdout.splitlines()[-1] == (
        "The solver's best guesses and the skill scores appear once the solver has been "
        "built. To build it: wordle-db solver build --channel en"
    )
    assert f"  Possible words: {rows[0]['possible_before']:,} before, " in said.stdout


def test_the_best_guess_comes_with_the_channels_build_and_goes_with_a_word_list_change(
    db_url: URL, conn: Connection
) -> None:
    """A small French channel: the same figures before and after its build (wordle_hint and
    the solver's codes agree), the best guess and the skill only with the build, and the
    message naming `--channel` in French; a new answer word makes the build stale again."""
    answers = ["monde", "ombre", "texte", "livre", "porte", "table", "carte", "neige", "verre"]
    channels.add(conn, "fr", 5, language="fr")
    words.import_lines(conn, [(n, w, 0) for n, w in enumerate(answers, 1)], True, channel="fr")
    words.import_lines(conn, [(1, "salut", 0)], False, channel="fr")
    publish.publish(conn, db.scalar(conn, "SELECT wordle_today_on('fr')"), "verre", "fr")
    moves = ["salut", "porte", "verre"]
    play(conn, "fr", "zoe", moves)
    unbuilt = analysis.analyse(conn, "zoe", None, "fr")
    assert figures(unbuilt) == expected(conn, "fr", "verre", moves, [])
    run = cli_runner(db_url)
    french = {"LANG": "C.UTF-8", "LC_ALL": None}
    told = run("analyze", "--player", "zoe", "--channel", "fr", env=french)
    assert told.stdout.rstrip().endswith("Pour le construire : wordle-db solver build --channel fr")

    solver.build(db_url, workers=1, channel="fr")
    built = analysis.analyse(conn, "zoe", None, "fr")
    assert figures(built) == figures(unbuilt)
    assert all(r["best_guess"] in [*answers, "salut"] and r["skill"] is not None for r in built)
    after = run("analyze", "--player", "zoe", "--channel", "fr", env=french)
    assert "solver build" not in after.stdout and "le meilleur essai du solveur" in after.stdout

    words.import_lines(conn, [(1, "tarte", 0)], True, channel="fr")  # the build is stale
    stale = analysis.analyse(conn, "zoe", None, "fr")
    assert all(r["best_guess"] is None for r in stale)
    assert [r["possible_before"] for r in stale] == [
        r["possible_before"] + (i == 0) for i, r in enumerate(unbuilt)
    ]


def test_the_pages_api_gives_the_analysis_without_a_build(
    db_url: URL, conn: Connection, shared: Callable[[str], URL]
) -> None:
    """GET /api/analysis as `serve` runs it (a player account): the rows without the solver's
    figures, not a refusal."""
    from starlette.testclient import TestClient

    from wordle_db.web.app import Settings, create_app

    settings.set_setting(conn, "player_names", "created")
    app = create_app(
        shared("player"), Settings(b"unbuilt-analysis-" + b"x" * 16, allowed_hosts=("testserver",))
    )
    with TestClient(app) as client:
        post = {"X-Wordle": "1"}
        for word in ("slate", "crane"):  # today's word in `shared`
            assert client.post("/api/guess", json={"word": word}, headers=post).status_code == 200
        answer = client.get("/api/analysis")
    assert answer.status_code == 200, answer.text
    rows = answer.json()
    assert [(r["guess"], r["possible_after"], r["best_guess"]) for r in rows] == [
        ("slate", rows[0]["possible_after"], None),
        ("crane", 1, None),
    ]
    hints = hints_of(conn, "en", "slate")
    assert rows[0]["possible_after"] == sum(h == hints["crane"] for h in hints.values())


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["suggest", "salut=00000"], "not built for the current word lists"),
        (["solve", "monde"], "not built"),
        (["solve", "--all"], "not built"),
    ],
)
def test_the_solvers_refusals_name_the_channel_to_build(
    db_url: URL, conn: Connection, command: list[str], message: str
) -> None:
    """suggest and solve on a channel without a build: the command that builds it names that
    channel (the tester was told to run it without --channel fr)."""
    channels.add(conn, "fr", 5, language="fr")
    words.import_lines(conn, [(1, "monde", 0), (2, "ombre", 0)], True, channel="fr")
    refused = cli_runner(db_url)(*command, "--channel", "fr")
    assert refused.exit_code == 1, refused.output
    assert refused.stderr.startswith(f"Error: the solver is {message}: run `wordle-db solver ")
    assert refused.stderr.strip().endswith("run `wordle-db solver build --channel fr`")
