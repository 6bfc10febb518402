"""Session generations (issue 26's attacker review): a copied cookie no longer outlives
sign-up, passkey removal or sign-out.

A web player's cookie was an HMAC of its id alone, valid for 400 days: a copy taken before
sign-up (a shared computer) or a device a transfer code carried the player to kept playing as
the account after sign-up, after every passkey was removed and after sign-out. Each player now
has a session generation (players.session_generation, 0 until it signs up); a front end signs
it into its sessions and checks it (wordle_session_generation). Sign-up (the first passkey),
the removal of a passkey and wordle_sign_out_everywhere start a new generation
(_wordle_session_bump, which also withdraws the player's pending transfer codes and register
challenges); sign-in and transfer-code redeem answer the current one. Every call that makes
something lasting for a session (a transfer code, a register challenge, a passkey, its
removal, sign-out everywhere) takes the caller's generation and refuses an ended one inside
its own transaction (_wordle_session_current, WD096), so no cache or race of a front end lets
an ended session make a lasting one.

Revision ID: 0024
Revises: 0023
"""

from __future__ import annotations

from wordle_db.migration import grant, objects_down, objects_up, revoke, run

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None

CHANGED = [
    "wordle_passkey_add",
    "wordle_passkey_remove",
    "wordle_passkey_signed_in",
    "wordle_transfer_redeem",
    "wordle_transfer_code",
    "wordle_passkey_challenge",
]
INTERNAL = ["_wordle_session_bump", "_wordle_session_current"]
PUBLIC = ["wordle_session_generation", "wordle_sign_out_everywhere"]


def upgrade() -> None:
    run(
        "ALTER TABLE players ADD COLUMN IF NOT EXISTS "
        "session_generation INT UNSIGNED NOT NULL DEFAULT 0"
    )
    objects_up(INTERNAL + PUBLIC + CHANGED, revision)
    grant("EXECUTE", "PROCEDURE", PUBLIC, ["wordle_player"])


def downgrade() -> None:
    objects_up(CHANGED, "0020")
    revoke("EXECUTE", "PROCEDURE", PUBLIC, ["wordle_player"])
    objects_down(INTERNAL + PUBLIC, revision)
    run("ALTER TABLE players DROP COLUMN IF EXISTS session_generation")
