"""Fixtures of the codegen tests: a throw-away copy of the checkout (`project`) and of the small
fixture set (`fixture_project`), from tests/support/project_copy.py."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for entry in (ROOT / "python", ROOT):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from project_copy import fixture_project, project  # noqa: E402,F401  (fixtures)
