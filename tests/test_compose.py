"""docker-compose.yml: a MariaDB service with a health check and a publish-today service."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import docker_compose


def test_compose_file_has_a_healthy_database_and_a_publisher(repo_root: Path) -> None:
    spec = yaml.safe_load((repo_root / "docker-compose.yml").read_text())
    db, publish = spec["services"]["db"], spec["services"]["publish"]
    assert db["image"].startswith("mariadb:")
    assert "healthcheck.sh" in db["healthcheck"]["test"]
    assert publish["depends_on"]["db"]["condition"] == "service_healthy"
    assert publish["environment"]["WORDLE_DB_URL"].startswith("mariadb://")
    dockerfile = (repo_root / publish["build"] / "Dockerfile").read_text()
    assert "wordle-db publish-today" in dockerfile


COMPOSE = docker_compose()


@pytest.mark.skipif(COMPOSE is None, reason="no Compose client (docker compose, docker-compose)")
def test_docker_compose_accepts_the_file(repo_root: Path) -> None:
    assert COMPOSE is not None
    result = subprocess.run([*COMPOSE, "config", "--quiet"], cwd=repo_root,
                            capture_output=True, text=True)  # fmt: skip
    assert result.returncode == 0, result.stderr
