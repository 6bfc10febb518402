"""An accent rule that keeps some letters and folds the others: Spanish keeps ñ (issue 25).

channels.accents was 'keep' or 'fold'. It becomes text, one setting of the channel: 'keep',
'fold', or 'fold except ñ' (the letters after "fold except " stay letters of their own; the
others fold). New Spanish channels default to 'fold except ñ', as Spanish daily games play
ñ as a letter and á as a; existing channels keep their rule (their words are stored by it).
_wordle_fold_by(word, accents) folds by a rule; the guess check, the publication of an
editor's word and the import use it; _wordle_fold, which it replaces, is dropped.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

from wordle_db.migration import objects_down, objects_up, run

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

ACCENTS = (
    "ALTER TABLE channels MODIFY accents VARCHAR(40) CHARACTER SET utf8mb4 "
    "COLLATE utf8mb4_nopad_bin NOT NULL"
)
ACCENTS_BEFORE = "ALTER TABLE channels MODIFY accents ENUM('keep', 'fold') NOT NULL"
CHANGED = {
    "_wordle_check_guess": "0009",
    "_wordle_publish": "0007",
    "wordle_import_words_on": "0007",
    "wordle_channel_add": "0007",
}


def upgrade() -> None:
    run(ACCENTS)
    objects_up(["_wordle_fold_by"], revision)
    objects_up(list(CHANGED), revision)
    objects_down(["_wordle_fold"], "0007")  # replaced by _wordle_fold_by


def downgrade() -> None:
    objects_up(["_wordle_fold"], "0007")
    run("UPDATE channels SET accents = 'fold' WHERE accents LIKE 'fold except %'")
    for name, old in CHANGED.items():
        objects_up([name], old)
    objects_down(["_wordle_fold_by"], revision)
    run(ACCENTS_BEFORE)
