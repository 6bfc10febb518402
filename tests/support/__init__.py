"""Helpers of the test suite, by what they help with; no tests here.

Modules that hold fixtures shared by several concerns (galera, web, browser, accounts) are
plugins of tests/conftest.py (its `pytest_plugins`); the rest are imported where used.
"""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]  # the repository's root
