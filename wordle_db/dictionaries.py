"""What a language's own dictionary says of a word: a base form, a proper noun, or neither.

The data are Debian's Hunspell dictionaries (/usr/share/hunspell, packages hunspell-fr,
hunspell-de-de, hunspell-es, hunspell-it, hunspell-pt-pt, hunspell-en-us). Each `.dic` entry
(the text before its `/` flags) is a base form; Hunspell makes the inflected ones from the
flags. Proper nouns are capitalised; the French dictionary also tags them `po:npr`. German
capitalises every noun, so there a capital alone does not make a name (see languages.py).
`simplemma` (lemmas, offline) gives a second opinion: a base form is its own lemma.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from wordle_db.errors import WordleError

HUNSPELL_DIR = Path("/usr/share/hunspell")
DICTIONARIES = {
    "de": "de_DE",
    "en": "en_US",
    "es": "es_ES",
    "fr": "fr_FR",
    "it": "it_IT",
    "pt": "pt_PT",
}
PACKAGES = {
    "de": "hunspell-de-de",
    "en": "hunspell-en-us",
    "es": "hunspell-es",
    "fr": "hunspell-fr",
    "it": "hunspell-it",
    "pt": "hunspell-pt-pt",
}


@dataclass(frozen=True)
class Dictionary:
    language: str
    path: Path
    lower: frozenset[str]  # entries written in lower case: base forms of common words (NFC)
    capitalised: frozenset[str]  # entries with a capital first letter, lowered (names; in
    # German also nouns)
    proper: frozenset[str]  # entries tagged as proper nouns (French po:npr), lowered


@cache
def dictionary(language: str, directory: Path = HUNSPELL_DIR) -> Dictionary:
    """The language's Hunspell dictionary, read once. One line (WordleError) when missing."""
    name = DICTIONARIES.get(language)
    if name is None:
        raise WordleError(f"no dictionary of base forms for language {language!r}")
    path = directory / f"{name}.dic"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WordleError(
            f"the {language} dictionary {path} is not installed: apt-get install "
            f"{PACKAGES[language]}"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise WordleError(f"{path}: {exc}") from None
    lower, capitalised, proper = set(), set(), set()
    for line in text.splitlines()[1:]:  # the first line counts the entries
        fields = line.split()
        if not fields:
            continue
        entry = unicodedata.normalize("NFC", fields[0].split("/", 1)[0])
        if not entry.isalpha():
            continue
        if "po:npr" in fields[1:]:
            proper.add(entry.lower())
        elif entry == entry.lower():
            lower.add(entry)
        elif entry[0].isupper() and entry[1:] == entry[1:].lower():
            capitalised.add(entry.lower())
    return Dictionary(language, path, frozenset(lower), frozenset(capitalised), frozenset(proper))


# glin-profanity's per-language lists (PyPI, MIT), by our language codes
BLOCK_LISTS = {
    "de": "german",
    "en": "english",
    "es": "spanish",
    "fr": "french",
    "it": "italian",
    "pt": "portuguese",
}


@cache
def offensive(language: str) -> frozenset[str]:
    """The language's offensive words (lower case, NFC), from glin-profanity's lists."""
    from importlib.resources import files

    name = BLOCK_LISTS.get(language)
    if name is None:
        return frozenset()
    path = files("glin_profanity.data") / "dictionaries" / f"{name}.json"
    entries = json.loads(path.read_text(encoding="utf-8"))["words"]
    return frozenset(unicodedata.normalize("NFC", w.strip().lower()) for w in entries)


def read_block_list(path: Path) -> frozenset[str]:
    """An operator's own block list: one word a line, # comments; one line for a bad file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise WordleError(f"{path}: {getattr(exc, 'strerror', None) or exc}") from None
    return frozenset(
        unicodedata.normalize("NFC", line.split("#", 1)[0].strip().lower())
        for line in text.splitlines()
        if line.split("#", 1)[0].strip()
    )


def lemma_of(word: str, language: str) -> str:
    """simplemma's lemma of `word`, lower case (the word itself when it knows none)."""
    import simplemma  # loads the language's data on first use

    return simplemma.lemmatize(word, lang=language).lower()
