"""Channels: several daily puzzles side by side, each with its own words, length, tries,
numbering, statistics and accent rule, through SQL, the library and the CLI."""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, game, publish, settings, solver, words

from support.calls import sql_error
from support.databases import Invoke, cli_runner
from support.locks import BUSY, behind_held_rows
from support.puzzles import OWN, SIX, add_channel, today


def play_to_the_end(
    conn: Connection, player: str, channel: str | None, answer: str, wrong: list[str]
) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for word in [*wrong, answer]:
        row = game.play(conn, player, word, channel=channel)
        if row["state"] != "playing":
            break
    return row


def test_two_channels_one_player_one_day(conn: Connection) -> None:
    day = today(conn)
    channels.change(conn, "en", "first_day", str(day - timedelta(9)))
    add_channel(conn, "six", 6, SIX, max_tries=4, language="en")
    publish.publish(conn, day, "crane")
    publish.publish(conn, day, "candle", channel="six")

    en = play_to_the_end(conn, "ann", None, "crane", ["slate"])
    six = play_to_the_end(conn, "ann", "six", "candle", ["planet", "garden", "silver", "breeze"])

    assert (en["number"], en["max_tries"], en["state"], en["attempt"]) == (10, 6, "won", 2)
    assert (six["number"], six["max_tries"], six["state"], six["attempt"]) == (1, 4, "lost", 4)
    assert six["answer"] == "candle"
    assert game.stats(conn, "ann")["won"] == 1
    six_stats = game.stats(conn, "ann", "six")
    assert (six_stats["won"], six_stats["played"]) == (0, 1)
    assert game.share(conn, "ann").startswith("wordle-db #10 2/6")
    assert game.share(conn, "ann", channel="six").startswith("wordle-db six #1 X/4")
    assert game.game_state(conn, "ann", channel="six")["title"] == "wordle-db six #1"


def test_the_brief_list_is_the_full_one_without_its_counts(conn: Connection) -> None:
    add_channel(conn, "six", 6, SIX, max_tries=4, language="en")
    publish.publish(conn, today(conn), "candle", channel="six")
    full, brief = channels.all_channels(conn), channels.listed_channels(conn)
    counts = ("words", "answers", "answers_left")
    assert [c["name"] for c in brief] == ["en", "six"]
    assert all(c[k] is not None for c in full for k in counts)
    assert brief == [{**c, **dict.fromkeys(counts)} for c in full]


def test_each_channel_has_its_length(conn: Connection) -> None:
    add_channel(conn, "six", 6, SIX)
    sql_error(lambda: game.play(conn, "ann", "planet"), "WD032", "a guess must have 5 letters")
    assert game.play(conn, "ann", "planet", channel="six")["guess"] == "planet"
    sql_error(
        lambda: game.play(conn, "ann", "crane", channel="six"),
        "WD032",
        "a guess must have 6 letters",
    )
    result = words.import_lines(conn, [(1, "crane", 0), (2, "fennel", 0)], True, channel="six")
    assert [(r.line, r.reason) for r in result.rejected] == [
        (1, "not 6 letters (the channel's length)")
    ]
    five = words.import_lines(conn, [(1, "fennel", 0)], True)
    assert [r.reason for r in five.rejected] == ["not 5 letters (the channel's length)"]


def test_a_channels_words_stay_in_it(conn: Connection) -> None:
    add_channel(conn, "own", 5, OWN)
    day = today(conn)
    drawn = {publish.publish(conn, day + timedelta(n), channel="own")["day"] for n in range(3)}
    assert len(drawn) == 3
    words_drawn = {
        r["word"] for r in db.query(conn, "SELECT word FROM puzzle_schedule WHERE channel = 'own'")
    }
    assert words_drawn == set(OWN)
    sql_error(
        lambda: publish.publish(conn, day + timedelta(3), channel="own"),
        "WD020",
        "no answer word is left to publish in channel own",
    )
    for n in range(40):
        publish.publish(conn, day + timedelta(n))
    en_words = {
        r["word"] for r in db.query(conn, "SELECT word FROM puzzle_schedule WHERE channel = 'en'")
    }
    assert len(en_words) == 40 and not en_words & set(OWN)
    sql_error(lambda: game.play(conn, "ann", OWN[0]), "WD033", "is not an accepted word")
    sql_error(
        lambda: publish.publish(conn, day + timedelta(50), "crane", channel="own"),
        "WD022",
        "not an answer word of this channel",
    )


