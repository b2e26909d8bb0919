"""The identifiers of the engine's hand-written headers (ascend_kernels/common/, comments and
string literals left out), listed for the spec loader (spec/engine_names_generated.py), which
refuses an op they name (spec/reserved_names.py)."""
from __future__ import annotations

import re
from pathlib import Path

from .file_manager import header_line, is_generated
from .templates import template

ENGINE_DIR = "common"
NAMES_PATH = "../python/ascend_ops_gen/spec/engine_names_generated.py"
_NOT_CODE = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.S)


def identifiers_of(text: str) -> set[str]:
    """The identifiers of C++ source `text`, outside comments and string and character literals."""
    return set(re.findall(r"[A-Za-z_]\w*", _NOT_CODE.sub(" ", text)))


def engine_identifiers(out_dir: Path) -> frozenset[str]:
    """Every identifier of the hand-written headers of `out_dir`/common/."""
    found: set[str] = set()
    for path in sorted((Path(out_dir) / ENGINE_DIR).glob("*.h")):
        text = path.read_text(encoding="utf-8")
        if not is_generated(text):
            found |= identifiers_of(text)
    return frozenset(found)


def emit_engine_names(identifiers: frozenset[str], source: str) -> str:
    return template("engine_names.py").substitute(header=header_line(source, "#"),
                                                  identifiers=[f"{name!r}," for name in sorted(identifiers)])
