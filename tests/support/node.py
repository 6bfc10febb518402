"""Node.js snippets run against the test databases with npm's `mariadb` connector."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CONNECTOR = REPO / "node_modules" / "mariadb"


def node() -> str:
    """The node binary; a missing one, or a missing connector, fails the run, saying so."""
    found = shutil.which("node")
    if found is None:
        pytest.fail("Node.js is missing (Debian: nodejs): ./dev test installs it", pytrace=False)
    if not CONNECTOR.exists():
        pytest.fail(f"{CONNECTOR} is missing: ./dev test runs npm ci", pytrace=False)
    return found


def run_module(source: str, env: dict[str, str]) -> str:
    """Run `source` as an ES module from the repository's root with `env` added to this
    process's environment; its stdout (a failure ends the test with its stderr)."""
    run = subprocess.run(
        [node(), "--input-type=module", "-e", source],
        cwd=REPO,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout
