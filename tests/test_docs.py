"""docs/sql-api.md and the database agree: objects, parameters, roles, columns, errors, examples;
the guide's SQL gives the rows it shows. Every path and link the docs name exists, and the guess
drawn in docs/architecture.md is the calls the routines make."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, game, publish, schema, solver, sqlfiles, words

from support import REPO
from support.puzzles import set_word, today
from support.secrets import reachable_sql

ROLES = ("wordle_player", "wordle_reader", "wordle_publisher")


@dataclass
class Documented:
    name: str
    params: list[str] | None
    kind: str = ""
    roles: set[str] = field(default_factory=set)
    returns: str = ""  # a function's type
    result: list[tuple[str, str]] = field(default_factory=list)  # (name, type) of each column
    columns: list[tuple[str, str]] = field(default_factory=list)  # a view's
    table_params: list[str] = field(default_factory=list)
    sqlstates: set[str] = field(default_factory=set)
    example: str = ""


# A column's type as the document writes it: INT, INT UNSIGNED, DECIMAL(9,2), VARCHAR(32), ...
TYPE = re.compile(r"\b(?!NULL\b)[A-Z]{3,}(?:\(\d+(?:,\d+)?\))?(?: UNSIGNED)?")


def parse(text: str) -> list[Documented]:
    objects: list[Documented] = []
    in_sql = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_sql = line.startswith("```sql") and bool(objects)
            continue
        if in_sql:
            objects[-1].example += line + "\n"
            continue
        heading = re.match(r"^### (\w+)(?:\((.*)\))?$", line)
        if heading:
            params = heading.group(2)
            objects.append(
                Documented(
                    heading.group(1),
                    None if params is None else [p.strip() for p in params.split(",") if p.strip()],
                )
            )
            continue
        if not objects:
            continue
        obj = objects[-1]
        if line.startswith("- Kind: "):
            obj.kind = line.removeprefix("- Kind: ").upper()
        elif line.startswith("- Roles: "):
            obj.roles = {r.strip() for r in line.removeprefix("- Roles: ").split(",")}
        elif line.startswith("- Returns: "):
            obj.returns = " ".join(TYPE.findall(line))
        elif line.startswith(("- Result: ", "- Columns: ")):
            result = line.startswith("- Result")  # "one row (a INT, ...)"; a view's bare
            listed = line.split(" (", 1)[1].removesuffix(")") if result else line[11:]
            target = obj.result if result else obj.columns
            target += [
                (m.group(1), m.group(2) or "")
                for m in re.finditer(rf"(\w+)(?: ({TYPE.pattern}))?(?:, |$)", listed)
            ]
        elif m := re.match(r"^\| (WD\d{3}) \|", line):
            obj.sqlstates.add(m.group(1))
        elif (m := re.match(r"^\| (\w+) \| [A-Z]", line)) and m.group(1) != "parameter":
            obj.table_params.append(m.group(1))
    return objects


@pytest.fixture(scope="module")
def documented(repo_root: Path) -> list[Documented]:
    return parse((repo_root / "docs" / "sql-api.md").read_text())


def routines(conn: Connection) -> dict[str, tuple[str, list[str]]]:
    rows = db.query(
        conn,
        "SELECT r.ROUTINE_NAME AS name, r.ROUTINE_TYPE AS kind, "
        "p.PARAMETER_NAME AS param FROM information_schema.ROUTINES r "
        "LEFT JOIN information_schema.PARAMETERS p ON p.SPECIFIC_SCHEMA = "
        "r.ROUTINE_SCHEMA AND p.SPECIFIC_NAME = r.ROUTINE_NAME AND "
        "p.PARAMETER_NAME IS NOT NULL WHERE r.ROUTINE_SCHEMA = DATABASE() "
        "ORDER BY r.ROUTINE_NAME, p.ORDINAL_POSITION",
    )
    found: dict[str, tuple[str, list[str]]] = {}
    for row in rows:
        _, params = found.setdefault(row["name"], (row["kind"], []))
        if row["param"]:
            params.append(row["param"])
    return found


def views(conn: Connection) -> dict[str, list[str]]:
    rows = db.query(
        conn,
        "SELECT c.TABLE_NAME AS name, c.COLUMN_NAME AS col FROM "
        "information_schema.COLUMNS c JOIN information_schema.VIEWS v ON "
        "v.TABLE_SCHEMA = c.TABLE_SCHEMA AND v.TABLE_NAME = c.TABLE_NAME "
        "WHERE c.TABLE_SCHEMA = DATABASE() ORDER BY c.TABLE_NAME, "
        "c.ORDINAL_POSITION",
    )
    found: dict[str, list[str]] = {}
    for row in rows:
        found.setdefault(row["name"], []).append(row["col"])
    return found


def granted(conn: Connection) -> dict[str, set[str]]:
    """Object name -> roles (other than admin) holding a privilege on it."""
    rows = db.query(
        conn,
        "SELECT User AS role, Routine_name AS name FROM mysql.procs_priv "
        "WHERE Db = DATABASE() UNION ALL SELECT User, Table_name FROM "
        "mysql.tables_priv WHERE Db = DATABASE()",
    )
    found: dict[str, set[str]] = {}
    for row in rows:
        if row["role"] in ROLES:
            found.setdefault(row["name"], set()).add(row["role"])
    return found


def test_every_public_object_is_documented_and_exists(
    conn: Connection, documented: list[Documented]
) -> None:
    names = [d.name for d in documented]
    assert len(names) == len(set(names)), "an object is documented twice"
    in_db = {n for n in routines(conn) if not n.startswith("_")} | set(views(conn))
    assert set(names) == in_db


def test_kinds_parameters_roles_and_columns_match(
    conn: Connection, documented: list[Documented]
) -> None:
    found_routines, found_views, grants = routines(conn), views(conn), granted(conn)
    for doc in documented:
        assert "wordle_admin" in doc.roles, doc.name
        assert doc.roles - {"wordle_admin"} == grants.get(doc.name, set()), doc.name
        if doc.kind == "VIEW":
            assert doc.params is None, doc.name
            assert [name for name, _ in doc.columns] == found_views[doc.name], doc.name
            continue
        kind, params = found_routines[doc.name]
        assert doc.kind == kind, doc.name
        assert doc.params == params, doc.name
        assert doc.table_params == params, f"{doc.name}: parameter table"


def test_documented_errors_are_the_ones_raised(documented: list[Documented]) -> None:
    for doc in documented:
        if doc.kind == "VIEW":
            continue
        reachable = set(re.findall(r"SQLSTATE '(WD\d{3})'", reachable_sql(doc.name)))
        own = set(
            re.findall(
                r"(?<!HANDLER FOR )SQLSTATE '(WD\d{3})'",  # raised, not caught
                sqlfiles.current(doc.name).text,
            )
        )
        assert doc.sqlstates <= reachable, f"{doc.name} documents errors it cannot raise"
        assert own <= doc.sqlstates, f"{doc.name} raises undocumented errors"


# What the `mariadb` client's --column-type-info says of a column -> the type written in the
# document: the integer types by their SQL names, strings by their length in characters.
INTEGERS = {
    "TINY": "TINYINT",
    "SHORT": "SMALLINT",
    "INT24": "MEDIUMINT",
    "LONG": "INT",
    "LONGLONG": "BIGINT",
}


@dataclass
class Column:
    name: str
    type: str = ""
    collation: str = ""
    length: int = 0
    decimals: int = 0
    flags: set[str] = field(default_factory=set)

    def sql_type(self) -> str:
        """The type as the document writes it: `INT UNSIGNED`, `DECIMAL(9,2)`, `VARCHAR(32)`,
        `TEXT`, `DATE`, ... (binary strings as `VARBINARY(n)`, `BINARY(n)`, `BLOB`)."""
        unsigned = " UNSIGNED" if "UNSIGNED" in self.flags else ""
        binary = self.collation.startswith("binary")
        if self.type in INTEGERS:
            return INTEGERS[self.type] + unsigned
        if self.type == "NEWDECIMAL":
            digits = self.length - (self.decimals > 0) - (not unsigned)
            return f"DECIMAL({digits},{self.decimals}){unsigned}"
        if self.type in ("VAR_STRING", "STRING"):
            kind = {"VAR_STRING": "VARCHAR", "STRING": "CHAR"}[self.type]
            if binary:
                return f"{kind.replace('CHAR', 'BINARY')}({self.length})"
            return f"{kind}({self.length // 4})"  # utf8mb4: 4 bytes a character at most
        if "BLOB" in self.type:
            return "BLOB" if binary else "TEXT"
        return self.type  # DOUBLE, DATE, DATETIME, TIMESTAMP


def column_info(output: str) -> dict[str, list[list[Column]]]:
    """The result sets after each marker (a column named `example NAME`), from the client's
    --column-type-info output: NAME -> [the columns of each result set]."""
    found: dict[str, list[list[Column]]] = {}
    current: list[list[Column]] = []
    for line in output.splitlines():
        if m := re.match(r"^Field +(\d+): +`(.*)`$", line):
            if m.group(2).startswith("example "):
                current = found.setdefault(m.group(2).removeprefix("example "), [])
                continue
            if m.group(1) == "1":
                current.append([])
            current[-1].append(Column(m.group(2)))
        elif current and current[-1] and (m := re.match(r"^(\w+): +(.*?) *$", line)):
            column, key, value = current[-1][-1], m.group(1), m.group(2)
            if key == "Type":
                column.type = value
            elif key == "Collation":
                column.collation = value
            elif key == "Length":
                column.length = int(value)
            elif key == "Decimals":
                column.decimals = int(value)
            elif key == "Flags":
                column.flags = set(value.split())
    return found


def sql_blocks(text: str) -> list[tuple[str, str]]:
    """Every ```sql block of the document in order, with the object it documents (`preamble`
    before the first)."""
    blocks, owner = [], "preamble"
    for m in re.finditer(r"^### (\w+)|^```sql\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
        if m.group(1):
            owner = m.group(1)
        else:
            blocks.append((owner, m.group(2)))
    return blocks


