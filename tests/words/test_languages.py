"""Word lists of other languages: Debian's lists in /usr/share/dict, read for real (./dev
installs wfrench, wngerman, wspanish, witalian, wportuguese, wamerican and wbritish)."""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pytest

from wordle_db.errors import WordleError
from wordle_db.languages import LANGUAGES, SystemWords, system_words

# language: (accepted, answers) ranges for 5 letters with the default thresholds
PLAUSIBLE = {
    "de": ((3_300, 6_000), (800, 1_300)),
    "en": ((3_500, 6_000), (1_100, 1_700)),
    "es": ((3_500, 6_000), (1_000, 1_500)),
    "fr": ((5_500, 9_000), (850, 1_300)),
    "it": ((2_500, 5_000), (600, 1_000)),
    "pt": ((5_500, 9_000), (750, 1_200)),
}


@pytest.fixture(scope="module")
def five() -> dict[str, SystemWords]:
    return {code: system_words(code, 5) for code in LANGUAGES}


def check_words(result: SystemWords, letters: int) -> None:
    alphabet = set(LANGUAGES[result.language].alphabet)
    assert result.accepted == sorted(set(result.accepted))
    assert result.answers == sorted(set(result.answers))
    for word in result.accepted:
        assert len(word) == letters, word
        assert set(word) <= alphabet, word
        assert word == word.lower() and unicodedata.is_normalized("NFC", word), word
    assert set(result.answers) <= set(result.accepted)


@pytest.mark.parametrize("code", sorted(PLAUSIBLE))
def test_five_letters(five: dict[str, SystemWords], code: str) -> None:
    result = five[code]
    (low, high), (answers_low, answers_high) = PLAUSIBLE[code]
    assert low <= len(result.accepted) <= high
    assert answers_low <= len(result.answers) <= answers_high
    check_words(result, 5)
    assert result.language == code
    assert result.path.is_file() and result.package.startswith("w")


def test_languages_known() -> None:
    assert sorted(LANGUAGES) == ["de", "en", "es", "fr", "it", "pt"]
    assert LANGUAGES["fr"].alphabet.startswith("abcdefghijklmnopqrstuvwxyz")


def test_french(five: dict[str, SystemWords]) -> None:
    fr = five["fr"]
    assert fr.package == "wfrench" and fr.path.name == "french"
    for word in ("monde", "étude", "être", "crème"):
        assert word in system_words("fr", len(word)).answers, word
    # conjugated and plural forms (issue 25): guesses, never answers
    for form in ("aimes", "meurs", "jette", "ratee", "peurs"):
        assert form not in fr.answers, form
    assert {"aimes", "peurs", "jette"} <= set(fr.accepted)
    assert "etude" not in fr.accepted  # the accent is kept, not folded
    assert "jusqú" not in fr.accepted  # a broken elision in the list: ú is not French
    assert not any("'" in word or "-" in word for word in system_words("fr", 7).accepted)


def test_german_nouns_and_names(five: dict[str, SystemWords]) -> None:
    de = five["de"]
    assert de.package == "wngerman" and de.path.name == "ngerman"
    # capitalised in the list (nouns), kept lowered; and answers
    # declined forms in the list: Tisches, Farben, Hand/Hände, Themen, Datum/Daten
    for noun in ("tisch", "farbe", "katze", "stadt", "woche", "thema"):
        assert noun in de.accepted and noun in de.answers, noun
    # inflected forms and conjugations: guesses, never answers (Hände, Äcker; merkt, übten;
    # Daten of Datum, Ufern of Ufer: the dictionary has them only as nouns, with a capital)
    for form in ("hände", "äcker", "merkt", "übten", "seins", "daten", "ufern"):
        assert form in de.accepted and form not in de.answers, form
    # only -s, but ends compounds: Kirchenmusik, Popmusik; Luxushotel, Sporthotel
    assert {"musik", "hotel", "milch"} <= set(de.answers)
    # proper names: neither guesses nor answers, also those with a look-alike form (Frank:
    # Franken, Frankens; Georg: George, Georges; Simone)
    names = (
        "paris",
        "maria",
        "klaus",
        "peter",
        "david",
        "trump",
        "japan",
        "mainz",
        "frank",
        "georg",
        "simon",
        "steve",
        "heidi",
        "basel",
        "malmö",
        "obama",
        "wolga",
        "meran",
    )
    for name in names:
        assert name not in de.accepted, name
    six = set(system_words("de", 6).answers)
    assert {"straße", "mutter"} <= six and "kinder" not in six  # Kinder: a plural
    assert {"berlin", "london", "rainer", "walter", "europa", "island"} & six == set()
    # lower-case words stay answers; ß is one letter; acronyms are dropped
    assert {"essen", "klein"} <= set(de.answers)
    assert "große" in de.accepted and "große" not in de.answers  # a form of groß
    assert "heiß" in system_words("de", 4).answers
    assert "adac" not in system_words("de", 4).accepted  # ADAC: an abbreviation


