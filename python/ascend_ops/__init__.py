"""ascend-ops: StridedSlice, Slice, DepthToSpace and SpaceToDepth for Huawei Ascend NPUs.

Importing the package registers `torch.ops.ascend_ops.*`. The ops, their arguments and their
per-product dtype rules are declared in `op_specs/`; see README.md and docs/architecture.md for
the layers (`runtime`, `cpu`, `npu`, `sim`, and the developer `tools` outside the import path).

A spec that does not load does not stop the import. An op spec that does not load leaves that op
out, with a warning on the `ascend_ops.specs` logger, and the other ops work; products.yaml leaves
every op out. Using a missing op (`ascend_ops.<op>`, `torch.ops.ascend_ops.<op>`) raises its spec's
one-line SpecError, and every `ascend-ops` command refuses with it (Note [a broken op spec] in
ascend_ops_gen/spec/loader.py).
"""
from .runtime import torch_private as _torch_private  # first: a torch outside the range fails here
from .npu import binding as _npu_binding

_npu_binding.put_vendor_first()  # before any aclnn call of this process: Note [kernel discovery]

from ascend_ops_gen.spec import Product

from .cpu.backends import current_backend, use_backend
from . import registration as _registration
from .runtime.errors import OpArgumentError, OpTypeError, SpecError, UnsupportedDtypeError
from .runtime.products import (current_product, is_supported, product, products, supported_dtypes,
                               target_product)

__version__ = "0.1.0"

_PUBLIC = ["OpArgumentError", "OpTypeError", "UnsupportedDtypeError", "SpecError", "Product",
           "products", "product", "supported_dtypes", "is_supported", "current_product",
           "target_product", "current_backend", "use_backend"]

_op_functions = _registration.load_package()  # {} when a spec does not load
globals().update(_op_functions)
__all__ = [*_op_functions, *_PUBLIC]


def __getattr__(name: str):
    """Only reached for names the package lacks: with specs that did not load, an op's name."""
    _registration.raise_if_unloaded(name)
    raise AttributeError(f"module 'ascend_ops' has no attribute {name!r}")
