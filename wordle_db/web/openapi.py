"""The JSON API's OpenAPI description (served at /api/openapi.json): what each endpoint takes
and every status it answers. `get` and `post` build the operations of every module (the game's
here, leagues.py's and accounts.py's); tests/web/test_api_contract.py holds the server to the
description with schemathesis."""

from __future__ import annotations

import functools
from typing import Any

TEXT: dict[str, Any] = {"type": "string"}
DAY: dict[str, Any] = {
    "type": "string",
    "format": "date",
    "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
}
CHANNEL: dict[str, Any] = {"type": "string", "pattern": "^[a-z0-9_-]{1,16}$"}
LONGEST = 200  # characters of a league's name, a nickname or a code: longer is none


def nullable(schema: dict[str, Any], description: str) -> dict[str, Any]:
    """A body field that may be null or absent (the default then)."""
    return {**schema, "nullable": True, "description": description}


def parameter(
    name: str, schema: dict[str, Any], description: str, required: bool = False
) -> dict[str, Any]:
    """A query parameter; an empty value (`?day=`) is refused like any other malformed one."""
    return {
        "name": name,
        "in": "query",
        "required": required,
        "schema": schema,
        "description": description,
    }


DAY_PARAMETER = parameter("day", DAY, "a past day's puzzle, YYYY-MM-DD; absent: today")
CHANNEL_PARAMETER = parameter(
    "channel", CHANNEL, "a channel's name (GET /api/channels lists them); absent: the default one"
)
DAY_FIELD = nullable(DAY, "a past day's puzzle, YYYY-MM-DD; null or absent: today")
CHANNEL_FIELD = nullable(CHANNEL, "a channel's name; null or absent: the default channel")

# What any request may get besides its own answers.
ALWAYS = {
    "400": {
        "description": "malformed: a parameter or field missing, empty or of the wrong type, "
        "a body that is no JSON object ({error} says what)"
    },
    "503": {"description": "the database is busy or unreachable: try again (WD025)"},
}
# What a POST may get besides: the guards every POST passes first.
GUARDS = {
    "403": {
        "description": "the header X-Wordle: 1 is missing, another origin or site (CSRF), or "
        "the player's session has ended (WD096: the answer sets a new player's cookie)"
    },
    "413": {"description": "the body is over 4096 bytes"},
    "415": {"description": "the body is not application/json"},
    "429": {"description": "too many requests from this address: wait Retry-After seconds"},
}
NO_PUZZLE = {
    "404": {
        "description": "a future day, a day without puzzle, or no such channel "
        "(WD030, WD031, WD060)"
    }
}
OVER = {
    "409": {
        "description": "not in this game's state: over, hard mode too late, no letter hint "
        "left, nothing to share (WD035, WD037, WD040, WD041)"
    }
}


def _responses(refusals: dict[str, Any], *more: dict[str, Any]) -> dict[str, Any]:
    merged: dict[str, Any] = {"200": {"description": "JSON"}}
    for part in (ALWAYS, *more, refusals):
        for status, answer in part.items():
            if status in merged and answer is not merged[status]:  # both meanings, one status
                answer = {
                    "description": f"{merged[status]['description']}; {answer['description']}"
                }
            merged[status] = answer
    return dict(sorted(merged.items()))


def get(
    summary: str, parameters: list[dict[str, Any]], refusals: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "get": {
            "summary": summary,
            "parameters": parameters,
            "responses": _responses(refusals or {}),
        }
    }


