"""Word lists of other languages, from Debian's spell-checker lists in /usr/share/dict.

`system_words("fr", 5)` reads the French list (package wfrench) and returns the words a
channel accepts (every entry of exactly that many letters of the language's alphabet, proper
nouns left out) and its answer words: those a native speaker would choose, that is base forms
of the language's own dictionary (Hunspell, see dictionaries.py) that are their own lemma
(simplemma) and common enough (`wordfreq`). See docs/languages.md for the rules, the
thresholds and their limits.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from wordle_db.dictionaries import (
    COUNTRY_COLUMNS,
    Dictionary,
    dictionary,
    first_names,
    lemma_known,
    lemma_of,
    offensive,
    thesaurus,
    written_lemma,
)
from wordle_db.errors import WordleError

DICT_DIR = Path("/usr/share/dict")
MAX_LIST_BYTES = 64 * 2**20  # Debian's lists are 1-5 MB


@dataclass(frozen=True)
class Language:
    code: str  # ISO 639-1, also wordfreq's code
    name: str  # in English, for messages
    lists: tuple[tuple[str, str], ...]  # (file in /usr/share/dict, Debian package), preferred first
    accented: str  # the letters besides a-z, lower case
    min_zipf: float  # default answer threshold, Zipf scale: ~2,000 answers of 5 letters
    nouns_capitalised: bool = False  # German: every noun starts with a capital
    # Italian, German: many .dic entries are stems or other forms (mond/... makes mondo,
    # Katz/EPm makes Katze): the dictionary cannot say what is a base form, simplemma does
    dictionary_stems: bool = False
    # German, English, Spanish: simplemma knows the language's words well enough that a word
    # it does not know is an answer only when very common (antes, jamás; not steck, quier,
    # dunno); its French and Italian lists miss too many (savon, capra, aceto)
    lemmas_known: bool = False
    # Spanish: simplemma gives a proper noun's lemma with its capital (rusia: Rusia, argel:
    # Argel); its English data does so for words too (robin: Robin, carol: Carol)
    proper_lemmas: bool = False
    # French, Portuguese: the list holds English words the language borrows (about, green,
    # phone; honor); German, Spanish and Italian share spellings with English words of their
    # own (still, these, taste; novel; gonna, a skirt)
    english_loans: bool = False
    # French, Portuguese: a word the dictionary also holds as a proper noun is read as that
    # name unless its forms are in use (japon, seine; durão); the Spanish dictionary holds
    # common words with a capital too (marzo, norte, otoño)
    proper_homographs: bool = False

    @property
    def alphabet(self) -> str:
        return "abcdefghijklmnopqrstuvwxyz" + self.accented

    @property
    def packages(self) -> str:
        return " (or ".join(package for _, package in self.lists) + ")" * (len(self.lists) - 1)


ENGLISH_LISTS = (("american-english", "wamerican"), ("british-english", "wbritish"))
LANGUAGES: dict[str, Language] = {
    language.code: language
    for language in (
        Language(
            "de",
            "German",
            (("ngerman", "wngerman"),),
            "äöüß",
            2.95,  # with issue 41's rules, still over 1,000 answers of 5 letters
            nouns_capitalised=True,
            dictionary_stems=True,
            lemmas_known=True,
        ),
        Language("en", "English", ENGLISH_LISTS, "", 3.25, lemmas_known=True),
        Language(
            "es",
            "Spanish",
            (("spanish", "wspanish"),),
            "áéíñóúü",
            3.0,
            lemmas_known=True,
            proper_lemmas=True,
        ),
        Language(
            "fr",
            "French",
            (("french", "wfrench"),),
            "àâæçéèêëîïôœùûüÿ",
            3.2,  # 3.25 until the English rule of issue 41's third reading took it under 1,000
            english_loans=True,
            proper_homographs=True,
        ),
        Language(
            "it", "Italian", (("italian", "witalian"),), "àèéìíîòóù", 3.0, dictionary_stems=True
        ),
        Language(
            "pt",
            "Portuguese",
            (("portuguese", "wportuguese"),),
            "áâãàçéêíóôõú",
            3.25,
            english_loans=True,
            proper_homographs=True,
        ),
    )
}


@dataclass(frozen=True)
class SystemWords:
    language: str
    package: str
    path: Path
    accepted: list[str]  # sorted, unique, lower case, NFC, exactly `letters` letters
    answers: list[str]  # subset of accepted: common base forms, never proper names
    left_out: dict[str, int]  # why the other candidate answers were left out: reason -> count


def system_words(
    language: str,
    letters: int,
    min_zipf: float | None = None,
    dict_dir: Path = DICT_DIR,
    blocked: frozenset[str] = frozenset(),
) -> SystemWords:
    """The accepted and answer words of `letters` letters in the language's Debian list.

    `min_zipf` (default: the language's own) is the least wordfreq Zipf frequency of an
    answer; `blocked`, an operator's words never to publish, beside the language's offensive
    words. Raises WordleError (one line) for an unknown language, a list that is not
    installed or not UTF-8, and a list without words of that length."""
    lang = LANGUAGES.get(language.strip().lower()) if isinstance(language, str) else None
    if lang is None:
        raise WordleError(
            f"unknown language {language!r}: the known ones are {', '.join(sorted(LANGUAGES))}"
        )
    if letters < 1:
        raise WordleError(f"a word has at least 1 letter, not {letters}")
    path, package = _find_list(lang, Path(dict_dir))
    entries = _read_list(path)
    accepted, candidates = _select(lang, entries, letters)
    if not accepted:
        raise WordleError(f"the {lang.name} word list {path} has no words of {letters} letters")
    found = dictionary(lang.code)
    names = {
        w
        for w in accepted
        if w in found.proper or (not lang.nouns_capitalised and w in found.capitalised)
    } - found.lower
    accepted -= names
    threshold = lang.min_zipf if min_zipf is None else min_zipf
    why = rejections(lang, candidates & accepted, found, threshold, blocked)
    left_out = {"a proper noun": len(names & candidates)}
    for reason in why.values():
        left_out[reason] = left_out.get(reason, 0) + 1
    answers = (candidates & accepted) - set(why)
    return SystemWords(
        lang.code,
        package,
        path,
        sorted(accepted),
        sorted(answers),
        {reason: n for reason, n in left_out.items() if n},
    )


def rejections(
    lang: Language,
    words: Iterable[str],
    found: Dictionary,
    min_zipf: float | None,
    blocked: frozenset[str] = frozenset(),
) -> dict[str, str]:
    """Why each word a daily game would not publish is not an answer (words that are one are
    left out): offensive, not a base form of the dictionary (nor a word alone), a proper noun,
    rare by wordfreq (unless `min_zipf` is None), an inflected form by simplemma, a verb with
    attached pronouns, an inflected form by the dictionary, a loan word the dictionary tags, an
    English word, a German noun from English without a German plural, a verb form the
    dictionary makes, a function word, a contraction or a set phrase's word (the dictionary's
    tags), a Roman numeral, a given name or surname, a proper noun by simplemma or a proper
    noun's homograph, unknown to simplemma, rare and not in the thesaurus, rare and without a
    plural in the dictionary, a combining form. The first reason that holds is given."""
    from wordfreq import zipf_frequency  # loads its data (~0.2 s): only when needed

    base = found.lower | (found.capitalised if lang.nouns_capitalised else frozenset())
    bad = offensive(lang.code) | blocked
    why: dict[str, str] = {}
    for word in words:
        if word in bad or word in _offensive_forms(lang.code):
            why[word] = "offensive (block list)"
        elif (
            word in found.proper
            or (word not in base and not lang.dictionary_stems)
            or _unknown_to_dictionary(word, lang, found)
        ):
            why[word] = "not a base form in the dictionary"
        elif min_zipf is not None and zipf_frequency(word, lang.code) < min_zipf:
            why[word] = f"rare (wordfreq below {min_zipf:g})"
        elif not _is_lemma(word, lang, found):
            why[word] = "an inflected form (simplemma)"
        elif _is_verb_with_pronouns(word, lang, found):
            why[word] = "a verb with attached pronouns"
        elif _is_dictionary_form(word, lang, found):
            why[word] = "an inflected form (the dictionary)"
        elif word in found.loans:
            why[word] = "a loan word (the dictionary)"
        elif _is_loan_by_spelling(word, lang):
            why[word] = "a loan word (its last letter)"
        elif _is_english(word, lang):
            why[word] = "an English word (wordfreq)"
        elif _is_german_loan(word, lang, found):
            why[word] = "an English loan without a German plural (the dictionary)"
        elif _neighbours_word(word, lang):
            why[word] = "a Portuguese and Italian word (wordfreq)"
        elif _is_verb_form(word, lang, found):
            why[word] = "a verb form (the dictionary)"
        elif _is_function_word(word, lang, found):
            why[word] = "a function word (the dictionary)"
        elif word in found.contractions:
            why[word] = "a contraction (the dictionary)"
        elif word in found.locutions:
            why[word] = "only in a set phrase (the dictionary)"
        elif _is_roman_numeral(word, found):
            why[word] = "a Roman numeral"
        elif _is_name(word, lang, found):
            why[word] = "a given name or surname"
        elif _is_proper_lemma(word, lang):
            why[word] = "a proper noun (simplemma)"
        elif _is_proper_homograph(word, lang, found):
            why[word] = "a proper noun's homograph not in use (the dictionary)"
        elif min_zipf is not None and _unknown(word, lang, found):
            why[word] = "unknown to simplemma and not common"
        elif min_zipf is not None and _rare_outside_thesaurus(word, lang, found, min_zipf):
            below = min_zipf + THESAURUS_MARGIN[lang.code]
            why[word] = f"rare, not in the thesaurus (wordfreq below {below:g})"
        elif min_zipf is not None and _rare_without_plural(word, lang, found, min_zipf):
            below = min_zipf + NO_PLURAL_MARGIN
            why[word] = f"rare, no plural in the dictionary (wordfreq below {below:g})"
        elif _is_combining_form(word, lang, found):
            why[word] = "a combining form (the dictionary)"
    return why


def _is_lemma(word: str, lang: Language, found: Dictionary) -> bool:
    """simplemma reads the word as its own lemma, as the dictionary writes it: in German also
    with its capital when it is a noun (`tisch` is a form of the verb tischen, `Tisch` the
    noun), and only so when the dictionary has it only as a noun (`ufern`: Ufern, a form of
    Ufer)."""
    return any(lemma_of(form, lang.code) == word for form in _spellings(word, lang, found))


def _spellings(word: str, lang: Language, found: Dictionary) -> list[str]:
    """How the language writes `word`: in German, in lower case when the dictionary has it so
    (an entry or a form of one), with a capital when it has it as a noun (also only as the
    first part of compounds: Härte/hij); both when neither."""
    if not lang.nouns_capitalised:
        return [word]
    noun = _as_noun(word)
    known = [word] if word in found.lower or found.sources(word) else []
    if word in found.capitalised or noun in found.bound or found.sources(noun):
        known.append(noun)
    return known or [word, noun]


# Zipf: how much more common than the threshold a word the thesaurus lacks must be
THESAURUS_MARGIN = {"es": 0.2, "fr": 0.4}
# where such a word still stays when its forms are in use (French cygne: cygnes); not in
# Spanish, whose list holds no plurals and whose counts take in Portuguese (groso, ostia)
THESAURUS_FORMS = frozenset({"fr"})


def _rare_outside_thesaurus(word: str, lang: Language, found: Dictionary, min_zipf: float) -> bool:
    """The language's thesaurus (LibreOffice's, Debian's mythes-es and mythes-fr) neither
    lists the word nor gives it as a synonym, and it is under `min_zipf` + THESAURUS_MARGIN:
    the regional, archaic, slang and foreign words just over the threshold (es groso, podre,
    corps; fr bongo, sahel, taule, skate) are in no thesaurus, which holds the language's
    everyday words (oruga, piojo; but not cebra, pulga, fr craie, ozone, lost with them).
    French: a word whose forms are in use stays (cygne, biche, dinde)."""
    from wordfreq import zipf_frequency

    words = thesaurus(lang.code)
    return (
        words is not None
        and word not in words
        and zipf_frequency(word, lang.code) < min_zipf + THESAURUS_MARGIN[lang.code]
        and not (lang.code in THESAURUS_FORMS and _forms_in_use(word, lang, found))
    )


NO_PLURAL_MARGIN = 0.35  # Zipf: Portuguese nouns without a plural, under 3.6


def _rare_without_plural(word: str, lang: Language, found: Dictionary, min_zipf: float) -> bool:
    """Portuguese: a noun the dictionary gives no plural (no affix flags), under `min_zipf` +
    NO_PLURAL_MARGIN: words bound to a phrase, archaic, slang or foreign (gávea, hasta,
    sarro, pixel, lobão), and mass nouns with them (zinco, cloro, aveia). Not words in -s
    or -x, whose plural is the word itself."""
    from wordfreq import zipf_frequency

    return (
        word in found.no_plural
        and word[-1] not in "sx"  # its plural is itself (oásis, tórax)
        and zipf_frequency(word, lang.code) < min_zipf + NO_PLURAL_MARGIN
    )


# French, Portuguese, Spanish: plurals in -s tell a noun from a clipped combining form
COMBINING_FORMS = frozenset({"es", "fr", "pt"})
COMBINING_COMPOUNDS = 5  # entries a combining form starts (micro: microfilme, microclima)
COMBINING_ZIPF = 5.0  # prepositions start compounds too, and are more common (entre, sobre)


def _is_combining_form(word: str, lang: Language, found: Dictionary) -> bool:
    """A combining form the dictionary also lists as a word, clipped from its compounds
    (micro, retro; fr inter, supra, infra, turbo; es anglo): it is the first part of at
    least COMBINING_COMPOUNDS entries whose rest is another entry of 4 letters or more
    (microfilme, retrovisor), it is under COMBINING_ZIPF, and no plural of it is in use
    (Zipf under FORMS_ZIPF). quilo (quilos), astro, extra, French micro (micros) stay."""
    from wordfreq import zipf_frequency

    return (
        lang.code in COMBINING_FORMS
        and _compounds_begun(found, len(word)).get(word, 0) >= COMBINING_COMPOUNDS
        and zipf_frequency(word, lang.code) < COMBINING_ZIPF
        and all(zipf_frequency(p, lang.code) < FORMS_ZIPF for p in _plurals(word, lang))
    )


@cache
def _compounds_begun(found: Dictionary, letters: int) -> dict[str, int]:
    """How many entries of the dictionary each `letters`-letter entry begins, the rest
    being another entry of 4 letters or more (micro: microfilme, microclima, ...)."""
    words = found.lower | {entry.lower() for entry in found.bound}
    begun: dict[str, int] = {}
    for entry in words:
        head, rest = entry[:letters], entry[letters:]
        if len(rest) >= 4 and head in found.lower and rest in words:
            begun[head] = begun.get(head, 0) + 1
    return begun


def _is_proper_homograph(word: str, lang: Language, found: Dictionary) -> bool:
    """The dictionary also holds the word as a proper noun (with a capital, or French
    po:npr), and its forms are not in use as a common word's are (fr japon, chine, seine,
    suède: read as the country or the river; pt durão); see _forms_in_use."""
    return (
        lang.proper_homographs
        and (word in found.capitalised or word in found.proper)
        and word[-1] not in "sxz"  # its plural is itself (lilas)
        and not _forms_in_use(word, lang, found)
    )


NEIGHBOURS = {"es": ("pt", "it")}  # languages whose text wordfreq's counts of one take in


def _neighbours_word(word: str, lang: Language) -> bool:
    """Spanish: a word the thesaurus does not know that is 10 times as common in Portuguese
    and in Italian (ENGLISH_MARGIN): their text makes it frequent in wordfreq's Spanish
    counts (ferro, torna; palco, a good word, goes with them)."""
    from wordfreq import zipf_frequency

    words, common = thesaurus(lang.code), zipf_frequency(word, lang.code)
    return (
        words is not None
        and word not in words
        and lang.code in NEIGHBOURS
        and all(
            zipf_frequency(word, other) - common >= ENGLISH_MARGIN
            for other in NEIGHBOURS[lang.code]
        )
    )


UNKNOWN_ZIPF = 4.5  # a word simplemma does not know is an answer from here (antes: 5.8)


def _unknown(word: str, lang: Language, found: Dictionary) -> bool:
    """simplemma knows the word in none of its spellings, and it is under UNKNOWN_ZIPF."""
    from wordfreq import zipf_frequency

    return (
        lang.lemmas_known
        and zipf_frequency(word, lang.code) < UNKNOWN_ZIPF
        and not any(lemma_known(form, lang.code) for form in _spellings(word, lang, found))
    )


def _is_dictionary_form(word: str, lang: Language, found: Dictionary) -> bool:
    """An inflected form by the dictionary's own suffix rules: a German genitive, an Italian
    gender or number form, a Spanish plural (below)."""
    return (
        _is_genitive(word, lang, found)
        or _is_italian_form(word, lang, found)
        or _is_spanish_plural(word, lang, found)
    )


def _is_spanish_plural(word: str, lang: Language, found: Dictionary) -> bool:
    """Spanish, whose list holds no plurals: an entry that is also the plural the dictionary
    makes of a more common entry (andas, a litter, of anda; not antes of ante, far rarer)."""
    from wordfreq import zipf_frequency

    return (lang.code, word[-1:]) == ("es", "s") and any(
        entry in (word[:-1], word[:-2])
        and entry in found.lower
        and zipf_frequency(entry, lang.code) > zipf_frequency(word, lang.code)
        for entry in found.sources(word)
    )


def _is_genitive(word: str, lang: Language, found: Dictionary) -> bool:
    """German: the dictionary has the word only as a noun, no entry of its own but the -s or
    -es form of another (Wales of Wal, Codes of Code), which names and plurals of loan words
    take; a noun's base form is no such form (Katze of Katz adds -e)."""
    noun = _as_noun(word)
    if not lang.nouns_capitalised or _spellings(word, lang, found) != [noun]:
        return False
    return word not in found.capitalised and any(
        noun in (entry + "s", entry + "es") for entry in found.sources(noun)
    )


