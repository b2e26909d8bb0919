"""Bit-exact numpy references for the ascend-ops operators (numpy only; never imports torch).

Every op validates all of its arguments first (raising `OpArgumentError`). Each op is one
file, `cpu_reference/<op>.py`, named after the op's spec. A view op (the shipped ones) copies a
view of the input into a fresh C-contiguous array of the input's dtype; its `__all__` exports
the op itself and `<op>_view`, the same canonicalisation on shapes alone: it returns the result
as view steps of the input (`view_steps`), which shape inference, the fake kernels, autograd and
the other CPU backends read. A custom op (`kind: custom`) exports the op, `<op>_shape` when its
spec's shape rule is `infer_shape`, and optionally `<op>_check`, its rules that read values,
which every path runs before a kernel. This package finds those files by name; it lists no op.
"""

import importlib as _importlib
import pkgutil as _pkgutil

from ._block_rearrangement import BlockRearrangement, ReshapeTranspose
from .view_steps import Broadcast, Index, Permute, Reshape, View
from .errors import OpArgumentError

# The public modules that are no op: the errors, and the canonicalisation every op and the
# ascend_ops runtime share (argument rules, view steps, the gradient ops' checks).
SUPPORT_MODULES = ("arguments", "errors", "gradients", "view_steps")
OP_MODULES: tuple[str, ...] = tuple(
    m.name for m in _pkgutil.iter_modules(__path__) if not m.name.startswith("_") and m.name not in SUPPORT_MODULES
)

__all__ = ["BlockRearrangement", "Broadcast", "Index", "OpArgumentError", "Permute", "Reshape", "ReshapeTranspose", "View"]
for _name in OP_MODULES:
    _module = _importlib.import_module(f".{_name}", __name__)
    for _export in _module.__all__:
        globals()[_export] = getattr(_module, _export)  # the op's function replaces its module here
    __all__ += list(_module.__all__)
__all__ = sorted(__all__)
