"""The one error class for bad operator arguments.

`ascend_ops.OpArgumentError` re-exports this class, so `except ValueError` and
`except ascend_ops.OpArgumentError` catch the same thing on every path.
"""


class OpArgumentError(ValueError):
    """An argument breaks an op's rules; the message names the argument, its value and the rule."""
