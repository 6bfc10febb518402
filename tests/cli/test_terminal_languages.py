"""The terminal in the channel's language (issue 41): play, guess, board, stats, share, hint and
analyze take their words from the page's catalogues, with CLDR's plural forms (French and
Portuguese 0 is "one"), numbers and dates as the language writes them, the database's refusals
in the player's language where the page translates them, and each language's keyboard; LANG
(LC_ALL, LC_MESSAGES) where the channel's language has no catalogue. The expected texts are
written out here, as a native reader checks them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pexpect
import pytest
from click.testing import Result
from sqlalchemy.engine import URL

from wordle_db import channels, db, publish, schema, words
from wordle_db.i18n import Texts

from support import clone
from support.databases import cli_runner, drop_database, new_database
from support.layouts import ROWS

LANGUAGES = ["en", "fr", "de", "es", "it", "pt"]
DAY = date(2025, 3, 7)  # the games' day: its date is written below in each language
# A channel per language (named by it; English: uk, beside the default channel): its answers,
# those of DAY, the day after and today, and a first guess that finds no letter of DAY's answer
# (three letter hints then reveal three of its letters) nor the next, but one of today's: it
# splits the three answers into parts of 2 and 1 (1.7 words left on average); other words.
CHANNELS = {"en": "uk", "fr": "fr", "de": "de", "es": "es", "it": "it", "pt": "pt"}
WORDS = {
    "en": ("crane", "plumb", "ghost", "fight", []),
    "fr": ("monde", "ombre", "texte", "salut", ["crabe", "bijou"]),
    "de": ("köpfe", "küsse", "bären", "daran", ["grüße", "sagen"]),
    "es": ("niños", "perro", "gatos", "talla", ["señor", "mesas"]),
    "it": ("mondo", "pizzo", "libro", "terra", ["porta", "canto"]),
    "pt": ("mundo", "lixos", "livro", "terra", ["porta", "canto"]),
}
DATES = {  # DAY as the page writes it (Intl's dateStyle medium; tests below compare with Node)
    "en": "Mar 7, 2025",
    "fr": "7 mars 2025",
    "de": "07.03.2025",
    "es": "7 mar 2025",
    "it": "7 mar 2025",
    "pt": "7 de mar. de 2025",
}
NB = "\u00a0"  # a no-break space
EXPECTED: dict[str, dict[str, Any]] = {
    "en": {
        "tries": "1/6 tries used",
        "hints": [
            "Letter {p} is {l}. 2 letter hints left.",
            "Letter {p} is {l}. 1 letter hint left.",
            "Letter {p} is {l}. 0 letter hints left.",
        ],
        "revealed": "Letter hints: ",
        "no hint": "Error: no letter hint left",
        "solved": "Solved in 2/6!",
        "stats": [
            "0 games played, 0 wins (0%)",
            "1 game played, 1 win (100%)",
            "2 games played, 2 wins (100%)",
        ],
        "streaks": "Current streak 0 · Max streak 0",
        "not a word": "Error: 'zzzzz' is not an accepted word",
        "length": "Error: a guess must have 5 letters",
        "share early": "Error: there is no finished game to share for that day",
        "analysis early": "Error: there is no finished game to analyse",
        "analysis": "Your game, guess by guess",
        "guess 1": "Guess 1: FIGHT",
        "possible": "Possible words: 3 before, 2 after",
        "left": "Leaves 1.7 words on average",
        "build": "To build it: wordle-db solver build --channel uk",
        "prompt": "guess 1/6> ",
        "help": "Type a word and Enter; '?' reveals a letter",
        "refused": "Not played: 'zzzzz' is not an accepted word",
        "bye": "Bye: the game stays open; come back with wordle-db play --channel uk.",
    },
    "fr": {
        "tries": "1/6 essais utilisés",
        "hints": [
            "La lettre {p} est {l}. Il reste 2 indices.",
            "La lettre {p} est {l}. Il reste 1 indice.",
            "La lettre {p} est {l}. Il reste 0 indice.",  # CLDR: 0 is "one" in French
        ],
        "revealed": "Indices : ",
        "no hint": "Erreur : Il ne reste aucun indice.",
        "solved": "Trouvé en 2/6 !",
        "stats": [
            f"0 partie jouée, 0 victoire (0{NB}%)",
            f"1 partie jouée, 1 victoire (100{NB}%)",
            f"2 parties jouées, 2 victoires (100{NB}%)",
        ],
        "streaks": "Série en cours 0 · Meilleure série 0",
        "not a word": "Erreur : ZZZZZ n'est pas dans la liste de mots.",
        "length": "Erreur : Un essai a 5 lettres.",
        "share early": "Erreur : Finissez la partie pour la partager.",
        "analysis early": "Erreur : L'analyse vient une fois la partie terminée.",
        "analysis": "Votre partie, coup par coup",
        "guess 1": "Essai 1 : SALUT",
        "possible": "Mots possibles : 3 avant, 2 après",
        "left": "Laisse 1,7 mot en moyenne",  # CLDR: 1,7 is "one" in French
        "build": "Pour le construire : wordle-db solver build --channel fr",
        "prompt": "essai 1/6> ",
        "help": "Tapez un mot puis Entrée ; « ? » révèle une lettre",
        "refused": "Essai refusé : ZZZZZ n'est pas dans la liste de mots.",
        "bye": "Au revoir : la partie reste ouverte ; revenez avec wordle-db play --channel fr.",
    },
    "de": {
        "tries": "1/6 Versuche verbraucht",
        "hints": [
            "Buchstabe {p} ist {l}. Noch 2 Hinweise.",
            "Buchstabe {p} ist {l}. Noch 1 Hinweis.",
            "Buchstabe {p} ist {l}. Noch 0 Hinweise.",
        ],
        "revealed": "Verratene Buchstaben: ",
        "no hint": "Fehler: Es ist kein Hinweis mehr übrig.",
        "solved": "Gelöst in 2/6!",
        "stats": [
            f"0 Spiele gespielt, 0 Siege (0{NB}%)",
            f"1 Spiel gespielt, 1 Sieg (100{NB}%)",
            f"2 Spiele gespielt, 2 Siege (100{NB}%)",
        ],
        "streaks": "Aktuelle Serie 0 · Längste Serie 0",
        "not a word": "Fehler: ZZZZZ steht nicht in der Wortliste.",
        "length": "Fehler: Ein Versuch hat 5 Buchstaben.",
        "share early": "Fehler: Beende das Spiel, um es zu teilen.",
        "analysis early": "Fehler: Die Analyse gibt es, sobald das Spiel vorbei ist.",
        "analysis": "Dein Spiel, Versuch für Versuch",
        "guess 1": "Versuch 1: DARAN",
        "possible": "Mögliche Wörter: 3 davor, 2 danach",
        "left": "Lässt im Schnitt 1,7 Wörter übrig",
        "build": "So baust du ihn: wordle-db solver build --channel de",
        "prompt": "Versuch 1/6> ",
        "help": "Tippe ein Wort und drücke Enter; „?“ verrät einen Buchstaben",
        "refused": "Nicht gespielt: ZZZZZ steht nicht in der Wortliste.",
        "bye": "Tschüss: Das Spiel bleibt offen; mach mit wordle-db play --channel de weiter.",
    },
    "es": {
        "tries": "1/6 intentos usados",
        "hints": [
            "La letra {p} es {l}. Quedan 2 pistas.",
            "La letra {p} es {l}. Queda 1 pista.",
            "La letra {p} es {l}. Quedan 0 pistas.",
        ],
        "revealed": "Pistas: ",
        "no hint": "Error: No quedan pistas.",
        "solved": "¡Resuelto en 2/6!",
        "stats": [
            f"0 partidas jugadas, 0 victorias (0{NB}%)",
            f"1 partida jugada, 1 victoria (100{NB}%)",
            f"2 partidas jugadas, 2 victorias (100{NB}%)",
        ],
        "streaks": "Racha actual 0 · Mejor racha 0",
        "not a word": "Error: ZZZZZ no está en la lista de palabras.",
        "length": "Error: Un intento tiene 5 letras.",
        "share early": "Error: Termina la partida para compartirla.",
        "analysis early": "Error: El análisis llega cuando termina la partida.",
        "analysis": "Tu partida, intento a intento",
        "guess 1": "Intento 1: TALLA",
        "possible": "Palabras posibles: 3 antes, 2 después",
        "left": "Deja 1,7 palabras de media",
        "build": "Para construirlo: wordle-db solver build --channel es",
        "prompt": "intento 1/6> ",
        "help": "Escribe una palabra y pulsa Intro; «?» revela una letra",
        "refused": "Intento rechazado: ZZZZZ no está en la lista de palabras.",
        "bye": "Hasta luego: la partida sigue abierta; vuelve con wordle-db play --channel es.",
    },
    "it": {
        "tries": "1/6 tentativi usati",
        "hints": [
            "La lettera {p} è {l}. Restano 2 indizi.",
            "La lettera {p} è {l}. Resta 1 indizio.",
            "La lettera {p} è {l}. Restano 0 indizi.",
        ],
        "revealed": "Indizi: ",
        "no hint": "Errore: Non resta nessun indizio.",
        "solved": "Risolto in 2/6!",
        "stats": [
            "0 partite giocate, 0 vittorie (0%)",
            "1 partita giocata, 1 vittoria (100%)",
            "2 partite giocate, 2 vittorie (100%)",
        ],
        "streaks": "Serie attuale 0 · Serie migliore 0",
        "not a word": "Errore: ZZZZZ non è nell'elenco di parole.",
        "length": "Errore: Un tentativo ha 5 lettere.",
        "share early": "Errore: Finisci la partita per condividerla.",
        "analysis early": "Errore: L'analisi arriva a partita finita.",
        "analysis": "La tua partita, tentativo per tentativo",
        "guess 1": "Tentativo 1: TERRA",
        "possible": "Parole possibili: 3 prima, 2 dopo",
        "left": "Lascia 1,7 parole in media",
        "build": "Per costruirlo: wordle-db solver build --channel it",
        "prompt": "tentativo 1/6> ",
        "help": "Scrivi una parola e premi Invio; «?» rivela una lettera",
        "refused": "Tentativo rifiutato: ZZZZZ non è nell'elenco di parole.",
        "bye": "A presto: la partita resta aperta; torna con wordle-db play --channel it.",
    },
    "pt": {
        "tries": "1/6 tentativas usadas",
        "hints": [
            "A letra {p} é {l}. Restam 2 pistas.",
            "A letra {p} é {l}. Resta 1 pista.",
            "A letra {p} é {l}. Resta 0 pista.",  # CLDR (pt): 0 is "one", as in the page
        ],
        "revealed": "Pistas: ",
        "no hint": "Erro: Não resta nenhuma pista.",
        "solved": "Resolvido em 2/6!",
        "stats": [
            "0 jogo jogado, 0 vitória (0%)",
            "1 jogo jogado, 1 vitória (100%)",
            "2 jogos jogados, 2 vitórias (100%)",
        ],
        "streaks": "Sequência atual 0 · Melhor sequência 0",
        "not a word": "Erro: ZZZZZ não está na lista de palavras.",
        "length": "Erro: Uma tentativa tem 5 letras.",
        "share early": "Erro: Termine o jogo para o partilhar.",
        "analysis early": "Erro: A análise chega quando o jogo terminar.",
        "analysis": "O seu jogo, tentativa a tentativa",
        "guess 1": "Tentativa 1: TERRA",
        "possible": "Palavras possíveis: 3 antes, 2 depois",
        "left": "Deixa 1,7 palavra em média",  # CLDR (pt): 1,7 is "one"
        "build": "Para o construir: wordle-db solver build --channel pt",
        "prompt": "tentativa 1/6> ",
        "help": "Escreva uma palavra e prima Enter; «?» revela uma letra",
        "refused": "Tentativa recusada: ZZZZZ não está na lista de palavras.",
        "bye": "Até logo: o jogo fica em aberto; volte com wordle-db play --channel pt.",
    },
}
NO_LOCALE = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}  # the channel decides


@pytest.fixture(scope="module")
def languages_db(server_url: URL, template_url: URL, schema_recipe: clone.Recipe) -> Iterator[URL]:
    """A database with a channel per language (CHANNELS, WORDS), three letter hints a game,
    the puzzles of DAY, the day after and today; no solver built."""
    url = new_database(server_url)
    schema.ensure_database(url)
    clone.create(schema_recipe, url, rows_from=template_url)
    with db.connect(url) as conn:
        today = db.scalar(conn, "SELECT wordle_today()")
        for language, (first, second, third, guess, others) in WORDS.items():
            name = CHANNELS[language]
            channels.add(conn, name, 5, language=language, letter_hints=3)
            channels.change(conn, name, "first_day", DAY.isoformat())
            answers = [(n, w, 0) for n, w in enumerate((first, second, third), 1)]
            words.import_lines(conn, answers, True, channel=name)
            accepted = [(n, w, 0) for n, w in enumerate([guess, *others], 1)]
            words.import_lines(conn, accepted, False, channel=name)
            for day, word in ((DAY, first), (DAY + timedelta(1), second), (today, third)):
                publish.publish(conn, day, word, name)
    yield url
    drop_database(url)


def cli(url: URL, *args: str) -> Result:
    return cli_runner(url)(*args, env=NO_LOCALE)


def on_their_day(url: URL, player: str) -> None:
    """The player's games count in the statistics as if played on their day (a game of a
    past day comes from the archive and does not)."""
    with db.connect(url) as conn:
        db.query(
            conn,
            "UPDATE games g JOIN players p ON p.id = g.player_id SET g.archive = FALSE "
            "WHERE p.name = ?",
            player,
        )


def pattern(template: str) -> str:
    """A hint sentence with any position and letter."""
    return re.escape(template).replace(r"\{p\}", r"\d").replace(r"\{l\}", r"\w")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_command_speaks_the_channels_language(languages_db: URL, language: str) -> None:
    """guess, hint, board, share, analyze and stats on the channel of `language`: a game of DAY
    (a guess, three letter hints, the answer), then one of the day after; each refusal a
    player meets on the way; the plural forms of 0, 1 and 2 (and 1,7)."""
    said = EXPECTED[language]
    first, second, _, miss, _ = WORDS[language]
    title = f"wordle-db {CHANNELS[language]} #1"
    on, day = ("--channel", CHANNELS[language]), ("--date", DAY.isoformat())
    me = ("--player", f"p{uuid.uuid4().hex[:6]}")

    def ok(*args: str) -> list[str]:
        result = cli(languages_db, *args, *on)
        assert result.exit_code == 0, result.output
        return result.stdout.splitlines()

    def refused(*args: str) -> str:
        result = cli(languages_db, *args, *on)
        assert result.exit_code == 1, result.output
        return result.stderr.strip()

    assert ok("stats", *me)[:2] == [said["stats"][0], said["streaks"]]
    assert refused("guess", "zzzzz", *me, *day) == said["not a word"]
    assert refused("guess", "abc", *me, *day) == said["length"]
    assert ok("guess", miss, *me, *day)[6:8] == [f"{title} · {DATES[language]}", said["tries"]]
    for template in said["hints"]:
        hint = ok("hint", *me, *day)
        assert len(hint) == 1 and re.fullmatch(pattern(template), hint[0]), (hint, template)
    assert refused("hint", *me, *day).startswith(said["no hint"])
    assert ok("board", *me, *day)[7].startswith(f"{said['tries']} · {said['revealed']}")
    assert refused("share", *me, *day).startswith(said["share early"])
    assert refused("analyze", *me, *day).startswith(said["analysis early"])
    assert ok("guess", first, *me, *day)[7] == said["solved"]
    assert ok("share", *me, *day)[0] == f"{title} 2/6 💡💡💡"
    on_their_day(languages_db, me[1])
    assert ok("stats", *me)[0] == said["stats"][1]
    ok("guess", second, *me, "--date", (DAY + timedelta(1)).isoformat())
    on_their_day(languages_db, me[1])
    assert ok("stats", *me)[0] == said["stats"][2]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_analysis_speaks_the_channels_language(languages_db: URL, language: str) -> None:
    """analyze without a solver build: the page's words, 1,7 with the language's decimal
    separator and plural form, and the command that builds the rest, with its --channel."""
    said = EXPECTED[language]
    first, _, _, miss, _ = WORDS[language]
    on = ("--channel", CHANNELS[language], "--date", DAY.isoformat())
    me = ("--player", f"a{uuid.uuid4().hex[:6]}")
    for word in (miss, first):
        assert cli(languages_db, "guess", word, *me, *on).exit_code == 0
    result = cli(languages_db, "analyze", *me, *on)
    assert result.exit_code == 0, result.output
    text = result.stdout.splitlines()
    tiles = "".join(f" {c} " for c in miss.upper())  # no letter of the answer
    assert text[:6] == [
        said["analysis"],
        "",
        said["guess 1"],
        f"  {tiles}",
        f"  {said['possible']}",
        f"  {said['left']}",
    ]
    assert text[-1].endswith(said["build"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_play_in_a_terminal_speaks_the_channels_language(languages_db: URL, language: str) -> None:
    """`wordle-db play` in a pseudo-terminal: the help, the prompt, a refused word and the
    goodbye in the channel's language."""
    said = EXPECTED[language]
    url = languages_db.render_as_string(hide_password=False)
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "wordle_db",
            "--db-url",
            url,
            "play",
            "--player",
            "pia",
            "--channel",
            CHANNELS[language],
        ],
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 100),
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
    )
    child.expect_exact(said["help"])
    child.expect_exact(said["prompt"])
    child.sendline("zzzzz")
    child.expect_exact(said["refused"])
    child.expect_exact(said["prompt"])
    child.sendline("")
    child.expect_exact(said["bye"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_terminals_keyboard_is_the_languages(languages_db: URL, language: str) -> None:
    """The keyboard under the board: the page's rows for the language (keyboards.json)."""
    lines = cli(languages_db, "board", "--player", "kim", "--channel", CHANNELS[language]).stdout
    keys = [line.split() for line in lines.splitlines()[-3:]]
    assert keys == [[render_key(k) for k in row] for row in ROWS[language]]


def render_key(letter: str) -> str:
    return letter.upper() if len(letter.upper()) == 1 else letter  # ß stays ß


def test_letters_beyond_the_layout_get_their_own_row_above_the_last(languages_db: URL) -> None:
    """A French channel that keeps its accents: é and ê on a row of their own, as the page
    shows them (tests/web/test_page_keyboards.py)."""
    name = f"fk{uuid.uuid4().hex[:6]}"
    with db.connect(languages_db) as conn:
        channels.add(conn, name, 5, language="fr", accents="keep")
        accented = ["école", "fêter", "aimer", "début"]
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(accented, 1)], True, channel=name)
        publish.publish(conn, db.scalar(conn, "SELECT wordle_today()"), "aimer", name)
    lines = cli(languages_db, "board", "--player", "kim", "--channel", name).stdout
    keys = [line.split() for line in lines.splitlines()[-4:]]
    fr = [[render_key(k) for k in row] for row in ROWS["fr"]]
    assert keys == [fr[0], fr[1], ["É", "Ê"], fr[2]]


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "de_DE.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}, "0 Spiele gespielt"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, "0 partie jouée"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": None, "LC_MESSAGES": "es_ES"}, "0 partidas jugadas"),
        ({"LANG": "nl_NL.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}, "0 games played"),
        ({"LANG": "C", "LC_ALL": None, "LC_MESSAGES": None}, "0 games played"),
        ({"LANG": None, "LC_ALL": None, "LC_MESSAGES": None}, "0 games played"),
    ],
)
def test_lang_speaks_where_the_channels_language_has_no_catalogue(
    languages_db: URL, environment: dict[str, str | None], expected: str
) -> None:
    """A Dutch channel (no catalogue): the environment's locale (LC_ALL, LC_MESSAGES, LANG, the
    first one set) where there is a catalogue for it, else English. On a French channel the
    channel decides."""
    name = f"nl{uuid.uuid4().hex[:6]}"
    with db.connect(languages_db) as conn:
        channels.add(conn, name, 5, language="nl")
    run = cli_runner(languages_db)
    played = run("stats", "--player", "kim", "--channel", name, env=environment)
    assert played.stdout.startswith(f"{expected}, "), played.output
    french = run("stats", "--player", "kim", "--channel", "fr", env=environment)
    assert french.stdout.startswith("0 partie jouée, "), french.output


