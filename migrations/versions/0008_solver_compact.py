"""The solver's hint codes packed per guess, computed set-based, one channel key (issue 17).

hint_codes (one row per answer and guess) and hint_codes_by_guess (two bytes a code) give way
to solver_codes: one row per guess, one byte a code up to five letters, two beyond. The codes
are computed by one expression over the words' letters (solver_letters) instead of a
wordle_hint call per pair; the opening ranking is gathered guess by guess during the build.
New solver tables lead with channel_id (issue 16: one solver per word list); the word lists
are read in one place, _wordle_solver_words. The codes are a cache: upgrade and downgrade
forget the build (`wordle-db solver build` makes it again).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from wordle_db.migration import OWNER, grant, objects_down, objects_up, revoke, run

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

LETTERS = 10  # the longest words the solver plays (wordle_solver_prepare)

TABLES = {
    # Each guess's codes against every answer, in answer_no order: the code of answer n is
    # byte n (words of up to five letters: 3^5 = 243 codes), else bytes 2n - 1 and 2n
    # (big-endian). The code is wordle_hint's digits read as a base-3 number.
    "solver_codes": """CREATE TABLE IF NOT EXISTS solver_codes (
         channel_id SMALLINT UNSIGNED NOT NULL,
         guess_no MEDIUMINT UNSIGNED NOT NULL,
         codes MEDIUMBLOB NOT NULL,
         PRIMARY KEY (channel_id, guess_no)
       ) ENGINE=InnoDB""",
    # The words the solver plays, letter by letter (the code point of letter i, 0 past the
    # end; r_i: letter i occurs elsewhere in the word), for wordle_solver_build's expression:
    # every guess (answers = FALSE, no = guess_no) and the answers apart (TRUE, answer_no), so
    # that a build step reads the answers as one range.
    "solver_letters": """CREATE TABLE IF NOT EXISTS solver_letters (
         channel_id SMALLINT UNSIGNED NOT NULL,
         answers BOOLEAN NOT NULL,
         no MEDIUMINT UNSIGNED NOT NULL,
         """
    + "".join(f"l{i} INT UNSIGNED NOT NULL, " for i in range(1, LETTERS + 1))
    + "".join(f"r{i} BOOLEAN NOT NULL, " for i in range(1, LETTERS + 1))
    + """
         PRIMARY KEY (channel_id, answers, no)
       ) ENGINE=InnoDB""",
    # Scratch: the words of a channel for one solver call (_wordle_solver_words). Scratch rows
    # are deleted by their work key alone (_wordle_work_end), hence KEY work.
    "solver_work_words": """CREATE TABLE IF NOT EXISTS solver_work_words (
         channel_id SMALLINT UNSIGNED NOT NULL,
         work BINARY(16) NOT NULL,
         word_id INT UNSIGNED NOT NULL,
         is_answer BOOLEAN NOT NULL,
         PRIMARY KEY (channel_id, work, word_id),
         KEY work (work)
       ) ENGINE=InnoDB""",
    # Scratch of _wordle_look_ahead: the parts of the top guesses, the best next guess's
    # estimate for each part, the top guesses' scores.
    "solver_work_parts": """CREATE TABLE IF NOT EXISTS solver_work_parts (
         channel_id SMALLINT UNSIGNED NOT NULL,
         work BINARY(16) NOT NULL,
         guess_no MEDIUMINT UNSIGNED NOT NULL,
         answer_no SMALLINT UNSIGNED NOT NULL,
         code SMALLINT UNSIGNED NOT NULL,
         size INT UNSIGNED NOT NULL,
         PRIMARY KEY (channel_id, work, guess_no, answer_no),
         KEY part (channel_id, work, guess_no, code),
         KEY work (work)
       ) ENGINE=InnoDB""",
    "solver_work_look": """CREATE TABLE IF NOT EXISTS solver_work_look (
         channel_id SMALLINT UNSIGNED NOT NULL,
         work BINARY(16) NOT NULL,
         guess_no MEDIUMINT UNSIGNED NOT NULL,
         code SMALLINT UNSIGNED NOT NULL,
         best DOUBLE NOT NULL,
         PRIMARY KEY (channel_id, work, guess_no, code),
         KEY work (work)
       ) ENGINE=InnoDB""",
    "solver_work_scores": """CREATE TABLE IF NOT EXISTS solver_work_scores (
         channel_id SMALLINT UNSIGNED NOT NULL,
         work BINARY(16) NOT NULL,
         guess_no MEDIUMINT UNSIGNED NOT NULL,
         position INT UNSIGNED NOT NULL,
         score DOUBLE NOT NULL,
         PRIMARY KEY (channel_id, work, guess_no),
         KEY work (work)
       ) ENGINE=InnoDB""",
}

# The tables of revision 0005 this one replaces, restored empty on downgrade.
OLD_TABLES = {
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
}

NEW = ["_wordle_solver_words", "_wordle_look_ahead"]
# Changed objects and the revision whose text a downgrade puts back.
CHANGED = {
    "_wordle_work_end": "0005",
    "_wordle_solver_candidates": "0005",
    "_wordle_rank": "0005",
    "wordle_solver_prepare": "0005",
    "wordle_solver_build": "0006",
    "wordle_candidates": "0006",
    "wordle_suggest": "0006",
    "wordle_solve_word": "0006",
    "wordle_solve_step": "0005",
}

# Forget the build: the next `solver build` numbers the words and computes the codes again.
FORGET = [
    "DELETE FROM solver_results",
    "DELETE FROM solver_node_answers",
    "DELETE FROM solver_nodes",
    "DELETE FROM solver_runs",
    "DELETE FROM solver_guesses",
    "DELETE FROM solver_answers",
    "DELETE FROM solver_state",
]


# The opening ranking puts the guesses that split the answers into the most parts first.
PARTS = "ALTER TABLE solver_guesses ADD COLUMN IF NOT EXISTS opening_parts INT UNSIGNED NULL"


def upgrade() -> None:
    for statement in FORGET:
        run(statement)
    run(PARTS)
    revoke("DROP", "TABLE", list(OLD_TABLES), [OWNER])
    for name in OLD_TABLES:
        run(f"DROP TABLE IF EXISTS {name}")
    for ddl in TABLES.values():
        run(ddl)
    grant("DROP", "TABLE", ["solver_codes"], [OWNER])  # TRUNCATE, when the word lists change
    objects_up(NEW, revision)
    objects_up(list(CHANGED), revision)


def downgrade() -> None:
    for name, old in reversed(CHANGED.items()):
        objects_up([name], old)
    objects_down(NEW, revision)
    revoke("DROP", "TABLE", ["solver_codes"], [OWNER])
    for name in reversed(TABLES):
        run(f"DROP TABLE IF EXISTS {name}")
    for ddl in OLD_TABLES.values():
        run(ddl)
    grant("DROP", "TABLE", list(OLD_TABLES), [OWNER])
    for statement in FORGET:
        run(statement)
    run("ALTER TABLE solver_guesses DROP COLUMN IF EXISTS opening_parts")
