"""The optional extras of pyproject.toml, checked before the work that needs them starts: a
missing one is one line that names the extra to install, not an ImportError from deep inside."""
from __future__ import annotations

import importlib

# extra -> the modules it installs (pyproject.toml [project.optional-dependencies])
EXTRAS = {"onnx": ("onnx", "onnxscript", "onnxruntime"), "bench": ("matplotlib",)}


class MissingExtraError(ImportError):
    """An optional extra the call needs is not installed."""


def install_hint(extra: str) -> str:
    return f'pip install "ascend-ops[{extra}]" (from a checkout: pip install -e ".[{extra}]")'


def require(extra: str, what: str, modules: tuple[str, ...] | None = None) -> None:
    """Raise MissingExtraError naming `extra` unless its `modules` (default: all of the extra's)
    import. `what` names what needs them: "ascend_ops.onnx", "the walkthrough example"."""
    missing = []
    for name in modules if modules is not None else EXTRAS[extra]:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise MissingExtraError(f"{what} needs the {extra} extra ({', '.join(missing)} missing): "
                                f"{install_hint(extra)}")
