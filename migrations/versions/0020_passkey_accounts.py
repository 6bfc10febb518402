"""Passkey accounts (issue 26): a player keeps its games on every device.

The account is the player that signs up: a browser's player gets passkeys (WebAuthn
credentials: id, COSE public key, signature count), and signing in on another device plays as
that player. The front end verifies the authenticator's signatures (the `webauthn` package);
the database issues nothing secret in the clear: challenges and transfer codes are kept as
their SHA-256, one use each, and expire by the real clock (_wordle_utc_now: no session's
`SET timestamp` or time_zone moves them); a passkey reaches only players the calling account
may use.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

from wordle_db.migration import grant, objects_down, objects_up, revoke, run

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

TABLES = {
    "passkeys": """CREATE TABLE IF NOT EXISTS passkeys (
         credential_id VARBINARY(1023) NOT NULL PRIMARY KEY,
         player_id INT UNSIGNED NOT NULL,
         public_key VARBINARY(1024) NOT NULL,
         sign_count INT UNSIGNED NOT NULL DEFAULT 0,
         label VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
         created_at DATETIME(6) NOT NULL,
         last_used_at DATETIME(6) NULL,
         KEY player (player_id),
         CONSTRAINT passkeys_player FOREIGN KEY (player_id) REFERENCES players (id)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci""",
    "passkey_challenges": """CREATE TABLE IF NOT EXISTS passkey_challenges (
         challenge_hash BINARY(32) NOT NULL PRIMARY KEY,
         purpose ENUM('register', 'sign in') CHARACTER SET ascii NOT NULL,
         player_id INT UNSIGNED NULL,
         expires_at DATETIME(6) NOT NULL,
         KEY expires (expires_at),
         CONSTRAINT passkey_challenges_player FOREIGN KEY (player_id) REFERENCES players (id)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci""",
    "transfer_codes": """CREATE TABLE IF NOT EXISTS transfer_codes (
         code_hash BINARY(32) NOT NULL PRIMARY KEY,
         player_id INT UNSIGNED NOT NULL,
         expires_at DATETIME(6) NOT NULL,
         KEY player (player_id),
         KEY expires (expires_at),
         CONSTRAINT transfer_codes_player FOREIGN KEY (player_id) REFERENCES players (id)
       ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci""",
}
INTERNAL = ["_wordle_utc_now", "_wordle_passkey_player", "_wordle_passkey_challenge_take"]
PUBLIC = [
    "wordle_passkey_challenge",
    "wordle_passkey_add",
    "wordle_passkey_key",
    "wordle_passkey_signed_in",
    "wordle_passkeys",
    "wordle_passkey_remove",
    "wordle_transfer_code",
    "wordle_transfer_redeem",
]


def upgrade() -> None:
    for ddl in TABLES.values():
        run(ddl)
    objects_up(INTERNAL + PUBLIC, revision)
    grant("EXECUTE", "PROCEDURE", PUBLIC, ["wordle_player"])


def downgrade() -> None:
    revoke("EXECUTE", "PROCEDURE", PUBLIC, ["wordle_player"])
    objects_down(INTERNAL + PUBLIC, revision)
    for table in reversed(list(TABLES)):
        run(f"DROP TABLE IF EXISTS {table}")
