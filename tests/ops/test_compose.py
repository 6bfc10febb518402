"""docker-compose.yml: MariaDB with a health check, a one-shot init that makes one account per
service with `wordle-db grant`, and the page and the publication through those accounts
(never root). Without a Docker daemon here, the services' commands run against the test
server exactly as Compose would run them."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from sqlalchemy.engine import URL, Connection

from wordle_db import db
from wordle_db.web import setup

from support import REPO
from support.databases import cli_runner

SPEC: dict[str, Any] = yaml.safe_load((REPO / "docker-compose.yml").read_text())
PIPED = re.compile(r"""^printf '%s\\n' "\$\$(\w+)" \| (wordle-db .*)$""")


def test_compose_file_has_a_healthy_database_and_services_without_root(repo_root: Path) -> None:
    services = SPEC["services"]
    assert services["db"]["image"].startswith("mariadb:")
    assert "healthcheck.sh" in services["db"]["healthcheck"]["test"]
    assert services["init"]["depends_on"]["db"]["condition"] == "service_healthy"
    for name in ("web", "publish"):
        assert services[name]["depends_on"]["init"]["condition"] == "service_completed_successfully"
        url = services[name]["environment"]["WORDLE_DB_URL"]
        assert url.startswith("mariadb://") and "root" not in url, name
    dockerfile = (repo_root / "Dockerfile").read_text()
    assert re.search(r"^USER wordle$", dockerfile, re.MULTILINE)


def test_compose_runs_the_mariadb_version_the_tests_run(conn: Connection) -> None:
    """docker-compose.yml's MariaDB is the major version every test here ran against."""
    version = db.scalar(conn, "SELECT VERSION()")
    major = ".".join(version.split(".")[:2])
    assert SPEC["services"]["db"]["image"] == f"mariadb:{major}", version


def expand(text: str, env: dict[str, str]) -> str:
    """Compose's ${NAME:?message} and ${NAME:-default} from `env`."""
    return re.sub(
        r"\$\{(\w+)(?::[?-]([^}]*))?\}", lambda m: env.get(m.group(1), m.group(2) or ""), text
    )


def test_the_services_run_through_their_own_accounts(new_db: Callable[[], URL]) -> None:
    """init's lines as root, then publish's command as the account init made for it, and
    serve's check of the web account: each exits 0; neither account may do more."""
    url = new_db()
    env = {
        "WORDLE_DB_WEB_PASSWORD": uuid.uuid4().hex,
        "WORDLE_DB_PUBLISH_PASSWORD": uuid.uuid4().hex,
        "WORDLE_DB_ROOT_PASSWORD": "unused",
    }
    init = SPEC["services"]["init"]
    passwords = {name: expand(value, env) for name, value in init["environment"].items()}
    root = cli_runner(url)
    try:
        for line in init["command"][2].strip().splitlines():
            piped = PIPED.match(line)
            command = piped.group(2) if piped else line
            secret = passwords[piped.group(1)] + "\n" if piped else None
            result = root(*shlex.split(command)[1:], input=secret)
            assert result.exit_code == 0, (line, result.output)
        for service in ("publish", "web"):
            given = db.parse_url(
                expand(SPEC["services"][service]["environment"]["WORDLE_DB_URL"], env)
            )
            account = url.set(username=given.username, password=given.password)
            if service == "publish":
                result = cli_runner(account)(*SPEC["services"]["publish"]["command"][1:])
                assert result.exit_code == 0, result.output
                assert "published" in result.output
            else:
                setup.check_account(account)
            with db.connect(account) as conn, pytest.raises(Exception, match="denied"):
                db.query(conn, "SELECT COUNT(*) FROM puzzles")
    finally:
        with db.connect(url) as admin:
            for user in ("web", "publisher"):
                admin.exec_driver_sql(f"DROP USER IF EXISTS '{user}'@'%'")


def docker_compose() -> list[str] | None:
    """The Compose client here: `docker compose`, else `docker-compose`, else None."""
    for command in (["docker", "compose"], ["docker-compose"]):
        if shutil.which(command[0]) is None:
            continue
        probe = subprocess.run([*command, "version"], capture_output=True, text=True)
        if probe.returncode == 0:
            return command
    return None


COMPOSE = docker_compose()


# The parts of the Compose specification (compose-spec.io) this file may use: a misspelt key
# is an error here, as `docker compose config` makes it.
SERVICE_KEYS = {
    "image",
    "build",
    "environment",
    "command",
    "volumes",
    "healthcheck",
    "depends_on",
    "ports",
    "restart",
    "user",
    "entrypoint",
    "expose",
}
HEALTH_KEYS = {"test", "interval", "timeout", "retries", "start_period", "disable"}
CONDITIONS = {"service_started", "service_healthy", "service_completed_successfully"}


def test_the_compose_file_follows_the_compose_specification(repo_root: Path) -> None:
    """`docker compose config` where a client exists; always the specification's rules for
    the keys the file uses, and every service's health: a check, or a one-shot whose exit
    status is checked by the services that wait for it."""
    if COMPOSE is not None:
        result = subprocess.run(
            [*COMPOSE, "config", "--quiet"], cwd=repo_root, capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr
    assert set(SPEC) <= {"services", "volumes", "networks", "name"} | {
        k for k in SPEC if k.startswith("x-")
    }
    awaited = {
        name: dep["condition"]
        for s in SPEC["services"].values()
        for name, dep in s.get("depends_on", {}).items()
    }
    for name, service in SPEC["services"].items():
        assert set(service) <= SERVICE_KEYS, (name, set(service) - SERVICE_KEYS)
        assert ("image" in service) != ("build" in service), name
        assert all(isinstance(v, str) for v in service.get("environment", {}).values()), name
        for dep in service.get("depends_on", {}).values():
            assert set(dep) == {"condition"} and dep["condition"] in CONDITIONS, name
        for volume in service.get("volumes", []):
            assert volume.split(":")[0] in SPEC["volumes"], (name, volume)
        if "healthcheck" in service:
            check = service["healthcheck"]
            assert set(check) <= HEALTH_KEYS and check["test"][0] in ("CMD", "CMD-SHELL"), name
            assert all(
                re.fullmatch(r"\d+(ms|s|m)", check[k])
                for k in ("interval", "timeout", "start_period")
                if k in check
            ), name
        else:  # a one-shot: never restarted, and what waits for it checks its exit status
            assert service.get("restart", "no") == "no", name
            assert (
                awaited.get(name, "service_completed_successfully")
                == "service_completed_successfully"
            ), name
    assert {"db", "web"} <= {n for n, s in SPEC["services"].items() if "healthcheck" in s}
    assert "/readyz" in " ".join(SPEC["services"]["web"]["healthcheck"]["test"])
