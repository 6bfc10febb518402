"""What a language's own dictionary says of a word: a base form, a proper noun, or neither;
and the other word lists that choose answers: offensive words and first names.

The data are Debian's Hunspell dictionaries (/usr/share/hunspell, packages hunspell-fr,
hunspell-de-de, hunspell-es, hunspell-it, hunspell-pt-pt, hunspell-en-us). Each `.dic` entry
(the text before its `/` flags) is a base form; Hunspell makes the inflected ones from the
flags and the `.aff` file's suffix rules (`Dictionary.forms`). Proper nouns are capitalised;
the French dictionary also tags them `po:npr`. German capitalises every noun, so there a
capital alone does not make a name (see languages.py). `simplemma` (lemmas, offline) gives a
second opinion: a base form is its own lemma.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
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


# A suffix rule of a .aff file: (letters to strip, letters to add, condition on the entry)
Suffix = tuple[str, str, re.Pattern[str]]
NUMERAL_TAGS = ("po:nbro", "subcat=rom")  # French and Portuguese tags of Roman numerals
PEOPLE_TAGS = ("po:prn", "po:patr", "SEM=p]", "SEM=p,")  # their first names and surnames


@dataclass(frozen=True)
class Dictionary:
    language: str
    path: Path
    lower: frozenset[str]  # entries written in lower case: base forms of common words (NFC)
    capitalised: frozenset[str]  # entries with a capital first letter, lowered (names; in
    # German also nouns)
    proper: frozenset[str]  # entries tagged as proper nouns (French po:npr), lowered
    numerals: frozenset[str] = frozenset()  # entries tagged as Roman numerals, lowered
    people: frozenset[str] = frozenset()  # entries tagged as people's names, lowered
    flags: Mapping[str, frozenset[str]] = field(default_factory=dict)  # entry: affix flags
    suffixes: Mapping[str, tuple[Suffix, ...]] = field(default_factory=dict)  # flag: rules

    def forms(self, entry: str) -> set[str]:
        """The other words Hunspell makes of `entry` (as the .dic writes it) with its suffix
        rules: plurals, conjugations, feminines (`laure`: laures; `damn`: damned, damns)."""
        made = set()
        for flag in self.flags.get(entry, ()):
            for strip, add, condition in self.suffixes.get(flag, ()):
                if entry.endswith(strip) and condition.search(entry):
                    made.add(entry[: len(entry) - len(strip)] + add)
        made.discard(entry)
        return {form for form in made if form.isalpha()}


@cache
def dictionary(language: str, directory: Path = HUNSPELL_DIR) -> Dictionary:
    """The language's Hunspell dictionary, read once. One line (WordleError) when missing."""
    name = DICTIONARIES.get(language)
    if name is None:
        raise WordleError(f"no dictionary of base forms for language {language!r}")
    path = directory / f"{name}.dic"
    text = _read(path, language)
    flag_type, suffixes = _suffix_rules(_read(path.with_suffix(".aff"), language))
    lower, capitalised, proper, numerals, people = set(), set(), set(), set(), set()
    flags: dict[str, set[str]] = {}
    for line in text.splitlines()[1:]:  # the first line counts the entries
        fields = line.split()
        if not fields:
            continue
        entry, _, entry_flags = fields[0].partition("/")
        entry = unicodedata.normalize("NFC", entry)
        if not entry.isalpha():
            continue
        if entry_flags:
            flags.setdefault(entry, set()).update(_split_flags(entry_flags, flag_type))
        if "po:npr" in fields[1:]:
            proper.add(entry.lower())
        elif entry == entry.lower():
            lower.add(entry)
        elif entry[0].isupper() and entry[1:] == entry[1:].lower():
            capitalised.add(entry.lower())
        tags = " ".join(fields[1:])
        if any(tag in tags for tag in NUMERAL_TAGS):
            numerals.add(entry.lower())
        if any(tag in tags for tag in PEOPLE_TAGS):
            people.add(entry.lower())
    return Dictionary(
        language,
        path,
        frozenset(lower),
        frozenset(capitalised),
        frozenset(proper),
        frozenset(numerals),
        frozenset(people),
        {entry: frozenset(f) for entry, f in flags.items()},
        suffixes,
    )


