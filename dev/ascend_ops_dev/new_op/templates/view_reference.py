"""$name: what it computes (write it; docs/adding-an-op.md)."""

from __future__ import annotations

__all__ = ["$name", "${name}_view"]

import numpy as np

from .arguments import as_data_array, fresh_copy
from .view_steps import View


def ${name}_view(shape) -> View:
    """The checks of $name on an input `shape`, and its result as view steps (write it)."""
    raise NotImplementedError("cpu_reference/$name.py: the canonicalisation of $name is not written yet "
                              "(docs/adding-an-op.md)")


def $name(x) -> np.ndarray:
    x = as_data_array(x)
    return fresh_copy(${name}_view(x.shape).apply(x))
