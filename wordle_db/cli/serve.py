"""`wordle-db serve`: the game in the browser (an ASGI app served by uvicorn)."""

from __future__ import annotations

import os
import socket
from contextlib import suppress
from pathlib import Path

import click

from wordle_db.cli.base import App, cli, pass_app
from wordle_db.errors import WordleError
from wordle_db.server import default_home


def _allowed_hosts(
    ctx: click.Context, param: click.Parameter, entries: tuple[str, ...]
) -> tuple[str, ...]:
    from wordle_db.web import hosts

    try:
        return tuple(hosts.allowed_host(entry) for entry in entries)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


# Seconds an idle keep-alive connection stays open. A proxy that sends a request on a
# connection serve is closing gets a broken pipe (nginx answers 502): behind one, serve keeps
# its connections longer than the proxy keeps them idle.
KEEP_ALIVE_DIRECT = 5  # uvicorn's own
KEEP_ALIVE_BEHIND_PROXY = 75


def keep_alive_seconds(given: int | None, forwarded_allow_ips: str | None) -> int:
    if given is not None:
        return given
    return KEEP_ALIVE_DIRECT if forwarded_allow_ips is None else KEEP_ALIVE_BEHIND_PROXY


def listen(host: str, port: int) -> socket.socket:
    """A listening socket, or one line saying why not (port in use, unknown host, ...)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise WordleError(f"cannot listen on {host}:{port}: unknown host ({exc})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(1024)
    except OSError as exc:
        sock.close()
        raise WordleError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


@cli.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (0.0.0.0: every interface, e.g. for phones on the LAN).",
)
@click.option(
    "--port", type=click.IntRange(1, 65535), default=8080, show_default=True, help="TCP port."
)
@click.option(
    "--secret-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="File holding the cookie secret. Default: $WORDLE_DB_WEB_SECRET, else "
    "web-secret in the data directory, made on first start.",
)
@click.option(
    "--forwarded-allow-ips",
    metavar="IPS",
    help="Behind a reverse proxy: the proxy's addresses (comma-separated, * for any), "
    "whose X-Forwarded-For and X-Forwarded-Proto headers are trusted.",
)
@click.option(
    "--allowed-host",
    "allowed_hosts",
    multiple=True,
    callback=_allowed_hosts,
    metavar="NAME",
    help="A host name the page answers for (repeatable; *.example.org for its "
    "subdomains). Default: the bind address and localhost; bound to every "
    "interface, also any numeric address. Other names get 421 (DNS rebinding).",
)
@click.option(
    "--player-names",
    type=click.Choice(["created", "any"]),
    help="With the embedded server: the setting player_names serve may set (the page "
    "plays for its players through one account). Needed to widen a setting an "
    "administrator set back to account.",
)
@click.option(
    "--guesses-per-minute",
    type=click.IntRange(1, 10_000_000),
    default=30,
    show_default=True,
    help="Guesses and letter hints per client address a minute (after a burst of 20).",
)
@click.option(
    "--metrics-port",
    type=click.IntRange(1, 65535),
    metavar="PORT",
    help="Serve Prometheus metrics (/metrics) on this port, apart from the players' "
    "port. Default: no metrics.",
)
@click.option(
    "--access-log/--no-access-log",
    default=False,
    show_default=True,
    help="Write a line for every request to stdout (a reverse proxy usually logs them "
    "already; the line costs serve a tenth of a guess's CPU).",
)
@click.option(
    "--metrics-host", default="127.0.0.1", show_default=True, help="The address of --metrics-port."
)
@click.option(
    "--request-timeout",
    type=click.FloatRange(0.1, 300),
    default=5,
    show_default=True,
    metavar="SECONDS",
    help="How long a client may take to send a whole request (its head and body), from its "
    "first byte; then its connection is closed.",
)
@click.option(
    "--keep-alive",
    type=click.IntRange(1, 3600),
    metavar="SECONDS",
    help="How long an idle connection stays open. Default: behind a proxy "
    f"(--forwarded-allow-ips) {KEEP_ALIVE_BEHIND_PROXY}, longer than a proxy keeps its own idle "
    f"connections to serve (nginx and most load balancers: 60); else {KEEP_ALIVE_DIRECT}.",
)
@pass_app
def serve(
    app: App,
    host: str,
    port: int,
    secret_file: Path | None,
    forwarded_allow_ips: str | None,
    allowed_hosts: tuple[str, ...],
    player_names: str | None,
    guesses_per_minute: int,
    metrics_port: int | None,
    metrics_host: str,
    access_log: bool,
    keep_alive: int | None,
    request_timeout: float,
) -> None:
    """Serve the game in the browser: a page and a JSON API (/api/openapi.json).

    Players need no account: each browser gets an anonymous player in a signed cookie. The
    page plays through a database account with the wordle_player role and setting
    player_names created. With the embedded server, serve creates that account
    (wordle_web@localhost, its password in the data directory) and, the first time, sets
    player_names to created, saying so; later it refuses to widen a player_names an
    administrator set back to account unless given --player-names created. With --db-url,
    give such an account (see `wordle-db grant`). The page answers only the host names it
    was told (--allowed-host). Ctrl-C stops it.

    \b
    Example:
        wordle-db serve --host 0.0.0.0 --port 8080
        wordle-db serve --allowed-host wordle.example.org --player-names created
        wordle-db --db-url mariadb://web:pw@db/wordle serve --forwarded-allow-ips 127.0.0.1
        wordle-db serve --metrics-port 9108     # Prometheus scrapes 127.0.0.1:9108/metrics
    """
    import uvicorn

    from wordle_db.web import connections, hosts, setup
    from wordle_db.web.app import Settings, create_app

    sock = listen(host, port)
    home = default_home()
    given = secret_file.read_text().strip() if secret_file else os.environ.get(setup.SECRET_ENV)
    secret = setup.load_secret(home, given)
    say = lambda line: click.echo(f"wordle-db serve: {line}", err=True)  # noqa: E731
    url = setup.embedded_account(app.url, home, player_names, say) if app.embedded else app.url
    setup.check_account(url)
    names = allowed_hosts or hosts.default_hosts(host)
    web = create_app(url, Settings(secret, guesses_per_minute, allowed_hosts=names))
    if metrics_port:
        from wordle_db.web.metrics import serve_metrics

        serve_metrics(web.app.state.web.metrics.registry, metrics_host, metrics_port)
        click.echo(f"wordle-db metrics on http://{metrics_host}:{metrics_port}/metrics", err=True)
    connections.Protocol.request_seconds = request_timeout
    config = uvicorn.Config(
        web,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "",
        server_header=False,
        log_level="info",
        access_log=access_log,
        timeout_graceful_shutdown=5,
        timeout_keep_alive=keep_alive_seconds(keep_alive, forwarded_allow_ips),
        http=connections.Protocol,  # a request's head within seconds, or the connection closed
        ws="none",  # no websocket routes: an upgrade is a plain request (uvicorn's would log it)
    )
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"wordle-db serving http://{shown}:{port}/ as {url.username}", err=True)
    with suppress(KeyboardInterrupt):  # uvicorn stopped cleanly, then passed Ctrl-C on
        uvicorn.Server(config).run(sockets=[sock])
    click.echo("wordle-db serve stopped", err=True)
