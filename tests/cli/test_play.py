"""`wordle-db play` driven as a person would: in a pseudo-terminal, typing guesses."""

from __future__ import annotations

import sys

import pexpect
from sqlalchemy.engine import URL, Connection

from wordle_db import db

from support.puzzles import set_word, today


def spawn(db_url: URL, *args: str) -> pexpect.spawn:
    url = db_url.render_as_string(hide_password=False)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "wordle_db", "--db-url", url, "play", *args],
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 100),
    )
    return child


def test_play_a_whole_game_in_a_terminal(db_url: URL, conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    child = spawn(db_url, "--player", "ann", "--hard")
    child.expect_exact("guess 1/6> ")
    assert "\x1b[" in child.before  # coloured board and keyboard on a terminal
    child.sendline("zzzzz")
    child.expect_exact("Not played: 'zzzzz' is not an accepted word")
    child.expect_exact("guess 1/6> ")
    child.sendline("slate")
    child.expect_exact("guess 2/6> ")
    child.sendline("pious")  # breaks hard mode: refused, the game goes on
    child.expect_exact("Not played: 3rd letter must be A")
    child.expect_exact("guess 2/6> ")
    child.sendline("?")
    child.expect(r"Letter \d is [CRN]\. 1 letter hint left\.")
    child.expect_exact("guess 2/6> ")
    child.sendline("trace")
    child.expect_exact("guess 3/6> ")
    child.sendline("crane")
    child.expect_exact("Solved!")
    child.expect_exact("wordle-db #1 3/6*")
    child.expect_exact("🟩🟩🟩🟩🟩")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert db.scalar(conn, "SELECT state FROM games") == "won"


def test_quitting_keeps_the_game_open(db_url: URL, conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    child = spawn(db_url, "--player", "bob")
    child.expect_exact("guess 1/6> ")
    child.sendline("slate")
    child.expect_exact("guess 2/6> ")
    child.sendline("")
    child.expect_exact("the game stays open")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    again = spawn(db_url, "--player", "bob")
    again.expect_exact("guess 2/6> ")
    again.sendeof()
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


def test_play_on_a_finished_game_says_it_is_over(db_url: URL, conn: Connection) -> None:
    """No prompt to type a word: the board, the game's end and the share text."""
    from wordle_db import game

    set_word(conn, today(conn), "crane")
    game.play(conn, "cid", "crane")
    child = spawn(db_url, "--player", "cid")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "This game is over." in child.before
    assert "Type a word" not in child.before and "1/6" in child.before
