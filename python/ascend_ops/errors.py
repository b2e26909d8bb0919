"""The package's exceptions.

`OpArgumentError` and its `TypeError` subclass `OpTypeError` are defined once, in `cpu_reference`
(which must not import torch), and are the same classes here, so `except ascend_ops.OpArgumentError`
catches the reference's errors too.
"""
from cpu_reference.errors import OpArgumentError, OpTypeError

__all__ = ["OpArgumentError", "OpTypeError", "UnsupportedDtypeError", "SpecError"]


class UnsupportedDtypeError(TypeError):
    """The active product does not support this dtype for this op."""


class SpecError(ValueError):
    """A spec file in `op_specs/` is malformed; the message starts with `file:line:`."""
