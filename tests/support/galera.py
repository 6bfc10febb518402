"""A real three-node Galera cluster for the tests (wordle_db.cluster), started once a session.

Needs the Debian packages mariadb-server, galera-4 and rsync, and root (the nodes run as
mysql): without them the cluster tests fail with a line saying what to install, never skip.
The first session on a machine builds a snapshot of three nodes (~30 s); later sessions start
from copies of it in ~10 s.
"""

from __future__ import annotations

import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from wordle_db import cluster, db, schema

from support import clone
from support.databases import cli_runner, copy_rows

TEMPLATE_DB = "wt_cluster_template"


@pytest.fixture(scope="session")
def galera() -> Iterator[cluster.LocalCluster]:
    problem = cluster.missing()
    if problem:
        pytest.fail(f"the Galera cluster tests cannot run: {problem}", pytrace=False)
    home = Path(tempfile.mkdtemp(prefix="wordle-db-cluster-"))
    try:
        running = cluster.start_cluster(home)
    except Exception:
        shutil.rmtree(home, ignore_errors=True)
        raise
    try:
        yield running
    finally:
        running.kill()
        shutil.rmtree(home, ignore_errors=True)


def node_url(galera: cluster.LocalCluster, index: int, database: str) -> URL:
    return db.parse_url(galera.nodes[index].url(database))


def hosts_url(galera: cluster.LocalCluster, database: str, first: int = 0) -> URL:
    """The failover URL (mariadb://root@h1,h2,h3/db), its host list starting at node `first`."""
    nodes = galera.nodes[first:] + galera.nodes[:first]
    hosts = ",".join(n.address for n in nodes)
    return db.parse_url(f"mariadb://root@{hosts}/{database}")


@pytest.fixture
def cluster_db(
    galera: cluster.LocalCluster, cluster_template: str, cluster_recipe: clone.Recipe
) -> Iterator[str]:
    """A database of this test's own on the cluster: schema at head (cloned through node 1 from
    the template, which `init` migrated: see cluster_recipe), the bundled words copied from the
    template; dropped afterwards."""
    name = f"wt_{uuid.uuid4().hex[:12]}"
    url = node_url(galera, 0, name)
    schema.ensure_database(url)
    clone.create(cluster_recipe, url, rows_from=node_url(galera, 0, cluster_template))
    yield name
    _drop(galera, name)


def _drop(galera: cluster.LocalCluster, name: str) -> None:
    with db.connect(node_url(galera, 0, "")) as conn:
        conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {db.quote_identifier(name)}")


@pytest.fixture(scope="session")
def cluster_recipe(galera: cluster.LocalCluster, cluster_template: str) -> clone.Recipe:
    """The cluster template's schema, read once for cloning (a migration through the cluster
    took 6-9 s a test, a clone 1 s); checked first, as conftest.py's schema_recipe is: a
    database migrated through node 1 and a clone, both given the template's rows, must show
    the same schema, else the run stops."""
    template = node_url(galera, 0, cluster_template)
    with db.connect(template) as conn:
        recipe = clone.read_recipe(conn, cluster_template)
    migrated, cloned = (f"wt_{uuid.uuid4().hex[:12]}" for _ in range(2))
    try:
        schema.migrate(node_url(galera, 0, migrated))
        copy_rows(template, node_url(galera, 0, migrated))
        schema.ensure_database(node_url(galera, 0, cloned))
        clone.create(recipe, node_url(galera, 0, cloned), rows_from=template)
        with db.connect(node_url(galera, 0, "")) as conn:
            different = clone.differences(
                clone.fingerprint(conn, migrated), clone.fingerprint(conn, cloned)
            )
    finally:
        _drop(galera, migrated)
        _drop(galera, cloned)
    if different:
        pytest.exit(
            "a cloned cluster database differs from a migrated one:\n" + "\n".join(different),
            returncode=1,
        )
    return recipe


@pytest.fixture(scope="session")
def cluster_template(galera: cluster.LocalCluster) -> str:
    """`wordle-db init` through node 1 (the CLI itself), once a session."""
    result = cli_runner(node_url(galera, 0, TEMPLATE_DB))("init")
    assert result.exit_code == 0, result.output
    return TEMPLATE_DB