def test_english_without_names(five: dict[str, SystemWords]) -> None:
    en = five["en"]
    assert en.package == "wamerican" and en.path.name == "american-english"
    assert "crane" in en.accepted and "crane" in en.answers
    for name in ("paris", "texas", "james", "susan"):  # maria (of mare) and peter are words
        assert name not in en.accepted, name
    assert not any("'" in word for word in en.accepted)  # no possessives


def test_english_six_letters() -> None:
    en = system_words("en", 6)
    check_words(en, 6)
    assert 5_000 <= len(en.accepted) <= 10_000 and 1_200 <= len(en.answers) <= 2_000
    assert {"planet", "summer", "bridge"} <= set(en.answers)
    for form in ("camped", "viewed", "deaths", "routed", "styled", "needed"):  # issue 25
        assert form in en.accepted and form not in en.answers, form
    assert "london" not in en.accepted


def test_spanish_italian_portuguese(five: dict[str, SystemWords]) -> None:
    assert {"mundo", "árbol", "señor", "perro"} <= set(five["es"].answers)
    assert {"mondo", "città", "però"} & set(five["it"].answers) == {"mondo", "città"}
    assert "però" in system_words("it", 4).answers
    assert {"mundo", "nação"} <= set(five["pt"].answers)
    assert "ações" in five["pt"].accepted and "ações" not in five["pt"].answers  # a plural
    # Spanish: names and foreign words the dictionary does not hold in lower case are no
    # answers (Jesús, Cohen, Siria; Italian della, forza); marco (a frame) is a word in use
    # and stays, marta and leila (a marten, a feast) are first names first (issue 41)
    for word in ("jesus", "cohen", "siria", "della", "forza", "marta", "leila"):
        assert word not in five["es"].answers, word
    assert "marco" in five["es"].answers
    # Italian: conjugated forms and clitics
    assert "vederla" not in system_words("it", 7).answers
    assert "sterili" not in system_words("it", 7).answers
    assert not any(w[0].isupper() for w in five["pt"].accepted)  # Marcus, Luísa: names


def test_british_when_american_is_missing(tmp_path: Path) -> None:
    shutil.copy("/usr/share/dict/british-english", tmp_path / "british-english")
    result = system_words("en", 5, dict_dir=tmp_path)
    assert result.package == "wbritish" and result.path == tmp_path / "british-english"
    assert "crane" in result.answers


def test_min_zipf() -> None:
    default = system_words("fr", 5)
    everything = system_words("fr", 5, min_zipf=0)
    fewer = system_words("fr", 5, min_zipf=4.5)
    assert len(fewer.answers) < len(default.answers) < len(everything.answers)
    assert everything.accepted == default.accepted
    assert set(everything.answers) < set(everything.accepted)  # base forms only
    assert sum(everything.left_out.values()) > 0
    assert "actât" not in system_words("fr", 5, min_zipf=0.01).answers  # wordfreq: unknown


def test_unknown_language() -> None:
    with pytest.raises(WordleError) as err:
        system_words("xx", 5)
    assert str(err.value) == "unknown language 'xx': the known ones are de, en, es, fr, it, pt"


def test_list_not_installed(tmp_path: Path) -> None:
    with pytest.raises(WordleError) as err:
        system_words("fr", 5, dict_dir=tmp_path)
    assert str(err.value) == "the French word list is not installed: apt-get install wfrench"
    with pytest.raises(WordleError) as err:
        system_words("en", 5, dict_dir=tmp_path)
    assert str(err.value) == (
        "the English word list is not installed: apt-get install wamerican (or wbritish)"
    )


