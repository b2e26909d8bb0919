"""The template files of `templates/`, parsed once."""
from __future__ import annotations

import functools
from pathlib import Path

from .code_template import CodeTemplate

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"


@functools.lru_cache(maxsize=None)
def template(name: str) -> CodeTemplate:
    return CodeTemplate.from_file(TEMPLATE_DIR / name)
