"""The solver per channel (issue 16 item 5).

Every solver table is keyed by channel: solver_state (one row per channel instead of one row),
solver_answers and solver_guesses (numbered per channel), solver_runs (a run belongs to a
channel; its nodes, node answers and results carry the channel too and go with the run). Rows
of a channel go with it: foreign keys to channels ON DELETE CASCADE, so that
wordle_channel_remove neither leaves solver rows behind nor is blocked by them. The public
routines get ..._on(channel, ...) twins; the old names call them with NULL (the default
channel). In hard mode the look-ahead also weighs each guess's worst case (issue 17: no game
over six). The tables are a cache: upgrade and downgrade forget the build (`wordle-db solver
build` makes it again). Solver objects only.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

from wordle_db.migration import grant, objects_down, objects_up, revoke, run

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

CASCADE = "FOREIGN KEY (channel_id) REFERENCES channels (id) ON DELETE CASCADE"

# The solver tables of this revision, parents first.
TABLES = {
    "solver_state": f"""CREATE TABLE IF NOT EXISTS solver_state (
         channel_id SMALLINT UNSIGNED NOT NULL PRIMARY KEY,
         letters TINYINT UNSIGNED NOT NULL,
         answers INT UNSIGNED NOT NULL,
         guesses INT UNSIGNED NOT NULL,
         prepared_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         built_at TIMESTAMP(6) NULL,
         CONSTRAINT solver_state_channel {CASCADE}
       ) ENGINE=InnoDB""",
    # A channel's answer words and guesses numbered densely (the packed codes' offsets).
    "solver_answers": f"""CREATE TABLE IF NOT EXISTS solver_answers (
         channel_id SMALLINT UNSIGNED NOT NULL,
         answer_no SMALLINT UNSIGNED NOT NULL,
         word_id INT UNSIGNED NOT NULL,
         PRIMARY KEY (channel_id, answer_no),
         UNIQUE KEY word_id (channel_id, word_id),
         CONSTRAINT solver_answers_channel {CASCADE},
         CONSTRAINT solver_answers_word FOREIGN KEY (word_id) REFERENCES words (id)
       ) ENGINE=InnoDB""",
    "solver_guesses": f"""CREATE TABLE IF NOT EXISTS solver_guesses (
         channel_id SMALLINT UNSIGNED NOT NULL,
         guess_no MEDIUMINT UNSIGNED NOT NULL,
         word_id INT UNSIGNED NOT NULL,
         done BOOLEAN NOT NULL DEFAULT FALSE,
         opening_rank MEDIUMINT UNSIGNED NULL,
         opening_expected DOUBLE NULL,
         opening_entropy DOUBLE NULL,
         opening_candidate BOOLEAN NULL,
         opening_parts INT UNSIGNED NULL,
         hard_rank MEDIUMINT UNSIGNED NULL,
         PRIMARY KEY (channel_id, guess_no),
         UNIQUE KEY word_id (channel_id, word_id),
         KEY done (channel_id, done),
         KEY opening_rank (channel_id, opening_rank),
         KEY hard_rank (channel_id, hard_rank),
         CONSTRAINT solver_guesses_channel {CASCADE},
         CONSTRAINT solver_guesses_word FOREIGN KEY (word_id) REFERENCES words (id)
       ) ENGINE=InnoDB""",
    # Self-play: a run of a channel; its rows go with it.
    "solver_runs": f"""CREATE TABLE IF NOT EXISTS solver_runs (
         id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
         channel_id SMALLINT UNSIGNED NOT NULL,
         hard BOOLEAN NOT NULL,
         opener_no MEDIUMINT UNSIGNED NOT NULL,
         started_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         finished_at TIMESTAMP(6) NULL,
         KEY channel (channel_id, id),
         CONSTRAINT solver_runs_channel {CASCADE}
       ) ENGINE=InnoDB""",
    "solver_nodes": """CREATE TABLE IF NOT EXISTS solver_nodes (
         channel_id SMALLINT UNSIGNED NOT NULL,
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
         KEY channel (channel_id),
         CONSTRAINT solver_nodes_run FOREIGN KEY (run_id) REFERENCES solver_runs (id)
           ON DELETE CASCADE
       ) ENGINE=InnoDB""",
    "solver_node_answers": """CREATE TABLE IF NOT EXISTS solver_node_answers (
         channel_id SMALLINT UNSIGNED NOT NULL,
         run_id INT UNSIGNED NOT NULL,
         node INT UNSIGNED NOT NULL,
         answer_no SMALLINT UNSIGNED NOT NULL,
         PRIMARY KEY (run_id, node, answer_no),
         KEY channel (channel_id),
         CONSTRAINT solver_node_answers_run FOREIGN KEY (run_id) REFERENCES solver_runs (id)
           ON DELETE CASCADE
       ) ENGINE=InnoDB""",
    "solver_results": """CREATE TABLE IF NOT EXISTS solver_results (
         channel_id SMALLINT UNSIGNED NOT NULL,
         run_id INT UNSIGNED NOT NULL,
         answer_no SMALLINT UNSIGNED NOT NULL,
         guesses TINYINT UNSIGNED NOT NULL,
         PRIMARY KEY (run_id, answer_no),
         KEY channel (channel_id),
         CONSTRAINT solver_results_run FOREIGN KEY (run_id) REFERENCES solver_runs (id)
           ON DELETE CASCADE
       ) ENGINE=InnoDB""",
}

# The same tables as revisions 0005 and 0008 left them, restored empty on downgrade.
OLD_TABLES = {
    "solver_state": """CREATE TABLE IF NOT EXISTS solver_state (
         id TINYINT UNSIGNED NOT NULL PRIMARY KEY,
         letters TINYINT UNSIGNED NOT NULL,
         answers INT UNSIGNED NOT NULL,
         guesses INT UNSIGNED NOT NULL,
         prepared_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
         built_at TIMESTAMP(6) NULL,
         CONSTRAINT solver_state_one_row CHECK (id = 1)
       ) ENGINE=InnoDB""",
    "solver_answers": """CREATE TABLE IF NOT EXISTS solver_answers (
         answer_no SMALLINT UNSIGNED NOT NULL PRIMARY KEY,
         word_id INT UNSIGNED NOT NULL,
         UNIQUE KEY word_id (word_id),
         CONSTRAINT solver_answers_word FOREIGN KEY (word_id) REFERENCES words (id)
       ) ENGINE=InnoDB""",
    "solver_guesses": """CREATE TABLE IF NOT EXISTS solver_guesses (
         guess_no MEDIUMINT UNSIGNED NOT NULL PRIMARY KEY,
         word_id INT UNSIGNED NOT NULL,
         done BOOLEAN NOT NULL DEFAULT FALSE,
         opening_rank MEDIUMINT UNSIGNED NULL,
         opening_expected DOUBLE NULL,
         opening_entropy DOUBLE NULL,
         opening_candidate BOOLEAN NULL,
         opening_parts INT UNSIGNED NULL,
         UNIQUE KEY word_id (word_id),
         KEY done (done),
         KEY opening_rank (opening_rank),
         CONSTRAINT solver_guesses_word FOREIGN KEY (word_id) REFERENCES words (id)
       ) ENGINE=InnoDB""",
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
    "solver_results": """CREATE TABLE IF NOT EXISTS solver_results (
         run_id INT UNSIGNED NOT NULL,
         answer_no SMALLINT UNSIGNED NOT NULL,
         guesses TINYINT UNSIGNED NOT NULL,
         PRIMARY KEY (run_id, answer_no)
       ) ENGINE=InnoDB""",
}

# The code tables of revision 0008 already lead with channel_id: they get the cascade.
KEYED = {"solver_codes": "solver_codes_channel", "solver_letters": "solver_letters_channel"}

NEW = [
    "wordle_candidates_on",
    "wordle_suggest_on",
    "wordle_solver_prepare_on",
    "wordle_solver_build_on",
    "wordle_solve_word_on",
    "wordle_solve_start_on",
]
# Changed objects and the revision whose text a downgrade puts back.
CHANGED = {
    "_wordle_solver_pairs": "0007",
    "_wordle_solver_candidates": "0008",
    "_wordle_look_ahead": "0008",
    "_wordle_rank": "0008",
    "wordle_candidates": "0008",
    "wordle_suggest": "0008",
    "wordle_solver_prepare": "0008",
    "wordle_solver_build": "0008",
    "wordle_solve_word": "0008",
    "wordle_solve_start": "0005",
    "wordle_solve_step": "0008",
    "wordle_solve_report": "0005",
}
# The roles that may call the solver's public routines call the twins too.
GRANTS = [
    (
        "EXECUTE",
        "PROCEDURE",
        ["wordle_candidates_on", "wordle_suggest_on", "wordle_solve_word_on"],
        ["wordle_player", "wordle_reader"],
    )
]


def _forget_codes() -> None:
    run("DELETE FROM solver_codes")
    run("DELETE FROM solver_letters")


# The look-ahead's worst case per part (hard mode, issue 17).
WORST_UP = (
    "ALTER TABLE solver_work_look ADD COLUMN IF NOT EXISTS worst INT UNSIGNED NOT NULL DEFAULT 0"
)
WORST_DOWN = "ALTER TABLE solver_work_look DROP COLUMN IF EXISTS worst"


def upgrade() -> None:
    _forget_codes()
    run(WORST_UP)
    for name in reversed(TABLES):
        run(f"DROP TABLE IF EXISTS {name}")
    for ddl in TABLES.values():
        run(ddl)
    for table, constraint in KEYED.items():
        run(f"ALTER TABLE {table} ADD CONSTRAINT {constraint} {CASCADE}")
    # The new routines first: the old names become calls of them.
    objects_up(NEW, revision)
    objects_up(list(CHANGED), revision)
    for privilege, kind, names, roles in GRANTS:
        grant(privilege, kind, names, roles)


def downgrade() -> None:
    for privilege, kind, names, roles in reversed(GRANTS):
        revoke(privilege, kind, names, roles)
    for name, old in reversed(CHANGED.items()):
        objects_up([name], old)
    objects_down(NEW, revision)
    run(WORST_DOWN)
    for table, constraint in KEYED.items():
        run(f"ALTER TABLE {table} DROP FOREIGN KEY IF EXISTS {constraint}")
    _forget_codes()
    for name in reversed(TABLES):
        run(f"DROP TABLE IF EXISTS {name}")
    for ddl in OLD_TABLES.values():
        run(ddl)
