"""The string catalogues (wordle_db/web/static/i18n): one per language a channel may speak, for
the page and the terminal (wordle_db/i18n.py), each with every key either uses; a missing key
fails here, not in front of a player."""

from __future__ import annotations

import json
import re

import pytest
from babel import Locale

from support import REPO

PACKAGE = REPO / "wordle_db"
STATIC = PACKAGE / "web" / "static"
LANGUAGES = ["de", "en", "es", "fr", "it", "pt"]


def catalogue(code: str) -> dict[str, str]:
    return json.loads((STATIC / "i18n" / f"{code}.json").read_text(encoding="utf-8"))


def used_keys() -> tuple[set[str], set[str]]:
    """(keys the page and the terminal use, keys used with a count: plural forms). Both call
    their catalogue t("key", ...)."""
    script = "\n".join(p.read_text(encoding="utf-8") for p in sorted(STATIC.glob("*.js")))
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    python = "\n".join(p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py")))
    keys = set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", script + python))
    keys |= set(re.findall(r'data-i18n(?:-aria)?="([\w.]+)"', page))
    counted = set(re.findall(r"""\bt\(\s*["']([\w.]+)["']\s*,\s*\{\s*count:""", script))
    counted |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["'][^()]*\bcount=""", python))
    keys |= {f"state.{s}" for s in ("right", "elsewhere", "absent", "unused", "typed", "empty")}
    keys |= {f"day.{s}" for s in ("new", "playing", "won", "lost")}
    return keys - counted, counted


def test_the_catalogues_are_the_languages_of_the_channels() -> None:
    from wordle_db.languages import LANGUAGES as CHANNEL_LANGUAGES

    assert sorted(p.stem for p in (STATIC / "i18n").glob("*.json")) == LANGUAGES
    assert set(CHANNEL_LANGUAGES) <= set(LANGUAGES)
    assert re.search(
        r'const LANGUAGES = \["en", "fr", "de", "es", "it", "pt"\]', (STATIC / "app.js").read_text()
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_key_the_page_uses_is_in_the_catalogue(code: str) -> None:
    words = catalogue(code)
    plain, counted = used_keys()
    assert len(plain) > 40
    missing = sorted(k for k in plain if k not in words)
    missing += sorted(f"{k}.other" for k in counted if f"{k}.other" not in words)
    assert not missing, f"{code}.json lacks {missing}"
    assert sorted(words) == sorted(catalogue("en")), f"{code}.json has other keys than en.json"
    for key, text in words.items():
        assert text.strip() and set(re.findall(r"\{(\w+)\}", text)) == set(
            re.findall(r"\{(\w+)\}", catalogue("en")[key])
        ), (code, key)  # same placeholders
    if code != "en":  # translated, not copied (brand-like words may match)
        same = [k for k in words if words[k] == catalogue("en")[k]]
        assert len(same) < len(words) // 5, (code, same)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_count_has_the_languages_plural_forms(code: str) -> None:
    """For every number a player sees (0 to 1000), the plural form CLDR gives the language
    (Babel here, Intl.PluralRules in the page: both read CLDR) is in the catalogue: never
    "1 games", nor a form that falls back to another."""
    words = catalogue(code)
    _, counted = used_keys()
    assert {
        "guessCount",
        "gameCount",
        "hintGiven",
        "terminal.played",
        "analysis.leftOnly",
    } <= counted
    forms = {Locale.parse(code).plural_form(n) for n in range(1001)}
    missing = sorted(f"{k}.{f}" for k in counted for f in forms if f"{k}.{f}" not in words)
    assert not missing, f"{code}.json lacks {missing}"
    for key in counted:
        assert words[f"{key}.one"] != words[f"{key}.other"], (code, key)


def test_no_player_text_outside_the_catalogue() -> None:
    """The page's scripts write no English sentence of their own (the catalogue has them).
    The API's documentation page (api-docs.js) is for developers, in English as the OpenAPI
    file it shows."""
    script = "\n".join(
        p.read_text(encoding="utf-8")
        for p in sorted(STATIC.glob("*.js"))
        if p.name != "api-docs.js"
    )
    code = re.sub(r"^\s*//.*$", "", script, flags=re.MULTILINE)
    sentences = re.findall(r"""["'`]([A-Z][a-z]+ [a-z]+[^"'`]*)["'`]""", code)
    assert sentences == [], sentences
