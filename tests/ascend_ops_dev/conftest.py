"""Fixtures of the development package's tests: a throw-away copy of the checkout (`project`),
from tests/support/project_copy.py, for the kernel and CANN checks run on an edited copy."""
from __future__ import annotations

from project_copy import project  # noqa: F401  (a fixture)
