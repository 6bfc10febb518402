"""The JSON API of `wordle-db serve`, through Starlette's TestClient, against a real database
and a real player account (wordle_player with player_names created), as `serve` runs it."""

from __future__ import annotations

import os
import re
import stat
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from datetime import time as midnight_time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection
from starlette.testclient import TestClient

from wordle_db import accounts, channels, db, game, publish, settings, words
from wordle_db.errors import WordleError
from wordle_db.web import hosts, limits, players, setup
from wordle_db.web.app import Settings, create_app
from wordle_db.web.http import MAX_BODY

from support.puzzles import SIX, TODAY_WORD, TOMORROW_WORD, YESTERDAY_WORD, today
from support.web import POST, SECRET, SECURITY_HEADERS


def player(client: TestClient) -> str:
    name = players.player_of(SECRET, client.cookies.get(players.COOKIE))
    assert name is not None
    return name


def guess(client: TestClient, word: str, **body: object) -> dict:
    response = client.post("/api/guess", json={"word": word, **body}, headers=POST)
    return {"status": response.status_code, **response.json()}


@pytest.fixture
def six(admin: Connection) -> Iterator[str]:
    """A channel of 6 letters and 4 tries beside the default one, its words SIX, today's
    puzzle 'candle' (its number 1); removed afterwards with its games."""
    name = f"six{uuid.uuid4().hex[:8]}"
    channels.add(admin, name, 6, language="en", max_tries=4)
    words.import_lines(admin, [(n, w, 0) for n, w in enumerate(SIX, 1)], True, channel=name)
    publish.publish(admin, today(admin), "candle", channel=name)
    yield name
    channels.remove(admin, name, force=True)


def test_today_sets_a_signed_httponly_strict_cookie(client: TestClient, admin: Connection) -> None:
    response = client.get("/api/today")
    assert response.status_code == 200
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{players.COOKIE}=")
    for attribute in ("HttpOnly", "SameSite=strict", "Path=/", "Max-Age="):
        assert attribute.lower() in cookie.lower(), attribute
    data = response.json()
    day = today(admin)
    assert data["day"] == day.isoformat()
    assert data["number"] == db.scalar(admin, "SELECT wordle_puzzle_number(?)", day)
    assert (data["letters"], data["state"], data["attempts"], data["max_tries"]) == (
        5,
        "playing",
        0,
        6,
    )
    assert data["answer"] is None
    now = datetime.now(UTC)
    midnight = datetime.combine(now.date() + timedelta(1), midnight_time(), UTC)
    assert abs(data["next_puzzle_in"] - (midnight - now).total_seconds()) < 3
    assert player(client).startswith("web-")
    # the same cookie next time: no new one, the same player
    again = client.get("/api/today")
    assert "set-cookie" not in again.headers
    assert again.json()["day"] == data["day"]


def test_the_cookie_is_secure_over_https(web_url: URL) -> None:
    with TestClient(
        create_app(web_url, Settings(SECRET, allowed_hosts=("testserver",))),
        base_url="https://testserver",
    ) as tls:
        assert "secure" in tls.get("/api/today").headers["set-cookie"].lower()
        plain = tls.post(
            "/api/guess", json={"word": "slate"}, headers={**POST, "Origin": "http://testserver"}
        )
        assert plain.status_code == 403  # the origin must be https:// too
        assert (
            tls.post(
                "/api/guess",
                json={"word": "slate"},
                headers={**POST, "Origin": "https://testserver"},
            ).status_code
            == 200
        )
    with TestClient(create_app(web_url, Settings(SECRET)), base_url="http://localhost") as http:
        assert "secure" not in http.get("/api/today").headers["set-cookie"].lower()


# (scheme, cookies the browser sends) -> whose player plays, and the cookies set. A sibling
# subdomain (evil.example.org beside wordle.example.org) can plant an unprefixed cookie for
# the whole domain, a valid one of its own player (then reads the games played under it); it
# can never set a __Host- one. Unprefixed cookies made before the prefix are read once, over
# https, and set again prefixed.
HOST, PLAIN = players.HOST_COOKIE, players.COOKIE
HOST_PREFIX_ATTACKS = [
    ("https", {}, "a new player", {HOST}),
    ("https", {HOST: "mine"}, "mine", set()),
    ("https", {HOST: "mine", PLAIN: "planted"}, "mine", set()),
    ("https", {PLAIN: "mine"}, "mine", {HOST}),  # made before the prefix
    # a forged prefixed value proves nothing and hides nothing: the old cookie, the only valid
    # one, counts (third look; a planted one alone would too: the transition window, web.md)
    ("https", {HOST: "forged.0.x", PLAIN: "mine"}, "mine", {HOST}),
    ("http", {PLAIN: "mine"}, "mine", set()),
    ("http", {HOST: "planted"}, "a new player", {PLAIN}),  # no prefix over http
]


@pytest.mark.parametrize(("scheme", "sent", "plays", "set_names"), HOST_PREFIX_ATTACKS)
def test_over_https_only_a_host_prefixed_cookie_names_the_player(
    web_url: URL,
    admin: Connection,
    scheme: str,
    sent: dict[str, str],
    plays: str,
    set_names: set[str],
) -> None:
    made = {who: players.new_cookie(SECRET) for who in ("mine", "planted")}
    cookies = {name: _cookie_of(name, made[v][1]) if v in made else v for name, v in sent.items()}
    app = create_app(web_url, Settings(SECRET, allowed_hosts=("testserver",)))
    with TestClient(app, base_url=f"{scheme}://testserver", cookies=cookies) as browser:
        answer = browser.post(
            "/api/guess",
            json={"word": "slate"},
            headers={**POST, "Origin": f"{scheme}://testserver"},
        )
    assert answer.status_code == 200, answer.text
    headers = answer.headers.get_list("set-cookie")
    written = {c.split("=", 1)[0]: c for c in headers if "max-age=0" not in c.lower()}
    assert set(written) == set_names
    for header in written.values():
        attributes = [a.strip().lower() for a in header.split(";")[1:]]
        assert "path=/" in attributes
        assert not any(a.startswith("domain") for a in attributes)
        assert ("secure" in attributes) == (scheme == "https")
    removed = [c for c in headers if c.startswith(f"{PLAIN}=") and "max-age=0" in c.lower()]
    # the unprefixed one removed by the answer that sets the prefixed one, only
    assert len(removed) == (scheme == "https" and PLAIN in sent and HOST in set_names)
    new = [players.player_of(SECRET, c.split(";")[0].split("=", 1)[1]) for c in written.values()]
    guessed = db.query(
        admin,
        "SELECT p.name FROM players p JOIN games g ON g.player_id = p.id "
        "JOIN attempts a ON a.game_id = g.id WHERE p.name IN (?, ?, ?)",
        made["mine"][1],
        made["planted"][1],
        new[0] if new else "",
    )
    assert len(guessed) == 1  # one player got the guess
    expected = new[0] if plays == "a new player" else made[plays][1]
    assert guessed[0]["name"] == expected
    assert expected not in (None, made["planted"][1])


def _jar(sent: dict[str, str], answer_cookies: list[str]) -> dict[str, str]:
    """The cookies a browser keeps after an answer: `sent`, then each Set-Cookie applied
    (Max-Age=0 removes)."""
    jar = dict(sent)
    for header in answer_cookies:
        name, value = header.split(";")[0].split("=", 1)
        if "max-age=0" in header.lower():
            jar.pop(name, None)
        else:
            jar[name] = value
    return jar


def _set_players(answer_cookies: list[str]) -> dict[str, str | None]:
    """Cookie name -> the player it names, of the cookies an answer sets (not removes)."""
    kept = [c.split(";")[0].split("=", 1) for c in answer_cookies if "max-age=0" not in c.lower()]
    return {name: players.player_of(SECRET, value) for name, value in kept}


