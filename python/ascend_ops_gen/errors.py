"""The spec model's exception, raised by the loader and the code generator alike."""

__all__ = ["SpecError"]


class SpecError(ValueError):
    """A spec file in `op_specs/` is malformed; the message starts with `file:line:`."""
