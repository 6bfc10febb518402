"""Commands that run the installation: server, migrate, init, words, status, config."""

from __future__ import annotations

import secrets
from pathlib import Path

import click
from sqlalchemy.engine import Connection

from wordle_db import channels, db, roles, words
from wordle_db.cli.base import (
    App,
    channel_option,
    cli,
    json_option,
    pass_app,
    print_json,
    progress,
    read_secret,
    with_connection,
)
from wordle_db.server import LocalServer, default_home
from wordle_db.settings import all_settings, set_setting
from wordle_db.status import status as read_status

PROGRESS_MIN_BYTES = 1_000_000


@cli.group()
def server() -> None:
    """The MariaDB server wordle-db runs itself when no URL is configured.

    Its files live in $XDG_DATA_HOME/wordle-db (default ~/.local/share/wordle-db); it listens
    on a unix socket only. Other commands start it on demand.

    \b
    Example:
        wordle-db server status
    """


@server.command("start")
def server_start() -> None:
    """Start the embedded server (creating its data directory the first time).

    \b
    Example:
        wordle-db server start
    """
    local = LocalServer(default_home())
    local.start()
    click.echo(f"running, socket {local.socket}")


@server.command("stop")
def server_stop() -> None:
    """Stop the embedded server.

    \b
    Example:
        wordle-db server stop
    """
    click.echo("stopped" if LocalServer(default_home()).stop() else "not running")


@server.command("status")
def server_status() -> None:
    """Say whether the embedded server runs, and where its files are.

    \b
    Example:
        wordle-db server status
    """
    local = LocalServer(default_home())
    pid = local.pid() if local.is_running() else None
    state = f"running (pid {pid}), socket {local.socket}" if pid else "not running"
    click.echo(f"{state}; data in {local.datadir}")


@cli.command()
@click.option(
    "--revision",
    default="head",
    show_default=True,
    help="Target revision: head, base (removes everything) or a revision id.",
)
@pass_app
def migrate(app: App, revision: str) -> None:
    """Bring the database schema to a revision.

    \b
    Example:
        wordle-db migrate
        wordle-db migrate --revision base
    """
    from wordle_db.schema import migrate as run_migrations  # Alembic loads only when needed

    before, after = run_migrations(app.url, revision)
    if before == after:
        click.echo(f"schema already at {after or 'base'}")
    else:
        click.echo(f"schema migrated from {before or 'base'} to {after or 'base'}")


@cli.command()
@pass_app
def init(app: App) -> None:
    """Migrate to the latest schema and load the bundled English word lists.

    Running it again changes nothing.

    \b
    Example:
        wordle-db init
    """
    from wordle_db.schema import migrate as run_migrations

    _, after = run_migrations(app.url, "head")
    with app.connect() as conn:
        allowed, answers = words.load_bundled(conn)
        counts = read_status(conn)
    click.echo(
        f"schema {after}; added {allowed.added + answers.added} words, "
        f"{answers.answers_added} answer words; now {counts['words_allowed']} words, "
        f"{counts['words_answers']} answers"
    )


@cli.group("words")
def words_group() -> None:
    """Manage the word lists."""


@words_group.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--answers", is_flag=True, help="The words may also be published as daily answers.")
@channel_option
@with_connection
def words_import(
    app: App, conn: Connection, file: Path, answers: bool, channel: str | None
) -> None:
    """Import FILE into a channel's words: one word per line, UTF-8.

    Words are normalised (NFC, lowercase; accents folded in a channel that folds them).
    Lines that are not a single word of letters, or have not the channel's number of letters,
    are reported by line number and skipped; known words are ignored. A file that is not
    UTF-8 text (invalid bytes, control characters) is refused whole.

    \b
    Example:
        wordle-db words import my-words.txt --answers
        wordle-db words import six.txt --answers --channel en6
    """
    if file.stat().st_size < PROGRESS_MIN_BYTES:
        result = words.import_file(conn, file, answers, channel=channel)
    else:
        with progress("importing") as update:
            result = words.import_file(conn, file, answers, update, channel)
    for bad in result.rejected[:50]:
        text = f" {bad.text!r}" if bad.text else ""
        click.echo(f"{file}:{bad.line}: rejected{text}: {bad.reason}", err=True)
    if len(result.rejected) > 50:
        click.echo(f"... and {len(result.rejected) - 50} more rejected lines", err=True)
    click.echo(
        f"{result.lines} lines: {result.added} words added, {result.answers_added} new answer "
        f"words, {len(result.rejected)} lines rejected"
    )