def _cookie_of(name: str, player: str) -> str:
    """The value a cookie of that name holds for `player` (generation 0): the prefixed one's
    signature covers the prefix (players.HOST_COOKIE)."""
    return players.cookie_for(SECRET, player, 0, host=name == HOST)


def _cookie_header(template: str, names: dict[str, str], **values: str) -> str:
    """`template` ("NAME={who}; ..." with any separators, spacing or quotes): each {who} of
    `names` as the cookie of that NAME for that player, any other {key} from `values`."""

    def value(match: re.Match[str]) -> str:
        name, between, key = match.groups()
        return name + between + (_cookie_of(name, names[key]) if key in names else values[key])

    return re.sub(r'([^\s;,="]*)([\s="]*)\{(\w+)\}', value, template)


# (Cookie header a browser sends over https) -> whose player plays. A browser sends the
# cookies of longer paths first, then older ones first; a sibling subdomain can plant
# unprefixed cookies of its own players (valid ones: it plays here too) for the whole domain,
# on any path, and names that look like the prefixed one. {ended}: the victim's cookie of a
# session ended by "sign out everywhere" (through another process), resent under either name.
COOKIE_HEADER_ATTACKS = [
    ("prefixed, then planted", f"{HOST}={{mine}}; {PLAIN}={{planted}}", "mine"),
    ("planted on a longer path, then prefixed", f"{PLAIN}={{planted}}; {HOST}={{mine}}", "mine"),
    (  # two valid cookies of before the prefix: either may be the planted one, neither counts
        "planted on a longer path, then the old one",
        f"{PLAIN}={{planted}}; {PLAIN}={{mine}}",
        "a new player",
    ),
    ("the prefix in lower case", f"{HOST.lower()}={{planted}}", "a new player"),
    ("the prefix in upper case", f"{HOST.upper()}={{planted}}", "a new player"),
    ("__Secure- for __Host-", f"__Secure-{PLAIN}={{planted}}", "a new player"),
    ("the name in another case", "Wordle_Player={planted}", "a new player"),
    ("the prefix twice", f"__Host-{HOST}={{planted}}", "a new player"),
    ("an ended session, unprefixed", f"{PLAIN}={{ended}}", "a new player"),
    ("an ended session, prefixed", f"{HOST}={{ended}}", "a new player"),
    ("an ended session under both names", f"{HOST}={{ended}}; {PLAIN}={{ended}}", "a new player"),
    ("ended prefixed, then planted", f"{HOST}={{ended}}; {PLAIN}={{planted}}", "a new player"),
    ("ended prefixed, then the old one", f"{HOST}={{ended}}; {PLAIN}={{mine}}", "a new player"),
    ("ended, of before generations, prefixed", f"{HOST}={{ended_old}}", "a new player"),
    ("ended, of before generations, unprefixed", f"{PLAIN}={{ended_old}}", "a new player"),
    # a second look: values moved between names and generations, several old ones, odd headers
    ("the old one twice", f"{PLAIN}={{mine}}; {PLAIN}={{mine}}", "mine"),
    (
        "the old one of before generations, then as now",
        f"{PLAIN}={{old}}; {PLAIN}={{mine}}",
        "mine",
    ),
    ("the old one, then a forged one", f"{PLAIN}={{mine}}; {PLAIN}={{forged}}", "mine"),
    ("a forged one, then the old one", f"{PLAIN}={{forged}}; {PLAIN}={{mine}}", "mine"),
    ("the old one, then an ended one", f"{PLAIN}={{mine}}; {PLAIN}={{ended}}", "a new player"),
    ("an ended one, then the old one", f"{PLAIN}={{ended}}; {PLAIN}={{mine}}", "a new player"),
    ("of before generations, prefixed", f"{HOST}={{old}}", "a new player"),
    ("of before generations, signed as prefixed", f"{PLAIN}={{old_host}}", "a new player"),
    ("of before generations, signed as prefixed, prefixed", f"{HOST}={{old_host}}", "a new player"),
    ("the old value under the prefix", f"{HOST}={{mine_plain}}", "a new player"),
    (
        "the old value under the prefix, then the old one",
        f"{HOST}={{mine_plain}}; {PLAIN}={{mine}}",
        "mine",  # the moved value counts for nothing; the old one, the only valid one, counts
    ),
    ("no space after the semicolon", f"{PLAIN}={{planted}};{HOST}={{mine}}", "mine"),
    ("a tab after the semicolon", f"{HOST}={{mine}};\t{PLAIN}={{planted}}", "mine"),
    ("a comma for a semicolon", f"{HOST}={{mine}}, {PLAIN}={{planted}}", "a new player"),
    ("a comma, the planted one first", f"{PLAIN}={{planted}}, {HOST}={{mine}}", "a new player"),
    ("planted with an empty name", f"={{planted}}; {PLAIN}={{mine}}", "mine"),
    ("planted as a name alone", f"{PLAIN}; {PLAIN}={{mine}}", "mine"),
    ("planted empty, then the old one", f"{PLAIN}=; {PLAIN}={{mine}}", "mine"),
    # read as Starlette reads it, the quoted one is valid too: two valid, neither counts
    (
        "the old one, then a planted one quoted",
        f'{PLAIN}={{mine}}; {PLAIN}="{{planted}}"',
        "a new player",
    ),
    *(
        pytest.param(
            *row, marks=pytest.mark.found_by("second look at the cookie prefix"), id=row[0]
        )
        for row in [  # a nameless cookie "=__Host-wordle_player=..." planted by a sibling in a
            # browser that still let it through: two prefixed, either may be the planted one
            (
                "prefixed, then planted prefixed",
                f"{HOST}={{mine}}; {HOST}={{planted}}",
                "a new player",
            ),
            # read by Starlette (and so over http) as the old cookie, by `_unprefixed` as none
            ("the old one quoted", f'{PLAIN}="{{mine}}"', "mine"),
            ("the old one with spaces around =", f"{PLAIN} = {{mine}}", "mine"),
        ]
    ),
    # a third look: quoting, spelling and duplicates the two readers (Starlette's and
    # _cookie_values) must read alike
    ("prefixed twice", f"{HOST}={{mine}}; {HOST}={{mine}}", "mine"),
    ("prefixed, quoted", f'{HOST}="{{mine}}"', "mine"),
    ("prefixed, quoted, then planted", f'{HOST}="{{mine}}"; {PLAIN}={{planted}}', "mine"),
    ("a semicolon inside quotes", f'{PLAIN}="{{mine}}; {PLAIN}={{planted}}"', "a new player"),
    ("the old one, its generation spelled 00", f"{PLAIN}={{mine_00}}", "a new player"),
    ("the old one in capitals", f"{PLAIN}={{mine_upper}}", "a new player"),
    ("the old one, then the same again quoted", f'{PLAIN}={{mine}}; {PLAIN}="{{mine}}"', "mine"),
    (
        "planted on a longer path, prefixed quoted",
        f'{PLAIN}={{planted}}; {HOST}="{{mine}}"',
        "mine",
    ),
    *(
        pytest.param(
            *row, marks=pytest.mark.found_by("third look at serve's connections"), id=row[0]
        )
        for row in [  # the old one is the only valid one sent: it counts (and is set prefixed)
            (
                "a forged prefixed one, then the old one",
                f"{HOST}={{forged}}; {PLAIN}={{mine}}",
                "mine",
            ),
            ("an empty prefixed one, then the old one", f"{HOST}=; {PLAIN}={{mine}}", "mine"),
        ]
    ),
    # a look at the third review's fixes: the old cookie counts only as the one valid value sent
    (
        "a forged prefixed one, the old one, then planted",
        f"{HOST}={{forged}}; {PLAIN}={{mine}}; {PLAIN}={{planted}}",
        "a new player",
    ),
    (
        "an empty prefixed one, planted, then the old one",
        f"{HOST}=; {PLAIN}={{planted}}; {PLAIN}={{mine}}",
        "a new player",
    ),
    (
        "prefixed, a forged prefixed one, then planted",
        f"{HOST}={{mine}}; {HOST}={{forged}}; {PLAIN}={{planted}}",
        "mine",
    ),
    (
        "a forged prefixed one, prefixed, then planted",
        f"{HOST}={{forged}}; {HOST}={{mine}}; {PLAIN}={{planted}}",
        "mine",
    ),
    (
        "ended prefixed, a forged prefixed one, then the old one",
        f"{HOST}={{ended}}; {HOST}={{forged}}; {PLAIN}={{mine}}",
        "a new player",
    ),
    (
        "a forged prefixed one, then the old one quoted and planted",
        f'{HOST}={{forged}}; {PLAIN}="{{mine}}"; {PLAIN}={{planted}}',
        "a new player",
    ),
]
BOARDS = {"mine": ["slate"], "planted": ["moist"], "ended": ["slate"], "a new player": []}


