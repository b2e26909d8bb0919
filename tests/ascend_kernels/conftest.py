"""Fixtures of the engine and emulator tests: a throw-away copy of the checkout (`project`), from
tests/support/project_copy.py, for the checks that compile an edited copy of the headers."""
from __future__ import annotations

from project_copy import project  # noqa: F401  (a fixture)
