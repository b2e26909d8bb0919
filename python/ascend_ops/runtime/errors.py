"""The package's exceptions.

`OpArgumentError` and its `TypeError` subclass `OpTypeError` are defined once, in `cpu_reference`
(which must not import torch), and are the same classes here, so `except ascend_ops.OpArgumentError`
catches the reference's errors too. `SpecError` is likewise the spec loader's own class
(`ascend_ops_gen.errors`).
"""
from ascend_ops_gen.errors import SpecError
from cpu_reference.errors import OpArgumentError, OpTypeError

__all__ = ["OpArgumentError", "OpTypeError", "UnsupportedDtypeError", "SpecError", "naming_op"]


class UnsupportedDtypeError(TypeError):
    """The product that binds the call's device does not support this dtype for this op."""


def naming_op(error: OpArgumentError, op: str) -> OpArgumentError:
    """`error` as the package raises it: its message led by the op it is about, once
    ("strided_slice: strides[0] must be non-zero"), and with no traceback yet, so that re-raised
    at the public entry it shows that entry's frame, not the checks' frames below it."""
    text = str(error)
    if text.startswith((f"{op}: ", f"{op}(")):
        return error.with_traceback(None)
    named = type(error)(f"{op}: {text}")
    for note in getattr(error, "__notes__", ()):  # where it was rejected, say
        named.add_note(note)
    return named


# Tracebacks and reprs name a class by its __module__: show the public name users import and
# catch, `ascend_ops.OpArgumentError`, not the module that happens to define it. Pickle finds the
# classes there too.
for _cls in (OpArgumentError, OpTypeError, UnsupportedDtypeError, SpecError):
    _cls.__module__ = "ascend_ops"