def test_forty_publish_today_at_once_publish_each_channel_once(
    db_url: URL, conn: Connection
) -> None:
    add_channel(conn, "six", 6, SIX)
    add_channel(conn, "own", 5, OWN)
    errors: list[str] = []
    start = threading.Barrier(40)

    def cron() -> None:
        try:
            start.wait()
            result = cli_runner(db_url)("publish-today")
            assert result.exit_code == 0, result.output
        except BaseException as exc:
            errors.append(repr(exc))

    threads = [threading.Thread(target=cron) for _ in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    rows = db.query(
        conn,
        "SELECT channel, COUNT(*) AS n FROM puzzle_schedule "
        "WHERE day = ? GROUP BY channel ORDER BY channel",
        today(conn),
    )
    assert [(r["channel"], r["n"]) for r in rows] == [("en", 1), ("own", 1), ("six", 1)]
    assert db.scalar(conn, "SELECT COUNT(*) FROM puzzles") == 3


def test_accents_fold_or_stay_letters(conn: Connection) -> None:
    add_channel(conn, "fr", 5, ["étude", "monde"], ["cœur", "forêt"], language="fr")
    add_channel(conn, "frk", 5, ["étude", "monde"], language="fr", accents="keep")
    day = today(conn)
    for channel in ("fr", "frk"):
        publish.publish(conn, day, "monde", channel=channel)

    folded = game.check(conn, "étude", channel="fr")
    plain = game.check(conn, "etude", channel="fr")
    assert (folded["guess"], folded["hint"]) == ("etude", plain["hint"])
    assert game.check(conn, "ÉTUDE", channel="fr")["guess"] == "etude"
    assert game.check(conn, "cœur", channel="fr")["guess"] == "coeur"  # œ is played as oe
    letters = {letter for letter, _ in game.keyboard(conn, "ann", channel="fr")}
    assert "é" not in letters and {"e", "t", "u"} <= letters

    kept = game.check(conn, "étude", channel="frk")
    assert kept["guess"] == "étude"
    sql_error(lambda: game.check(conn, "etude", channel="frk"), "WD033", "is not an accepted word")
    assert "é" in {letter for letter, _ in game.keyboard(conn, "ann", channel="frk")}


# Letters per language (issue 25): (language, answers, guesses, day's word, played guess ->
# what is recorded and its hint, a guess refused as another word, a key on the keyboard)
LETTERS = [
    (
        "es",
        ["puñal", "niño", "árbol"],
        ["punal"],
        "puñal",
        ("PUÑAL", "puñal", "22222"),
        "punal",
        "ñ",
    ),  # ñ a letter of its own (punal is another word), á folds
    ("es", ["puñal", "niño", "árbol"], [], "árbol", ("árbol", "arbol", "22222"), None, "a"),
    (
        "de",
        ["straße", "bäche", "küche"],
        ["bache"],
        "bäche",
        ("BÄCHE", "bäche", "22222"),
        "bache",
        "ä",
    ),  # ä ö ü ß letters of their own
    ("de", ["straße", "bäche", "küche"], [], "straße", ("straße", "straße", "222222"), None, "ß"),
    ("pt", ["ações", "nação", "canção"], [], "nação", ("nação", "nacao", "22222"), None, "c"),
]


@pytest.mark.parametrize(
    ("language", "answers", "guesses", "word", "played", "other", "key"), LETTERS
)
def test_each_language_plays_its_letters(
    conn: Connection,
    language: str,
    answers: list[str],
    guesses: list[str],
    word: str,
    played: tuple[str, str, str],
    other: str | None,
    key: str,
) -> None:
    letters = len(word)
    add_channel(
        conn,
        language,
        letters,
        [w for w in answers if len(w) == letters],
        [g for g in guesses if len(g) == letters],
        language=language,
    )
    rule = channels.one_channel(conn, language)["accents"]
    assert rule == {"es": "fold except ñ", "de": "keep", "pt": "fold"}[language]
    publish.publish(conn, today(conn), word, channel=language)
    typed, recorded, hint = played
    result = game.play(conn, "ann", typed, channel=language)
    assert (result["guess"], result["hint"]) == (recorded, hint)
    if other is not None:  # the folded spelling is another word: played, its own hint
        other_hint = game.check(conn, other, channel=language)["hint"]
        assert other_hint != hint
    assert key in {letter for letter, _ in game.keyboard(conn, "ann", channel=language)}


def test_an_accent_rule_is_one_setting_checked_by_the_database(conn: Connection) -> None:
    assert (
        channels.add(conn, "esx", 5, language="es", accents="fold except ñü")["accents"]
        == "fold except ñü"
    )
    for bad in ("fold except", "fold except x", "folded", "fold except ñ ü", "keep ñ"):
        sql_error(
            lambda bad=bad: channels.add(conn, "bad", 5, accents=bad),
            "WD061",
            "fold except and the letters kept",
        )


def test_words_check_lists_the_answers_a_dictionary_rejects(
    run: Invoke, conn: Connection, tmp_path: Path
) -> None:
    add_channel(conn, "frc", 5, ["monde", "étude", "aimes", "peurs"], language="fr")
    result = run("words", "check", "--channel", "frc")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "aimes: not a base form in the dictionary\npeurs: not a base form in the dictionary\n"
    )
    assert "2 of 4 answers of channel frc" in result.stderr
    as_json = json.loads(run("words", "check", "--channel", "frc", "--json").stdout)
    assert as_json["answers"] == 4 and len(as_json["rejected"]) == 2
    blocked = tmp_path / "blocked.txt"
    blocked.write_text("# never\nmonde\n")
    made = run(
        "channel",
        "add",
        "frb",
        "--language",
        "fr",
        "--letters",
        "5",
        "--from-system",
        "--block-list",
        str(blocked),
        "--json",
    )
    assert made.exit_code == 0, made.output
    assert json.loads(made.stdout)["left_out"]["offensive (block list)"] >= 1
    assert (
        db.scalar(
            conn,
            "SELECT COUNT(*) FROM channel_words cw JOIN words w ON w.id = "
            "cw.word_id JOIN channels c ON c.id = cw.channel_id WHERE c.name = "
            "'frb' AND w.word = 'monde' AND cw.is_answer",
        )
        == 0
    )
    assert (
        "go with --from-system"
        in run("channel", "add", "x", "--letters", "5", "--block-list", str(blocked)).stderr
    )