@pytest.mark.parametrize(
    ("what", "header", "plays"),
    COOKIE_HEADER_ATTACKS,
    ids=[r[0] if isinstance(r, tuple) else r.id for r in COOKIE_HEADER_ATTACKS],
)
def test_planted_odd_and_ended_cookies_over_https_never_name_the_player(
    web_url: URL, admin: Connection, what: str, header: str, plays: str
) -> None:
    made = {who: players.new_cookie(SECRET) for who in ("mine", "planted", "ended")}
    tls = {"base_url": "https://testserver"}
    origin = {**POST, "Origin": "https://testserver"}
    app_settings = Settings(SECRET, allowed_hosts=("testserver",))
    with TestClient(create_app(web_url, app_settings), **tls) as elsewhere:  # another process
        for who in made:
            played = elsewhere.post(
                "/api/guess",
                json={"word": BOARDS[who][0]},
                headers={**origin, "cookie": f"{HOST}={_cookie_of(HOST, made[who][1])}"},
            )
            assert played.status_code == 200, played.text
    accounts.sign_out_everywhere(admin, made["ended"][1])
    with TestClient(create_app(web_url, app_settings), **tls) as browser:
        ended_id = made["ended"][1].removeprefix(players.PREFIX)
        ended_old = f"{ended_id}.{players._signature(SECRET, ended_id, None)}"
        names = {who: name for who, (_, name) in made.items()}
        mine_id = made["mine"][1].removeprefix(players.PREFIX)
        sent = _cookie_header(
            header,
            names,
            ended_old=ended_old,
            old=f"{mine_id}.{players._signature(SECRET, mine_id, None)}",
            old_host=f"{mine_id}.{players._signature(SECRET, mine_id, None, host=True)}",
            mine_plain=_cookie_of(PLAIN, made["mine"][1]),
            forged=f"{mine_id}.0.{'0' * 64}",
            mine_00=_cookie_of(PLAIN, made["mine"][1]).replace(".0.", ".00."),
            mine_upper=_cookie_of(PLAIN, made["mine"][1]).upper(),
        )
        answer = browser.get("/api/board", headers={"cookie": sent})
    assert answer.status_code == 200, answer.text
    assert [a["guess"] for a in answer.json()] == BOARDS[plays]
    written = _set_players(answer.headers.get_list("set-cookie"))
    assert PLAIN not in written  # never set again unprefixed over https
    if plays == "a new player":  # named by a new prefixed cookie, nobody's we made
        assert written.get(HOST) not in (None, *(name for _, name in made.values()))
    else:
        assert written.get(HOST, made[plays][1]) == made[plays][1]


# (what a browser holding only its cookie of before the prefix does over https) -> who plays
# next. An answer that switches the player (players.Switch) or ends the session (WD096: signed
# out everywhere through another process while this one still trusts the old generation)
# sets the prefixed cookie and removes the old one: an old one left behind would be a way
# back for whoever copied it.
SWITCH_ATTACKS = [
    ("sign out", "/api/account/sign-out", "a new player"),
    ("sign out everywhere", "/api/account/sign-out-everywhere", "mine"),
    ("a transfer code redeemed", "/api/account/transfer/redeem", "the code's"),
    ("a guess of an ended session (WD096)", "/api/guess", "a new player"),
]


@pytest.mark.parametrize(
    ("what", "target", "plays"), SWITCH_ATTACKS, ids=[r[0] for r in SWITCH_ATTACKS]
)
def test_a_switch_from_a_cookie_of_before_the_prefix_leaves_it_behind(
    web_url: URL, admin: Connection, what: str, target: str, plays: str
) -> None:
    (mine, name), other = players.new_cookie(SECRET), players.new_cookie(SECRET)[1]
    app = create_app(web_url, Settings(SECRET, allowed_hosts=("testserver",)))
    origin = {**POST, "Origin": "https://testserver"}

    def send(path: str, cookie: str, body: dict[str, str]) -> Any:
        browser.cookies.clear()  # only the Cookie header written here
        return browser.post(path, json=body, headers={**origin, "cookie": cookie})

    with TestClient(app, base_url="https://testserver") as browser:
        for cookie in (f"{PLAIN}={mine}", f"{HOST}={_cookie_of(HOST, other)}"):  # both play
            assert send("/api/guess", cookie, {"word": "slate"}).status_code == 200
        body = {"word": "moist"}
        if "transfer" in target:
            body = {"code": accounts.transfer_code(admin, other)["code"]}
        if "WD096" in what:
            accounts.sign_out_everywhere(admin, name)  # through another process
        answer = send(target, f"{PLAIN}={mine}", body)
    assert answer.status_code == (403 if "WD096" in what else 200), answer.text
    assert answer.json().get("code") == ("WD096" if "WD096" in what else None)
    cookies = answer.headers.get_list("set-cookie")
    assert any(c.startswith(f"{PLAIN}=") and "max-age=0" in c.lower() for c in cookies)
    written = _set_players(cookies)
    assert list(written) == [HOST]
    expected = {"mine": name, "the code's": other}.get(plays)
    assert written[HOST] == expected if expected else written[HOST] not in (None, name, other)


# A sibling subdomain visits the page over https, takes the value of the __Host- cookie it
# gets and plants it unprefixed for the whole domain (Path=/, after the victim's own):
# (the Cookie header the victim's browser then sends). {mine}: the victim's cookie of before
# the prefix.
SIBLING_PLANTS = [
    ("in a browser new to this host", f"{PLAIN}={{planted}}"),
    (
        "after the browser's own cookie of before the prefix",
        f"{PLAIN}={{mine}}; {PLAIN}={{planted}}",
    ),
]


@pytest.mark.found_by("review of the cookie prefix")
@pytest.mark.parametrize(("what", "header"), SIBLING_PLANTS, ids=[r[0] for r in SIBLING_PLANTS])
def test_a_sibling_cannot_plant_its_prefixed_cookie_unprefixed(
    web_url: URL, what: str, header: str
) -> None:
    mine = players.new_cookie(SECRET)[0]
    app_settings = Settings(SECRET, allowed_hosts=("testserver",))
    with TestClient(create_app(web_url, app_settings), base_url="https://testserver") as sibling:
        taken = sibling.post(
            "/api/guess", json={"word": "moist"}, headers={**POST, "Origin": "https://testserver"}
        )
        assert taken.status_code == 200, taken.text
        planted = _jar({}, taken.headers.get_list("set-cookie"))[HOST]
    with TestClient(create_app(web_url, app_settings), base_url="https://testserver") as victim:
        answer = victim.get(
            "/api/board", headers={"cookie": header.format(mine=mine, planted=planted)}
        )
    assert answer.status_code == 200, answer.text
    assert [a["guess"] for a in answer.json()] == [], "the victim plays as the sibling's player"
    written = _set_players(answer.headers.get_list("set-cookie"))
    assert written.get(HOST) != players.player_of(SECRET, planted)