def _is_italian_form(word: str, lang: Language, found: Dictionary) -> bool:
    """Italian: a plural simplemma does not know whose singular the dictionary knows (perle
    of perla, capre of capra, which capro/o makes, falde, spose; not colle or corte,
    singulars simplemma knows); a feminine that is no entry of its own but a form of an
    entry in -o more common than it (gatta of gatto/o; but capra, more common than capro);
    or a cut-short form of a more common word the dictionary knows (alcun, minor)."""
    if lang.code != "it":
        return False
    from wordfreq import zipf_frequency

    def common(form: str) -> float:
        return zipf_frequency(form, lang.code)

    def known(form: str) -> bool:
        return form in found.lower or bool(found.sources(form))

    if word[-1] not in VOWELS:
        return any(common(word + v) > common(word) and known(word + v) for v in "eo")
    if word[-1] in "ei" and not lemma_known(word, lang.code):
        return known(word[:-1] + ("a" if word[-1] == "e" else "o"))
    return (
        word[-1] == "a"
        and word not in found.lower
        and any(
            entry == word[:-1] + "o" and common(entry) > common(word)  # a noun's or adjective's
            for entry in found.sources(word)
        )
    )


def _is_loan_by_spelling(word: str, lang: Language) -> bool:
    """Italian, whose own words end in a vowel (the cut-short ones aside, above): a word
    ending in a consonant that another of the languages uses more (laser, sport, super,
    gilet; not alcol, ovest, rebus, nor virus, as common in Italian as anywhere)."""
    from wordfreq import zipf_frequency

    return (
        lang.code == "it"
        and word[-1] not in VOWELS
        and any(
            zipf_frequency(word, other) > zipf_frequency(word, lang.code)
            for other in LANGUAGES
            if other != lang.code
        )
    )


