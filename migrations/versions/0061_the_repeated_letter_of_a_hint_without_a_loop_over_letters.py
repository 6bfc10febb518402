"""wordle_hint: the checks in the statement of the absent letters, a repeated letter without a
loop over the guess's letters (issue 42).

The absent letters' class is quoted (\\Q...\\E, backslashes taken out) so that it is a valid
pattern for any answer: the server compiles it even when the IF() that holds it is not taken,
which let the checks and the class share one statement. A letter that repeats gives its first
k letters left 1 and the others 0, k being its copies in the answer that are not green: one
regular expression a repeated letter instead of a loop over every letter left. The same hints
on hints.py's 100,000 pairs, on every pair of 5-letter words over {a, b, c} and of 6-letter
words over {a, b, c, é}, and the same errors for bad input (bench/log/2026-11-28.md).
The words check (here and in wordle_import_words_on) anchored by \\A and \\z: a word that
ended with a newline passed `$`. wordle_hint_rows refuses the session settings the other
routines refuse (_wordle_session_check: max_join_size, max_session_mem_used gave raw errors).

Revision ID: 0061
Revises: 0060
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0061"
down_revision = "0060"
branch_labels = None
depends_on = None

PREVIOUS = {
    "wordle_hint": "0058",
    "wordle_hint_rows": "0036",
    "wordle_import_words_on": "0050",
}  # replaced in place: what a downgrade puts back


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