# (a request over https from a browser holding only its cookie of before the prefix, its
# answer's status): the browser must still play as its player afterwards, whatever the
# answer. A sibling subdomain's page can send such requests (they are same-site: the cookie
# goes with them); a player sends the others, or a client of the API.
JSON_BODY = {"content-type": "application/json"}
OLD_COOKIE_ANSWERS = [
    ("a guess", "POST", "/api/guess", {**POST, **JSON_BODY}, b'{"word": "slate"}', 200),
    ("a word not accepted", "POST", "/api/guess", {**POST, **JSON_BODY}, b'{"word": "xyzzy"}', 422),
    ("a channel nobody has", "GET", "/api/board?channel=nope", {}, b"", 404),
    ("a day that is not a date", "GET", "/api/board?day=someday", {}, b"", 400),
    ("an unknown Host", "GET", "/api/board", {"host": "evil.example"}, b"", 421),
    ("a method not allowed", "DELETE", "/api/guess", {}, b"", 405),
    ("the database refuses serve", "GET", "/api/board", {}, b"", 503),
    *(
        pytest.param(*row, marks=pytest.mark.found_by("review of the cookie prefix"), id=row[0])
        for row in [  # refused before the player is read: the old cookie removed, none set
            ("a sibling's form: no X-Wordle", "POST", "/api/guess", JSON_BODY, b"{}", 403),
            (
                "a sibling's fetch: same-site",
                "POST",
                "/api/guess",
                {**POST, **JSON_BODY, "sec-fetch-site": "same-site"},
                b"{}",
                403,
            ),
            ("a body not JSON", "POST", "/api/hint", POST, b"day=today", 415),
            ("a body too big", "POST", "/api/guess", {**POST, **JSON_BODY}, b" " * 5000, 413),
            ("a body cut short", "POST", "/api/guess", {**POST, **JSON_BODY}, b'{"word"', 400),
            ("the rate limit", "POST", "/api/guess", {**POST, **JSON_BODY}, b"{}", 429),
        ]
    ),
]


@pytest.mark.parametrize(
    ("what", "method", "target", "headers", "body", "status"),
    OLD_COOKIE_ANSWERS,
    ids=[r[0] if isinstance(r, tuple) else r.id for r in OLD_COOKIE_ANSWERS],
)
def test_a_cookie_of_before_the_prefix_outlives_every_answer(
    web_url: URL,
    what: str,
    method: str,
    target: str,
    headers: dict[str, str],
    body: bytes,
    status: int,
) -> None:
    mine, name = players.new_cookie(SECRET)
    url = web_url.set(password="not serve's") if status == 503 else web_url
    app = create_app(url, Settings(SECRET, guess_burst=1, allowed_hosts=("testserver",)))
    with TestClient(app, base_url="https://testserver") as browser:
        if status == 429:  # another tab of this address took the last token
            browser.post("/api/guess", json={"word": "slate"}, headers=POST)
        answer = browser.request(
            method,
            target,
            content=body,
            headers={"Origin": "https://testserver", **headers, "cookie": f"{PLAIN}={mine}"},
        )
    assert answer.status_code == status, answer.text
    kept = _jar({PLAIN: mine}, answer.headers.get_list("set-cookie"))
    following = players.player_of(SECRET, kept.get(HOST, kept.get(PLAIN)))
    assert following == name, f"the browser is left with the cookies {kept}: its player is lost"


def test_a_whole_game_and_what_each_endpoint_shows(client: TestClient, admin: Connection) -> None:
    refused = guess(client, "xyzzy")
    assert (refused["status"], refused["code"]) == (422, "WD033")
    assert "not an accepted word" in refused["error"]
    first = guess(client, "slate")
    assert first["status"] == 200
    assert first["result"]["hint"] == "00202"  # slate / crane
    assert first["result"]["answer"] is None
    assert first["result"]["attempt"] == 1 and first["result"]["state"] == "playing"
    keys = {k["letter"]: k["state"] for k in first["keyboard"]}
    assert (keys["a"], keys["e"], keys["s"], keys["c"]) == ("right", "right", "absent", "unused")
    name = player(client)
    assert client.get("/api/board").json() == [
        {**r, "played_at": r["played_at"].isoformat()} for r in game.board(admin, name)
    ]
    assert client.get("/api/keyboard").json() == [
        {"letter": k, "state": s} for k, s in game.keyboard(admin, name)
    ]
    assert guess(client, "slate")["code"] == "WD034"
    assert client.get("/api/share").status_code == 409
    won = guess(client, TODAY_WORD.upper())
    assert won["status"] == 200
    assert (won["result"]["state"], won["result"]["attempt"]) == ("won", 2)
    assert won["result"]["answer"] == TODAY_WORD
    assert {k["letter"]: k["state"] for k in won["keyboard"]}["c"] == "right"
    late = guess(client, "moist")
    assert (late["status"], late["code"]) == (409, "WD035")
    shared = client.get("/api/share").json()["text"]
    assert shared == game.share(admin, name)
    stats = client.get("/api/stats").json()
    assert (stats["played"], stats["won"], stats["current_streak"]) == (1, 1, 1)
    assert stats["distribution"] == [{"attempts": n, "games": int(n == 2)} for n in range(1, 7)]
    whole = client.get("/api/game").json()
    assert whole["game"]["state"] == "won"
    assert [a["hint"] for a in whole["attempts"]] == ["00202", "22222"]


def test_hard_mode_before_the_first_guess_only(client: TestClient, make_client) -> None:
    assert guess(client, "slate", hard=True)["result"]["hard"] is True
    assert client.get("/api/today").json()["hard"] is True
    broken = guess(client, "moist")
    assert (broken["status"], broken["code"]) == (422, "WD036")
    assert "must" in broken["error"]
    other = make_client()
    guess(other, "slate")
    late = guess(other, "crane", hard=True)
    assert (late["status"], late["code"]) == (409, "WD037")


def test_days_past_future_unpublished_and_malformed(client: TestClient, admin: Connection) -> None:
    day = today(admin)
    past = client.get(f"/api/game?day={day - timedelta(1)}").json()
    assert past["game"]["answer"] is None
    lost = None
    for word in ("slate", "moist", "pinky", "audio", "wrung", "fjord"):
        lost = guess(client, word, day=(day - timedelta(1)).isoformat())
    assert lost is not None and lost["result"]["state"] == "lost"
    assert lost["result"]["answer"] == YESTERDAY_WORD
    future = client.get(f"/api/game?day={day + timedelta(1)}")
    assert (future.status_code, future.json()["code"]) == (404, "WD030")
    assert guess(client, "slate", day=(day + timedelta(1)).isoformat())["status"] == 404
    unpublished = client.get(f"/api/board?day={day - timedelta(30)}")
    assert (unpublished.status_code, unpublished.json()["code"]) == (404, "WD031")
    for bad in ("yesterday", "2026-02-30", "2026-1-1", "'; DROP TABLE games; --", "9" * 500):
        response = client.get("/api/game", params={"day": bad})
        assert response.status_code == 400, bad
        assert guess(client, "slate", day=bad)["status"] == 400


def test_letter_hint(client: TestClient, admin: Connection) -> None:
    response = client.post("/api/hint", json={}, headers=POST)
    assert response.status_code == 200
    hint = response.json()["hint"]
    assert TODAY_WORD[hint["position"] - 1] == hint["letter"]
    assert response.json()["game"]["letters_revealed"] == 1
    assert game.game_state(admin, player(client))["letters_revealed"] == 1
    assert client.post("/api/hint", json={}, headers=POST).status_code == 200
    spent = client.post("/api/hint", json={}, headers=POST)
    assert (spent.status_code, spent.json()["code"]) == (409, "WD040")


def test_the_archive_lists_past_days_without_words(client: TestClient, admin: Connection) -> None:
    day = today(admin)
    guess(client, "slate", day=(day - timedelta(1)).isoformat())
    archive = client.get("/api/archive")
    assert archive.status_code == 200
    assert archive.json() == [
        {
            "day": (day - timedelta(1)).isoformat(),
            "number": db.scalar(admin, "SELECT wordle_puzzle_number(?)", day - timedelta(1)),
            "state": "playing",
        }
    ]
    assert YESTERDAY_WORD not in archive.text


