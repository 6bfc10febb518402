"""What a language's own dictionary says of a word: a base form, a proper noun, or neither;
and the other word lists that choose answers: offensive words and first names.

The data are Debian's Hunspell dictionaries (/usr/share/hunspell, packages hunspell-fr,
hunspell-de-de, hunspell-es, hunspell-it, hunspell-pt-pt, hunspell-en-us). Each `.dic` entry
(the text before its `/` flags) is a base form; Hunspell makes the inflected ones from the
flags and the `.aff` file's suffix rules (`Dictionary.forms`). Proper nouns are capitalised;
the French dictionary also tags them `po:npr`. German capitalises every noun, so there a
capital alone does not make a name (see languages.py). Some entries are no words alone: the
`.aff` file's NEEDAFFIX and ONLYINCOMPOUND flags mark stems and the first parts of compounds
(German `Typen/hij` of Typenschild). `simplemma` (lemmas, offline) gives a second opinion: a
base form is its own lemma.
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


@dataclass(frozen=True)
class Suffix:
    """A suffix rule of a .aff file (`SFX flag strip add/flags condition`)."""

    strip: str  # letters taken off the entry
    add: str  # letters put in their place
    condition: re.Pattern[str]  # what the entry must end with
    compound_only: bool  # the form it makes is only part of compounds (ONLYINCOMPOUND)

    def makes(self, entry: str) -> str | None:
        if entry.endswith(self.strip) and self.condition.search(entry):
            return entry[: len(entry) - len(self.strip)] + self.add
        return None


NUMERAL_TAGS = ("po:nbro", "subcat=rom")  # French and Portuguese tags of Roman numerals
PEOPLE_TAGS = ("po:prn", "po:patr", "SEM=p]", "SEM=p,")  # their first names and surnames
PREFIX_TAG = "CAT=pref"  # Portuguese: a prefix (super, multi), no word alone
LOAN_TAG = "ORIG="  # Portuguese: a word kept in its foreign spelling (slide, spray, pizza)
CONTRACTION_TAG = "CAT=cp"  # Portuguese: a preposition and a word in one (disso, donde, neste)
LOCUTION_TAG = "po:loc."  # French: a word only found in a set phrase (quant à, statu quo)
NOUN_TAGS = ("CAT=nc", "CAT=a_nc")  # Portuguese: a noun (a_nc: also an adjective)


@dataclass(frozen=True, eq=False)  # one object a file read (dictionary() caches it)
class Dictionary:
    language: str
    path: Path
    lower: frozenset[str]  # entries written in lower case: base forms of common words (NFC)
    capitalised: frozenset[str]  # entries with a capital first letter, lowered (names; in
    # German also nouns)
    proper: frozenset[str]  # entries tagged as proper nouns (French po:npr), lowered
    numerals: frozenset[str] = frozenset()  # entries tagged as Roman numerals, lowered
    people: frozenset[str] = frozenset()  # entries tagged as people's names, lowered
    bound: frozenset[str] = frozenset()  # entries that are no words alone (stems, compound
    # parts, Portuguese prefixes), as the .dic writes them; not in lower, capitalised, proper
    loans: frozenset[str] = frozenset()  # entries tagged as loan words (Portuguese), lowered
    flags: Mapping[str, frozenset[str]] = field(default_factory=dict)  # entry: affix flags
    suffixes: Mapping[str, tuple[Suffix, ...]] = field(default_factory=dict)  # flag: rules
    # the suffix rules by the letters they add, with their flag: how `sources` reads a form back
    by_ending: Mapping[str, tuple[tuple[str, Suffix], ...]] = field(default_factory=dict)
    elided: frozenset[str] = frozenset()  # words the .aff's prefixes elide before a vowel,
    # without the apostrophe (Italian dell, nell, quell; French l, qu)
    # entries each of whose lines is tagged so (a word can be one and also another word):
    contractions: frozenset[str] = frozenset()  # Portuguese CAT=cp: disso, donde
    locutions: frozenset[str] = frozenset()  # French po:loc.*: quant, statu, facto, parce
    no_plural: frozenset[str] = frozenset()  # Portuguese nouns without affix flags: the
    # dictionary gives them no plural (gávea, hasta, sarro; zinco, aveia)

    def forms(self, entry: str) -> set[str]:
        """The other words Hunspell makes of `entry` (as the .dic writes it) with its suffix
        rules: plurals, conjugations, feminines (`laure`: laures; `damn`: damned, damns)."""
        made = set()
        for flag in self.flags.get(entry, ()):
            for rule in self.suffixes.get(flag, ()):
                form = rule.makes(entry)
                if form is not None and not rule.compound_only:
                    made.add(form)
        made.discard(entry)
        return {form for form in made if form.isalpha()}

    def sources(self, word: str) -> set[str]:
        """The other entries (as the .dic writes them, words alone) that a suffix rule turns
        into `word`: `vender` for vendí, `lleno` and `llenar` for llena, `Ufer` for Ufern."""
        found = set()
        for cut in range(len(word) + 1):
            stem, ending = word[: len(word) - cut], word[len(word) - cut :]
            for flag, rule in self.by_ending.get(ending, ()):
                entry = stem + rule.strip
                if (
                    entry != word
                    and entry not in self.bound
                    and flag in self.flags.get(entry, ())
                    and not rule.compound_only
                    and rule.condition.search(entry)
                ):
                    found.add(entry)
        return found


@cache
def dictionary(language: str, directory: Path = HUNSPELL_DIR) -> Dictionary:
    """The language's Hunspell dictionary, read once. One line (WordleError) when missing."""
    name = DICTIONARIES.get(language)
    if name is None:
        raise WordleError(f"no dictionary of base forms for language {language!r}")
    path = directory / f"{name}.dic"
    text = _read(path, language)
    aff = _Affixes.read(_read(path.with_suffix(".aff"), language))
    lower, capitalised, proper, numerals, people = set(), set(), set(), set(), set()
    bound, free, loans = set(), set(), set()
    flags: dict[str, set[str]] = {}
    kinds: dict[str, set[str]] = {}  # entry: what each of its lines is (see _kind)
    for line in text.splitlines()[1:]:  # the first line counts the entries
        fields = line.split()
        if not fields:
            continue
        entry, _, entry_flags = fields[0].partition("/")
        entry = unicodedata.normalize("NFC", entry)
        if not entry.isalpha():
            continue
        own = set(_split_flags(entry_flags, aff.flag_type)) if entry_flags else set()
        flags.setdefault(entry, set()).update(own)
        tags = " ".join(fields[1:])
        kinds.setdefault(entry, set()).add(_kind(tags, bool(own)))
        if LOAN_TAG in tags:
            loans.add(entry.lower())
        if PREFIX_TAG in tags or not aff.alone(entry, own):
            bound.add(entry)
            continue
        free.add(entry)
        if "po:npr" in fields[1:]:
            proper.add(entry.lower())
        elif entry == entry.lower():
            lower.add(entry)
        elif entry[0].isupper() and entry[1:] == entry[1:].lower():
            capitalised.add(entry.lower())
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
        frozenset(bound - free),
        frozenset(loans),
        {entry: frozenset(f) for entry, f in flags.items() if f},
        aff.suffixes,
        aff.by_ending(),
        aff.elided,
        *(
            frozenset(entry for entry, kind in kinds.items() if kind == {wanted})
            for wanted in ("contraction", "locution", "no plural")
        ),
    )