ENGLISH_MARGIN = 1.0  # Zipf: 10 times as common in English (about 2.5, green 1.1, trust 1.7)


def _is_english(word: str, lang: Language) -> bool:
    """Where the list holds the English words the language borrows (French, Portuguese): a
    word 10 times as common in English (fr about, green, phone, stand; pt honor, prior)."""
    from wordfreq import zipf_frequency

    return lang.english_loans and (
        zipf_frequency(word, "en") - zipf_frequency(word, lang.code) >= ENGLISH_MARGIN
    )


GERMAN_LOAN_MARGIN = 0.75  # Zipf: 5.6 times as common in English (crash 0.8, patch 0.8)
GERMAN_PLURALS = frozenset("NEPR")  # de_DE.aff: -n, -e, -en, -er (Taste/N, Dress/E)


def _is_german_loan(word: str, lang: Language, found: Dictionary) -> bool:
    """German: a noun only (no lower-case entry) whose dictionary flags give it no German
    plural (at most -s), 5.6 times as common in English (array, crash, patch, spray; not
    dress/E, these/N, taste/N, nor the adjectives still, final, vital)."""
    from wordfreq import zipf_frequency

    if lang.code != "de" or word in found.lower:
        return False
    entry = word[:1].upper() + word[1:]
    if entry not in found.flags or found.flags[entry] & GERMAN_PLURALS:
        return False
    return zipf_frequency(word, "en") - zipf_frequency(word, "de") >= GERMAN_LOAN_MARGIN


