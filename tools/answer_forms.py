"""Daily words a native speaker would choose: how many answers of each `--from-system` channel
are the language dictionary's base forms, before and now, in the same run.

For fr, de, es, it, pt at 5 letters and en at 6 (the channels of issue 25), from Debian's
lists and dictionaries:

- before: the rule of earlier versions, every accepted word at or over the frequency threshold
  (wordfreq), German capitalised entries that look like nouns included;
- now: `languages.system_words`, base forms of the Hunspell dictionary (Italian: simplemma
  only, its dictionary holds stems), common, and their own lemma by simplemma.

For each it prints the answers, two shares: base forms (lower-case .dic entries; German
also capitalised ones; proper nouns never) and own lemmas (simplemma), and the CPU time the
choice took (the data of wordfreq and of the dictionaries loaded by then, but for the first
channel of each language). The bundled English
answers (the classic curated list) are the reference line. Good: "now" at or over 0.95 on
both, as the classic list is on the first.

Then, for issue 41, per channel: the answers before its rules and now, how many each rule
removes (offensive: the words of the bundled block lists that glin-profanity's list lacks),
how many names each exception keeps, and a seeded random 80 of the answers for a native
reader (docs/languages.md), with the seed of each reading.

Run: .venv/bin/python tools/answer_forms.py   (about a minute)
"""

from __future__ import annotations

import json
import random
import time
from importlib.resources import files
from pathlib import Path

from wordfreq import zipf_frequency

from wordle_db import words
from wordle_db.dictionaries import BLOCK_LISTS, dictionary
from wordle_db.languages import (
    LANGUAGES,
    _find_list,
    _is_lemma,
    _read_list,
    _select,
    is_named,
    name_kept_as_word,
    rejections,
    system_words,
)

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
    print("| channel | rule | answers | base forms | own lemmas | CPU seconds |")
    print("|---|---|---|---|---|---|")
    classic = words.bundled_path(words.BUNDLED_ANSWERS).read_text().split()
    base, lemma = shares("en", classic)
    print(f"| en (bundled) | curated | {len(classic)} | {base:.3f} | {lemma:.3f} | |")
    for code, letters in CHANNELS:
        for rule in ("before", "now"):
            began = time.process_time()
            chosen = (
                before(code, letters) if rule == "before" else system_words(code, letters).answers
            )
            took = time.process_time() - began
            base, lemma = shares(code, chosen)
            print(
                f"| {code} {letters} | {rule} | {len(chosen)} | {base:.3f} | {lemma:.3f} "
                f"| {took:.1f} |"
            )


ISSUE_41 = (  # the reasons of issue 41's rules, each a column (the start of the reason)
    "an inflected form (the dictionary)",
    "a loan word",
    "an English word (wordfreq)",
    "a verb form (the dictionary)",
    "a function word (the dictionary)",
    "a Roman numeral",
    "a given name or surname",
    "a proper noun (simplemma)",
    "a verb with attached pronouns",
    "rare, not in the thesaurus",
    "a Portuguese and Italian word",
    "a contraction",
    "only in a set phrase",
    "a proper noun's homograph",
    "rare, no plural in the dictionary",
    "a combining form",
    "an English loan without a German plural",
)
COLUMNS = "dictionary forms | loan words | English words | verb forms | function words | numerals "
COLUMNS += "| names "
COLUMNS += "| proper nouns (simplemma) | clitic verbs | rare, no thesaurus | pt and it words"
COLUMNS += " | contractions | set phrases | proper nouns' homographs | rare, no plural"
COLUMNS += " | combining forms | German loans"
# the first reading's, the second's (issue 41, item 12), the third's (es and it under 94 %),
# the fourth's (fr and pt under 94 %), the fifth's (pt under 94 %), the sixth's (de)
SAMPLE_SEEDS = (41, 4112, 4113, 4114, 5115, 6116)


def glin(code: str) -> set[str]:
    path = files("glin_profanity.data") / "dictionaries" / f"{BLOCK_LISTS[code]}.json"
    return {w.strip().lower() for w in json.loads(path.read_text(encoding="utf-8"))["words"]}


def issue_41() -> None:
    print(
        f"\n| channel | before | offensive (new lists) | {COLUMNS} | now "
        "| names kept: forms in use | names kept: own language |"
    )
    print("|---" * (len(ISSUE_41) + 6) + "|")
    samples: dict[tuple[int, str], list[str]] = {}
    for code, letters in [("en", 5), *CHANNELS]:
        lang, found = LANGUAGES[code], dictionary(code)
        chosen = system_words(code, letters)
        path, _ = _find_list(lang, Path("/usr/share/dict"))
        _, candidates = _select(lang, _read_list(path), letters)
        why = rejections(lang, candidates & set(chosen.accepted), found, lang.min_zipf)
        base = found.lower | (found.capitalised if lang.nouns_capitalised else frozenset())
        new_block = {  # words only the bundled lists block, that the other rules would publish
            w
            for w, r in why.items()
            if r.startswith("offensive")
            and w not in glin(code)
            and (w in base or lang.dictionary_stems)
            and zipf_frequency(w, code) >= lang.min_zipf
            and _is_lemma(w, lang, found)
        }
        removed = {r: sum(1 for v in why.values() if v.startswith(r)) for r in ISSUE_41}
        kept: dict[str, int] = {}
        for word in chosen.answers:
            if is_named(word, lang):
                reason = name_kept_as_word(word, lang, found) or "?"
                kept[reason] = kept.get(reason, 0) + 1
        before = len(chosen.answers) + len(new_block) + sum(removed.values())
        print(
            f"| {code} {letters} | {before} | {len(new_block)} | "
            + " | ".join(str(removed[r]) for r in ISSUE_41)
            + f" | {len(chosen.answers)} | {kept.get('its forms are in use', 0)} "
            f"| {kept.get('far more common in its language', 0)} |"
        )
        for seed in SAMPLE_SEEDS:
            sample = random.Random(seed).sample(chosen.answers, 80)
            samples[(seed, f"{code} {letters}")] = sorted(sample)
    for (seed, channel), sample in samples.items():
        print(f"\nseed {seed}, {channel}: {' '.join(sample)}")


if __name__ == "__main__":
    main()
    issue_41()