def _kind(tags: str, flagged: bool) -> str:
    """What a .dic line says an entry is, for the tags dictionary() sorts entries by."""
    if CONTRACTION_TAG in tags:
        return "contraction"
    if LOCUTION_TAG in tags:
        return "locution"
    if not flagged and any(tag + "," in tags for tag in NOUN_TAGS):
        return "no plural"
    return "other"


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


@dataclass(frozen=True)
class _Affixes:
    """What dictionary() needs of a .aff file: its flag type (FLAG long, num, UTF-8 or one
    character), its suffix rules by flag (`SFX flag strip add[/flags] condition`, 0 is the
    empty string), the flags of entries that are no words alone (NEEDAFFIX, ONLYINCOMPOUND)
    and the prefix flags with a rule that adds nothing (`PFX Um 0 0`); the elided words its
    prefixes write before a vowel (Italian `PFX T 0 dell'`: dell)."""

    flag_type: str
    suffixes: dict[str, tuple[Suffix, ...]]
    need_affix: frozenset[str]
    compound_only: frozenset[str]
    empty_prefixes: frozenset[str]
    elided: frozenset[str]

    @classmethod
    def read(cls, aff: str) -> _Affixes:
        flag_type, rules = "char", dict[str, list[tuple[str, str, str, str]]]()
        special: dict[str, set[str]] = {"NEEDAFFIX": set(), "ONLYINCOMPOUND": set()}
        empty_prefixes: list[tuple[str, str]] = []  # (flag, the flags of its forms)
        elided: set[str] = set()
        for line in aff.splitlines():
            fields = line.split()
            if len(fields) >= 2 and fields[0] == "FLAG":
                flag_type = fields[1]
            elif len(fields) >= 2 and fields[0] in special:
                special[fields[0]].add(fields[1])
            elif len(fields) >= 5 and fields[0] == "SFX":
                add, _, then = fields[3].partition("/")
                rules.setdefault(fields[1], []).append((fields[2], add, then, fields[4]))
            elif len(fields) >= 5 and fields[0] == "PFX":
                add, _, then = fields[3].partition("/")
                if add == "0" and fields[2] == "0":
                    empty_prefixes.append((fields[1], then))
                elif "'" in add:
                    elided.add(unicodedata.normalize("NFC", add.partition("'")[0].lower()))
        compound_only = frozenset(special["ONLYINCOMPOUND"])

        def suffix(strip: str, add: str, then: str, condition: str) -> Suffix:
            return Suffix(
                "" if strip == "0" else strip,
                "" if add == "0" else add,
                re.compile(f"(?:{condition})$"),
                bool(compound_only & set(_split_flags(then, flag_type))),
            )

        return cls(
            flag_type,
            {flag: tuple(suffix(*rule) for rule in r) for flag, r in rules.items()},
            frozenset(special["NEEDAFFIX"]),
            compound_only,
            frozenset(
                flag
                for flag, then in empty_prefixes
                if not compound_only & set(_split_flags(then, flag_type))
            ),
            frozenset(elided - {""}),
        )

    def alone(self, entry: str, flags: set[str]) -> bool:
        """An entry with these flags is a word alone: not only part of compounds, and when
        it needs an affix, one of its own affix rules adds nothing (French `Allemagne/S.()`:
        S. makes Allemagne and Allemagnes; German `Typen/hij` has no such rule)."""
        if flags & self.compound_only:
            return False
        if not flags & self.need_affix or flags & self.empty_prefixes:
            return True
        return any(
            rule.makes(entry) == entry and not rule.compound_only
            for flag in flags
            for rule in self.suffixes.get(flag, ())
        )

    def by_ending(self) -> dict[str, tuple[tuple[str, Suffix], ...]]:
        ending: dict[str, list[tuple[str, Suffix]]] = {}
        for flag, rules in self.suffixes.items():
            for rule in rules:
                ending.setdefault(rule.add, []).append((flag, rule))
        return {add: tuple(rules) for add, rules in ending.items()}


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
EUROPEAN_COLUMNS = (0, 1, *range(3, 43))
# the countries of each language: Great Britain, Ireland; Italy, Switzerland; Portugal; Spain;
# France, Belgium, Luxembourg, Switzerland; Germany, Austria, Switzerland
COUNTRY_COLUMNS = {
    "en": (0, 1),
    "it": (3, 14),
    "pt": (5,),
    "es": (6,),
    "fr": (7, 8, 9, 14),
    "de": (12, 13, 14),
}