FUNCTION_ZIPF = 5.9  # Italian della 6.9, sulla 6.0; bello 5.3 and buona 5.5 stay


def _is_function_word(word: str, lang: Language, found: Dictionary) -> bool:
    """A word the dictionary's prefixes elide before a vowel (Italian dell', nell', sull',
    quell') that is as common as the language's articles and prepositions: della, nella,
    dalla, sulla; not bello (bell'), an adjective."""
    from wordfreq import zipf_frequency

    return word[:-1] in found.elided and zipf_frequency(word, lang.code) >= FUNCTION_ZIPF


def _is_proper_lemma(word: str, lang: Language) -> bool:
    """simplemma's lemma of the word is the word with a capital: a place or a person (Spanish
    rusia: Rusia, argel, congo, marte, venus)."""
    return lang.proper_lemmas and written_lemma(word, lang.code) == _as_noun(word)


def _unknown_to_dictionary(word: str, lang: Language, found: Dictionary) -> bool:
    """Where the dictionary holds stems (German, Italian), a word that is neither an entry
    (a stem or compound part included) nor a form of one: German ungut (only in "nichts für
    ungut")."""
    spellings = {word, _as_noun(word)} if lang.nouns_capitalised else {word}
    return lang.dictionary_stems and not any(
        s.lower() in found.lower
        or s.lower() in found.capitalised
        or s in found.bound
        or found.sources(s)
        for s in spellings
    )


