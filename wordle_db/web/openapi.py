"""The JSON API's OpenAPI description (served at /api/openapi.json)."""

from __future__ import annotations

from typing import Any

from wordle_db.web.accounts import PATHS as ACCOUNT_PATHS
from wordle_db.web.leagues import PATHS as LEAGUE_PATHS

_DAY = {
    "name": "day",
    "in": "query",
    "required": False,
    "schema": {"type": "string", "format": "date"},
    "description": "a past day's puzzle, YYYY-MM-DD; default today",
}
_CHANNEL = {
    "name": "channel",
    "in": "query",
    "required": False,
    "schema": {"type": "string", "pattern": "^[a-z0-9_-]{1,16}$"},
    "description": "a channel's name (GET /api/channels lists them); default: the default channel",
}
_CHANNEL_FIELD = {"type": "string", "description": "a channel's name; default: the default channel"}
_ERRORS = {
    "400": {"description": "malformed request ({error} says what)"},
    "404": {
        "description": "a future day, a day without puzzle, or no such channel "
        "(WD030, WD031, WD060)"
    },
    "409": {
        "description": "not possible in this game's state: over, hard mode too late, "
        "no letter hint left, nothing to share, no analysis before the game "
        "is over (WD035, WD037, WD040, WD041, WD070)"
    },
    "503": {"description": "the database is busy or unreachable"},
}
_POST_ERRORS = {
    **_ERRORS,
    "403": {"description": "CSRF: the X-Wordle: 1 header is missing, or another origin"},
    "413": {"description": "the body is over 4096 bytes"},
    "415": {"description": "the body is not application/json"},
    "422": {
        "description": "the guess is refused: length, not in the word list, tried "
        "already, a hard-mode rule (WD032, WD033, WD034, WD036)"
    },
    "429": {"description": "too many guesses or hints from this address (Retry-After)"},
}


def _get(summary: str, day: bool = True, channel: bool = True) -> dict[str, Any]:
    parameters = ([_DAY] if day else []) + ([_CHANNEL] if channel else [])
    return {
        "get": {
            "summary": summary,
            "parameters": parameters,
            "responses": {"200": {"description": "JSON"}, **_ERRORS},
        }
    }


def _post(summary: str, body: dict[str, Any]) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "parameters": [
                {
                    "name": "X-Wordle",
                    "in": "header",
                    "required": True,
                    "schema": {"type": "string", "enum": ["1"]},
                }
            ],
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"type": "object", "properties": body}}},
            },
            "responses": {"200": {"description": "JSON"}, **_POST_ERRORS},
        }
    }


DESCRIPTION: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {
        "title": "wordle-db",
        "version": "1",
        "description": "The daily word game. The player is the signed, HttpOnly cookie "
        "wordle_player, set on the first answer; errors are {error, code}. Every game "
        "endpoint takes a channel (several daily puzzles side by side, each with its own "
        "length, tries and numbering): a query parameter of a GET, a field of a POST's "
        "body; absent, the default channel.",
    },
    "paths": {
        "/api/channels": _get(
            "the channels: name, language, letters, max_tries, "
            "letter_hints, is_default, number (today's), today",
            day=False,
            channel=False,
        ),
        "/api/today": _get(
            "today's game: channel, title, day, number, letters, state, "
            "max_tries, next_puzzle_in (seconds)",
            day=False,
        ),
        "/api/game": _get("a game with its attempts and keyboard (answer once over)"),
        "/api/board": _get("the attempts of a game"),
        "/api/keyboard": _get("every letter with the best hint seen"),
        "/api/share": _get("the share text of a finished game"),
        "/api/stats": _get("statistics: played, won, streaks, distribution", day=False),
        "/api/archive": _get("past days with this player's state in each", day=False),
        "/api/analysis": _get(
            "the analysis of a finished game, one row per guess: attempt, "
            "guess, hint, letter_hints, possible_before, possible_after, "
            "expected_left, best_guess, best_expected_left, skill, luck (0-99; "
            "docs/sql-api.md defines them; best_guess, best_expected_left and skill are "
            "null until the channel's solver is built); 409 before the game is over"
        ),
        "/api/guess": _post(
            "submit a guess: {result: attempt, hint, state, answer once over, ...; keyboard}",
            {
                "word": {"type": "string"},
                "day": {"type": "string", "format": "date"},
                "hard": {"type": "boolean", "description": "before the first guess only"},
                "channel": _CHANNEL_FIELD,
            },
        ),
        "/api/hint": _post(
            "reveal a letter",
            {"day": {"type": "string", "format": "date"}, "channel": _CHANNEL_FIELD},
        ),
    },
}
DESCRIPTION["paths"].update(LEAGUE_PATHS)
DESCRIPTION["paths"].update(ACCOUNT_PATHS)
