"""ascend-ops: StridedSlice, Slice, DepthToSpace and SpaceToDepth for Huawei Ascend NPUs.

Importing the package registers `torch.ops.ascend_ops.*`. The ops, their arguments and their
per-product dtype rules are declared in `op_specs/`; see README.md.
"""
from .errors import OpArgumentError, OpTypeError, SpecError, UnsupportedDtypeError
from .products import (current_product, is_supported, product, products, supported_dtypes,
                       target_product)
from .backends import current_backend, use_backend
from . import api as _api
from . import registration as _registration
from .spec import Product, specs as _specs
from . import sim_device as _sim_device
from . import npu as _npu

__version__ = "0.1.0"

_registration.register_all()
if _sim_device.enabled_by_environment():  # ASCEND_OPS_SIM_NPU=1: process-global, never default
    _sim_device.enable_simulated_npu()
else:  # torch_npu, if installed, then the op package and its binding (ascend_ops.npu)
    _npu.load_custom_kernels()

# One public function per op spec, named after it.
for _op in _specs().ops:
    globals()[_op.name] = _api.make_op_function(_op)
del _op

__all__ = [
    *(op.name for op in _specs().ops),
    "OpArgumentError", "OpTypeError", "UnsupportedDtypeError", "SpecError",
    "Product", "products", "product", "supported_dtypes", "is_supported", "current_product",
    "target_product", "current_backend", "use_backend",
]