@cache
def _offensive_forms(code: str) -> frozenset[str]:
    """The forms the dictionary makes of the block lists' words that are rarer than the listed
    word (damned of damn; German Huren of Hure); a more common form has a life of its own
    (butter of butt)."""
    from wordfreq import zipf_frequency

    found, made = dictionary(code), set()
    entries = found.lower | found.capitalised
    for listed in offensive(code):
        common = zipf_frequency(listed, code)
        for entry in {listed, _as_noun(listed)}:  # German nouns: Hure, Huren
            if entry.lower() in entries:
                forms = {form.lower() for form in found.forms(entry)}
                made |= {form for form in forms if zipf_frequency(form, code) < common}
    return frozenset(made)


ROMAN = re.compile("m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")


def _is_roman_numeral(word: str, found: Dictionary) -> bool:
    """A valid Roman numeral (xviii, xxiii), unless the dictionary holds it as a word without
    tagging it a numeral (`mix`, `dix`)."""
    return bool(ROMAN.fullmatch(word)) and (word in found.numerals or word not in found.lower)


# Verb forms the dictionary makes ------------------------------------------------------------
# The Spanish and Portuguese dictionaries list rare nouns that read as the verb form they
# spell (calla, sufra, vendí: nouns of Spanish dictionaries all three). A word the .aff makes
# of an infinitive is read as that verb's form when it is not much more common than the
# infinitive (hielo: helar is rare; marzo: marcir), unless it is in use as a noun or adjective
# too, which makes it more common than the verb alone would:
# - a word in -a or -e (canta, come) is 6 times as common as the verb's third person plural
#   (lucha: luchan; but calla: callan);
# - a word in -o (canto), a first person, has a plural in use (cantos; but vendo: vendos) or
#   is as common as the third person (buceo: bucea; but lloro: llora). Not in Portuguese,
#   where it costs more nouns than it finds verb forms (envio, parto, troco; lanço, tento);
# - other endings are verb forms alone (vendí, andas).
# French, whose dictionary makes nouns of many verbs' forms: a noun in use has a plural in
# use, Zipf 2.5 (tombes, tentes, sortes; not coules, croîts, perces).


@dataclass(frozen=True)
class VerbForms:
    infinitives: tuple[str, ...]
    third_plural: str  # added to the third person singular: canta, cantan
    first_person: bool  # words in -o are read as first persons


VERB_FORMS = {
    "es": VerbForms(("ar", "er", "ir", "ír"), "n", first_person=True),
    "pt": VerbForms(("ar", "er", "ir", "or", "ôr"), "m", first_person=False),
    "fr": VerbForms(("er", "ir", "re", "oir"), "", first_person=False),
}
INFINITIVE_MARGIN = 0.5  # Zipf: a verb form is at most 3 times as common as its infinitive
NOUN_USE_MARGIN = 0.8  # Zipf: a noun in -a, -e over its verb's third person plural
PLURAL_USE_MARGIN = 1.0  # Zipf: the plural of a noun in -o under the word


def _is_verb_form(word: str, lang: Language, found: Dictionary) -> bool:
    """A form the dictionary makes of a verb, read as that verb's (see above)."""
    from wordfreq import zipf_frequency

    verbs = VERB_FORMS.get(lang.code)
    if verbs is None:
        return False

    def common(form: str) -> float:
        return zipf_frequency(form, lang.code)

    infinitives = [
        verb
        for verb in found.sources(word)
        if verb.endswith(verbs.infinitives) and common(word) < common(verb) + INFINITIVE_MARGIN
    ]
    if not infinitives:
        return False
    if lang.code == "fr":  # a noun in use has a plural in use (tombes; not coules, croîts)
        return word[-1] not in "sxz" and all(
            common(plural) < FORMS_ZIPF for plural in _plurals(word, lang)
        )
    if word.endswith(("a", "e")):
        return common(word) - common(word + verbs.third_plural) < NOUN_USE_MARGIN
    if word.endswith("o"):
        thirds = {word[:-1] + ("a" if verb.endswith("ar") else "e") for verb in infinitives}
        return (
            verbs.first_person
            and common(word + "s") < common(word) - PLURAL_USE_MARGIN
            and all(common(word) < common(third) for third in thirds)
        )
    return True


# Given names and surnames ------------------------------------------------------------------
# A name is a first name of gender-guesser's list as common as NAME_LEVEL in some European
# country, or a person's name of the French or Portuguese dictionary (they tag first names
# and surnames, foreign ones too: Weber, Freud, Silva; the others tag none). A name the list
# spells without the word's accents counts where it is common in a country of the word's
# language and that spelling is no word of the dictionary (simón: Simon in Spain; santé is no
# Sante, an Italian name).
#
# A name is also a word when the dictionary lists it as one (in lower case; in German as a
# noun too) and the word is in use: the forms the dictionary makes of it, or its plural, are
# common (roses, grants, marges: names take no plural), forms other than plurals that are
# names themselves not counted (maura, the feminine of mauro; but marcos, frames, counts for
# marco); or it is much more common in its language than in the five others (avril: a name
# is about as common everywhere).
NAME_LEVEL = 3  # gender-guesser's scale: 10 is 2 % of the people, 3 about 1 in 6,000
FORMS_ZIPF = 2.5  # a word's most common other form, wordfreq's Zipf scale
PEOPLE_FORMS_ZIPF = 3.5  # the same, of a name its own dictionary tags (French, Portuguese)
OWN_LANGUAGE_MARGIN = 1.5  # Zipf: 1.5 is 30 times as common


