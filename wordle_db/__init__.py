"""wordle-db: a daily-word game whose rules live in MariaDB."""

__version__ = "0.1.0"