NODE = """
const cases = JSON.parse(process.argv[1]);
console.log(JSON.stringify({
  numbers: cases.numbers.map(([lang, value, digits]) =>
    new Intl.NumberFormat(lang, {maximumFractionDigits: digits}).format(value)),
  percents: cases.numbers.map(([lang, value]) =>
    new Intl.NumberFormat(lang, {style: "percent"}).format(Math.round(value) / 100)),
  plurals: cases.numbers.map(([lang, value, digits]) =>
    new Intl.PluralRules(lang, {maximumFractionDigits: digits}).select(value)),
  dates: cases.dates.map(([lang, day]) => {
    const [y, m, d] = day.split("-").map(Number);
    return new Intl.DateTimeFormat(lang, {dateStyle: "medium", timeZone: "UTC"})
      .format(new Date(Date.UTC(y, m - 1, d)));
  }),
}));
"""


def test_numbers_dates_and_plural_forms_are_the_pages() -> None:
    """The terminal's numbers, dates and plural categories (Babel's CLDR) against the page's
    (Intl in Node, which reads CLDR through ICU): 1,5 and 1.234 in German, 1 234 in French,
    1234 but 12.345 in Spanish and Italian; French 0 and 1,5 are "one"."""
    values = [0, 1, 2, 1.5, 0.05, 2.25, 21, 999, 1234, 2309, 12345, 71.281, 1234567.25]
    numbers = [[lang, v, d] for lang in LANGUAGES for v in values for d in (0, 1)]
    days = [[lang, d] for lang in LANGUAGES for d in (DAY.isoformat(), "2026-12-31")]
    try:
        ran = subprocess.run(
            ["node", "-e", NODE, json.dumps({"numbers": numbers, "dates": days})],
            capture_output=True,
            text=True,
            check=True,
        )
    except FileNotFoundError:
        pytest.fail("node is missing: ./dev test installs Node.js", pytrace=False)
    page = json.loads(ran.stdout)
    texts = {lang: Texts(lang) for lang in LANGUAGES}
    mine = [texts[lang].number(v, d) for lang, v, d in numbers]
    assert mine == page["numbers"]
    assert [texts[lang].percent(round(v)) for lang, v, _ in numbers] == page["percents"]
    forms = [texts[lang].locale.plural_form(as_written(v, d)) for lang, v, d in numbers]
    assert forms == page["plurals"]
    assert [texts[lang].date(date.fromisoformat(d)) for lang, d in days] == page["dates"]
    assert [texts[lang].date(DAY) for lang in LANGUAGES] == [DATES[lang] for lang in LANGUAGES]


def as_written(value: float, digits: int) -> float:
    from wordle_db.i18n import _as_written

    return float(_as_written(value, digits)) if digits else int(_as_written(value, digits))