def _is_name(word: str, lang: Language, found: Dictionary) -> bool:
    return is_named(word, lang) and name_kept_as_word(word, lang, found) is None


def is_named(word: str, lang: Language) -> bool:
    """A common first name of Europe, or of the language's countries without the word's
    accents, or a person's name the dictionaries tag."""
    if first_names().get(word, 0) >= NAME_LEVEL or word in _people():
        return True
    plain = _without_accents(word)
    return (
        plain != word
        and plain not in dictionary(lang.code).lower
        and first_names(COUNTRY_COLUMNS[lang.code]).get(plain, 0) >= NAME_LEVEL
    )


def name_kept_as_word(word: str, lang: Language, found: Dictionary) -> str | None:
    """Why a word that is also a name stays an answer, or None."""
    if _forms_in_use(word, lang, found):
        return "its forms are in use"
    if _own_language_word(word, lang):
        return "far more common in its language"
    return None


@cache
def _people() -> frozenset[str]:
    return dictionary("fr").people | dictionary("pt").people


def _forms_in_use(word: str, lang: Language, found: Dictionary) -> bool:
    """The dictionary's forms of `word`, or its plural by simplemma, are common (and no
    names, but for plurals); more common when the language's own dictionary tags the word
    as a person's name (Portuguese bento: benta, 3.1; graça: graças, 5.0)."""
    from wordfreq import zipf_frequency

    least = PEOPLE_FORMS_ZIPF if word in found.people else FORMS_ZIPF
    forms = found.forms(word) if word in found.lower else set()
    if lang.nouns_capitalised and word in found.capitalised:
        noun = _as_noun(word)
        forms |= {form.lower() for form in found.forms(noun)} - {word + "s"}  # names take -s
    plurals = _plurals(word, lang)
    forms |= {plural for plural in plurals if _is_form_of(plural, word, lang)}
    return any(
        zipf_frequency(form, lang.code) >= least and (form in plurals or not is_named(form, lang))
        for form in forms
    )


def _own_language_word(word: str, lang: Language) -> bool:
    from wordfreq import zipf_frequency

    if word not in dictionary(lang.code).lower and not lang.nouns_capitalised:
        return False
    plain = _without_accents(word)
    elsewhere = max(
        zipf_frequency(spelling, other)
        for other in LANGUAGES
        if other != lang.code
        for spelling in {word, plain}
    )
    return zipf_frequency(word, lang.code) - elsewhere >= OWN_LANGUAGE_MARGIN


# Verbs with attached pronouns ---------------------------------------------------------------
# Italian and Spanish attach object pronouns to infinitives, gerunds and imperatives (farla,
# darle, vacci: va' + ci); Portuguese writes them with a hyphen, which the lists leave out.
# The clitics are the languages' closed class of pronouns; whether the rest is a verb form is
# the dictionary's and simplemma's call.
def _clitics(alone: str, first: str = "", second: str = "") -> tuple[str, ...]:
    """The pronouns that attach alone, then each of `first` followed by one of `second`."""
    return (*alone.split(), *(a + b for a in first.split() for b in second.split()))


CLITICS = {
    "it": _clitics("mi ti ci vi si lo la li le ne gli", "me te se ce ve glie", "lo la li le ne"),
    "es": _clitics(
        "me te se nos os lo la los las le les", "me te se nos os", "lo la los las le les"
    ),
    "pt": _clitics("me te se nos vos lo la los las lhe lhes"),
}
# The regular plural endings: Italian changes the last vowel, German has several, the others
# add -s (-es, -x)
PLURALS = {"it": {"o": "i", "a": "e", "e": "i"}}
PLURAL_ENDINGS = {
    "de": ("e", "en", "n", "er"),
    "en": ("s", "es"),
    "es": ("s", "es"),
    "fr": ("s", "x"),
}
VOWELS = "aeiouàèéìíòóùáâêôãõú"