def test_hard_mode_and_letter_hints_follow_the_channel(conn: Connection) -> None:
    add_channel(conn, "six", 6, SIX, letter_hints=1)
    publish.publish(conn, today(conn), "candle", channel="six")
    game.play(conn, "ann", "garden", hard=True, channel="six")  # 020211
    sql_error(
        lambda: game.play(conn, "ann", "silver", channel="six"), "WD036", "2nd letter must be A"
    )
    hint = game.reveal_letter(conn, "ann", channel="six")
    assert hint["hints_left"] == 0 and hint["letter"] == "candle"[hint["position"] - 1]
    sql_error(
        lambda: game.reveal_letter(conn, "ann", channel="six"), "WD040", "no letter hint left"
    )
    assert game.reveal_letter(conn, "ann")["hints_left"] == 1  # en keeps its 2


def test_unknown_channels_and_bad_definitions_are_one_line(conn: Connection) -> None:
    sql_error(
        lambda: game.play(conn, "ann", "crane", channel="nope"),
        "WD060",
        "there is no channel 'nope' (known: en)",
    )
    sql_error(lambda: channels.add(conn, "Bad Name", 5), "WD061", "a channel name is 1 to 16")
    sql_error(lambda: channels.add(conn, "x" * 17, 5), "WD061", "a channel name is 1 to 16")
    sql_error(lambda: channels.add(conn, "one", 1), "WD061", "2 to 32 letters")
    sql_error(lambda: channels.add(conn, "en", 5), "WD062", "there is already a channel en")
    sql_error(
        lambda: channels.add(conn, "tz", 5, time_zone="Mars/Olympus"),
        "WD011",
        "unknown to the server",
    )
    assert [c["name"] for c in channels.all_channels(conn)] == ["en"]  # nothing half-made
    sql_error(
        lambda: channels.change(conn, "en", "letters", "6"),
        "WD011",
        "letters is chosen when a channel is created",
    )
    sql_error(lambda: channels.change(conn, "en", "max_tries", "21"), "WD011", "1 to 20")


