"""Alembic environment: migrations run on the connection wordle_db.schema hands over."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise SystemExit("run migrations with `wordle-db migrate`, which provides the connection")

context.configure(connection=connection, transactional_ddl=False)
with context.begin_transaction():
    context.run_migrations()
