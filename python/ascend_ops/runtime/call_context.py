"""The choices every call reads: which CPU backend moves the data and which product's rules apply.

One home for both, read by the Python kernels (`cpu/backends.py`, `runtime/products.py`) and
handed to the compiled CPU kernel (`cpu/compiled.py`), whose C++ reads these same context
variables on each call. Each choice is, in order: the context variable (`use_backend`,
`target_product`: this thread or asyncio task only), else the environment variable (the
process default).
"""
from __future__ import annotations

import contextvars

from ascend_ops_gen.spec import Product

BACKEND_ENV = "ASCEND_OPS_BACKEND"
BACKENDS = ("native", "reference", "sim")
DEFAULT_BACKEND = "native"
PRODUCT_ENV = "ASCEND_OPS_PRODUCT"

# `with use_backend(name)`: the CPU backend of this context (None: the process default).
backend_choice: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "ascend_ops_backend", default=None)
# `with target_product(p)`: the product whose rules this context obeys on every device (None: npu
# tensors obey their NPU's, CPU tensors ASCEND_OPS_PRODUCT's; Note [active product] in products.py).
target_choice: contextvars.ContextVar[Product | None] = contextvars.ContextVar(
    "ascend_ops_target", default=None)