def fresh_installation(url: URL) -> None:
    """What the document's examples assume, small: `wordle-db init` (here every 40th word of
    the bundled lists, and every 20th answer, with the words the examples name) and
    `wordle-db solver build`, on an installation with a second channel as most have."""
    schema.migrate(url)
    allowed = [*words.bundled_path(words.BUNDLED_ALLOWED).read_text().split()[::40], "salet"]
    answers = [
        *words.bundled_path(words.BUNDLED_ANSWERS).read_text().split()[::20],
        *("crane", "cynic", "merry"),
    ]
    with db.connect(url) as conn:
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(allowed, 1)], answers=False)
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(answers, 1)], answers=True)
        channels.add(conn, "side", 5)
        words.import_lines(conn, [(1, "vexor", 0)], True, channel="side")
        publish.publish(conn, today(conn), "vexor", "side")
    solver.build(url, workers=1)


def test_examples_run_in_order_in_the_mariadb_client_with_the_documented_types(
    new_db: Callable[[], URL], documented: list[Documented], repo_root: Path
) -> None:
    """Every example, the preamble first, in the document's order, fed to the `mariadb`
    command-line client in one session as an administrator: each succeeds, and the columns of
    each result (and of every view) have the documented names and types."""
    client = shutil.which("mariadb")
    if client is None:
        pytest.fail("the mariadb client is missing (Debian: mariadb-client)", pytrace=False)
    url = new_db()
    fresh_installation(url)
    script = "".join(
        f"SELECT 1 AS `example {name}`;\n{sql}"
        for name, sql in sql_blocks((repo_root / "docs" / "sql-api.md").read_text())
    )
    script += "".join(
        f"SELECT 1 AS `example {d.name} *`;\nSELECT * FROM {d.name} LIMIT 0;\n"
        for d in documented
        if d.kind == "VIEW"
    )
    run = subprocess.run(
        [
            client,
            f"--socket={url.query['unix_socket']}",
            f"--user={url.username}",
            "--default-character-set=utf8mb4",
            "--table",
            "--column-type-info",
            str(url.database),
        ],
        input=script,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    found = column_info(run.stdout)
    for doc in documented:
        assert doc.example.strip(), f"{doc.name} has no example"
        if doc.kind == "VIEW":
            (live,) = found[f"{doc.name} *"]
            assert [(c.name, c.sql_type()) for c in live] == doc.columns, doc.name
        elif doc.kind == "FUNCTION":
            (live,) = found[doc.name][:1]
            assert live[0].sql_type() == doc.returns, doc.name
        elif doc.result:
            live = found[doc.name][0]
            assert [(c.name, c.sql_type()) for c in live] == doc.result, doc.name
    typed = [t for d in documented for _, t in [*d.result, *d.columns]]
    assert not [t for t in typed if t.startswith("BIGINT") or t.endswith(",0)")], (
        "a whole number wider than INT (a BigInt in Node) or a DECIMAL without fraction"
    )


def run_examples(conn: Connection, documented: list[Documented]) -> None:
    for doc in documented:
        assert doc.example.strip(), f"{doc.name} has no example"
        cursor = conn.connection.dbapi_connection.cursor()
        cursor.execute(doc.example.strip().rstrip(";"))
        columns = [d[0] for d in cursor.description] if cursor.description else []
        if cursor.description:
            cursor.fetchall()
        while cursor.nextset():
            pass
        cursor.close()
        if doc.result:
            assert columns == [name for name, _ in doc.result], doc.name


GUIDE_SQL = re.compile(r"```sql\n(.*?)```(?:\n\n(?:(?!```).)*?```text\n(.*?)```)?", re.DOTALL)


def before_the_first_object(text: str) -> str:
    """The part of docs/sql-api.md before its first object: its guide to a first application."""
    first = re.search(r"^### \w+(?:\(.*\))?$", text, re.MULTILINE)
    return text[: first.start()] if first else text


def test_the_guides_sql_examples_give_the_documented_rows_on_two_channels(db_url: URL) -> None:
    """The SQL of README.md and of docs/sql-api.md's guide to a first application, on the
    channels en and side with games won on two past days: each block runs, and a block followed
    by a ```text block of rows gives exactly those rows."""
    with db.connect(db_url) as conn:
        channels.add(conn, "side", 5)
        words.import_lines(conn, [(1, "vexor", 0)], True, channel="side")
        for channel in ("en", "side"):
            channels.change(conn, channel, "first_day", "2026-01-01")
        for day, word in ((date(2026, 1, 1), "stale"), (date(2026, 1, 2), "slate")):
            publish.publish(conn, day, word)
        publish.publish(conn, date(2026, 1, 2), "vexor", "side")
        first, second = date(2026, 1, 1), date(2026, 1, 2)
        played = [
            ("ann", first, None, ["stale"]),
            ("bob", first, None, ["slate", "stale"]),
            ("ann", second, None, ["crane", "stale", "slate"]),
            ("ann", second, "side", ["vexor"]),
        ]
        for name, day, channel, guesses in played:
            for word in guesses:
                game.play(conn, name, word, day, channel=channel)
        set_word(conn, today(conn), "crane")  # the guide's bot wins today in one
        guide = (REPO / "README.md").read_text() + before_the_first_object(
            (REPO / "docs" / "sql-api.md").read_text()
        )
        blocks = GUIDE_SQL.findall(guide)
        assert len(blocks) >= 2
        checked = 0
        for sql, rows in blocks:
            statements = [s for s in re.sub(r"--[^\n]*", "", sql).split(";") if s.strip()]
            if not rows:  # CALLs may return several result sets: the raw cursor reads them all
                run_examples(conn, [Documented("guide", [], example=s) for s in statements])
                continue
            assert len(statements) == 1
            result = conn.exec_driver_sql(statements[0])
            lines = rows.strip().splitlines()
            assert lines[0].split() == list(result.keys())
            assert [[str(v) for v in row] for row in result] == [ln.split() for ln in lines[1:]]
            checked += 1
        assert checked == 1


# The pages a reader follows; CHANGELOG.md names paths of the past and bench/log/ is dated.
PAGES = [
    "README.md",
    "CONTRIBUTING.md",
    "docs/*.md",
    "bench/README.md",
    "bench/research/*/README.md",
]
FOLDERS = ("sql", "migrations", "docs", "wordle_db", "tests", "bench", "tools", "deploy", ".ci")
NAMED_PATH = re.compile(
    r"(?<![\w/.-])((?:" + "|".join(map(re.escape, FOLDERS)) + r")/[\w./*<>{}-]*(?:::\w+)?)"
)
PLACEHOLDER = re.compile(r"[<>{}*]|\bNAME\b|NNNN|\bREV(?:ISION)?\b|CONCERN|YYYY")
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)


