"""A member removed by its own nickname, one lock wait tried again, no nickname of no look.

From the attacker's review of lows40 (0050), branch attack-sql (issue 40, item 6):
- low: two members 0049 let into one league whose nicknames 0050's key takes for one ("Ali"
  and "A\u0640Ii": a tatweel weighs nothing, a capital I looks like l) both stayed; removing
  the later one by its nickname removed the earlier, and the later one could never be
  removed. wordle_league_remove now takes the member whose nickname is exactly the one typed
  (binary) first, the look-alike key only when none is.
- low: on a Galera node every 1205 made the move, join and publication loops try again, so a
  row held by a session of that node made a guess wait 10 lock wait timeouts and a
  publication 30. _wordle_lock_waited now takes the loop's count of its lock wait timeouts
  (apart from its deadlocks) and lets it try again after the first only.
- Nicknames whose look is empty ("!!!", "???", a lone tatweel) were one nickname in a league:
  _wordle_league_nickname, the one rule of a nickname, refuses them (WD081).
From the attacker's review of 0056 (branch attack-0056), three lows: a nickname of punctuation
alone that lookalikes maps to a symbol ("——", "%%%") is refused too; U+1D159, which draws
nothing, is refused as the other invisible characters are (_wordle_league_text); a remove in
another case ("TOM" for Tom, refused as taken on join) finds the member by the weights a join
compares before the look-alike key.

Revision ID: 0056
Revises: 0055
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up_each

revision = "0056"
down_revision = "0055"
branch_labels = None
depends_on = None

NEW = ["_wordle_league_nickname"]
# Replaced in place, and what a downgrade puts back. _wordle_lock_waited first: its `waits`
# (TINYINT) takes the old callers' TRUE as a first wait and FALSE as none.
PREVIOUS = {
    "_wordle_lock_waited": "0050",
    "_wordle_move": "0053",
    "_wordle_publish": "0055",
    "wordle_league_join": "0050",
    "wordle_league_remove": "0050",
    "_wordle_league_member": "0050",
    "wordle_league_create": "0050",
    "_wordle_league_text": "0036",
}


def upgrade() -> None:
    objects_up_each(dict.fromkeys([*NEW, *PREVIOUS], revision))


def downgrade() -> None:
    objects_up_each(dict(reversed(PREVIOUS.items())))
    objects_down(NEW, revision)