def test_old_calls_play_the_default_channel(conn: Connection) -> None:
    add_channel(conn, "six", 6, SIX)
    db.call(conn, "wordle_set_setting", "max_tries", "5")
    assert channels.one_channel(conn, "en")["max_tries"] == 5
    assert db.scalar(conn, "SELECT wordle_setting('max_tries')") == "5"
    row = db.call_one(conn, "wordle_play", "ann", "crane", None, None)
    assert row["max_tries"] == 5
    db.call(conn, "wordle_set_setting", "default_channel", "six")
    assert db.call_one(conn, "wordle_play", "bob", "planet", None, None)["guess"] == "planet"
    sql_error(
        lambda: db.call(conn, "wordle_set_setting", "default_channel", "nope"),
        "WD011",
        "there is no channel 'nope'",
    )


def test_the_channel_commands(run: Invoke, conn: Connection) -> None:
    result = run("channel", "add", "six", "--letters", "6", "--max-tries", "4")
    assert result.exit_code == 0, result.output
    assert "six added: en, 6 letters, 4 tries, accents keep" in result.output
    path_rows = [(n, w, 0) for n, w in enumerate(SIX, 1)]
    words.import_lines(conn, path_rows, True, channel="six")
    listed = run("channel", "list")
    assert "en (default): en, 5 letters" in listed.output
    assert "six: en, 6 letters, 4 tries, accents keep, UTC; 6 words, 6 answers" in listed.output
    assert run("channel", "set", "six", "letter_hints", "0").output == "six: letter_hints = 0\n"
    assert "max_tries = 4" in run("channel", "show", "six").output
    assert run("guess", "planet", "--player", "ann", "--channel", "six").exit_code == 0
    refused = run("channel", "remove", "six")
    assert refused.exit_code == 1
    assert refused.output == (
        "Error: channel six has 1 games: remove it with force to delete them too\n"
    )
    assert run("channel", "remove", "en").exit_code == 1
    gone = run("channel", "remove", "six", "--force")
    assert gone.output == "channel six removed (1 games deleted)\n"
    assert db.scalar(conn, "SELECT COUNT(*) FROM games") == 0
    unknown = run("guess", "crane", "--channel", "six")
    assert (unknown.exit_code, unknown.output) == (
        1,
        "Error: there is no channel 'six' (known: en)\n",
    )


def test_languages_from_debian_lists(run: Invoke, conn: Connection) -> None:
    result = run("channel", "add", "fr", "--language", "fr", "--letters", "5", "--from-system")
    assert result.exit_code == 0, result.output
    # the channel's counts once, then where the words come from and why the others are no answers
    added, report = result.output.splitlines()
    fr = channels.one_channel(conn, "fr")
    assert f"{fr['words']} words, {fr['answers']} answers" in added
    assert report.startswith("words from /usr/share/dict/french; left out as answers: ")
    assert "a proper noun" in report and "a given name or surname" in report
    assert not any(ch.isdigit() for ch in report.split(";")[0])
    assert "not a base form in the dictionary" in report and "rare (wordfreq below 3.2)" in report
    as_json = json.loads(
        run(
            "channel", "add", "es", "--language", "es", "--letters", "5", "--from-system", "--json"
        ).output
    )
    assert as_json["answers"] > 500 and as_json["left_out"]["a proper noun"] > 0
    assert "answer_words" not in as_json and as_json["source"] == "/usr/share/dict/spanish"
    assert fr["accents"] == "fold" and fr["words"] > 3000 and 300 < fr["answers"] < fr["words"]
    assert run("publish-today").exit_code == 0
    assert run("guess", "--channel", "fr", "monde", "--format", "digits").exit_code == 0
    assert run("guess", "--channel", "fr", "étude", "--format", "digits").exit_code == 0


def test_the_issues_walk_through_french_and_six_letters_beside_english(
    run: Invoke, conn: Connection
) -> None:
    """Issue 16's "done when" on the shared words table: French and 6-letter English from the
    Debian lists beside en, published by publish-today and played; the solver's candidates of
    each channel count only its words."""
    for name, language, letters in (("fr", "fr", "5"), ("en6", "en", "6")):
        result = run(
            "channel", "add", name, "--language", language, "--letters", letters, "--from-system"
        )
        assert result.exit_code == 0, result.output
    assert run("publish-today").exit_code == 0
    for channel, word in (("fr", "monde"), ("en6", "planet"), ("en", "slate")):
        played = run("guess", "--channel", channel, word, "--format", "digits")
        assert played.exit_code == 0, played.output
    for channel, pairs in (("en", "salet=00000"), ("en6", "planet=000000"), ("fr", "monde=00000")):
        result = run("candidates", "--channel", channel, pairs, "--count")
        assert result.exit_code == 0, result.output
        total = int(result.output)
        assert 0 < total == solver.candidates(conn, pairs, None, None, channel=channel)[0]


