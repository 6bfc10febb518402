"""One path for every move, where each rule is decided in one place, and a switch for the long way.

_wordle_play decided the usual guess's word, game lock, session check and repeated guess
itself, from its context read, and left them to other routines the long way
(_wordle_check_guess, _wordle_lock_player_game, which the letter hint used too). Now one
routine makes every move: _wordle_move (a guess, or a letter hint) holds the game's lock,
the session check, the state, the tries, hard mode and the repeated guess once; its context
read only finds what the routines of the long way would find. _wordle_accept_guess (replaces
_wordle_check_guess) decides the word, for the guess and for wordle_check_on; its first case,
a known word as typed, is the function _wordle_typed_word, which the guess calls first.
_wordle_reveal_letter picks the letter of a letter hint. The day in a channel's zone is
_wordle_local_date's, in the read and in _wordle_date_in. `long way` TRUE (the tests set
it) skips the read. New names, so that a call running while this migration installs the
routines never reaches one with the other's parameters.

Revision ID: 0038
Revises: 0037
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up_each

revision = "0038"
down_revision = "0037"
branch_labels = None
depends_on = None

NEW = [
    "_wordle_local_date",
    "_wordle_typed_word",
    "_wordle_accept_guess",
    "_wordle_reveal_letter",
    "_wordle_move",
]
# Replaced in place (same parameters), and what a downgrade puts back.
PREVIOUS = {
    "_wordle_date_in": "0036",
    "wordle_play_on": "0036",
    "wordle_play": "0036",
    "wordle_guess_on": "0036",
    "wordle_check_on": "0036",
    "wordle_reveal_letter_on": "0036",
}
# Gone once nothing calls them; a downgrade puts them back first.
GONE = {"_wordle_check_guess": "0036", "_wordle_lock_player_game": "0036", "_wordle_play": "0036"}


def upgrade() -> None:
    objects_up_each(dict.fromkeys([*NEW, *PREVIOUS], revision))
    objects_down(list(GONE), "0036")


def downgrade() -> None:
    objects_up_each({**GONE, **PREVIOUS})
    objects_down(NEW, revision)