def post(
    summary: str,
    fields: dict[str, Any] | None = None,
    required: tuple[str, ...] = (),
    refusals: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A POST of a JSON object (`fields`, of which `required`; {} when it has none)."""
    body: dict[str, Any] = {"type": "object", "properties": fields or {}}
    if required:
        body["required"] = list(required)
    return {
        "post": {
            "summary": summary,
            "parameters": [
                {
                    "name": "X-Wordle",
                    "in": "header",
                    "required": True,
                    "schema": {"type": "string", "enum": ["1"]},
                    "description": "1: a cross-site form cannot send this header (CSRF)",
                }
            ],
            "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
            "responses": _responses(refusals or {}, GUARDS),
        }
    }


GAME_PATHS: dict[str, Any] = {
    "/api/channels": get(
        "the channels: name, language, letters, max_tries, letter_hints, is_default, number "
        "(today's), today",
        [],
    ),
    "/api/today": get(
        "today's game: channel, title, day, number, letters, state, max_tries, next_puzzle_in "
        "(seconds)",
        [CHANNEL_PARAMETER],
        NO_PUZZLE,
    ),
    "/api/game": get(
        "a game with its attempts and keyboard (answer once over)",
        [DAY_PARAMETER, CHANNEL_PARAMETER],
        NO_PUZZLE,
    ),
    "/api/board": get("the attempts of a game", [DAY_PARAMETER, CHANNEL_PARAMETER], NO_PUZZLE),
    "/api/keyboard": get(
        "every letter with the best hint seen", [DAY_PARAMETER, CHANNEL_PARAMETER], NO_PUZZLE
    ),
    "/api/share": get(
        "the share text of a finished game",
        [DAY_PARAMETER, CHANNEL_PARAMETER],
        {**NO_PUZZLE, **OVER},
    ),
    "/api/stats": get(
        "statistics: played, won, win_percent, current_streak, max_streak, distribution",
        [CHANNEL_PARAMETER],
        NO_PUZZLE,
    ),
    "/api/archive": get(
        "past days with this player's state in each", [CHANNEL_PARAMETER], NO_PUZZLE
    ),
    "/api/analysis": get(
        "the analysis of a finished game, one row per guess: attempt, guess, hint, "
        "letter_hints, possible_before, possible_after, expected_left, best_guess, "
        "best_expected_left, skill, luck (0-99; docs/sql-api.md defines them; best_guess, "
        "best_expected_left and skill are null until the channel's solver is built); costs "
        "a token of the rate limit",
        [DAY_PARAMETER, CHANNEL_PARAMETER],
        {
            **NO_PUZZLE,
            "409": {"description": "no analysis before the game is over (WD070)"},
            "429": GUARDS["429"],
        },
    ),
    "/api/guess": post(
        "submit a guess: {result: attempt, hint, state, answer once over, ...; keyboard}",
        {
            "word": {**TEXT, "minLength": 1, "maxLength": 32, "description": "the guess"},
            "day": DAY_FIELD,
            "hard": nullable(
                {"type": "boolean"}, "hard mode, before the first guess only; null: keep"
            ),
            "channel": CHANNEL_FIELD,
        },
        ("word",),
        {
            **NO_PUZZLE,
            **OVER,
            "422": {
                "description": "the guess is refused: length, not in the word list, tried "
                "already, a hard-mode rule (WD032, WD033, WD034, WD036)"
            },
        },
    ),
    "/api/hint": post(
        "reveal a letter: {hint: position, letter, ...; game, attempts, keyboard}",
        {"day": DAY_FIELD, "channel": CHANNEL_FIELD},
        refusals={**NO_PUZZLE, **OVER},
    ),
}


@functools.cache
def description() -> dict[str, Any]:
    """The whole description: the game's paths, the leagues' and the accounts'."""
    from wordle_db.web.accounts import PATHS as ACCOUNT_PATHS
    from wordle_db.web.leagues import PATHS as LEAGUE_PATHS

    return {
        "openapi": "3.0.3",
        "info": {
            "title": "wordle-db",
            "version": "1",
            "description": "The daily word game. The player is the signed, HttpOnly cookie "
            "wordle_player, set on the first answer; errors are {error, code} (code: the "
            "game's SQLSTATE, docs/sql-api.md). Every game endpoint takes a channel (several "
            "daily puzzles side by side, each with its own length, tries and numbering): a "
            "query parameter of a GET, a field of a POST's body; absent, the default channel. "
            "A parameter given empty (?day=) is refused, never read as absent.",
        },
        "paths": {**GAME_PATHS, **LEAGUE_PATHS, **ACCOUNT_PATHS},
    }
