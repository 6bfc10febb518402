"""What must never be seen: the secret words in whatever a caller gets back, and whether an
error is a refusal."""

from __future__ import annotations

import functools
import re
from typing import Any

from wordle_db import sqlfiles

from support.puzzles import SIDE_TODAY, SIDE_TOMORROW, TODAY_WORD, TOMORROW_WORD

SECRETS = (TODAY_WORD, TOMORROW_WORD, SIDE_TODAY, SIDE_TOMORROW)


def assert_no_secret(rows: list[dict[str, Any]], text: str, probe: str) -> None:
    blob = (repr(rows) + text).lower()
    for secret in SECRETS:
        assert secret not in blob, f"{probe} leaked {secret!r}: {blob[:300]}"


def denied(error: str) -> bool:
    return any(
        word in error for word in ("denied", "permission", "doesn't exist", "does not exist")
    )


@functools.cache
def _texts() -> dict[str, str]:
    return {o.name: o.text for o in sqlfiles.current_objects()}


@functools.cache
def _uses(name: str) -> frozenset[str]:
    """The objects whose names appear in `name`'s SQL (as whole words)."""
    words = set(re.findall(r"\w+", _texts()[name]))
    return frozenset(other for other in _texts() if other in words and other != name)


def reachable_sql(name: str) -> str:
    """The SQL of an object and of every object it uses, transitively."""
    seen, todo, text = {name}, [name], ""
    while todo:
        current = todo.pop()
        text += _texts()[current]
        for other in _uses(current) - seen:
            seen.add(other)
            todo.append(other)
    return text
