"""$name: what it computes (write it; docs/adding-an-op.md)."""

from __future__ import annotations

__all__ = ["$name"]

import numpy as np


def $name(x) -> np.ndarray:
    """y from x (write it)."""
    raise NotImplementedError("cpu_reference/$name.py: the reference of $name is not written yet "
                              "(docs/adding-an-op.md)")
