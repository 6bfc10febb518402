"""A guess asks fewer routines: the usual move writes out _wordle_utc_now(), and the role check
reads the marks once.

_wordle_move called _wordle_utc_now() on every move (0037 wrote its expression out); it writes
it out again, as 0046 did _wordle_local_date's and _wordle_typed_word's (tests/game/
test_guess_paths.py keeps the text the function's own). _wordle_caller_access, which a new
player's first guess asks through _wordle_player, called _wordle_caller_login() and
_wordle_session_mark() twice: stored functions that read tables, each call paying for its
statements' set-up again. It reads the anonymous accounts itself (_wordle_caller_login's read,
written out: the same text) and the marks of the login's and the anonymous accounts in one
read, and asks _wordle_session_mark only when one of them is at or above the session's id or
behind (else its value cannot be). The login's marks include the anonymous accounts', so the
session that _wordle_caller_login would have taken for anonymous by its marks is refused
(08WD1) as before.

Revision ID: 0053
Revises: 0052
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each

revision = "0053"
down_revision = "0052"
branch_labels = None
depends_on = None

PREVIOUS = {  # replaced in place: what a downgrade puts back
    "_wordle_move": "0050",
    "_wordle_caller_access": "0044",
}


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))


def downgrade() -> None:
    objects_up_each(PREVIOUS)
