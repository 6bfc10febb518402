"""Players: the game's rules in the database, the same through the CLI and through SQL."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from click.testing import Result
from sqlalchemy.engine import Connection

from wordle_db import db, game, publish
from wordle_db.errors import DatabaseError

from support.calls import sql_error
from support.databases import Invoke
from support.puzzles import WRONG, set_word, today


def test_a_game_through_the_cli_equals_the_same_game_through_sql(
    run: Invoke, conn: Connection
) -> None:
    set_word(conn, today(conn), "crane")
    guesses = ["slate", "trace", "crane"]
    for word in guesses:
        result = run("guess", word, "--player", "ann", "--format", "json")
        assert result.exit_code == 0, result.output
    cursor_rows = [db.call(conn, "wordle_play", "bob", word, None, None)[0] for word in guesses]
    assert [r["state"] for r in cursor_rows] == ["playing", "playing", "won"]
    assert cursor_rows[-1]["answer"] == "crane"
    ann = [(r["attempt"], r["guess"], r["hint"]) for r in game.board(conn, "ann")]
    bob = [(r["attempt"], r["guess"], r["hint"]) for r in game.board(conn, "bob")]
    assert ann == bob == [(1, "slate", "00202"), (2, "trace", "02212"), (3, "crane", "22222")]
    strip = lambda s: {k: v for k, v in s.items() if k != "day"}  # noqa: E731
    assert strip(game.game_state(conn, "ann")) == strip(game.game_state(conn, "bob"))
    board = run("board", "--player", "ann")
    assert board.exit_code == 0
    assert "[C][R][A][N][E]" in board.stdout
    assert "Solved in 3/6!" in board.stdout


def test_six_tries_then_the_game_is_lost_and_a_seventh_is_refused(
    run: Invoke, conn: Connection
) -> None:
    set_word(conn, today(conn), "crane")
    for n, word in enumerate(WRONG[:6], start=1):
        row = game.play(conn, "ann", word)
        assert row["attempt"] == n
    assert row["state"] == "lost" and row["answer"] == "crane"
    seventh = run("guess", WRONG[6], "--player", "ann")
    assert seventh.exit_code == 1
    assert seventh.stderr.strip() == "Error: this game is over: it was lost"
    assert db.scalar(conn, "SELECT COUNT(*) FROM attempts") == 6


def test_refusals_are_distinct_and_change_nothing(run: Invoke, conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    assert run("guess", "slate", "--player", "ann").exit_code == 0
    cases = [
        ("slate", "'slate' was already tried in this game"),
        ("SLATE", "'slate' was already tried in this game"),
        ("zzzzz", "'zzzzz' is not an accepted word"),
        ("toolong", "a guess must have 5 letters"),
        ("abc", "a guess must have 5 letters"),
    ]
    for word, message in cases:
        result = run("guess", word, "--player", "ann")
        assert result.exit_code == 1
        assert result.stderr.strip() == f"Error: {message}"
    future = run("guess", "trace", "--player", "ann", "--date", str(today(conn) + timedelta(1)))
    assert "in the future" in future.stderr
    assert db.scalar(conn, "SELECT COUNT(*) FROM attempts") == 1


@pytest.mark.parametrize(
    ("previous", "hint", "guess", "broken"),
    [
        ("serve", "01002", "ember", "5th letter must be E"),
        ("serve", "01002", "eased", "5th letter must be E"),
        ("serve", "01002", "chase", "guess must contain two E's"),
        ("serve", "01002", "geese", None),
        ("cecum", "20100", "candy", "guess must contain two C's"),
        ("cecum", "20100", "cynic", None),
        ("bobby", "00221", "comfy", "3rd letter must be B"),
        ("bobby", "00221", "kibbi", "guess must contain Y"),
        ("bobby", "00221", "yobbo", None),
        ("crane", "00000", "crane", None),
        ("crane", "22222", "crane", None),
        ("abcdefghijkl", "000000000020", "abcdefghijxl", "11th letter must be K"),
        ("abcdefghijklmnopqrstuv", "0" * 21 + "2", "a" * 22, "22nd letter must be V"),
    ],
)
def test_hard_mode_rules(
    conn: Connection, previous: str, hint: str, guess: str, broken: str | None
) -> None:
    got = db.scalar(conn, "SELECT wordle_hard_mode_violation(?, ?, ?)", previous, hint, guess)
    assert got == broken


def test_hard_mode_vectors_in_real_games(run: Invoke, conn: Connection) -> None:
    cynic_day, yabba_day = today(conn) - timedelta(days=1), today(conn) - timedelta(days=2)
    set_word(conn, yabba_day, "yabba")  # the earlier day first: it becomes number 1
    set_word(conn, cynic_day, "cynic")

    def play(word: str, day: date) -> Result:
        return run("guess", word, "--player", "ann", "--hard", "--date", str(day))

    assert play("cecum", cynic_day).exit_code == 0
    refused = play("candy", cynic_day)
    assert refused.exit_code == 1
    assert refused.stderr.strip() == "Error: guess must contain two C's"

    assert play("bobby", yabba_day).exit_code == 0
    for word, message in [("comfy", "3rd letter must be B"), ("kibbi", "guess must contain Y")]:
        result = play(word, yabba_day)
        assert (result.exit_code, result.stderr.strip()) == (1, f"Error: {message}")
    assert play("yobbo", yabba_day).exit_code == 0
    assert game.game_state(conn, "ann", yabba_day)["hard"] is True


def test_hard_mode_is_chosen_before_the_first_guess(conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    game.play(conn, "ann", "slate")
    sql_error(
        lambda: game.play(conn, "ann", "trace", hard=True),
        "WD037",
        "hard mode can only be chosen before the first guess",
    )
    assert game.game_state(conn, "ann")["hard"] is False
    game.play(conn, "bob", "slate", hard=True)
    assert game.play(conn, "bob", "trace")["hard"] is True  # fixed for the rest of the game
    sql_error(lambda: game.play(conn, "bob", "dumpy"), "WD036", "2nd letter must be R")


def test_keyboard_keeps_the_best_hint_of_all_guesses(conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    game.play(conn, "ann", "react")
    game.play(conn, "ann", "cloth")  # c green
    keys = dict(game.keyboard(conn, "ann"))
    hints = [r["hint"] for r in game.board(conn, "ann")]
    assert hints == ["11210", "20000"]
    assert keys["c"] == "right"  # yellow in REACT, green in CLOTH: the best wins
    assert keys["r"] == keys["e"] == "elsewhere"
    assert keys["a"] == "right"
    assert keys["t"] == keys["l"] == keys["o"] == keys["h"] == "absent"
    assert keys["z"] == "unused"
    assert len(keys) == 26


def test_a_guess_with_its_keyboard_is_the_guess_then_the_keyboard(conn: Connection) -> None:
    """wordle_guess_on against wordle_play_on and wordle_keyboard_on in a twin game: the same
    row, the same keyboard after each guess, the same refusals, nothing recorded by those."""
    set_word(conn, today(conn), "crane")
    rows = [  # (guess, outcome: the state, or the SQLSTATE that refuses it)
        ("react", "playing"),
        ("xyzzy", "WD033"),
        ("cloth", "playing"),
        ("react", "WD034"),
        ("cra", "WD032"),
        ("crane", "won"),
        ("slate", "WD035"),
    ]
    for word, expected in rows:
        try:
            alone = game.play(conn, "twin", word), game.keyboard(conn, "twin")
        except DatabaseError as exc:
            alone = exc.sqlstate
        try:
            together = game.play_with_keyboard(conn, "ann", word)
        except DatabaseError as exc:
            together = exc.sqlstate
        assert together == alone, word
        assert alone == expected if isinstance(alone, str) else alone[0]["state"] == expected
    assert [r["guess"] for r in game.board(conn, "ann")] == ["react", "cloth", "crane"]
    assert dict(game.keyboard(conn, "ann"))["c"] == "right"


def test_letter_hints_reveal_unfound_letters(run: Invoke, conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    game.play(conn, "ann", "trace")  # r, a, c, e found (green or yellow); n unfound... t absent
    shown = run("hint", "--player", "ann")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout == "Letter 4 is N. 1 letter hint left.\n"
    again = run("hint", "--player", "ann")
    assert again.exit_code == 1
    assert "no letter is left to reveal" in again.stderr  # C is accounted for by a yellow
    state = game.game_state(conn, "ann")
    assert (state["letters_revealed"], state["revealed"]) == (1, "...n.")
    assert db.scalar(conn, "SELECT revealed FROM games") == 1


def test_letter_hints_differ_and_are_limited(conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    first = game.reveal_letter(conn, "bob")  # before any guess: starts the game
    second = game.reveal_letter(conn, "bob")
    assert first["position"] != second["position"]
    assert second["hints_left"] == 0
    sql_error(lambda: game.reveal_letter(conn, "bob"), "WD040", "no letter hint left")
    assert game.play(conn, "bob", "slate", hard=True)["hard"] is True  # still before guess 1


def test_the_last_unfound_letter_is_never_revealed(conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    db.call(conn, "wordle_set_setting", "letter_hints", "5")
    game.play(conn, "ann", "crank")  # 2222 0: only E is unfound
    sql_error(lambda: game.reveal_letter(conn, "ann"), "WD040", "no letter is left to reveal")


def test_share_text(run: Invoke, conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    early = run("share", "--player", "ann")
    assert early.exit_code == 1 and "no finished game" in early.stderr
    for word in ["slate", "trace", "crane"]:
        run("guess", word, "--player", "ann", "--hard")
    result = run("share", "--player", "ann")
    assert result.exit_code == 0
    assert result.stdout == "wordle-db #1 3/6*\n⬜⬜🟩⬜🟩\n⬜🟩🟩🟨🟩\n🟩🟩🟩🟩🟩\n"
    for word in WRONG[:6]:
        game.play(conn, "bob", word)
    assert game.share(conn, "bob").splitlines()[0] == "wordle-db #1 X/6"


@pytest.mark.parametrize(
    ("hints", "title"),
    [(0, "wordle-db #1 2/6"), (1, "wordle-db #1 2/6 💡"), (2, "wordle-db #1 2/6 💡💡")],
)
def test_share_text_marks_letter_hints(conn: Connection, hints: int, title: str) -> None:
    set_word(conn, today(conn), "crane")
    db.call(conn, "wordle_set_setting", "letter_hints", "2")
    game.play(conn, "ann", "slate")
    for _ in range(hints):
        game.reveal_letter(conn, "ann")
    game.play(conn, "ann", "crane")
    assert game.share(conn, "ann").splitlines() == [title, "⬜⬜🟩⬜🟩", "🟩🟩🟩🟩🟩"]


def play_game(conn: Connection, player: str, day: date, answer: str, tries: int | None) -> None:
    """Win in `tries` guesses, or lose (tries None), as if on the day itself: a game started
    after its day comes from the archive and does not count, so the fixture says it did not."""
    wrong = [w for w in WRONG if w != answer]
    guesses = wrong[:6] if tries is None else [*wrong[: tries - 1], answer]
    for word in guesses:
        game.play(conn, player, word, day)
    db.query(
        conn,
        "UPDATE games g JOIN players p ON p.id = g.player_id SET g.archive = FALSE "
        "WHERE p.name = ? AND g.day = ?",
        player,
        day,
    )


# Several weeks of games, oldest first: tries to win, None for a loss, "-" for no game.
HISTORY: list[int | str | None] = [
    3,
    4,
    2,
    "-",
    5,
    3,
    4,
    4,
    None,
    6,
    1,
    3,
    3,
    2,
    "-",
    "-",
    4,
    3,
    None,
    5,
    2,
]


def test_statistics_over_weeks_with_gaps_and_losses(run: Invoke, conn: Connection) -> None:
    start = today(conn) - timedelta(days=len(HISTORY) - 1)
    for n, outcome in enumerate(HISTORY):
        day = start + timedelta(days=n)
        publish.publish(conn, day)
        if outcome != "-":
            answer = publish.reveal(conn, day)
            play_game(conn, "ann", day, answer, outcome)
    result = run("stats", "--player", "ann", "--json")
    assert result.exit_code == 0
    stats = json.loads(result.stdout)
    # Hand-counted: 18 games, 16 won; streaks 3, 4, 5, 2, 2 (the last ends today).
    assert (stats["played"], stats["won"], stats["win_percent"]) == (18, 16, 89)
    assert (stats["current_streak"], stats["max_streak"]) == (2, 5)
    assert stats["distribution"] == {"1": 1, "2": 3, "3": 5, "4": 4, "5": 2, "6": 1}
    text = run("stats", "--player", "ann")
    assert text.stdout.startswith(
        "18 games played, 16 wins (89%)\nCurrent streak 2 · Max streak 5\n"
    )


def test_current_streak_while_today_is_open_or_lost(conn: Connection) -> None:
    yesterday, day_before = today(conn) - timedelta(1), today(conn) - timedelta(2)
    for day in (day_before, yesterday, today(conn)):
        publish.publish(conn, day)
    for day in (day_before, yesterday):
        play_game(conn, "ann", day, publish.reveal(conn, day), 2)
    assert game.stats(conn, "ann")["current_streak"] == 2  # today not played yet
    game.play(conn, "ann", next(w for w in WRONG if w != publish.reveal(conn, today(conn))))
    assert game.stats(conn, "ann")["current_streak"] == 2  # today still open
    play_game(conn, "bob", today(conn), publish.reveal(conn, today(conn)), None)
    assert game.stats(conn, "bob")["current_streak"] == 0
    assert game.stats(conn, "nobody") == {
        "played": 0,
        "won": 0,
        "win_percent": 0,
        "current_streak": 0,
        "max_streak": 0,
        "distribution": {n: 0 for n in range(1, 7)},
    }


def test_games_from_the_archive_do_not_count(conn: Connection) -> None:
    yesterday = today(conn) - timedelta(1)
    publish.publish(conn, yesterday)
    answer = publish.reveal(conn, yesterday)  # public from today on, in past_puzzles
    game.play(conn, "ann", answer, yesterday)
    assert db.scalar(conn, "SELECT archive FROM games") == 1
    assert game.game_state(conn, "ann", yesterday)["state"] == "won"
    assert game.stats(conn, "ann")["played"] == 0
    assert game.stats(conn, "ann")["distribution"][1] == 0


@pytest.mark.parametrize("name", ["", " ann", "ann ", "a" * 65, "tab\there", "nul\x01", None])
def test_bad_player_names_are_refused(conn: Connection, name: str | None) -> None:
    sql_error(
        lambda: db.call(conn, "wordle_play", name, "crane", None, None),
        "WD038",
        "a player name must be 1 to 64 characters",
    )
    assert db.scalar(conn, "SELECT COUNT(*) FROM players") == 0


@pytest.mark.parametrize("name", ["", "a" * 65, "tab\there"])
def test_bad_player_names_from_the_cli(run: Invoke, conn: Connection, name: str) -> None:
    result = run("guess", "crane", "--player", name)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: a player name must be 1 to 64 characters")
    assert db.scalar(conn, "SELECT COUNT(*) FROM players") == 0


def test_stateless_guess_still_works_and_records_nothing(run: Invoke, conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    result = run("guess", "trace", "--format", "digits")
    assert result.stdout == "02212\n"
    assert run("guess", "trace", "--hard").exit_code == 2  # --hard needs --player
    assert db.scalar(conn, "SELECT COUNT(*) FROM games") == 0


@pytest.mark.parametrize("channel, day", [(999, 0), (1, 400)])
def test_a_move_whose_channel_was_removed_meanwhile_gets_one_line(
    conn: Connection, channel: int, day: int
) -> None:
    """The move creates the game after it found the channel and the puzzle; a channel removed
    in between (`channel remove --force`: its puzzles go too) is simulated by a trigger that
    gives the new game an id that no channel has, or a day with no puzzle, so the real foreign
    keys refuse it: WD060, not 1048 or 1452."""
    publish.publish(conn, today(conn))
    conn.exec_driver_sql(
        "CREATE TRIGGER removed_meanwhile BEFORE INSERT ON games FOR EACH ROW "
        f"SET NEW.channel_id = IF({channel} = 1, NEW.channel_id, {channel}), "
        f"NEW.day = NEW.day + INTERVAL {day} DAY"
    )
    with pytest.raises(DatabaseError) as caught:
        db.call(conn, "wordle_play", "ann", "slate", None, None)
    assert caught.value.sqlstate == "WD060", str(caught.value)
    assert db.scalar(conn, "SELECT COUNT(*) FROM games WHERE channel_id = ?", channel) == 0