def test_one_channel_that_cannot_be_published_stops_no_other(run: Invoke, conn: Connection) -> None:
    channels.add(conn, "empty", 5)  # no answer yet
    add_channel(conn, "later", 5, OWN)
    channels.change(conn, "later", "first_day", str(today(conn) + timedelta(7)))
    add_channel(conn, "six", 6, SIX)
    result = run("publish-today")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "Error: no answer word is left to publish in channel empty: import more with "
        "`wordle-db words import FILE --answers --channel empty`",
        f"Error: the day is before the first puzzle day of channel later (first_day "
        f"{today(conn) + timedelta(7)})",
    ]
    assert "en puzzle #1" in result.stdout and "six puzzle #1" in result.stdout
    db.call(conn, "_wordle_publish_every_channel")  # the daily event: no error either
    published = db.query(conn, "SELECT channel FROM puzzle_schedule ORDER BY channel")
    assert [r["channel"] for r in published] == ["en", "six"]
    # The SQL behind both, for other applications: one row per channel, by name.
    rows = db.call(conn, "wordle_publish_today")
    assert [(r["channel"], r["day"], r["number"], r["published"], r["refusal"]) for r in rows] == [
        ("empty", None, None, None, result.stderr.splitlines()[0].removeprefix("Error: ")),
        ("en", today(conn), 1, 0, None),
        ("later", None, None, None, result.stderr.splitlines()[1].removeprefix("Error: ")),
        ("six", today(conn), 1, 0, None),
    ]


def test_a_zone_change_never_moves_today_before_a_published_day(conn: Connection) -> None:
    channels.add(conn, "east", 5, time_zone="+13:00")
    words.import_lines(conn, [(1, OWN[0], 0)], True, channel="east")
    east_today = game.game_state(conn, "ann", channel="east")["day"]  # publishes
    # 24 hours west, today is the day before: the published day would be in the future
    sql_error(
        lambda: channels.change(conn, "east", "time_zone", "-11:00"),
        "WD011",
        f"before the published day {east_today}",
    )
    sql_error(
        lambda: channels.change(conn, "east", "time_zone", "SYSTEM"),
        "WD011",
        "is unknown to the server",
    )


def test_before_the_first_puzzle_a_zone_change_moves_a_first_day_that_was_today(
    conn: Connection,
) -> None:
    """+13:00 and -12:00 are 25 hours apart: today differs at any time of day. A first_day
    that was today follows the zone (the first puzzle can be published at once); a first_day
    chosen for another day stays, and so does one fixed by a published puzzle."""

    def first_day(name: str) -> date:
        return channels.one_channel(conn, name)["first_day"]

    # (channel, zone before, zone after, first_day chosen); "played" moves east, never back
    # before its published day.
    cases = [
        ("west", "+13:00", "-12:00", None),
        ("launch", "+13:00", "-12:00", "2030-01-01"),
        ("played", "-12:00", "+13:00", None),
    ]
    for name, before, _, chosen in cases:
        add_channel(conn, name, 5, OWN, time_zone=before)
        if chosen:
            channels.change(conn, name, "first_day", chosen)
    publish.publish(conn, channel="played")
    old = {name: first_day(name) for name, *_ in cases}
    for name, _, after, _ in cases:
        channels.change(conn, name, "time_zone", after)
    west_today = db.scalar(conn, "SELECT wordle_today_on('west')")
    assert first_day("west") == west_today < old["west"]
    assert publish.publish(conn, channel="west")["number"] == 1
    assert first_day("launch") == old["launch"] == date(2030, 1, 1)
    assert first_day("played") == old["played"]


def test_control_characters_stay_escaped_in_messages(run: Invoke) -> None:
    result = run("guess", "crane", "--channel", "en\nx")
    assert (result.exit_code, result.stderr) == (
        1,
        "Error: there is no channel 'en\\u{A}x' (known: en)\n",
    )