@cache
def first_names(columns: tuple[int, ...] = EUROPEAN_COLUMNS) -> dict[str, int]:
    """Europe's first names (lower case, NFC), each with its highest frequency in a European
    country (or in those of `columns`) on gender-guesser's scale: 10 is 2 % of the people,
    each step down halves it."""
    package, name = NAMES_FILE
    text = (files(package) / name).read_text(encoding="utf-8")
    names: dict[str, int] = {}
    for line in text.splitlines():
        if not line or line[0] in "#=" or line[29:30] == "+":  # +: a copy with umlauts spelt out
            continue
        name = unicodedata.normalize("NFC", line[3:29].strip().lower())
        levels = line[30:]
        level = max(
            (int(levels[i], 16) for i in columns if i < len(levels) and levels[i] != " "), default=0
        )
        if level and name.isalpha():
            names[name] = max(names.get(name, 0), level)
    return names


# LibreOffice's thesauri (MyThes format, Debian's mythes-* packages): the file, its package
THESAURUS_DIR = Path("/usr/share/mythes")
THESAURI = {"es": ("th_es_ES_v2.dat", "mythes-es"), "fr": ("th_fr_FR_v2.dat", "mythes-fr")}


@cache
def thesaurus(language: str, directory: Path = THESAURUS_DIR) -> frozenset[str] | None:
    """The one-word entries and synonyms of the language's thesaurus, lower case, NFC; None
    for a language without one. One line (WordleError) when it is not installed."""
    if language not in THESAURI:
        return None
    name, package = THESAURI[language]
    path = directory / name
    try:
        data = path.read_bytes()
    except OSError:
        raise WordleError(
            f"the {language} thesaurus {path} is not installed: apt-get install {package}"
        ) from None
    encoding, _, text = data.partition(b"\n")  # the first line names the encoding
    try:
        lines = text.decode(encoding.decode("ascii").strip()).splitlines()
    except (LookupError, UnicodeDecodeError) as exc:
        raise WordleError(f"{path}: {exc}") from None
    # "word|meanings", then one "-|synonym|synonym" (or "(kind)|...") line a meaning
    fields = (
        unicodedata.normalize("NFC", f.strip().lower()) for ln in lines for f in ln.split("|")
    )
    return frozenset(field for field in fields if field.isalpha())


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
    return written_lemma(word, language).lower()


def written_lemma(word: str, language: str) -> str:
    """simplemma's lemma of `word` as it writes it: with a capital for a proper noun."""
    import simplemma  # loads the language's data on first use

    return str(simplemma.lemmatize(word, lang=language))


def lemma_known(word: str, language: str) -> bool:
    """simplemma knows `word`, as a lemma or a form."""
    import simplemma

    return bool(simplemma.is_known(word, lang=language))