def pages(repo: Path) -> list[Path]:
    return sorted({p for pattern in PAGES for p in repo.glob(pattern)})


def anchors(page: Path) -> set[str]:
    """The fragments of the page's headings, as GitHub makes them."""
    headings = re.findall(r"^#+ (.+)$", FENCE.sub("", page.read_text()), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}


def missing_paths(repo: Path, page: Path) -> list[str]:
    """What `page` names that is not there: paths from the repository's root (a test function
    after ::), and its links, relative to the page (a heading after #)."""
    text, missing = page.read_text(), []
    ignored = [line.strip("/") for line in (repo / ".gitignore").read_text().split()]
    for named in NAMED_PATH.findall(text):
        path, _, function = named.rstrip(".,:;").partition("::")
        if PLACEHOLDER.search(path) or any(path.startswith(i) for i in ignored):
            continue
        if not (repo / path).exists():
            missing.append(path)
        elif function and not re.search(
            rf"^(?:async )?def {function}\(", (repo / path).read_text(), re.M
        ):
            missing.append(named)
    for target in LINK.findall(FENCE.sub("", text)):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        page_linked = (page.parent / path).resolve() if path else page
        if not page_linked.exists() or (anchor and anchor not in anchors(page_linked)):
            missing.append(target)
    return missing