@cli.command()
@json_option
@channel_option
@with_connection
def status(app: App, conn: Connection, as_json: bool, channel: str | None) -> None:
    """Show the server, schema and a channel's word counts and today's puzzle (never its word).

    \b
    Example:
        wordle-db status --json
        wordle-db status --channel fr
    """
    info = read_status(conn, channel)
    info["server"] = db.describe_url(app.url)
    info["embedded"] = app.embedded
    if as_json:
        print_json(info)
        return
    click.echo(f"server:   {info['server']} (MariaDB {info['server_version']})")
    if info["schema_revision"] is None:
        click.echo("schema:   not set up; run `wordle-db init`")
        return
    if info["schema_revision"] != info["schema_head"]:
        # An older schema's wordle_status may lack columns: say what to do, show what there is.
        click.echo(
            f"schema:   {info['schema_revision']}, out of date (this wordle-db needs "
            f"{info['schema_head']}): run `wordle-db migrate`"
        )
    else:
        click.echo(f"schema:   {info['schema_revision']}")
    if "channel" in info:
        click.echo(f"channel:  {info['channel']}")
    click.echo(
        f"words:    {info['words_allowed']} accepted, {info['words_answers']} answers, "
        f"{info['answers_left']} never published"
    )
    published = "published" if info["today_published"] else "not published yet"
    click.echo(
        f"today:    {info['today']} ({info['time_zone']}), puzzle #{info['puzzle_number']} "
        f"{published}"
    )
    if "days_left" in info:
        click.echo(f"words for {info['days_left']} more days, until {info['words_until']}")
    if info.get("unsafe_accounts"):
        click.echo(
            "warning:  these accounts hold a wordle role and are open to anybody, or could hide "
            "the game's tables from its routines (temporary tables): "
            + "; ".join(info["unsafe_accounts"])
        )
    if info.get("accounts_refresh"):
        click.echo(
            f"warning:  {info['accounts_refresh']}: accounts and roles changed by hand (GRANT, "
            "REVOKE, DROP USER) count for the game only at the next `wordle-db grant` or migration"
        )


@cli.command()
@click.argument("name", required=False)
@click.argument("value", required=False)
@with_connection
def config(app: App, conn: Connection, name: str | None, value: str | None) -> None:
    """Show the installation settings, or set NAME to VALUE.

    \b
    Settings: player_names, publish_ahead, default_channel; time_zone, first_day,
    max_tries and letter_hints are the default channel's (`wordle-db channel set` for others).
    Example:
        wordle-db config time_zone Europe/Paris
        wordle-db config -- time_zone -05:00   (-- before a negative offset)
    """
    if value is not None:
        assert name is not None
        row = set_setting(conn, name, value)
        click.echo(f"{row['name']} = {row['value']}")
        return
    rows = [r for r in all_settings(conn) if name is None or r["name"] == name]
    if name is not None and not rows:
        raise click.ClickException(f"unknown setting {name!r}")
    for row in rows:
        click.echo(f"{row['name']} = {row['value']}    # {row['description']}")


@words_group.command("check")
@channel_option
@json_option
@with_connection
def words_check(app: App, conn: Connection, channel: str | None, as_json: bool) -> None:
    """List the channel's answers that its language's dictionary would reject, with why:
    offensive, not a base form (a plural, a conjugation, a name), an inflected form. For
    operators who import their own lists; the words stay until removed. Exits 0 either way.

    \b
    Example:
        wordle-db words check --channel fr
        wordle-db words check --channel es --json
    """
    row, answers = channels.answers_of(conn, channel)
    from wordle_db.languages import check_answers

    rejected = check_answers(row["language"], row["accents"], answers, words.letter_folds(conn))
    if as_json:
        print_json(
            {
                "channel": row["name"],
                "answers": len(answers),
                "rejected": [{"word": w, "reason": r} for w, r in rejected.items()],
            }
        )
        return
    for word, reason in rejected.items():
        click.echo(f"{word}: {reason}")
    click.echo(
        f"{len(rejected)} of {len(answers)} answers of channel {row['name']} would be "
        f"rejected by the {row['language']} dictionary",
        err=True,
    )


@cli.command("grant")
@click.argument("role")
@click.argument("account", metavar="USER@HOST")
@click.option("--password-stdin", is_flag=True, help="Read the account's password from stdin.")
@click.option(
    "--generate-password",
    is_flag=True,
    help="Make a random password and print it once (it is stored only hashed).",
)
@click.option(
    "--unix-socket",
    is_flag=True,
    help="Log in through the server's unix socket as the system user of that name "
    "(USER@localhost), without a password.",
)
@click.option("--require-ssl", is_flag=True, help="The account logs in over TLS only.")
@click.option(
    "--allow-any-host",
    is_flag=True,
    help="Allow a host with % without --require-ssl (a password crosses the network in the clear).",
)
@with_connection
def grant_role(
    app: App,
    conn: Connection,
    role: str,
    account: str,
    password_stdin: bool,
    generate_password: bool,
    unix_socket: bool,
    require_ssl: bool,
    allow_any_host: bool,
) -> None:
    """Create or update an application account with ROLE: admin, publisher, player or reader.

    The account gets ROLE as its default role (and loses any other wordle role). A new
    account needs a way in that is not open to anybody: --password-stdin, --generate-password
    or --unix-socket; an existing one keeps its password (unless it has none: then it needs
    one too). A host with % (any host) needs --require-ssl, or --allow-any-host to accept a
    password in the clear. Nothing secret is printed, except a generated password, once.

    \b
    Example:
        printf '%s\\n' "$BOT_PASSWORD" | wordle-db grant player bot@localhost --password-stdin
        wordle-db grant reader analytics@% --generate-password --require-ssl
        wordle-db grant publisher wordle@localhost --unix-socket
    """
    if password_stdin + generate_password + unix_socket > 1:
        raise click.UsageError("give one of --password-stdin, --generate-password, --unix-socket")
    password = (
        read_secret()
        if password_stdin
        else secrets.token_urlsafe(18)
        if generate_password
        else None
    )
    click.echo(
        roles.grant(
            conn,
            role,
            account,
            password,
            unix_socket=unix_socket,
            require_ssl=require_ssl,
            allow_any_host=allow_any_host,
        )
    )
    if generate_password:
        click.echo(f"password: {password}")
        click.echo("(shown once: keep it now; run grant again to set a new one)", err=True)
