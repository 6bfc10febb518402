"""A whole game of today's puzzle from Python through the SQL API (docs/sql-api.md), with
MariaDB Connector/Python (pip install mariadb) and nothing of wordle-db: the game, a refused
guess, guesses until the game is over, the share text and the statistics.
Run it: python examples/python/play.py (settings in README.md)."""

from __future__ import annotations

import json
import os
import random
import re
import time
from typing import Any

import mariadb

env = os.environ
CHANNEL = env.get("WORDLE_CHANNEL") or None  # None: the default channel


def refusal(error: mariadb.Error) -> tuple[str, str] | None:
    """(SQLSTATE, message) of a refusal of the game (class WD), else None. Characters beyond
    the Basic Multilingual Plane come as \\u{1F600} (the server keeps messages in utf8mb3)."""
    if not (error.sqlstate or "").startswith("WD"):
        return None
    text = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), error.msg)
    return error.sqlstate, text


def call(cursor: mariadb.Cursor, procedure: str, *args: Any) -> list[dict[str, Any]]:
    """The first result set of a CALL as dictionaries (later ones are read and dropped)."""
    cursor.callproc(procedure, args)
    rows = cursor.fetchall() if cursor.description else []
    while cursor.nextset():
        pass
    return rows


def main() -> None:
    connection = mariadb.connect(
        host=env.get("WORDLE_DB_HOST", "localhost"),
        port=int(env.get("WORDLE_DB_PORT", "3306")),
        unix_socket=env.get("WORDLE_DB_SOCKET") or None,
        user=env["WORDLE_DB_USER"],
        password=env.get("WORDLE_DB_PASSWORD", ""),
        database=env.get("WORDLE_DB_NAME", "wordle"),
        read_timeout=10,  # seconds: every call of a game returns in well under a second
        autocommit=True,  # each procedure commits its own transaction
    )
    cursor = connection.cursor(dictionary=True)
    try:
        player = env.get("WORDLE_PLAYER") or env["WORDLE_DB_USER"]  # an account's own name
        (game,) = call(cursor, "wordle_game_on", CHANNEL, player, None)
        # `day` is a datetime.date: the puzzle's day, the same in every time zone
        print(
            f"{game['title']} ({game['day'].isoformat()}): "
            f"{game['letters']} letters, {game['max_tries']} tries, {game['state']}"
        )
        state = game["state"]
        try:
            call(cursor, "wordle_play_on", CHANNEL, player, "q" * game["letters"], None, None)
        except mariadb.Error as error:
            refused = refusal(error)
            if refused is None:
                raise
            print(f"refused {refused[0]}: {refused[1]}")
        while state == "playing":
            # the first answer word that agrees with every hint so far (no solver build needed)
            (candidate,) = call(cursor, "wordle_candidates_on", CHANNEL, None, player, None, 1)
            try:
                (move,) = call(
                    cursor, "wordle_play_on", CHANNEL, player, candidate["word"], None, None
                )
            except mariadb.Error as error:
                refused = refusal(error)
                if refused is None or refused[0] != "WD025":  # WD025: the database stayed busy
                    raise
                time.sleep(0.2 + 0.3 * random.random())
                continue
            print(
                f"{move['attempt']}/{move['max_tries']} {move['guess']} {move['hint']} "
                f"{move['state']}"
            )
            state = move["state"]
        (share,) = call(cursor, "wordle_share_on", CHANNEL, player, None)
        print(share["text"])
        (stats,) = call(cursor, "wordle_stats_on", CHANNEL, player)
        print(f"stats {json.dumps(stats)}")
        distribution = call(cursor, "wordle_stats_distribution_on", CHANNEL, player)
        print(f"distribution {json.dumps(distribution)}")
    finally:
        connection.close()


if __name__ == "__main__":
    main()