def test_no_answer_reaches_a_player_before_the_game_is_over(client: TestClient) -> None:
    """Every GET endpoint, for today, yesterday and tomorrow, while the games are open."""
    guess(client, "slate")
    guess(client, "moist", day="2000-01-01")
    texts = []
    for path in (
        "/api/today",
        "/api/game",
        "/api/board",
        "/api/keyboard",
        "/api/stats",
        "/api/share",
        "/api/archive",
        "/api/channels",
        "/api/openapi.json",
        "/",
        "/static/app.js",
        "/api/analysis",
    ):
        texts.append(client.get(path).text)
        for day in ("", "?day=" + client.get("/api/today").json()["day"]):
            texts.append(client.get(path + day).text)
    texts.append(client.post("/api/hint", json={}, headers=POST).text)
    for text in texts:
        for secret in (TODAY_WORD, TOMORROW_WORD):
            assert secret not in text.lower()


def test_a_forged_or_foreign_cookie_gets_a_new_player(client: TestClient, make_client) -> None:
    guess(client, "slate")
    owner_cookie = client.cookies[players.COOKIE]
    owner_id = owner_cookie.split(".")[0]
    other = make_client()
    guess(other, "moist")
    other_sig = other.cookies[players.COOKIE].split(".")[-1]
    owner_sig = owner_cookie.split(".")[-1]
    forged = [
        f"{owner_id}.{other_sig}",  # another player's signature
        f"{owner_id}.{'0' * 64}",
        owner_id,  # unsigned
        f"{owner_id}.0.{other_sig}",  # another player's signature, with a generation
        f"{owner_id}.{owner_sig}",  # the signature without its generation
        f"{owner_id}.0.{owner_sig[:-1]}",  # cut
        # another id with the owner's signature
        f"{owner_id[:-1]}{'1' if owner_id[-1] == '0' else '0'}.0.{owner_sig}",
        "web-" + owner_id,
        "x" * 5000,
        "",
    ]
    for cookie in forged:
        attacker = make_client()
        attacker.cookies.set(players.COOKIE, cookie)
        seen = attacker.get("/api/game")
        assert seen.json()["attempts"] == [], cookie
        assert seen.headers["set-cookie"].startswith(f"{players.COOKIE}="), cookie
        assert guess(attacker, "pious")["status"] == 200
        assert [a["guess"] for a in client.get("/api/board").json()] == ["slate"]
        assert [a["guess"] for a in other.get("/api/board").json()] == ["moist"]
    # a valid cookie signed with another secret is foreign too
    foreign, _ = players.new_cookie(b"another secret, not this server's")
    stranger = make_client()
    stranger.cookies.set(players.COOKIE, foreign)
    assert stranger.get("/api/game").json()["attempts"] == []


def test_posts_need_the_csrf_header_json_and_this_origin(client: TestClient) -> None:
    body = {"word": "slate"}
    refusals = [
        client.post("/api/guess", json=body),
        client.post("/api/guess", json=body, headers={"X-Wordle": "0"}),
        client.post(
            "/api/guess",
            content=b'{"word":"slate"}',
            headers={**POST, "Content-Type": "text/plain"},
        ),
        client.post("/api/guess", data={"word": "slate"}, headers=POST),
        client.post("/api/guess", json=body, headers={**POST, "Origin": "https://evil.example"}),
        client.post("/api/guess", json=body, headers={**POST, "Origin": "null"}),
        client.post("/api/guess", json=body, headers={**POST, "Sec-Fetch-Site": "cross-site"}),
        client.post("/api/hint", json={}),
    ]
    assert [r.status_code for r in refusals] == [403, 403, 415, 415, 403, 403, 403, 403]
    assert client.get("/api/board").json() == []
    assert client.get("/api/guess").status_code == 405
    same = client.post("/api/guess", json=body, headers={**POST, "Origin": "http://testserver"})
    assert same.status_code == 200


# DNS rebinding: a request naming another site (Host and Origin alike) -> refused before any
# work. (request, headers, allowed hosts, expected status)
REBINDING = [
    ("GET /", {"Host": "evil.example"}, ("testserver",), 421),
    ("GET /api/today", {"Host": "evil.example:8080"}, ("testserver",), 421),
    (
        "POST /api/guess",
        {**POST, "Host": "evil.example", "Origin": "http://evil.example"},
        ("testserver",),
        421,
    ),
    (
        "POST /api/guess",
        {**POST, "Host": "localhost.evil.example", "Origin": "http://localhost.evil.example"},
        hosts.default_hosts("0.0.0.0"),
        421,
    ),
    ("GET /api/today", {"Host": "wordle.example.org"}, hosts.default_hosts("127.0.0.1"), 421),
    ("GET /api/today", {"Host": "wordle.example.org"}, ("wordle.example.org",), 200),
    ("GET /api/today", {"Host": "play.wordle.example.org"}, ("*.wordle.example.org",), 200),
    ("GET /api/today", {"Host": "127.0.0.1:8080"}, hosts.default_hosts("127.0.0.1"), 200),
    ("GET /api/today", {"Host": "[::1]:8080"}, hosts.default_hosts("127.0.0.1"), 200),
    ("GET /api/today", {"Host": "192.168.1.20:8080"}, hosts.default_hosts("127.0.0.1"), 421),
    ("GET /api/today", {"Host": "192.168.1.20:8080"}, hosts.default_hosts("0.0.0.0"), 200),
    ("GET /api/today", {"Host": ""}, hosts.default_hosts("0.0.0.0"), 421),
]


@pytest.mark.parametrize(("request_line", "headers", "allowed", "status"), REBINDING)
def test_only_the_hosts_it_was_told(
    make_client: Callable[..., TestClient],
    admin: Connection,
    request_line: str,
    headers: dict[str, str],
    allowed: tuple[str, ...],
    status: int,
) -> None:
    games = "SELECT COUNT(*) FROM games"
    before = db.scalar(admin, games)
    client = make_client(allowed_hosts=allowed)
    method, path = request_line.split()
    answer = client.request(
        method, path, headers=headers, json={"word": "slate"} if method == "POST" else None
    )
    assert answer.status_code == status, answer.text
    if status == 421:
        assert answer.json() == {"error": "this server does not answer for that host name"}
        assert "set-cookie" not in answer.headers
        assert db.scalar(admin, games) == before


def test_hostile_bodies(client: TestClient) -> None:
    cases = {
        b"not json": 400,
        b"[1, 2]": 400,
        b'"slate"': 400,
        b'{"word": 12345}': 400,
        b'{"word": null}': 400,
        b'{"word": ["slate"]}': 400,
        b"{}": 400,
        b'{"word": "slate", "hard": "yes"}': 400,
        b'{"word": "slate", "day": 20260101}': 400,
        b"\xff\xfe{}": 400,
        b'{"word": "\\ud800"}': 400,
        b"[" * 4000: 400,
    }
    for body, status in cases.items():
        response = client.post(
            "/api/guess", content=body, headers={**POST, "Content-Type": "application/json"}
        )
        assert response.status_code == status, body
        assert response.json()["error"]
    for word, code in [
        ("sl'ate", "WD032"),
        ("' OR 1=1 --", "WD032"),
        ("🟩🟩🟩🟩🟩", "WD033"),
        ("slat\u0000", "WD033"),
        ("a" * 1000, "WD032"),
        ("", "WD032"),
        ("zzzzz", "WD033"),
    ]:
        refused = guess(client, word)
        assert (refused["status"], refused["code"]) == (422, code), word
    assert client.get("/api/board").json() == []
    assert client.get("/api/board?day=2026-11-23%0a").status_code == 400