def test_language_codes_are_lower_case(conn: Connection) -> None:
    assert channels.add(conn, "fr", 5, language="FR")["accents"] == "fold"
    assert channels.one_channel(conn, "fr")["language"] == "fr"
    sql_error(
        lambda: db.call(conn, "wordle_channel_add", "fr2", "FR", 5, None, None, None, None),
        "WD011",
        "language must be a language code",
    )


@pytest.mark.parametrize(
    "session",
    [
        (),
        ("SET time_zone = '+13:00'",),
        ("SET time_zone = '-11:00'",),
        ("SET time_zone = 'SYSTEM'", "SET timestamp = UNIX_TIMESTAMP('2001-02-03 04:05:06')"),
    ],
)
def test_a_guess_plays_today_in_its_channels_zone_whatever_the_session(
    conn: Connection, session: tuple[str, ...]
) -> None:
    """+13:00 and -12:00 are 25 hours apart: one of them is not UTC's day at any time. A
    game's first guess (the long way: it publishes) and its next ones (the context read of
    migration 0035) play the channel's today, not the session's or UTC's; the channel's
    tomorrow, published ahead, is refused (WD030) either way; its yesterday is played when asked
    for."""
    zones = {"east": "+13:00", "west": "-12:00", "utc": "+00:00"}
    for name, zone in zones.items():
        add_channel(conn, name, 5, OWN, ["crane", "slate"], time_zone=zone)
    todays = {name: db.scalar(conn, f"SELECT wordle_today_on('{name}')") for name in zones}
    for name in zones:  # the days before and after, published (UTC's day is one of them)
        publish.publish(conn, todays[name] - timedelta(1), OWN[1], name)
        publish.publish(conn, todays[name] + timedelta(1), OWN[2], name)
    for statement in session:
        conn.exec_driver_sql(statement)
    for name in zones:
        days = [
            db.call(conn, "wordle_play_on", name, "ann", guess, None, None)[0]["day"]
            for guess in ("crane", "slate")
        ]
        assert days == [todays[name]] * 2, name
        for player in ("bob", "ann"):  # a new player, and a kept player's game
            sql_error(
                lambda name=name, player=player: db.call(
                    conn, "wordle_play_on", name, player, "qopaz", todays[name] + timedelta(1), None
                ),
                "WD030",
                "that day is in the future",
            )
        row = db.call(
            conn, "wordle_play_on", name, "ann", "crane", todays[name] - timedelta(1), None
        )[0]
        assert (row["day"], row["number"]) == (todays[name] - timedelta(1), 1), name


# Each change of a channel an administrator makes behind rows another session holds (a
# locking read of the channel's name): the call. The next change of a channel joins here.
CHANNEL_ROW = "SELECT id FROM channels WHERE name = ? FOR UPDATE"
CHANNEL_WORDS = (
    "SELECT word_id FROM channel_words WHERE channel_id = "
    "(SELECT id FROM channels WHERE name = ?) FOR UPDATE"
)
HELD_CHANNEL_CALLS: dict[str, tuple[str, Callable[[Connection, str], object]]] = {
    "a setting of the channel": (
        CHANNEL_ROW,
        lambda c, name: channels.change(c, name, "max_tries", "7"),
    ),
    "the channel removed": (CHANNEL_ROW, lambda c, name: channels.remove(c, name, force=True)),
    "its words imported again": (
        CHANNEL_WORDS,
        lambda c, name: words.import_lines(c, [(1, SIX[0], 0)], True, channel=name),
    ),
    # a setting of every channel (wordle_set_setting), beside the channel's own
    "a setting of the server": (
        "SELECT name FROM settings WHERE name = 'publish_ahead' AND ? <> '' FOR UPDATE",
        lambda c, _name: settings.set_setting(c, "publish_ahead", "30"),
    ),
}


@pytest.mark.found_by("review of migration 0045")
@pytest.mark.parametrize("change", list(HELD_CHANNEL_CALLS))
def test_a_channel_change_behind_held_rows_says_busy_after_one_wait(
    conn: Connection, db_url: URL, change: str
) -> None:
    """Behind rows another session holds, an administrator's change of a channel waits
    innodb_lock_wait_timeout once and answers WD025, never the server's 1205
    (_wordle_lock_waited)."""
    name = f"h{uuid.uuid4().hex[:6]}"
    add_channel(conn, name, 6, SIX)
    hold, call = HELD_CHANNEL_CALLS[change]
    got = behind_held_rows(db_url, hold, (name,), lambda c: call(c, name))
    assert got == ("WD025", BUSY, 1), got
