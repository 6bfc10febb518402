"""Daily words a native speaker would choose: how many answers of each `--from-system` channel
are the language dictionary's base forms, before and now, in the same run.

For fr, de, es, it, pt at 5 letters and en at 6 (the channels of issue 25), from Debian's
lists and dictionaries:

- before: the rule of earlier versions, every accepted word at or over the frequency threshold
  (wordfreq), German capitalised entries that look like nouns included;
- now: `languages.system_words`, base forms of the Hunspell dictionary (Italian: simplemma
  only, its dictionary holds stems), common, and their own lemma by simplemma.

For each it prints the answers and two shares: base forms (lower-case .dic entries; German
also capitalised ones; proper nouns never) and own lemmas (simplemma). The bundled English
answers (the classic curated list) are the reference line. Good: "now" at or over 0.95 on
both, as the classic list is on the first.

Run: .venv/bin/python tools/answer_forms.py   (about 30 seconds)
"""

from __future__ import annotations

import time
from pathlib import Path

from wordfreq import zipf_frequency

from wordle_db import words
from wordle_db.dictionaries import dictionary
from wordle_db.languages import LANGUAGES, _find_list, _is_lemma, _read_list, _select, system_words

CHANNELS = [("fr", 5), ("de", 5), ("es", 5), ("it", 5), ("pt", 5), ("en", 6)]


def shares(code: str, answers: list[str]) -> tuple[float, float]:
    lang, found = LANGUAGES[code], dictionary(code)
    base = found.lower | (found.capitalised if lang.nouns_capitalised else frozenset())
    in_base = sum(w in base and w not in found.proper for w in answers)
    lemmas = sum(_is_lemma(w, lang, found) for w in answers)
    return in_base / len(answers), lemmas / len(answers)


def before(code: str, letters: int) -> list[str]:
    lang = LANGUAGES[code]
    path, _ = _find_list(lang, Path("/usr/share/dict"))
    _, candidates = _select(lang, _read_list(path), letters)
    return sorted(w for w in candidates if zipf_frequency(w, code) >= lang.min_zipf)


def main() -> None:
    print("| channel | rule | answers | base forms | own lemmas | seconds |")
    print("|---|---|---|---|---|---|")
    classic = words.bundled_path(words.BUNDLED_ANSWERS).read_text().split()
    base, lemma = shares("en", classic)
    print(f"| en (bundled) | curated | {len(classic)} | {base:.3f} | {lemma:.3f} | |")
    for code, letters in CHANNELS:
        for rule in ("before", "now"):
            began = time.monotonic()
            chosen = (
                before(code, letters) if rule == "before" else system_words(code, letters).answers
            )
            took = time.monotonic() - began
            base, lemma = shares(code, chosen)
            print(
                f"| {code} {letters} | {rule} | {len(chosen)} | {base:.3f} | {lemma:.3f} "
                f"| {took:.1f} |"
            )


if __name__ == "__main__":
    main()
