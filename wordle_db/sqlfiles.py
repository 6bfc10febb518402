"""The SQL objects in sql/: one routine, view or event per file, applied verbatim by migrations.

`sql/CONCERN/NAME.sql` holds the current text of object NAME, grouped by concern (access/,
accounts/, channels/, daily/, game/, leagues/, solver/, words/); its header names the migration
that installs it (`-- revision: 0038`). When a later migration changes the object, the text it
replaces moves to `migrations/replaced/REVISION/NAME.sql` (REVISION: the migration that replaced
it), so the migrations that installed it and a downgrade still find it (docs/migrations.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable

from sqlalchemy.engine import Connection

from wordle_db.db import quote_identifier

# The definer of every routine, view and event in sql/ (the locked owner account).
OWNER = "'wordle_owner'@'localhost'"

REVISION = re.compile(r"^-- revision: (\S+)\s*$", re.MULTILINE)
KIND = re.compile(
    r"CREATE\s+OR\s+REPLACE\s+(?:ALGORITHM\s*=\s*\w+\s+)?(?:DEFINER\s*=\s*\S+\s+)?(?:SQL\s+SECURITY\s+\w+\s+)?"
    r"(FUNCTION|PROCEDURE|VIEW|EVENT)\s+`?(\w+)`?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class SqlObject:
    name: str
    kind: str  # FUNCTION, PROCEDURE, VIEW or EVENT
    revision: str
    text: str


def sql_dir() -> Traversable:
    return files("wordle_db.sql")


def _parse(path: Traversable) -> SqlObject:
    text = path.read_text(encoding="utf-8")
    revision = REVISION.search(text)
    kind = KIND.search(text)
    if revision is None or kind is None:
        raise ValueError(f"{path.name}: needs a '-- revision:' header and one CREATE OR REPLACE")
    name = path.name.split(".")[0]
    if kind.group(2) != name:
        raise ValueError(f"{path.name} creates {kind.group(2)}, not {name}")
    return SqlObject(name, kind.group(1).upper(), revision.group(1), text)


def current_files() -> dict[str, Traversable]:
    """Object name -> its current file, from sql/'s concern folders."""
    found: dict[str, Traversable] = {}
    for folder in sql_dir().iterdir():
        if not folder.is_dir() or folder.name == "__pycache__":
            continue
        for path in folder.iterdir():
            if path.name.endswith(".sql"):
                name = path.name[: -len(".sql")]
                if name in found:
                    raise ValueError(f"two files define {name}: {folder.name}/{path.name}")
                found[name] = path
    return dict(sorted(found.items()))


def replaced_dir() -> Traversable:
    return files("wordle_db.migrations") / "replaced"


def replaced_files(name: str) -> list[Traversable]:
    """The texts of `name` that later migrations replaced, in migrations/replaced/*/."""
    replaced = replaced_dir()
    if not replaced.is_dir():
        return []
    return [
        folder / f"{name}.sql"
        for folder in sorted(replaced.iterdir(), key=lambda f: f.name)
        if folder.is_dir() and (folder / f"{name}.sql").is_file()
    ]


def current_objects() -> list[SqlObject]:
    """Every object in sql/ as it stands now."""
    return [_parse(path) for path in current_files().values()]


def current(name: str) -> SqlObject:
    """Object `name` as it stands in sql/ now."""
    path = current_files().get(name)
    if path is None:
        raise FileNotFoundError(f"no file for {name} in sql/")
    return _parse(path)


def load(name: str, revision: str) -> SqlObject:
    """The text of object `name` as migration `revision` installed it."""
    for path in [*filter(None, [current_files().get(name)]), *replaced_files(name)]:
        obj = _parse(path)
        if obj.revision == revision:
            return obj
    raise FileNotFoundError(
        f"no text of {name} for revision {revision} in sql/ or migrations/replaced/"
    )


def apply(conn: Connection, name: str, revision: str) -> None:
    """CREATE OR REPLACE the object: grants given on it survive."""
    conn.exec_driver_sql(load(name, revision).text)


def drop(conn: Connection, name: str, revision: str) -> None:
    kind = load(name, revision).kind
    conn.exec_driver_sql(f"DROP {kind} IF EXISTS {quote_identifier(name)}")