def test_no_words_of_that_length(tmp_path: Path) -> None:
    with pytest.raises(WordleError) as err:
        system_words("it", 30)
    assert str(err.value) == (
        "the Italian word list /usr/share/dict/italian has no words of 30 letters"
    )
    (tmp_path / "spanish").write_text("uno\ndos\n")
    with pytest.raises(WordleError, match="no words of 5 letters"):
        system_words("es", 5, dict_dir=tmp_path)


def test_not_utf8(tmp_path: Path) -> None:
    (tmp_path / "french").write_bytes("monde\nétude\n".encode("latin-1"))
    with pytest.raises(WordleError) as err:
        system_words("fr", 5, dict_dir=tmp_path)
    assert str(err.value).startswith(f"{tmp_path / 'french'}:2: not valid UTF-8")


def test_rules_on_a_small_list(tmp_path: Path) -> None:
    decomposed = unicodedata.normalize("NFD", "étude")
    (tmp_path / "french").write_text(
        f"  monde \r\nMonde\nParis\n{decomposed}\nl'ami\nporte-\nab.cd\nabc12\nmonde\n"
        "señor\nœuvre\n\n"
    )
    result = system_words("fr", 5, min_zipf=0, dict_dir=tmp_path)
    assert result.accepted == ["monde", "étude", "œuvre"]
    assert set(result.answers) <= set(result.accepted)


def test_the_work_is_one_look_up_a_candidate(monkeypatch: pytest.MonkeyPatch) -> None:
    """What keeps `channel add --from-system` quick on the two longest lists (356,010 and
    431,384 lines), without a clock (tools/answer_forms.py measures the CPU time): the
    dictionaries are read once for all calls, and the rules ask simplemma at most once a
    candidate answer on average, whatever the list's length."""
    import wordle_db.languages
    from wordle_db.dictionaries import dictionary, lemma_of

    for code in ("de", "pt"):
        system_words(code, 5)  # the dictionaries and wordfreq's data loaded
    read = dictionary.cache_info().misses
    asked = []

    def counted(word: str, language: str) -> str:
        asked.append(word)
        return lemma_of(word, language)

    monkeypatch.setattr(wordle_db.languages, "lemma_of", counted)
    for code in ("de", "pt"):
        asked.clear()
        result = system_words(code, 5)
        candidates = len(result.answers) + sum(result.left_out.values())
        assert 0 < len(asked) <= candidates, (code, len(asked), candidates)
    assert dictionary.cache_info().misses == read


def test_offensive_words_are_no_answers_and_the_operator_adds_more() -> None:
    """glin-profanity's lists per language, and the operator's own block list."""
    from wordle_db.dictionaries import offensive

    for code in LANGUAGES:
        assert len(offensive(code)) > 20, code
    de = system_words("de", 5)
    assert "fotze" not in de.answers and de.left_out.get("offensive (block list)", 0) >= 0
    en = system_words("en", 5, blocked=frozenset({"crane", "slate"}))
    assert {"crane", "slate"} & set(en.answers) == set() and "crane" in en.accepted
    assert en.left_out["offensive (block list)"] >= 2


# A channel's own answers checked against its dictionary: (language, accent rule, answers,
# the ones rejected with their reason)
CHECKS = [
    (
        "fr",
        "fold",
        ["monde", "etude", "aimes", "peurs", "paris"],
        {
            "aimes": "not a base form in the dictionary",
            "peurs": "not a base form in the dictionary",
            "paris": "not a base form in the dictionary",
        },
    ),
    (
        "es",
        "fold except ñ",
        ["puñal", "arbol", "niños"],
        {"niños": "not a base form in the dictionary"},
    ),
    (
        "en",
        "keep",
        ["crane", "viewed", "deaths"],
        {"viewed": "not a base form in the dictionary", "deaths": "an inflected form (simplemma)"},
    ),  # an entry of en_US.dic, but a plural
    (
        "de",
        "keep",
        ["tisch", "hände", "merkt"],
        {"hände": "an inflected form (simplemma)", "merkt": "an inflected form (simplemma)"},
    ),
]


@pytest.mark.parametrize(("code", "accents", "answers", "rejected"), CHECKS)
def test_check_answers(
    code: str, accents: str, answers: list[str], rejected: dict[str, str]
) -> None:
    from wordle_db.languages import check_answers

    folds = {"é": "e", "á": "a", "ñ": "n", "ü": "u", "ö": "o", "ä": "a", "ß": "ss"}
    assert check_answers(code, accents, answers, folds) == rejected
