"""wordle_hint: absent letters and greens by regular expressions, a loop only for a repeated
letter (issue 42).

The greens are found in CONCAT(guess, answer), where a letter is green when the letter n
places on is the same one; a guess whose letters left do not repeat (88 % of hints.py's
pairs) runs no loop: three statements after the checks. Equal to 0036's function on 100,000
random pairs and on every pair of 5-letter words over {a, b, c}; 8.3-8.5 µs of server CPU a
call against 0036's 9.7 and the naive LOCATE function's 10.7-11.1 (1.28-1.31 times as fast
as naive; issue 42 asks 1.5: bench/log/2026-11-27.md).

Revision ID: 0058
Revises: 0057
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0058"
down_revision = "0057"
branch_labels = None
depends_on = None

PREVIOUS = {"wordle_hint": "0036"}  # replaced in place: what a downgrade puts back


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
