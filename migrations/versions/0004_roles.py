"""Roles for other applications, and views that show only what a role may see.

Routines that read the answer run as wordle_owner (SQL SECURITY DEFINER); roles get EXECUTE
on them and SELECT on views, never on the tables that hold the schedule.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from wordle_db.migration import create_roles, drop_roles, grant, objects_down, objects_up, revoke

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

OBJECTS = ["past_puzzles", "my_games", "my_attempts", "past_games", "past_attempts"]

ROLES = ["wordle_admin", "wordle_publisher", "wordle_player", "wordle_reader"]

# (privilege, object kind, names, roles)
GRANTS = [
    (
        "EXECUTE",
        "FUNCTION",
        ["wordle_hint", "wordle_today", "wordle_puzzle_number"],
        ["wordle_publisher", "wordle_player", "wordle_reader"],
    ),
    ("EXECUTE", "PROCEDURE", ["wordle_hint_rows"], ["wordle_player", "wordle_reader"]),
    ("EXECUTE", "FUNCTION", ["wordle_hard_mode_violation"], ["wordle_player", "wordle_reader"]),
    ("EXECUTE", "PROCEDURE", ["wordle_publish", "wordle_status"], ["wordle_publisher"]),
    ("EXECUTE", "PROCEDURE", ["wordle_status"], ["wordle_reader"]),
    (
        "EXECUTE",
        "PROCEDURE",
        [
            "wordle_play",
            "wordle_game",
            "wordle_board",
            "wordle_keyboard",
            "wordle_reveal_letter",
            "wordle_share",
            "wordle_stats",
            "wordle_stats_distribution",
        ],
        ["wordle_player"],
    ),
    ("SELECT", "TABLE", ["past_puzzles"], ["wordle_publisher", "wordle_player", "wordle_reader"]),
    ("SELECT", "TABLE", ["my_games", "my_attempts"], ["wordle_player"]),
    ("SELECT", "TABLE", ["past_games", "past_attempts"], ["wordle_reader"]),
]


def upgrade() -> None:
    objects_up(OBJECTS, revision)
    create_roles(ROLES)
    grant("ALL PRIVILEGES", "DATABASE", [], ["wordle_admin"])
    for privilege, kind, names, roles in GRANTS:
        grant(privilege, kind, names, roles)


def downgrade() -> None:
    for privilege, kind, names, roles in reversed(GRANTS):
        revoke(privilege, kind, names, roles)
    revoke("ALL PRIVILEGES", "DATABASE", [], ["wordle_admin"])
    drop_roles(ROLES)
    objects_down(OBJECTS, revision)
