"""What a player reads in the terminal, in the channel's language: the page's catalogues
(web/static/i18n/*.json: one per language for both), with CLDR's plural rules, numbers and
dates (Babel reads CLDR, as the page's Intl does).

`t = Texts("fr")`, then `t("hintGiven", count=1, position=4, letter="N", left=1)` as the page's
t(): `count` chooses the plural form, numbers are written as the language writes them.
"""

from __future__ import annotations

import json
import os
import re
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent

from wordle_db.errors import DatabaseError

STATIC = Path(__file__).resolve().parent / "web" / "static"
LANGUAGES = tuple(sorted(p.stem for p in (STATIC / "i18n").glob("*.json")))
DEFAULT = "en"
LOCALE_ENV = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX order: the first one set decides
# CLDR's minimumGroupingDigits, which Babel does not apply: Spanish and Italian write 1234 but
# 12.345 (as the page's Intl does).
MIN_GROUPING = {"es": 2, "it": 2}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def environment_language() -> str | None:
    """The language of the locale the environment names (de_DE.UTF-8: de), if it has a
    catalogue."""
    for name in LOCALE_ENV:
        value = os.environ.get(name)
        if value:
            code = re.split(r"[_.@-]", value, maxsplit=1)[0].lower()
            return code if code in LANGUAGES else None
    return None


def language_of(channel_language: str | None) -> str:
    """The channel's language where there is a catalogue for it (as the page chooses), else
    the environment's, else English."""
    if channel_language in LANGUAGES:
        return str(channel_language)
    return environment_language() or DEFAULT


@cache
def catalogue(language: str) -> dict[str, str]:
    path = STATIC / "i18n" / f"{language}.json"
    words: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return words


class Texts:
    """One language's words and numbers."""

    def __init__(self, language: str) -> None:
        self.language = language if language in LANGUAGES else DEFAULT
        self.locale = Locale.parse(self.language)
        self.words = catalogue(self.language)

    def __call__(self, key: str, digits: int = 0, **params: Any) -> str:
        """The catalogue's text of `key`, {name} filled from params (numbers with at most
        `digits` fraction digits); `count` chooses the plural form (key.one, key.other, ...)
        by CLDR's rules for the number as written. An unknown key is shown as it is."""
        text = self.words.get(key)
        if text is None and "count" in params:
            form = self.locale.plural_form(_as_written(params["count"], digits))
            text = self.words.get(f"{key}.{form}", self.words.get(f"{key}.other"))
        if text is None:
            return key

        def fill(match: re.Match[str]) -> str:
            if match[1] not in params:
                return match[0]
            value = params[match[1]]
            if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
                return self.number(value, digits)
            return str(value)

        return PLACEHOLDER.sub(fill, text)

    def number(self, value: float | Decimal, digits: int = 0) -> str:
        """As the page's number(): at most `digits` fraction digits, grouped (1.234 in
        German, 1 234 in French, 1234 but 12.345 in Spanish)."""
        written = _as_written(value, digits)
        pattern = "#,##0" + ("." + "#" * digits if digits else "")
        return format_decimal(written, pattern, self.locale, group_separator=self._grouped(written))

    def percent(self, whole: int) -> str:
        """`whole` out of 100 as the language writes a percentage (89 %, 89%)."""
        grouped = self._grouped(Decimal(whole))
        return format_percent(Decimal(whole) / 100, locale=self.locale, group_separator=grouped)

    def _grouped(self, value: Decimal) -> bool:
        return bool(abs(value) >= 10 ** (2 + MIN_GROUPING.get(self.language, 1)))

    def date(self, day: date) -> str:
        """A day as the page writes it (Intl's dateStyle medium): 27 nov. 2026."""
        return format_date(day, "medium", locale=self.locale)

    def refusal(self, exc: DatabaseError, word: str = "", letters: int | str = "") -> str:
        """What a refusal of the database says to the player: in English the server's own
        line (written for players, and it names the rule broken), in the other languages the
        page's words for its code where the catalogue has them, else the server's line."""
        key = f"error.{exc.sqlstate}"
        if self.language == DEFAULT or key not in self.words:
            return str(exc)
        return self(key, word=word, letters=letters)


def _as_written(value: float | Decimal, digits: int) -> Decimal:
    """The number as it is written with at most `digits` fraction digits (1.0 is 1, 1.25 is
    1.3: Intl rounds half away from zero), which is what plural rules look at."""
    rounded = Decimal(str(value)).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_UP)
    whole = rounded.to_integral_value()
    return whole if rounded == whole else rounded.normalize()