def test_request_body_limit(client: TestClient) -> None:
    big = b'{"word": "' + b"a" * MAX_BODY + b'"}'
    sized = client.post(
        "/api/guess", content=big, headers={**POST, "Content-Type": "application/json"}
    )
    assert sized.status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body is counted as it comes
        yield b'{"word": "'
        for _ in range(10):
            yield b"a" * 1000
        yield b'"}'

    streamed = client.post(
        "/api/guess", content=chunks(), headers={**POST, "Content-Type": "application/json"}
    )
    assert streamed.status_code == 413
    assert client.get("/api/board").json() == []


def test_rate_limit_per_client(make_client) -> None:
    client = make_client(guess_burst=3, guesses_per_minute=1)
    statuses = [guess(client, w)["status"] for w in ("slate", "xyzzy", "moist", "pinky")]
    assert statuses == [200, 422, 200, 429]
    limited = client.post("/api/guess", json={"word": "pinky"}, headers=POST)
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
    assert [a["guess"] for a in client.get("/api/board").json()] == ["slate", "moist"]
    # another address has its own bucket
    other = TestClient(client.app, client=("203.0.113.9", 1234))
    assert guess(other, "slate")["status"] == 200


def test_rate_limit_counts_an_ipv6_slash_64_as_one_client() -> None:
    limit = limits.RateLimit(per_minute=1, burst=2, clock=lambda: 0.0)
    assert [limit.take(f"2001:db8:1:2::{n:x}") for n in range(3)][:2] == [0.0, 0.0]
    assert limit.take("2001:db8:1:2:ffff::1") > 0  # same /64, a new address: still limited
    assert limit.take("2001:db8:1:3::1") == 0.0  # another /64
    assert limit.take("::ffff:203.0.113.9") == 0.0 and limit.take("203.0.113.9") == 0.0
    assert limit.take("203.0.113.9") > 0  # the mapped and the plain address are one client


