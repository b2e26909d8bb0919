"""The error classes for bad operator arguments.

`ascend_ops.OpArgumentError` and `ascend_ops.OpTypeError` re-export these classes, so
`except ValueError`, `except TypeError` and `except ascend_ops.OpArgumentError` catch the same
things on every path.
"""


class OpArgumentError(ValueError):
    """An argument breaks an op's rules; the message names the argument, its value and the rule."""


class OpTypeError(OpArgumentError, TypeError):
    """An argument has the wrong type (a float, a string, a bool or a tensor where the op takes
    an int, say). It is a `TypeError` as Python's conventions ask, and an `OpArgumentError`, so
    one `except OpArgumentError` still catches every bad argument."""
