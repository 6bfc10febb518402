"""The keys each language's channel shows, row by row (wordle_db/web/static/keyboards.json and
the rule the page and the terminal share): a-z in the language's layout, and those of its other
letters its words use. On channels of Debian's word lists, fr, it and pt fold their accents
(no key for them), es keeps ñ, de keeps ä ö ü ß. The page's tests (tests/web/) and the
terminal's (tests/cli/) check these rows."""

from __future__ import annotations

ROWS = {
    "en": ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
    "fr": ["azertyuiop", "qsdfghjklm", "wxcvbn"],
    "de": ["qwertzuiopü", "asdfghjklöä", "yxcvbnmß"],
    "es": ["qwertyuiop", "asdfghjklñ", "zxcvbnm"],
    "it": ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
    "pt": ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
}
