"""Reads that wait for no move or publication, and a nickname taken in any case (review of 0050).

From the attacker's review of lows40 (0050) and cost (0053), branch attack-sql:
- medium: today's publication of every channel stopped on the server's raw 1205 behind an
  administrator's change of one channel (its day read with SET v = (SELECT ...), which
  share-locks the channel's row); a player's game, board, keyboard, share and statistics
  waited for its game's row while a move held it and answered the raw 1205; a publisher's
  status and the publication of a day already published waited for a held puzzle row. Those
  reads are SELECT ... INTO, plain reads (the puzzle's unique key still decides a race).
- medium: since 0050 a league took "Ali" and "ALI" as two members: the look-alike table maps a
  capital I to l before case is folded, and 0050 dropped 0049's unique key on the nickname
  itself. league_members.nickname_weights (the nickname's weights under
  utf8mb4_uca1400_ai_ci, hashed, a stored generated column) is unique per league beside the
  look-alike key; a later member whose nickname it refuses becomes 'player <id>'.

Revision ID: 0055
Revises: 0054
"""

from __future__ import annotations

from wordle_db.migration import objects_up_each, run

revision = "0055"
down_revision = "0054"
branch_labels = None
depends_on = None

# Replaced in place, and what a downgrade puts back.
PREVIOUS = {
    "_wordle_publish_every_channel": "0036",
    "_wordle_publish": "0050",
    "wordle_status_on": "0041",
    "_wordle_lookup": "0036",
    "wordle_share_on": "0036",
    "wordle_stats_on": "0041",
}
WEIGHTS = "UNHEX(SHA2(WEIGHT_STRING(nickname COLLATE utf8mb4_uca1400_ai_ci), 256))"


def upgrade() -> None:
    objects_up_each(dict.fromkeys(PREVIOUS, revision))
    run(
        "ALTER TABLE league_members ADD COLUMN IF NOT EXISTS nickname_weights BINARY(32) "
        f"AS ({WEIGHTS}) STORED"
    )
    run(
        "UPDATE league_members m JOIN (SELECT league_id, player_id, ROW_NUMBER() OVER ("
        "PARTITION BY league_id, nickname_weights ORDER BY joined_at, player_id) AS n "
        "FROM league_members) d ON d.league_id = m.league_id AND d.player_id = m.player_id "
        "SET m.nickname = CONCAT('player ', m.player_id), "
        "m.nickname_key = _wordle_lookalike_key(CONCAT('player ', m.player_id)) WHERE d.n > 1"
    )
    run(
        "ALTER TABLE league_members "
        "ADD UNIQUE KEY league_nickname_weights (league_id, nickname_weights)"
    )


def downgrade() -> None:
    run(
        "ALTER TABLE league_members DROP KEY IF EXISTS league_nickname_weights, "
        "DROP COLUMN IF EXISTS nickname_weights"
    )
    objects_up_each(PREVIOUS)