def test_page_openapi_and_headers(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert 'aria-live="polite"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/../app.py").status_code == 404
    spec = client.get("/api/openapi.json").json()
    routes = {r.path for r in client.app.app.routes if r.path.startswith("/api/")}
    assert set(spec["paths"]) | {"/api/openapi.json", "/api/docs"} == routes
    assert client.get("/api/today").headers["cache-control"] == "no-store"


def test_an_account_that_may_not_create_players_is_refused(web_url: URL, admin: Connection) -> None:
    setup.check_account(web_url)
    settings.set_setting(admin, "player_names", "account")
    try:
        with pytest.raises(WordleError, match="player_names created"):
            setup.check_account(web_url)
    finally:
        settings.set_setting(admin, "player_names", "created")


def test_secret_file_is_private_and_kept(tmp_path: Path) -> None:
    first = setup.load_secret(tmp_path)
    path = tmp_path / setup.SECRET_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(first) >= 32 and setup.load_secret(tmp_path) == first
    assert setup.load_secret(tmp_path, "operator's own secret") == b"operator's own secret"
    with pytest.raises(WordleError, match="at least"):
        setup.load_secret(tmp_path, "short")
    os.chmod(path, 0o644)
    with pytest.raises(WordleError, match="chmod 600"):
        setup.load_secret(tmp_path)


def test_embedded_setup_makes_a_player_account(
    web_db: tuple[URL, URL], admin: Connection, tmp_path: Path
) -> None:
    db_url = web_db[0]
    user = f"web_{os.getpid()}"
    said: list[str] = []
    try:
        url = setup.embedded_account(db_url, tmp_path, say=said.append, account=f"{user}@localhost")
        assert stat.S_IMODE((tmp_path / setup.PASSWORD_FILE).stat().st_mode) == 0o600
        assert url.username == user
        assert url.password == (tmp_path / setup.PASSWORD_FILE).read_text().strip()
        setup.check_account(url)
        roles = db.query(admin, "SELECT Role FROM mysql.roles_mapping WHERE User = ?", user)
        assert roles == [{"Role": "wordle_player"}]
        assert said == [
            f"creating the account {user}@localhost (role wordle_player; its "
            f"password in {tmp_path / setup.PASSWORD_FILE})"
        ]
        assert (
            setup.embedded_account(db_url, tmp_path, say=said.append, account=f"{user}@localhost")
            == url
        )
    finally:
        admin.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")


def test_serve_says_what_it_widens_and_never_widens_an_administrators_choice_untold(
    web_db: tuple[URL, URL], admin: Connection, tmp_path: Path
) -> None:
    """The first serve sets player_names to created, saying so before it does; once an
    administrator set it back to account, serve refuses unless told --player-names."""
    db_url, user = web_db[0], f"webw_{os.getpid()}"
    said: list[str] = []

    def names() -> str | None:
        return settings.get_setting(admin, "player_names")

    settings.set_setting(admin, "player_names", "account")
    try:
        setup.embedded_account(db_url, tmp_path, say=said.append, account=f"{user}@localhost")
        assert names() == "created"
        assert said[-1].startswith("setting player_names from account to created")
        settings.set_setting(admin, "player_names", "account")
        with pytest.raises(WordleError, match=r"an administrator set it back.*--player-names"):
            setup.embedded_account(db_url, tmp_path, say=said.append, account=f"{user}@localhost")
        assert names() == "account"
        setup.embedded_account(db_url, tmp_path, "created", said.append, f"{user}@localhost")
        assert names() == "created" and said[-1].startswith("setting player_names from account")
    finally:
        admin.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'localhost'")


def test_a_database_failure_is_a_503_that_tells_nothing_inside(
    web_url: URL, caplog: pytest.LogCaptureFixture
) -> None:
    wrong = web_url.set(password="not-the-password")
    with TestClient(create_app(wrong, Settings(SECRET)), base_url="http://localhost") as client:
        response = client.get("/api/today")
        assert response.status_code == 503
        assert response.json() == {"error": "the game's database failed: try again"}
        assert guess(client, "slate")["status"] == 503
    assert "access denied" in caplog.text and wrong.username in caplog.text


def test_a_connection_idle_too_long_is_replaced(client: TestClient, admin: Connection) -> None:
    """The server may close an idle session (wait_timeout), and the driver may reconnect it
    without its settings: the pool reuses a connection only within check_after seconds."""
    pool = client.app.app.state.web.pool

    def pooled() -> set[int]:
        return {int(db.scalar(conn, "SELECT CONNECTION_ID()")) for conn, _ in pool._free}

    assert client.get("/api/today").status_code == 200
    first = pooled()
    assert len(first) == 1
    assert client.get("/api/today").status_code == 200
    assert pooled() == first  # reused
    pool.check_after = 0.0
    assert client.get("/api/today").status_code == 200
    second = pooled()
    assert len(second) == 1 and second != first  # replaced
    old = next(iter(first))
    gone = "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ?"
    deadline = time.monotonic() + 5
    while db.scalar(admin, gone, old):  # the old one closed
        assert time.monotonic() < deadline, "the replaced session stayed open"
        time.sleep(0.02)


def test_two_channels_of_different_lengths(client: TestClient, admin: Connection, six: str) -> None:
    day = today(admin)
    listed = client.get("/api/channels")
    assert listed.status_code == 200
    by_name = {c["name"]: c for c in listed.json()}
    en_number = db.scalar(admin, "SELECT wordle_puzzle_number(?)", day)
    assert by_name["en"] == {
        "name": "en",
        "language": "en",
        "letters": 5,
        "max_tries": 6,
        "letter_hints": 2,
        "is_default": True,
        "number": en_number,
        "today": day.isoformat(),
    }
    assert by_name[six] == {
        "name": six,
        "language": "en",
        "letters": 6,
        "max_tries": 4,
        "letter_hints": 2,
        "is_default": False,
        "number": 1,
        "today": day.isoformat(),
    }
    assert "candle" not in listed.text and TODAY_WORD not in listed.text

    today_six = client.get("/api/today", params={"channel": six}).json()
    assert (today_six["channel"], today_six["title"], today_six["number"]) == (
        six,
        f"wordle-db {six} #1",
        1,
    )
    assert (today_six["letters"], today_six["max_tries"], today_six["state"]) == (6, 4, "playing")
    assert today_six["next_puzzle_in"] > 0
    assert client.get("/api/today").json()["number"] == en_number

    # each channel its own length: a 5-letter word is refused in the 6-letter one, and back
    refused = guess(client, "slate", channel=six)
    assert (refused["status"], refused["code"]) == (422, "WD032")
    assert "6 letters" in refused["error"]
    assert guess(client, "planet")["code"] == "WD032"
    first = guess(client, "planet", channel=six)
    assert first["status"] == 200
    assert (first["result"]["number"], first["result"]["max_tries"]) == (1, 4)
    assert first["result"]["hint"] == game.check(admin, "planet", day, six)["hint"]
    # the keyboard is the channel's alphabet: the letters of its words
    assert {k["letter"] for k in first["keyboard"]} == set("".join(SIX))
    en_first = guess(client, "slate")
    assert (en_first["result"]["attempt"], en_first["result"]["number"]) == (1, en_number)
    assert len(en_first["keyboard"]) == 26

    # a letter hint in the channel, by its JSON field
    hinted = client.post("/api/hint", json={"channel": six}, headers=POST).json()
    assert "candle"[hinted["hint"]["position"] - 1] == hinted["hint"]["letter"]
    assert (hinted["game"]["channel"], hinted["game"]["letters_revealed"]) == (six, 1)
    assert client.get("/api/today").json()["letters_revealed"] == 0

    # the channel's four tries: lost, its share text names it, its statistics are its own
    for word in ("garden", "silver"):
        assert guess(client, word, channel=six)["result"]["state"] == "playing"
    lost = guess(client, "breeze", channel=six)["result"]
    assert (lost["state"], lost["attempt"], lost["answer"]) == ("lost", 4, "candle")
    whole = client.get("/api/game", params={"channel": six}).json()
    assert [a["guess"] for a in whole["attempts"]] == ["planet", "garden", "silver", "breeze"]
    assert (whole["game"]["state"], whole["game"]["answer"]) == ("lost", "candle")
    assert [a["guess"] for a in client.get("/api/board").json()] == ["slate"]
    assert len(client.get("/api/board", params={"channel": six}).json()) == 4
    assert client.get("/api/keyboard", params={"channel": six}).json() == [
        {"letter": k, "state": s} for k, s in game.keyboard(admin, player(client), None, six)
    ]
    shared = client.get("/api/share", params={"channel": six}).json()["text"]
    assert shared.startswith(f"wordle-db {six} #1 X/4")
    assert client.get("/api/share").status_code == 409  # the default game is still open
    stats_six = client.get("/api/stats", params={"channel": six}).json()
    assert (stats_six["played"], stats_six["won"]) == (1, 0)
    assert [d["attempts"] for d in stats_six["distribution"]] == [1, 2, 3, 4]
    assert client.get("/api/stats").json()["played"] == 0
    # the archive is per channel: the 6-letter one has no past day yet
    assert client.get("/api/archive", params={"channel": six}).json() == []
    assert [d["day"] for d in client.get("/api/archive").json()] == [
        (day - timedelta(1)).isoformat()
    ]
    assert (
        client.get("/api/archive", params={"channel": "en"}).json()
        == client.get("/api/archive").json()
    )


def test_an_unknown_or_malformed_channel_is_a_4xx(client: TestClient, six: str) -> None:
    known = ", ".join(sorted(c["name"] for c in client.get("/api/channels").json()))
    for path in (
        "/api/today",
        "/api/game",
        "/api/board",
        "/api/keyboard",
        "/api/share",
        "/api/stats",
        "/api/archive",
    ):
        response = client.get(path, params={"channel": "xx"})
        assert response.status_code == 404, path
        assert response.json() == {
            "error": f"there is no channel 'xx' (known: {known})",
            "code": "WD060",
        }, path
    for path, body in (("/api/guess", {"word": "slate"}), ("/api/hint", {})):
        response = client.post(path, json={**body, "channel": "xx"}, headers=POST)
        assert (response.status_code, response.json()["code"]) == (404, "WD060"), path
        assert "\n" not in response.json()["error"]
    for bad, status in (
        (12345, 400),
        (["en"], 400),
        ("x" * 1000, 400),
        ("'; DROP TABLE games; --", 404),
        ("EN", 404),
        ("en\u0000", 404),
    ):
        response = client.post("/api/guess", json={"word": "slate", "channel": bad}, headers=POST)
        assert response.status_code == status, bad
        assert response.json()["error"]
    assert client.get("/api/game", params={"channel": "x" * 5000}).status_code == 400
    surrogate = client.post(
        "/api/guess",
        content=b'{"word": "slate", "channel": "\\ud800"}',
        headers={**POST, "Content-Type": "application/json"},
    )
    assert surrogate.status_code == 400
    assert client.get("/api/board").json() == []  # nothing was played anywhere
    assert client.get("/api/board", params={"channel": six}).json() == []


def test_an_analysis_costs_a_token_like_a_guess(make_client) -> None:
    """GET /api/analysis runs wordle_analysis_on: measured 0.4-0.5 s of the database's CPU per
    call on the bundled lists (a guess: a few ms), and up to 128 MB of in-memory scratch
    tables (max_heap_table_size) each. GETs take no token of the rate limit: one anonymous
    client that finished a game (6 guesses, inside the burst) may ask for it without end, from
    many connections at once. Past the burst: a 429, before the database is asked.
    (Here the solver is not built: each call counts its hints with wordle_hint instead, at a
    similar cost: bench/analysis.py.)"""
    client = make_client(guess_burst=8, guesses_per_minute=1)
    for word in ("slate", "pious", "mound", "fight", "lucky", "dwarf"):
        assert guess(client, word)["status"] == 200
    statuses = [client.get("/api/analysis").status_code for _ in range(30)]
    registry = client.app.app.state.web.metrics.registry
    asked = registry.get_sample_value(
        "wordle_db_database_call_duration_seconds_count", {"endpoint": "/api/analysis"}
    )
    assert 429 in statuses, f"30 analyses in a row, the database asked {asked:.0f} times"


@pytest.mark.found_by("review of main at bc96143")
def test_malformed_requests_keep_the_pools_connections(
    client: TestClient, admin: Connection
) -> None:
    """A GET needs no token: a flood of malformed ones (a bad day, an unknown channel, refused
    by the endpoint's work after it took a connection) must not close the pool's connections,
    or every player's next call pays a new connection and the compiling of its routines
    (5-9 ms of the server's CPU instead of 2-3, pool.py)."""

    def connections() -> int:
        return int(
            db.scalar(
                admin,
                "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS"
                " WHERE VARIABLE_NAME = 'CONNECTIONS'",
            )
        )

    assert client.get("/api/board").status_code == 200  # the pool has its connection
    before = connections()
    for bad in ("/api/board?day=2026-13-45", "/api/archive?channel=nope", "/api/game?day=x"):
        for _ in range(5):
            assert client.get(bad).status_code in (400, 404), bad
            assert client.get("/api/board").status_code == 200
    opened = connections() - before
    assert opened <= 1, f"15 malformed requests made the pool open {opened} new connections"


# Guards every POST of the API must put before its work, whatever its module (the game's,
# the leagues', the accounts'): (what, headers, body, status). Checked on a server whose rate
# limit has no token left, so a guard that came after the limit would show as a 429.
POST_GUARDS = [
    ("no X-Wordle", {}, b"{}", 403),
    ("X-Wordle 0", {"X-Wordle": "0"}, b"{}", 403),
    ("a form", {**POST, "Content-Type": "application/x-www-form-urlencoded"}, b"a=1", 415),
    ("text/plain", {**POST, "Content-Type": "text/plain"}, b"{}", 415),
    ("another origin", {**POST, "Origin": "https://evil.example"}, b"{}", 403),
    ("origin null", {**POST, "Origin": "null"}, b"{}", 403),
    ("the site over https", {**POST, "Origin": "https://testserver"}, b"{}", 403),
    ("a cross-site fetch", {**POST, "Sec-Fetch-Site": "cross-site"}, b"{}", 403),
    ("a same-site fetch", {**POST, "Sec-Fetch-Site": "same-site"}, b"{}", 403),
    ("all guards passed: the limit", POST, b"{}", 429),
]


@pytest.mark.found_by("review of main at bc96143")
def test_every_post_route_checks_csrf_then_the_rate_limit(make_client) -> None:
    """The API's routes come first since 4fc30ee and the leagues' and accounts' modules add
    their own: every POST route, whichever module made it, refuses a cross-site request and
    then a client without a token, before its body or the database is touched."""
    client = make_client(guess_burst=0, guesses_per_minute=0.001)
    app = client.app.app  # type: ignore[attr-defined]
    posts = [r.path for r in app.routes if "POST" in (getattr(r, "methods", None) or ())]
    assert len(posts) == 16, posts
    for path in posts:
        for what, headers, body, status in POST_GUARDS:
            kind = {"Content-Type": "application/json"}
            answer = client.post(path, content=body, headers={**kind, **headers})
            assert answer.status_code == status, (path, what, answer.text[:120])
            assert answer.json()["error"] and "set-cookie" not in answer.headers, (path, what)


# Paths that look like the API's beside the page's own files: each is the API's answer (JSON)
# or a 404/405, never the page or a static file served in its place.
API_LOOKALIKE_PATHS = [
    ("GET", "/api/guess", 405),
    ("GET", "/api/guess/", 405),  # slash redirect to a POST-only route
    ("GET", "/api/today/", 200),
    ("GET", "/static/../api/today", 200),
    ("GET", "/static/api/today", 404),
    ("GET", "/api/TODAY", 404),
    ("GET", "/api//today", 404),
    ("GET", "/api/%74oday", 200),
    ("GET", "/api/today%00", 404),
    ("GET", "/api/openapi.json/..", 404),
    ("GET", "/sw.js/../api/stats", 200),
    ("POST", "/", 405),
    ("POST", "/static/app.js", 405),
]


@pytest.mark.found_by("review of main at bc96143")
@pytest.mark.parametrize(("method", "path", "status"), API_LOOKALIKE_PATHS)
def test_no_page_route_shadows_an_api_path(
    client: TestClient, method: str, path: str, status: int
) -> None:
    answer = client.request(method, path, headers=POST, follow_redirects=True)
    assert answer.status_code == status, (method, path, answer.status_code, answer.text[:80])
    assert "text/html" not in answer.headers.get("content-type", ""), (method, path)


# GETs a client without a cookie may send as often as it likes (no token of the rate limit)
FREE_GETS = [
    "/api/today",
    "/api/channels",
    "/api/game",
    "/api/board",
    "/api/keyboard",
    "/api/stats",
    "/api/share",
    "/api/archive",
    "/api/account",
    "/api/leagues",
    "/api/analysis",
    "/readyz",
]


@pytest.mark.found_by("review of main at bc96143")
def test_a_flood_of_new_clients_leaves_no_row(make_client, admin: Connection) -> None:
    """Each GET without a cookie is a new player (its cookie cached as generation 0 since
    7687a1d): none of them may write a row for it, or a flood fills the database."""
    counts = "SELECT (SELECT COUNT(*) FROM players), (SELECT COUNT(*) FROM games)"
    before = db.query(admin, counts)
    client = make_client()
    for path in FREE_GETS * 3:
        client.cookies.clear()
        assert client.get(path).status_code in (200, 404, 409), path
    assert db.query(admin, counts) == before


JSON_POST = {**POST, "Content-Type": "application/json"}
# Every answer of the app, errors included, carries the security headers: since the serve
# branch the API's routes are called by the app in front, past Starlette's middleware, and
# the headers are added there (app.App). (what, method, path, headers, body, the rate limit's
# burst, status)
ANSWERS = [
    ("the page", "GET", "/", {}, b"", 20, 200),
    ("an API answer", "GET", "/api/today", {}, b"", 20, 200),
    ("a HEAD of the API", "HEAD", "/api/today", {}, b"", 20, 200),
    ("a static file", "GET", "/static/app.js", {}, b"", 20, 200),
    ("the API's description", "GET", "/api/openapi.json", {}, b"", 20, 200),
    ("a slash redirect", "GET", "/api/today/", {}, b"", 20, 307),
    ("a malformed day", "GET", "/api/game?day=2026-13-45", {}, b"", 20, 400),
    ("invalid JSON", "POST", "/api/guess", JSON_POST, b"{not json", 20, 400),
    ("JSON nested too deep", "POST", "/api/guess", JSON_POST, b"[" * 2000, 20, 400),
    ("a lone surrogate", "POST", "/api/guess", JSON_POST, b'{"word": "\\udc00"}', 20, 400),
    ("no CSRF header", "POST", "/api/guess", {"Content-Type": "application/json"}, b"{}", 20, 403),
    (
        "a cross-site POST",
        "POST",
        "/api/guess",
        {**JSON_POST, "Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"},
        b'{"word": "slate"}',
        20,
        403,
    ),
    ("an unknown league's board", "GET", "/api/leagues/board?league=nope", {}, b"", 20, 404),
    ("an unknown API path", "GET", "/api/nothing", {}, b"", 20, 404),
    ("an API path in capitals", "POST", "/API/guess", JSON_POST, b'{"word": "slate"}', 20, 404),
    ("an API path after //", "POST", "//api/guess", JSON_POST, b'{"word": "slate"}', 20, 404),
    ("an unknown file", "GET", "/static/nothing.js", {}, b"", 20, 404),
    ("a GET of a POST route", "GET", "/api/guess", {}, b"", 20, 405),
    (
        "a CORS preflight",
        "OPTIONS",
        "/api/guess",
        {"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
        b"",
        20,
        405,
    ),
    ("a POST of a GET route", "POST", "/api/today", JSON_POST, b"{}", 20, 405),
    ("a body too large", "POST", "/api/guess", JSON_POST, b"{" + b" " * MAX_BODY + b"}", 20, 413),
    ("a form", "POST", "/api/guess", {**POST, "Content-Type": "text/plain"}, b"{}", 20, 415),
    ("a word refused", "POST", "/api/guess", JSON_POST, b'{"word": "xyzzy"}', 20, 422),
    ("no token left", "POST", "/api/guess", JSON_POST, b'{"word": "slate"}', 0, 429),
    ("another site's name", "GET", "/", {"Host": "evil.example"}, b"", 20, 421),
    ("another site's name, API", "GET", "/api/today", {"Host": "evil.example"}, b"", 20, 421),
]


@pytest.mark.found_by("review of branch serve")
@pytest.mark.parametrize(
    ("method", "path", "headers", "body", "burst", "status"),
    [row[1:] for row in ANSWERS],
    ids=[row[0] for row in ANSWERS],
)
def test_every_answer_carries_the_security_headers(
    make_client: Callable[..., TestClient],
    method: str,
    path: str,
    headers: dict[str, str],
    body: bytes,
    burst: int,
    status: int,
) -> None:
    client = make_client(guess_burst=burst, guesses_per_minute=0.001 if not burst else 30)
    answer = client.request(method, path, headers=headers, content=body, follow_redirects=False)
    assert answer.status_code == status, answer.text[:200]
    missing = {k: v for k, v in SECURITY_HEADERS.items() if answer.headers.get(k) != v}
    assert not missing, f"{method} {path} -> {status} without {sorted(missing)}"
    assert "access-control-allow-origin" not in answer.headers
    if status >= 400:
        assert "traceback" not in answer.text.lower()
