$header
"""The identifiers of the engine's hand-written headers (ascend_kernels/common/), which no op may be
named by (reserved_names.py)."""

ENGINE_IDENTIFIERS = frozenset({
    $identifiers
})
