"""A league's nicknames and joins (issue 40, item 6): a nickname that looks like a member's is
taken, as the same one is (Unicode's confusables, tests below as a table the next look-alike
joins), and players joining one league at once all get in, the deadlocks their inserts make
retried inside the database."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import accounts, db, game, leagues, roles, settings, words
from wordle_db.errors import DatabaseError

from support.calls import result_or_sqlstate
from support.locks import BUSY, behind_held_rows
from support.races import at_once

# (a member's nickname, another that looks like it): the second is refused
LOOKALIKE = [
    ("BOB", "ВОВ"),  # Cyrillic capitals
    ("BOB", "ΒΟΒ"),  # Greek capitals
    ("BOB", "B0B"),  # a zero
    ("BOB", "b o b"),  # spaces
    ("BOB", "B.O.B"),  # punctuation
    ("BOB", "🅱🅾🅱"),  # negative squared letters (their Unicode names)
    ("BOB", "ＢＯＢ"),  # full-width
    ("BOB", "𝐁𝐎𝐁"),  # mathematical bold
    ("BOB", "Ⓑⓞⓑ"),  # circled
    ("BOB", "bob"),  # case
    ("Ann", "Ánn"),  # an accent
    ("Ann", "Ann\u0301"),  # a combining accent
    ("Ivan", "lvan"),  # l for I
    ("Tom", "Torn"),  # rn for m
]
# more disguises an attacker tried on main at bc96143 (review of issue 40's item 6): all taken
LOOKALIKE_ATTACKS = [
    ("BOB", "ᴮᴼᴮ"),  # superscript modifier letters
    ("BOB", "ꓐꓳꓐ"),  # Lisu
    ("BOB", "ᏴOᏴ"),  # Cherokee with a Latin O (one_alphabet checks Latin, Cyrillic, Greek)
    ("BOB", "ᗷOᗷ"),  # Canadian syllabics
    ("BOB", "B\u0336O\u0336B"),  # combining strokes between the letters
    ("Ivan", "Ⅰvan"),  # Roman numeral one
    ("fine", "ﬁne"),  # a ligature (NFKC's fi)
    ("Anna", "A\u0307nna"),  # a combining dot above, decomposed
    ("Bob", "Bob\U0001d17b"),  # a musical combining mark outside the BMP
    ("BOB", "🄱🄾🄱"),  # squared letters
    ("BOB", "🇧🇴🇧"),  # regional indicators
]
# (a member's nickname, another that does not look like it): both are members
DIFFERENT = [("BOB", "ROB"), ("BOB", "BOBBY"), ("Anna", "Ana"), ("Ivan", "Иван")]
# nicknames that look nothing alike: outside the Basic Multilingual Plane (emoji, scripts
# encoded after Unicode 4.0, all one weight under utf8mb4_unicode_ci), and two whose keys
# differ after 255 characters (U+FDFA's look is 15 characters: 17 of them fill the key)
DIFFERENT_ATTACKS = [
    ("🦊", "🐻"),
    ("Ann 🦊", "Ann 🐻"),
    ("𐓏𐓘𐓻", "𐒰𐓙𐓣"),
    ("\ufdfa" * 17 + "a", "\ufdfa" * 17 + "b"),
]
# Found by the review of lows40 and cost: look-alikes under 0050's key (a tatweel, U+0640,
# only lengthens a joined letter), and nicknames that look nothing alike.
LOOKALIKE_FOUND = [
    ("\u0639\u0644\u064a", "\u0639\u0640\u0644\u064a"),
    ("Ada", "Ad\u0640a"),
    # a capital I looks like l (the table lookalikes), a small i does not: the same name in
    # capitals, which 0049's unique nickname (under utf8mb4_unicode_ci) refused
    ("Ali", "ALI"),
    ("Nikita", "NIKITA"),
    ("Iris", "iris"),
]
DIFFERENT_FOUND = [("\U0001f44d\U0001f3fb", "\U0001f44d\U0001f3ff")]  # skin tones
# nicknames that look like nothing (punctuation, spaces and characters that weigh nothing, such
# as a tatweel, go from a look): all one empty look, refused as a bad nickname (issue 40, item 6)
NO_LOOK = ["!!!", "???", "-", "...", "\u00bf?", "! ?", "\u0640", "\u0640\u0640\u0640", "!\u0640!"]
# more that look like nothing, in other scripts (review of 0056): marks after punctuation or a
# tatweel, punctuation of other scripts, characters that weigh nothing, invisible ones
NO_LOOK_ATTACKS = [
    "!\u093e",  # a Devanagari vowel sign after an exclamation mark
    "-\u0301\u0301",  # combining acutes on a hyphen
    "\u0640\u0651\u064b",  # a tatweel carrying a shadda and a fathatan (Arabic marks)
    "\u05be\u05f3",  # Hebrew maqaf and geresh
    "\u0970\u0964",  # Devanagari abbreviation sign and danda
    "\u0f0b\u0f0c",  # Tibetan tshegs
    "\u1cf2",  # a Vedic sign that weighs nothing
    "\uff9e\uff9f",  # half-width kana sound marks (weigh nothing)
    "\u02b9\u02bc",  # modifier prime and apostrophe
    "\u3001\u3001",  # ideographic commas
    "\u3000",  # ideographic space
    "a\u3000b",  # ideographic space inside
    "\u200b",  # zero-width space
    "\ufe0f",  # a variation selector alone
    "\u2800",  # braille blank
    "\u3164",  # Hangul filler
    "\U000e0041",  # a tag character
    "\u00a0",  # no-break space
]
# Found by the review of 0056: MUSICAL SYMBOL NULL NOTEHEAD (U+1D159, a symbol, So) is drawn
# as nothing, has a weight of its own and is not among _wordle_league_text's invisibles
NO_LOOK_FOUND = ["\U0001d159", "\U0001d159\U0001d159\U0001d159"]
# Found by the review of 0056: nicknames of punctuation alone whose characters the table
# lookalikes maps to a symbol or a letter (an em dash to the katakana prolonged sound mark, an
# ideographic full stop to a ring below, % to º/₀, angle quotes to < >), so their look is not
# empty: '-' and '...' refused (NO_LOOK), these let in
PUNCTUATION_FOUND = ["\u2014\u2014", "\uff0d\uff0d", "\u3002\u3002", "\u2039\u203a", "%%%"]

# (a member's nickname, how its league's creator types it): a nickname a join refuses beside
# the member's, which names that member to wordle_league_remove (review of 0056)
REMOVED_BY_ITS_LOOK = [
    ("Bob", "BOB"),
    ("BOB", "\u0412\u041e\u0412"),
    ("Ann", "\u00c1nn"),
    ("Ann", "A n n"),
    ("Ivan", "lvan"),
    ("Ada", "Ad\u0640a"),
]
# Found by the review of 0056: the same name in capitals, which a join refuses by the nickname's
# weights (league_nickname_weights) but whose look differs (a small m looks like rn, a capital
# I like l): wordle_league_remove looks by the look alone and answers WD086
REMOVED_BY_ITS_LOOK_FOUND = [("Tom", "TOM"), ("Emma", "EMMA"), ("Nikita", "NIKITA"), ("Ali", "ALI")]


def _league(conn: Connection, nickname: str) -> str:
    """A new league whose creator is nicknamed `nickname`: its join code."""
    creator = f"c{uuid.uuid4().hex[:8]}"
    return str(leagues.create(conn, creator, f"L{uuid.uuid4().hex[:8]}", nickname)["code"])


@pytest.mark.parametrize(
    ("taken", "lookalike"),
    [
        *LOOKALIKE,
        *(
            pytest.param(*row, marks=pytest.mark.found_by("review of main at bc96143"))
            for row in LOOKALIKE_ATTACKS
        ),
        *(
            pytest.param(*row, marks=pytest.mark.found_by("review of lows40 and cost"))
            for row in LOOKALIKE_FOUND
        ),
    ],
)
def test_a_nickname_that_looks_like_a_members_is_taken(
    conn: Connection, taken: str, lookalike: str
) -> None:
    code = _league(conn, taken)
    with pytest.raises(DatabaseError) as refused:
        leagues.join(conn, f"j{uuid.uuid4().hex[:8]}", code, lookalike)
    assert refused.value.sqlstate == "WD081", refused.value
    assert "is taken in this league, or looks like one that is" in str(refused.value)


@pytest.mark.parametrize(
    ("member", "other"),
    [
        *DIFFERENT,
        *(
            pytest.param(*row, marks=pytest.mark.found_by("review of main at bc96143"))
            for row in DIFFERENT_ATTACKS
        ),
        *(
            pytest.param(*row, marks=pytest.mark.found_by("review of lows40 and cost"))
            for row in DIFFERENT_FOUND
        ),
    ],
)
def test_nicknames_that_differ_are_both_members(conn: Connection, member: str, other: str) -> None:
    code = _league(conn, member)
    assert leagues.join(conn, f"j{uuid.uuid4().hex[:8]}", code, other)["members"] == 2


@pytest.mark.parametrize(
    "nickname",
    [
        *NO_LOOK,
        *(pytest.param(n, marks=pytest.mark.found_by("review of 0056")) for n in NO_LOOK_ATTACKS),
        *(
            pytest.param(n, marks=pytest.mark.found_by("review of 0056"))
            for n in NO_LOOK_FOUND + PUNCTUATION_FOUND
        ),
        # a second "Ann" beside the league's Ann, by the invisible U+1D159: refused as an
        # invisible character is (0056 puts it among _wordle_league_text's), not as taken
        *(
            pytest.param(f"Ann{n}", marks=pytest.mark.found_by("review of 0056"))
            for n in NO_LOOK_FOUND
        ),
    ],
)
def test_a_nickname_that_looks_like_nothing_is_refused(conn: Connection, nickname: str) -> None:
    """On creating a league and on joining one: WD081 with the rule's message, as for a
    nickname with an invisible character (never 'taken', whatever the league holds)."""
    rule = "a nickname must be 1 to 24 characters of one alphabet"
    code = _league(conn, "Ann")
    for call in (
        lambda: leagues.create(conn, f"c{uuid.uuid4().hex[:8]}", "Club", nickname),
        lambda: leagues.join(conn, f"j{uuid.uuid4().hex[:8]}", code, nickname),
    ):
        with pytest.raises(DatabaseError) as refused:
            call()
        assert (refused.value.sqlstate, rule in str(refused.value)) == ("WD081", True), (
            refused.value
        )
    assert db.scalar(conn, "SELECT COUNT(*) FROM leagues WHERE name = 'Club'") == 0


def test_players_joining_one_league_at_once_all_get_in(conn: Connection, db_url: URL) -> None:
    """16 players of a front end (player_names created, each with its kept access decision)
    join each of 10 leagues at once (released together by a barrier), with the default
    nicknames (player 2, player 3, ...: the inserts meet in the same gaps): every join
    succeeds. Before migration 0041 some got the server's deadlock (1213): 5 to 12 of the 160
    in the attacker's runs, 1 in 640 on this machine's (2 cores, busy)."""
    settings.set_setting(conn, "player_names", "created")
    user, password = f"front_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    roles.grant(conn, "player", f"{user}@localhost", password)
    front = db_url.set(username=user, password=password)
    players = 16
    names = [[f"p{uuid.uuid4().hex[:10]}" for _ in range(players)] for _ in range(10)]
    with db.connect(front) as own:
        codes = [_league(own, "first") for _ in range(10)]
        for name in (n for league in names for n in league):
            accounts.sign_out_everywhere(own, name)  # the player, and its kept decision
    outcomes: list[list[Any]] = []

    def join(start: threading.Barrier, code: str, name: str, results: list[Any], i: int) -> None:
        with db.connect(front) as own:
            start.wait()
            try:
                results[i] = leagues.join(own, name, code)["members"]
            except DatabaseError as exc:  # what the player got: a number, or an errno
                results[i] = exc.errno

    for code, league in zip(codes, names, strict=True):
        start, results = threading.Barrier(players), [None] * players
        threads = [
            threading.Thread(target=join, args=(start, code, league[i], results, i))
            for i in range(players)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        outcomes.append(results)
    for results in outcomes:  # each saw the members there were once it had joined
        assert sorted(results) == list(range(2, players + 2)), results


@pytest.mark.found_by("review of main at bc96143")
def test_a_join_behind_a_held_league_waits_for_the_lock_once(conn: Connection, db_url: URL) -> None:
    """A league's row held (an operator's transaction, or a call interrupted by KILL QUERY
    inside a code change): a join waits innodb_lock_wait_timeout and then answers WD025. Its
    retries are for deadlocks, which end at once; retrying a lock wait timeout (1205) ten
    times makes each join wait ten times as long (with the server's default of 50 s, over
    eight minutes, holding one of serve's threads and connections all that time)."""
    code = _league(conn, "first")
    league = db.scalar(conn, "SELECT id FROM leagues WHERE code_hash = UNHEX(SHA2(?, 256))", code)

    def lock_waits() -> int:
        return int(
            db.scalar(
                conn,
                "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS"
                " WHERE VARIABLE_NAME = 'INNODB_ROW_LOCK_WAITS'",
            )
        )

    with db.connect(db_url) as holder, db.connect(db_url) as joiner:
        holder.exec_driver_sql("START TRANSACTION")
        db.query(holder, "SELECT id FROM leagues WHERE id = ? FOR UPDATE", league)
        joiner.exec_driver_sql("SET SESSION innodb_lock_wait_timeout = 1")
        before = lock_waits()
        try:
            with pytest.raises(DatabaseError) as refused:
                leagues.join(joiner, f"j{uuid.uuid4().hex[:8]}", code)
        finally:
            holder.exec_driver_sql("ROLLBACK")
        waits = lock_waits() - before
    assert refused.value.sqlstate == "WD025", refused.value
    assert waits <= 2, f"one join behind a held league waited for its lock {waits} times"


# Each league change a player makes behind a row another session holds: the rows held (a
# locking read of the league's id and the creator's name) -> the call (the creator, the
# league's name, its code). The next change of a league joins here (the join: above).
LEAGUE = "SELECT id FROM leagues WHERE id = ? FOR UPDATE"
CREATOR = "SELECT id FROM players WHERE name = ? FOR UPDATE"
HELD_LEAGUE_CALLS: dict[str, tuple[str, Callable[[Connection, str, str, str], object]]] = {
    "leave": (LEAGUE, lambda conn, player, name, _code: leagues.leave(conn, player, name)),
    "remove": (
        LEAGUE,
        lambda conn, player, name, _code: leagues.remove(conn, player, name, "other"),
    ),
    "new code": (LEAGUE, lambda conn, player, name, _code: leagues.new_code(conn, player, name)),
    "create another": (
        CREATOR,
        lambda conn, player, _name, _code: leagues.create(conn, player, "Another", "first"),
    ),
}


@pytest.mark.found_by("review of migration 0045")
@pytest.mark.parametrize("change", list(HELD_LEAGUE_CALLS))
def test_a_league_change_behind_a_held_row_says_busy_after_one_wait(
    conn: Connection, db_url: URL, change: str
) -> None:
    """0045's rule for the join, for every change of a league: behind a row another session
    holds, the change waits innodb_lock_wait_timeout once (db.call sent a call that failed
    with 1205 again up to five times: each waited again) and answers WD025, never the
    server's 1205 (_wordle_lock_waited)."""
    creator, name = f"c{uuid.uuid4().hex[:8]}", f"L{uuid.uuid4().hex[:8]}"
    code = str(leagues.create(conn, creator, name, "first")["code"])
    leagues.join(conn, f"o{uuid.uuid4().hex[:8]}", code, "other")
    league = db.scalar(conn, "SELECT id FROM leagues WHERE code_hash = UNHEX(SHA2(?, 256))", code)
    hold, call = HELD_LEAGUE_CALLS[change]
    held = (league,) if hold == LEAGUE else (creator,)
    got = behind_held_rows(db_url, hold, held, lambda c: call(c, creator, name, code))
    assert got == ("WD025", BUSY, 1), got


# One nickname's look-alikes under 0050's key (case, a tatweel, spaces, marks, punctuation).
ONE_LOOK = ["Ali", "ali", "aLi", "A\u0640li", "A l i", "A\u0301li", "al\u00ed", "A.li"]


@pytest.mark.found_by("review of lows40 and cost")
def test_look_alikes_joining_one_league_at_once_let_one_in(conn: Connection, db_url: URL) -> None:
    """Eight players join one league at once (released together), each with another look of
    one nickname: exactly one gets in, the others are told the nickname is taken (WD081),
    none gets the server's duplicate key (1062) or deadlock (1213)."""
    code = _league(conn, "first")
    players = [f"a{uuid.uuid4().hex[:8]}" for _ in ONE_LOOK]
    for name in players:
        game.play(conn, name, "crane")  # the player exists: the joins meet at the nickname
    results: list[Any] = [None] * len(ONE_LOOK)

    def join(i: int) -> Callable[[], None]:
        def run() -> None:
            with db.connect(db_url) as own:
                try:
                    results[i] = leagues.join(own, players[i], code, ONE_LOOK[i])["nickname"]
                except DatabaseError as exc:
                    results[i] = exc.sqlstate or exc.errno

        return run

    assert at_once([join(i) for i in range(len(ONE_LOOK))]) == []
    joined = [r for r in results if r not in ("WD081",)]
    assert len(joined) == 1 and joined[0] in map(words.normalise, ONE_LOOK), results
    members = db.scalar(conn, "SELECT COUNT(*) FROM league_members")
    assert members == 2, members


@pytest.mark.parametrize(
    ("member", "typed"),
    [
        pytest.param(*row, marks=pytest.mark.found_by("review of 0056"))
        for row in REMOVED_BY_ITS_LOOK + REMOVED_BY_ITS_LOOK_FOUND
    ],
)
def test_the_creator_removes_a_member_by_a_nickname_a_join_takes_for_its(
    conn: Connection, member: str, typed: str
) -> None:
    """What a join refuses as 'taken in this league, or looks like one that is' beside the
    member names that member when the creator removes it: the member goes, not another one
    (Other stays), and never 'no other member is nicknamed' (WD086)."""
    creator, league = f"c{uuid.uuid4().hex[:8]}", f"L{uuid.uuid4().hex[:8]}"
    code = str(leagues.create(conn, creator, league, "boss")["code"])
    leagues.join(conn, f"j{uuid.uuid4().hex[:8]}", code, member)
    leagues.join(conn, f"j{uuid.uuid4().hex[:8]}", code, "Other")
    with pytest.raises(DatabaseError) as taken:
        leagues.join(conn, f"j{uuid.uuid4().hex[:8]}", code, typed)
    assert "is taken in this league" in str(taken.value), taken.value
    removed = result_or_sqlstate(lambda: leagues.remove(conn, creator, league, typed))
    left = [r["nickname"] for r in leagues.board(conn, creator, league)]
    assert (removed, sorted(left)) == (
        {"league": league, "removed": member, "members": 2},
        ["Other", "boss"],
    ), (removed, left)


# Nicknames far past 24 characters (review of 0056): the rule refuses them before it weighs
# them character by character (_wordle_lookalike_key runs statements for each character)
LONG_NICKNAMES = ["a" * 100_000, "!" * 100_000, "\u0640" * 50_000, "Ann" + "\u0301" * 50_000]


def _queries(conn: Connection) -> int:
    return int(db.query(conn, "SHOW SESSION STATUS LIKE 'Queries'")[0]["Value"])


@pytest.mark.found_by("review of 0056")
@pytest.mark.parametrize("nickname", LONG_NICKNAMES, ids=lambda n: f"{n[0]!r}x{len(n)}")
def test_a_long_nickname_is_refused_before_it_is_weighed(conn: Connection, nickname: str) -> None:
    """Creating, joining and removing with such a nickname: WD081 (WD086 for the remove),
    each in the statements a short one takes (fewer than 2,000 counted in Queries, where
    weighing would take three a character)."""
    creator = f"c{uuid.uuid4().hex[:8]}"
    code = str(leagues.create(conn, creator, "Long", "Ann")["code"])
    calls = {
        "WD081": [
            lambda: leagues.create(conn, f"c{uuid.uuid4().hex[:8]}", "Club", nickname),
            lambda: leagues.join(conn, f"j{uuid.uuid4().hex[:8]}", code, nickname),
        ],
        "WD086": [lambda: leagues.remove(conn, creator, "Long", nickname)],
    }
    for sqlstate, made in calls.items():
        for call in made:
            before = _queries(conn)
            got = result_or_sqlstate(call)
            assert (got, _queries(conn) - before < 2000) == (sqlstate, True), (
                got,
                _queries(conn) - before,
            )