def _without_accents(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def _as_noun(word: str) -> str:
    """The word as German writes a noun: Tisch of tisch."""
    return word[:1].upper() + word[1:]


def _is_verb_with_pronouns(word: str, lang: Language, found: Dictionary) -> bool:
    """`word` is a verb form and pronouns (farla: far(e) + la; vacci: va' + c + ci; darle:
    dar + le), and no noun or adjective in use (valle, fallo: simplemma reads their plural as
    a form of them, and valli, falli are common)."""
    clitics = CLITICS.get(lang.code, ())
    for clitic in clitics:
        stem = word[: -len(clitic)]
        if (
            word.endswith(clitic)
            and len(stem) >= 2
            and _is_verb_stem(stem, word, clitic, lang, found)
        ):
            return not _has_plural(word, lang)
    return False


def _is_verb_stem(stem: str, word: str, clitic: str, lang: Language, found: Dictionary) -> bool:
    if stem.endswith(("ando", "endo", "ándo", "éndo")):  # a gerund
        return _lemma_is_verb(stem, lang)
    if lang.code != "it":  # an infinitive the dictionary conjugates (dar: dando)
        return stem.endswith(("ar", "er", "ir", "ír")) and any(
            form.endswith("ndo") for form in found.forms(stem)
        )
    # Italian: an infinitive without its last e (far, dir, por) that makes the word
    if any(word in found.forms(stem + end) for end in ("e", "re")):
        return True
    # or an imperative of one syllable and the clitic, its consonant doubled but gli's (va' +
    # cci, fa' + lla, da' + cci; di' + gli): of an infinitive in -re the dictionary makes the
    # word of, or the infinitive and the same clitic of (dacci: darci; not colla: core, a word
    # of poetry, makes no corla), or a verb form to simplemma
    short = stem if clitic.startswith("gl") else stem[:-1]
    return (
        (clitic.startswith("gl") or stem[-1] == clitic[0])
        and _syllables(short) == 1
        and (
            word in found.forms(short + "re")
            or short + "r" + clitic in found.forms(short + "re")
            or _lemma_is_verb(short, lang)
        )
    )


def _lemma_is_verb(form: str, lang: Language) -> bool:
    lemma = lemma_of(form, lang.code)
    return lemma != form and lemma.endswith(("are", "ere", "ire", "rre", "ar", "er", "ir", "ír"))


def _plurals(word: str, lang: Language) -> set[str]:
    vowels = PLURALS.get(lang.code)
    if vowels:
        return {word[:-1] + vowels[word[-1]]} if word[-1] in vowels else set()
    stems = {word, _umlauted(word)} if lang.nouns_capitalised else {word}  # Fuchs: Füchse
    plurals = {s + ending for s in stems for ending in PLURAL_ENDINGS.get(lang.code, ("s",))}
    if lang.code == "en" and word.endswith("y"):
        plurals.add(word[:-1] + "ies")
    return plurals


def _has_plural(word: str, lang: Language) -> bool:
    """simplemma reads a plural of `word` as a form of it, and that plural is in use: a noun
    or an adjective (valli, falli; Spanish vermes is rare: verme is ver + me)."""
    from wordfreq import zipf_frequency

    return any(
        _is_form_of(plural, word, lang) and zipf_frequency(plural, lang.code) >= FORMS_ZIPF
        for plural in _plurals(word, lang)
    )


def _is_form_of(form: str, word: str, lang: Language) -> bool:
    """simplemma reads `form` as a form of `word` (German: also the noun, capitalised)."""
    spellings = [form, _as_noun(form)] if lang.nouns_capitalised else [form]
    return any(lemma_of(spelling, lang.code) == word for spelling in spellings)


def _syllables(letters: str) -> int:
    return len(re.findall(f"[{VOWELS}]+", letters))


def _find_list(lang: Language, dict_dir: Path) -> tuple[Path, str]:
    for name, package in lang.lists:
        path = dict_dir / name
        if path.is_file():
            return path, package
    raise WordleError(
        f"the {lang.name} word list is not installed: apt-get install {lang.packages}"
    )


def _read_list(path: Path) -> list[str]:
    """The list's entries, NFC, without surrounding white space or blank lines."""
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_LIST_BYTES + 1)
    except OSError as exc:
        raise WordleError(f"{path}: {exc.strerror or exc}") from None
    if len(data) > MAX_LIST_BYTES:
        raise WordleError(f"{path}: longer than {MAX_LIST_BYTES // 2**20} MiB, not a word list")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise WordleError(f"{path}:{line}: not valid UTF-8 ({exc.reason})") from None
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    return [entry for line in text.splitlines() if (entry := line.strip())]


def _select(lang: Language, entries: list[str], letters: int) -> tuple[set[str], set[str]]:
    """(accepted words, answer candidates): the entries of `letters` letters of the alphabet.

    Other lists: lower-case entries only (a capital marks a proper name or an abbreviation).
    German: also entries with only their first letter a capital that look like common nouns
    (see _german_nouns), lowered; the other capitalised entries are names."""
    plain = re.compile(f"[{lang.alphabet}]{{{letters}}}")
    accepted = {entry for entry in entries if len(entry) == letters and plain.fullmatch(entry)}
    candidates = set(accepted)
    if lang.nouns_capitalised:
        capitals = "".join(c.upper() for c in lang.alphabet if len(c.upper()) == 1)  # not ß
        initial = re.compile(f"[{capitals}][{lang.alphabet}]{{{letters - 1}}}")
        nouns = [e for e in entries if len(e) == letters and initial.fullmatch(e)]
        common = _german_nouns([n for n in nouns if n.lower() not in candidates], entries)
        accepted |= common  # names are no guesses (Malmö, Obama): only what looks like a noun
        candidates |= common
    return accepted, candidates


# German: telling a noun from a proper name -------------------------------------------------
# ngerman capitalises every noun, and holds first names, surnames, towns and countries too,
# and nothing marks which is which. Two signs of a common noun, either is enough:
# 1. It declines: the list holds its genitive in -es, a plural or dative form (Tisch:
#    Tisches; Farbe: Farben; Hand: Hände; Thema: Themen), or it is such a form of an entry
#    that declines (Jahre of Jahr, Hände of Hand). A name takes a genitive -s at most (Anna,
#    Annas; Berlin, Berlins), so a form that itself takes an -s is another name (Franken,
#    Frankens; Steven, Stevens; Georges of George) and does not count.
# 2. It ends at least two compounds whose first part is a noun of the list, or a lower-case
#    word not ending in -t (Musik: Kirchenmusik, Popmusik; Milch: Vollmilch), not counting
#    the compass and size prefixes of place names (Nordrhein, Oberrhein, Südostasien).
# Neither catches a noun whose only other form is -s and that ends no compound (Handy, Humor):
# such nouns stay accepted but are never answers. See docs/languages.md for the limits.

