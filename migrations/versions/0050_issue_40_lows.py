"""Issue 40's open lows (other applications calling with their own accounts).

- An account granted `ON db.* ... WITH GRANT OPTION` before 0043 kept a row on the
  database's unescaped name (its `_` a wildcard): 0043's REVOKE ALL PRIVILEGES leaves GRANT
  OPTION. escape_schema_grants takes it back too, and runs again here for installations
  upgraded through 0043.
- Nicknames that look nothing alike were refused as look-alikes: the key compared under
  utf8mb4_unicode_ci gave every character outside the BMP one weight (🦊 = 🐻, Osage letters),
  and it was cut at 255 characters (U+FDFA looks like 15). league_members.nickname_key is now
  the SHA-256 of the whole look's weights under utf8mb4_uca1400_ai_ci (_wordle_lookalike_key);
  members who share a key then keep their nicknames, the later ones' keys made of their id.
  The key is the one rule: the unique key on the nickname itself (under unicode_ci, where 🦊 =
  🐻) goes, and the creator removes a member by the key. The downgrade puts it back; a later
  member whose nickname it would refuse becomes 'player <id>'.
- A lock wait timeout (1205) is answered by one rule, _wordle_lock_waited (WD025 on one
  server, another try on a Galera node where the procedure has a loop), which the handlers of
  the move, the league join and the publication wrote out each, and which every other public
  procedure that writes rows another session can hold now calls too (league, account, channel,
  setting and import changes answered the raw 1205). Every WD025 says "the database stayed
  busy: try again" (a publication's said "while publishing").
- Reads inside SET v = (SELECT ...) or IF EXISTS (...) in a read-write transaction share-lock
  the rows they read: a letter hint waited for an administrator's change of its channel, a
  guess in a folding channel for an import of its words, a join for rows of the league's
  members. They are SELECT ... INTO, plain reads.

Revision ID: 0050
Revises: 0049
"""

from __future__ import annotations

from wordle_db.migration import escape_schema_grants, objects_down, objects_up_each, run

revision = "0050"
down_revision = "0049"
branch_labels = None
depends_on = None

NEW = ["_wordle_lock_waited"]
# Replaced in place, and what a downgrade puts back.
PREVIOUS = {
    "_wordle_lookalike_key": "0041",
    "_wordle_league_member": "0041",
    "wordle_league_remove": "0041",
    # a lock wait timeout: _wordle_lock_waited
    "_wordle_move": "0047",
    "wordle_league_join": "0047",
    "_wordle_publish": "0047",
    "wordle_league_code": "0036",
    "wordle_league_create": "0036",
    "wordle_league_leave": "0041",
    "wordle_passkey_add": "0041",
    "wordle_passkey_challenge": "0037",
    "wordle_passkey_remove": "0041",
    "wordle_passkey_signed_in": "0036",
    "wordle_sign_out_everywhere": "0036",
    "wordle_transfer_code": "0036",
    "wordle_transfer_redeem": "0041",
    "wordle_set_setting": "0041",
    "wordle_channel_add": "0042",
    "wordle_channel_set": "0042",
    "wordle_channel_remove": "0036",
    "wordle_import_words_on": "0041",
    # reads that locked what another session's writes hold: SELECT ... INTO
    "_wordle_reveal_letter": "0038",
    "_wordle_accept_guess": "0038",
}
# The later of the members of a league who share a nickname or its key: `column` set to `value`.
LATER = (
    "UPDATE league_members m JOIN (SELECT league_id, player_id, ROW_NUMBER() OVER ("
    "PARTITION BY league_id, {column} ORDER BY joined_at, player_id) AS n "
    "FROM league_members) d ON d.league_id = m.league_id AND d.player_id = m.player_id "
    "SET m.{column} = {value} WHERE d.n > 1"
)


def upgrade() -> None:
    escape_schema_grants()
    objects_up_each(dict.fromkeys([*NEW, *PREVIOUS], revision))
    run(
        "ALTER TABLE league_members DROP KEY IF EXISTS league_nickname_key, "
        "MODIFY nickname_key VARBINARY(1020) NULL"  # 0041's 255 characters, 4 bytes each
    )
    run("UPDATE league_members SET nickname_key = _wordle_lookalike_key(nickname)")
    later = "UNHEX(SHA2(CONCAT(m.nickname_key, '#', m.player_id), 256))"
    run(LATER.format(column="nickname_key", value=later))
    run(
        "ALTER TABLE league_members MODIFY nickname_key BINARY(32) NOT NULL, "
        "ADD UNIQUE KEY league_nickname_key (league_id, nickname_key), "
        "DROP KEY IF EXISTS league_nickname"
    )


def downgrade() -> None:
    # the escaped grants are right at every revision; the key as 0041 made it
    objects_up_each(PREVIOUS)
    run(LATER.format(column="nickname", value="CONCAT('player ', m.player_id)"))
    run("ALTER TABLE league_members ADD UNIQUE KEY league_nickname (league_id, nickname)")
    run(
        "ALTER TABLE league_members DROP KEY IF EXISTS league_nickname_key, "
        "DROP COLUMN nickname_key"
    )
    run(
        "ALTER TABLE league_members ADD COLUMN nickname_key VARCHAR(255) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_unicode_ci NULL AFTER nickname"
    )
    run("UPDATE league_members SET nickname_key = _wordle_lookalike_key(nickname)")
    run(LATER.format(column="nickname_key", value="CONCAT(m.nickname_key, '#', m.player_id)"))
    run(
        "ALTER TABLE league_members MODIFY nickname_key VARCHAR(255) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_unicode_ci NOT NULL, "
        "ADD UNIQUE KEY league_nickname_key (league_id, nickname_key)"
    )
    objects_down(NEW, revision)
