"""Alembic migrations, shipped as wordle_db.migrations."""