def test_every_path_and_link_the_docs_name_exists(repo_root: Path) -> None:
    found = pages(repo_root)
    assert repo_root / "docs" / "architecture.md" in found
    missing = {str(p.relative_to(repo_root)): missing_paths(repo_root, p) for p in found}
    assert {page: paths for page, paths in missing.items() if paths} == {}


def drawn_calls(page: str) -> list[tuple[list[str], str]]:
    """(callers, callee) for each routine drawn under a caller in the page's guess tree: a
    line's routine names begin where its tree lines end; its caller is the nearest line above
    it that names routines and begins further left."""
    section = page.split("## A guess", 1)[1]
    tree = section.split("```text\n", 1)[1].split("```", 1)[0]
    calls, above = [], []  # above: (column, names) of the lines that may call the next
    for line in tree.splitlines():
        column = len(line) - len(line.lstrip(" │├└─"))
        names = re.match(r"((?:_?wordle_\w+)(?:, _?wordle_\w+)*)(?:\s|$)", line[column:])
        if not names or (column and not line[:column].rstrip().endswith("─")):
            continue  # a description's second line, or a line that names no routine
        while above and above[-1][0] >= column:
            above.pop()
        if above:
            calls += [(above[-1][1], callee) for callee in names.group(1).split(", ")]
        above.append((column, names.group(1).split(", ")))
    return calls


def test_the_guess_drawn_in_architecture_is_the_calls_it_makes(repo_root: Path) -> None:
    """Each routine under another in docs/architecture.md's drawing is called in that routine's
    SQL (comments left out)."""
    calls = drawn_calls((repo_root / "docs" / "architecture.md").read_text())
    assert len(calls) >= 15, calls
    texts = {o.name: re.sub(r"--[^\n]*", "", o.text) for o in sqlfiles.current_objects()}
    wrong = [
        (caller, callee)
        for callers, callee in calls
        for caller in callers
        if callee not in texts or not re.search(rf"\b{callee}\(", texts[caller])
    ]
    assert wrong == []
