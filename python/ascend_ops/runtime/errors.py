"""The package's exceptions.

`OpArgumentError` and its `TypeError` subclass `OpTypeError` are defined once, in `cpu_reference`
(which must not import torch), and are the same classes here, so `except ascend_ops.OpArgumentError`
catches the reference's errors too. `SpecError` is likewise the spec loader's own class
(`ascend_ops_gen.errors`).
"""
from ascend_ops_gen.errors import SpecError
from cpu_reference.errors import OpArgumentError, OpTypeError

__all__ = ["OpArgumentError", "OpTypeError", "UnsupportedDtypeError", "SpecError"]


class UnsupportedDtypeError(TypeError):
    """The active product does not support this dtype for this op."""


# Tracebacks and reprs name a class by its __module__: show the public name users import and
# catch, `ascend_ops.OpArgumentError`, not the module that happens to define it. Pickle finds the
# classes there too.
for _cls in (OpArgumentError, OpTypeError, UnsupportedDtypeError, SpecError):
    _cls.__module__ = "ascend_ops"