UMLAUT = str.maketrans("aouAOU", "äöüÄÖÜ")
NO_UMLAUT = str.maketrans("äöüÄÖÜ", "aouAOU")
LATIN = ("a", "um", "us", "is", "on", "o")  # Thema/Themen, Datum/Daten, Virus/Viren, ...
PLACE_PREFIXES = frozenset(
    {
        "nord",
        "süd",
        "ost",
        "west",
        "nordost",
        "nordwest",
        "südost",
        "südwest",
        "ober",
        "unter",
        "nieder",
        "mittel",
        "hoch",
        "inner",
        "zentral",
        "klein",
        "groß",
        "alt",
        "neu",
        "hinter",
        "vorder",
        "national",
        "rot",
    }
)


def _german_nouns(nouns: list[str], entries: list[str]) -> set[str]:
    """The capitalised entries `nouns` (all of one length) that are common nouns, lowered."""
    known = set(entries)
    found = {noun.lower() for noun in nouns if _is_common_noun(noun, known)}
    unsure = {noun.lower() for noun in nouns} - found
    if not unsure:
        return found
    letters = len(next(iter(unsure)))
    compounds: dict[str, int] = {}
    for entry in entries:
        if len(entry) >= letters + 3 and entry[0].isupper():
            tail = entry[-letters:].lower()
            if tail in unsure and _is_word_start(entry[:-letters], known):
                compounds[tail] = compounds.get(tail, 0) + 1
    return found | {word for word, count in compounds.items() if count >= 2}


def _is_word_start(head: str, known: set[str]) -> bool:
    """`head` (Kirchen of Kirchenmusik, Voll of Vollmilch) is an entry, maybe with a linking
    -s, -n, -e or -en: a noun, or a lower-case word not ending in t (verb forms make false
    compounds: Erfolgst-rainer, Vereinst-rainer)."""
    if head.lower() in PLACE_PREFIXES:
        return False
    links = ("s", "n", "e", "en")
    for word in [head] + [head[: -len(link)] for link in links if head.endswith(link)]:
        if len(word) >= 3 and (word in known or (not word.endswith("t") and word.lower() in known)):
            return True
    return False


def _umlauted(word: str) -> str:
    """Word with its last a, o, u (or au) umlauted: Vater -> Väter, Baum -> Bäum; never the
    last letter (Europa, Europäer)."""
    for i in range(len(word) - 2, -1, -1):
        if word[i] in "aouAOU":
            if word[i] in "uU" and i > 0 and word[i - 1] in "aA":
                i -= 1  # au -> äu
            return word[:i] + word[i].translate(UMLAUT) + word[i + 1 :]
    return word


def _declines(noun: str, known: set[str]) -> bool:
    """The list holds a plural, dative or -es genitive form of `noun` that names do not take."""

    def noun_form(form: str) -> bool:
        if form not in known or form + "s" in known:  # Franken, Frankens: a name
            return False
        # Georges: the genitive of George, not of Georg; but Tisches, with Tische and Tischen
        return not (form.endswith("es") and form[:-1] in known and form[:-1] + "n" not in known)

    forms = [noun + "es", noun + "en"]  # Tisches, Frauen (not +ns: Steve, Steven, Stevens)
    if noun.endswith(("e", "l", "r")):
        forms.append(noun + "n")  # Farben, Kabeln, Bauern (not Heidi, Heidin)
    umlauted = _umlauted(noun)
    if umlauted != noun:
        # Väter, Hände, Vögeln; not +er, which also makes people of places (Isländer)
        forms += [umlauted + ending for ending in ("", "e", "en", "n")]
    forms += [noun[: -len(end)] + "en" for end in LATIN if noun.endswith(end)]  # Themen
    return any(noun_form(form) for form in forms)


def _is_common_noun(noun: str, known: set[str]) -> bool:
    if _declines(noun, known):
        return True
    if noun.endswith("en") and any(noun[:-2] + end in known for end in LATIN):
        return True  # Daten, Viren, Foren: plurals of Datum, Virus, Forum
    for ending in ("e", "en", "n", "es", "s"):  # Jahre, Herrn, Tages, Hände (not Hub, Huber)
        if noun.endswith(ending) and len(noun) > len(ending) + 1:
            base = noun[: -len(ending)]
            for stem in {base, base.translate(NO_UMLAUT)}:
                if stem != noun and stem in known and _declines(stem, known):
                    return True
    return False


def check_answers(
    language: str, accents: str, answers: Iterable[str], folds: dict[str, str]
) -> dict[str, str]:
    """The answers (as a channel stores them, folded by its accent rule with `folds`, the
    database's letter_folds) that no base form of the language's dictionary spells, each with
    the reason; rarity is no reason here. For operators' own lists (`wordle-db words check`)."""
    lang = LANGUAGES.get(language)
    if lang is None:
        raise WordleError(
            f"no dictionary for language {language!r}: the known ones are "
            f"{', '.join(sorted(LANGUAGES))}"
        )
    found = dictionary(lang.code)
    kept = accents.removeprefix("fold except ") if accents.startswith("fold except ") else ""

    def fold(word: str) -> str:
        if not accents.startswith("fold"):
            return word
        return "".join(c if c in kept else folds.get(c, c) for c in word)

    answers = list(answers)
    wanted = set(answers)
    spellings: dict[str, set[str]] = {}
    for entry in found.lower | found.capitalised | found.proper:
        if fold(entry) in wanted:
            spellings.setdefault(fold(entry), set()).add(entry)
    forms = {word: sorted(spellings.get(word, {word})) for word in answers}
    why = rejections(lang, {f for fs in forms.values() for f in fs}, found, None)
    return {word: why[fs[0]] for word, fs in forms.items() if all(f in why for f in fs)}
