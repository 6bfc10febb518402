"""The solver: candidates, suggestions from precomputed hint codes, and self-play.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from wordle_db.migration import OWNER, grant, objects_down, objects_up, revoke, run

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

TABLES = {
    # What the hint codes were built for: one word length and the word counts at that time.
    "solver_state": """CREATE TABLE IF NOT EXISTS solver_state (
         id TINYINT UNSIGNED NOT NULL PRIMARY KEY,
         letters TINYINT UNSIGNED NOT NULL,
         answers INT UNSIGNED NOT NULL,
         guesses INT UNSIGNED NOT NULL,
         prepared_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         built_at TIMESTAMP(6) NULL,
         CONSTRAINT solver_state_one_row CHECK (id = 1)
       ) ENGINE=InnoDB""",
    # Answer words and guesses numbered densely, to keep hint_codes small.
    "solver_answers": """CREATE TABLE IF NOT EXISTS solver_answers (
         answer_no SMALLINT UNSIGNED NOT NULL PRIMARY KEY,
         word_id INT UNSIGNED NOT NULL,
         UNIQUE KEY word_id (word_id),
         CONSTRAINT solver_answers_word FOREIGN KEY (word_id) REFERENCES words (id)
       ) ENGINE=InnoDB""",
    # Every accepted word of that length; `done` once its codes are built; its opening rank.
    "solver_guesses": """CREATE TABLE IF NOT EXISTS solver_guesses (
         guess_no MEDIUMINT UNSIGNED NOT NULL PRIMARY KEY,
         word_id INT UNSIGNED NOT NULL,
         done BOOLEAN NOT NULL DEFAULT FALSE,
         opening_rank MEDIUMINT UNSIGNED NULL,
         opening_expected DOUBLE NULL,
         opening_entropy DOUBLE NULL,
         opening_candidate BOOLEAN NULL,
         UNIQUE KEY word_id (word_id),
         KEY done (done),
         KEY opening_rank (opening_rank),
         CONSTRAINT solver_guesses_word FOREIGN KEY (word_id) REFERENCES words (id)
       ) ENGINE=InnoDB""",
    # wordle_hint(answer, guess) read as a base-3 number, for every answer and guess, twice:
    # rows in answer order, for reading every guess's code for a few candidates (a range per
    # candidate), and one row per guess with its codes packed two bytes each (big-endian) in
    # answer_no order, for a shortlist of guesses against many candidates: the code of answer n
    # is ASCII(SUBSTRING(codes, 2n - 1, 1)) * 256 + ASCII(SUBSTRING(codes, 2n, 1)), a seventh
    # of the cost of a key lookup.
    "hint_codes": """CREATE TABLE IF NOT EXISTS hint_codes (
         answer_no SMALLINT UNSIGNED NOT NULL,
         guess_no MEDIUMINT UNSIGNED NOT NULL,
         code SMALLINT UNSIGNED NOT NULL,
         PRIMARY KEY (answer_no, guess_no)
       ) ENGINE=InnoDB""",
    "hint_codes_by_guess": """CREATE TABLE IF NOT EXISTS hint_codes_by_guess (
         guess_no MEDIUMINT UNSIGNED NOT NULL PRIMARY KEY,
         codes MEDIUMBLOB NOT NULL
       ) ENGINE=InnoDB""",
    # Self-play: a run plays every answer word; a node is a position (the answers that got
    # the same hints so far, and the guess played there).
    "solver_runs": """CREATE TABLE IF NOT EXISTS solver_runs (
         id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
         hard BOOLEAN NOT NULL,
         opener_no MEDIUMINT UNSIGNED NOT NULL,
         started_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         finished_at TIMESTAMP(6) NULL
       ) ENGINE=InnoDB""",
    "solver_nodes": """CREATE TABLE IF NOT EXISTS solver_nodes (
         run_id INT UNSIGNED NOT NULL,
         node INT UNSIGNED NOT NULL,
         parent INT UNSIGNED NULL,
         depth TINYINT UNSIGNED NOT NULL,
         code SMALLINT UNSIGNED NULL,
         guess_no MEDIUMINT UNSIGNED NULL,
         size INT UNSIGNED NOT NULL,
         history VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
         expanded BOOLEAN NOT NULL DEFAULT FALSE,
         PRIMARY KEY (run_id, node),
         KEY pending (run_id, expanded, node),
         KEY parent (run_id, parent),
         CONSTRAINT solver_nodes_run FOREIGN KEY (run_id) REFERENCES solver_runs (id)
       ) ENGINE=InnoDB""",
    "solver_node_answers": """CREATE TABLE IF NOT EXISTS solver_node_answers (
         run_id INT UNSIGNED NOT NULL,
         node INT UNSIGNED NOT NULL,
         answer_no SMALLINT UNSIGNED NOT NULL,
         PRIMARY KEY (run_id, node, answer_no)
       ) ENGINE=InnoDB""",
    # Scratch rows of one solver call, under a key of its own (see _wordle_work_begin): no
    # session temporary tables, which a caller could reshape under the routines' feet.
    "solver_work": """CREATE TABLE IF NOT EXISTS solver_work (
         work BINARY(16) NOT NULL PRIMARY KEY,
         started_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         KEY started_at (started_at)
       ) ENGINE=InnoDB""",
    "solver_work_pairs": """CREATE TABLE IF NOT EXISTS solver_work_pairs (
         work BINARY(16) NOT NULL,
         n INT UNSIGNED NOT NULL,
         guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
         hint VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
         pattern VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NULL,
         revealed VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NULL,
         PRIMARY KEY (work, n)
       ) ENGINE=InnoDB""",
    "solver_work_candidates": """CREATE TABLE IF NOT EXISTS solver_work_candidates (
         work BINARY(16) NOT NULL,
         word_id INT UNSIGNED NOT NULL,
         answer_no SMALLINT UNSIGNED NULL,
         PRIMARY KEY (work, word_id),
         KEY answer_no (work, answer_no)
       ) ENGINE=InnoDB""",
    "solver_work_considered": """CREATE TABLE IF NOT EXISTS solver_work_considered (
         work BINARY(16) NOT NULL,
         guess_no MEDIUMINT UNSIGNED NOT NULL,
         PRIMARY KEY (work, guess_no)
       ) ENGINE=InnoDB""",
    "solver_work_ranking": """CREATE TABLE IF NOT EXISTS solver_work_ranking (
         work BINARY(16) NOT NULL,
         position INT UNSIGNED NOT NULL,
         guess_no MEDIUMINT UNSIGNED NOT NULL,
         expected_left DOUBLE NOT NULL,
         entropy DOUBLE NOT NULL,
         is_candidate BOOLEAN NOT NULL,
         PRIMARY KEY (work, position)
       ) ENGINE=InnoDB""",
    "solver_results": """CREATE TABLE IF NOT EXISTS solver_results (
         run_id INT UNSIGNED NOT NULL,
         answer_no SMALLINT UNSIGNED NOT NULL,
         guesses TINYINT UNSIGNED NOT NULL,
         PRIMARY KEY (run_id, answer_no)
       ) ENGINE=InnoDB""",
}

OBJECTS = [
    "_wordle_limit",
    "_wordle_work_end",
    "_wordle_work_begin",
    "_wordle_solver_pairs",
    "_wordle_solver_candidates",
    "_wordle_rank",
    "wordle_solver_prepare",
    "wordle_solver_build",
    "wordle_candidates",
    "wordle_suggest",
    "wordle_solve_start",
    "wordle_solve_step",
    "wordle_solve_report",
    "wordle_solve_distribution",
    "wordle_solve_word",
]

GRANTS = [
    (
        "EXECUTE",
        "PROCEDURE",
        ["wordle_candidates", "wordle_suggest", "wordle_solve_word"],
        ["wordle_player", "wordle_reader"],
    )
]


def upgrade() -> None:
    for ddl in TABLES.values():
        run(ddl)
    # TRUNCATE, when the word lists change
    grant("DROP", "TABLE", ["hint_codes", "hint_codes_by_guess"], [OWNER])
    objects_up(OBJECTS, revision)
    for privilege, kind, names, roles in GRANTS:
        grant(privilege, kind, names, roles)


def downgrade() -> None:
    for privilege, kind, names, roles in reversed(GRANTS):
        revoke(privilege, kind, names, roles)
    objects_down(OBJECTS, revision)
    revoke("DROP", "TABLE", ["hint_codes", "hint_codes_by_guess"], [OWNER])
    for name in reversed(TABLES):
        run(f"DROP TABLE IF EXISTS {name}")