def _read(path: Path, language: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WordleError(
            f"the {language} dictionary {path} is not installed: apt-get install "
            f"{PACKAGES[language]}"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise WordleError(f"{path}: {exc}") from None


def _suffix_rules(aff: str) -> tuple[str, dict[str, tuple[Suffix, ...]]]:
    """The .aff file's flag type (FLAG long, num, UTF-8 or one character) and its suffix
    rules by flag (`SFX flag strip add condition`; 0 is the empty string)."""
    flag_type, rules = "char", dict[str, list[Suffix]]()
    for line in aff.splitlines():
        fields = line.split()
        if len(fields) >= 2 and fields[0] == "FLAG":
            flag_type = fields[1]
        elif len(fields) >= 5 and fields[0] == "SFX":
            strip, add = (("" if f == "0" else f) for f in (fields[2], fields[3].split("/")[0]))
            condition = re.compile(f"(?:{fields[4]})$")
            rules.setdefault(fields[1], []).append((strip, add, condition))
    return flag_type, {flag: tuple(r) for flag, r in rules.items()}


def _split_flags(flags: str, flag_type: str) -> list[str]:
    if flag_type == "long":
        return [flags[i : i + 2] for i in range(0, len(flags), 2)]
    if flag_type == "num":
        return flags.split(",")
    return list(flags)


# glin-profanity's per-language lists (PyPI, MIT), by our language codes
BLOCK_LISTS = {
    "de": "german",
    "en": "english",
    "es": "spanish",
    "fr": "french",
    "it": "italian",
    "pt": "portuguese",
}
# npm lists copied into wordle_db/data/blocklists by tools/refresh-block-lists.mjs, with their
# licences: naughty-words (LDNOOBW, every language) and three lists of one language each
BUNDLED_BLOCK_LISTS = {
    "de": ("naughty-words-de",),
    "en": ("naughty-words-en", "badwords-list-en"),
    "es": ("naughty-words-es",),
    "fr": ("naughty-words-fr", "french-badwords-list-fr"),
    "it": ("naughty-words-it", "italian-badwords-list-it"),
    "pt": ("naughty-words-pt",),
}


@cache
def offensive(language: str) -> frozenset[str]:
    """The language's offensive words (lower case, NFC): glin-profanity's list and the bundled
    ones (docs/languages.md says where they come from)."""
    name = BLOCK_LISTS.get(language)
    if name is None:
        return frozenset()
    path = files("glin_profanity.data") / "dictionaries" / f"{name}.json"
    entries = json.loads(path.read_text(encoding="utf-8"))["words"]
    words = {unicodedata.normalize("NFC", w.strip().lower()) for w in entries}
    for bundled in BUNDLED_BLOCK_LISTS[language]:
        words |= read_block_list(
            Path(str(files("wordle_db") / "data" / "blocklists")) / f"{bundled}.txt"
        )
    return frozenset(words)


# gender-guesser's dictionary of first names (PyPI; data by Jörg Michael, GNU FDL 1.2): one
# name a line, then from column 30 one frequency a country, 1 (rare) to D (13, very common)
NAMES_FILE = ("gender_guesser", "data/nam_dict.txt")
# its columns of European countries: Great Britain, Ireland, (not the U.S.A.), Italy ... Ukraine
EUROPEAN_COLUMNS = [0, 1, *range(3, 43)]


@cache
def first_names() -> dict[str, int]:
    """Europe's first names (lower case, NFC), each with its highest frequency in a European
    country on gender-guesser's scale: 10 is 2 % of the people, each step down halves it."""
    package, name = NAMES_FILE
    text = (files(package) / name).read_text(encoding="utf-8")
    names: dict[str, int] = {}
    for line in text.splitlines():
        if not line or line[0] in "#=" or line[29:30] == "+":  # +: a copy with umlauts spelt out
            continue
        name = unicodedata.normalize("NFC", line[3:29].strip().lower())
        columns = line[30:]
        level = max(
            (
                int(columns[i], 16)
                for i in EUROPEAN_COLUMNS
                if i < len(columns) and columns[i] != " "
            ),
            default=0,
        )
        if level and name.isalpha():
            names[name] = max(names.get(name, 0), level)
    return names


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
