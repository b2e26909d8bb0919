"""Device capabilities: which product lines exist and which dtypes each op supports on them.

Everything here is read from `op_specs/`; nothing is restated. The active product decides which
dtype rules a call must obey; see Note [active product].
"""
from __future__ import annotations

import contextlib
import contextvars
import functools
import importlib.util
import os
from collections.abc import Iterator

import torch
from ascend_ops_gen.spec import OpSpec, Product, specs

from .errors import OpArgumentError, SpecError, UnsupportedDtypeError
from .call_context import PRODUCT_ENV, target_choice

__all__ = ["products", "product", "supported_dtypes", "is_supported", "current_product",
           "target_product", "check_dtype", "dtype_name", "npu_product", "PRODUCT_ENV", "NPU_DEVICE"]

NPU_DEVICE = "npu"  # the device type of an NPU's tensors (PrivateUse1, as torch_npu names it)

# Note [active product]
# ~~~~~~~~~~~~~~~~~~~~~
# Dtype rules bind the device they belong to. A call on npu tensors obeys, in order:
#   1. `with target_product(...)`: the caller asks, in this context, for a product's rules;
#   2. its NPU: the product of the SoC `torch.npu.get_device_name(0)` names. `torch.npu` is
#      torch_npu's (imported, guarded, only when installed), or the simulated device's
#      (`sim_device`, ASCEND_OPS_SIM_NPU=1), which claims the simulated SoC of the product
#      ASCEND_OPS_PRODUCT names when the device is enabled (else atlas-a2's);
#   3. the ASCEND_OPS_PRODUCT environment variable (a product key or SoC name).
# A call on CPU tensors (and on any other device but npu) obeys only a product chosen on
# purpose: 1. the context, else 3. the environment variable, else none: the CPU path then accepts
# every fixed-size dtype for a view op, which moves bits, and the dtypes its spec lists for a
# custom op, whose math is written per dtype (custom_calls.check_dtypes). An NPU in the machine changes nothing for CPU tensors: they run as on
# a machine without one. The context comes first on npu too, so a test or a user on an NPU
# machine can still check how a call would fare on another product line.
# `current_product(device)` is this rule (the context's choice is `call_context.target_choice`); the
# compiled CPU kernel reads the same for CPU tensors (Note [fast path] in cpu/compiled.py).


def products() -> tuple[Product, ...]:
    """Every product line, in the order of op_specs/products.yaml."""
    return specs().products


def product(key_or_soc: str | Product) -> Product:
    """A product line by key (`"atlas-inference"`), by SoC name (`"Ascend310P3"`) or by a SoC
    family name that names one product line (`"Ascend310P"`, `"Ascend910B"`, `"Ascend910_93"`:
    a prefix of that line's SoC names only). An ambiguous family (`"Ascend910"`) is refused with
    the SoCs it could mean."""
    if isinstance(key_or_soc, Product):
        return key_or_soc
    if not isinstance(key_or_soc, str):
        raise OpArgumentError(f"product must be a product key or SoC name (str), "
                              f"got {type(key_or_soc).__name__} {key_or_soc!r}")
    for p in products():
        if key_or_soc == p.key or key_or_soc in p.soc_versions:
            return p
    lowered = key_or_soc.lower()
    for p in products():  # SoC names are case-insensitive to msopgen; be as lenient
        if any(lowered == s.lower() for s in p.soc_versions):
            return p
    family = {p: [s for s in p.soc_versions if s.lower().startswith(lowered)] for p in products()}
    family = {p: socs for p, socs in family.items() if socs}
    if len(family) == 1 and lowered.startswith("ascend"):
        return next(iter(family))
    if len(family) > 1 and lowered.startswith("ascend"):
        meanings = "; ".join(f"{p.key}: {', '.join(socs)}" for p, socs in family.items())
        raise OpArgumentError(f"product {key_or_soc!r} is ambiguous: it is the start of SoC names "
                              f"of {len(family)} product lines ({meanings}); name a product key "
                              f"or a full SoC name")
    keys = ", ".join(p.key for p in products())
    raise OpArgumentError(f"unknown product {key_or_soc!r}; known product keys: {keys}; "
                          f"or a SoC name such as {products()[0].soc_versions[0]!r} "
                          f"(`ascend-ops caps` lists them all)")


def _op(op: str | OpSpec) -> OpSpec:
    if isinstance(op, OpSpec):
        return op
    try:
        return specs().op(op)
    except KeyError:
        broken = dict(specs().broken)
        if op in broken:  # its spec does not load (Note [a broken op spec])
            raise SpecError(broken[op]) from None
        names = ", ".join(o.name for o in specs().ops)
        raise OpArgumentError(f"unknown op {op!r}; known ops: {names}") from None


def dtype_name(dtype: torch.dtype | str) -> str:
    """The spec's name of a dtype: torch.float32 and "float32" both give "float32"."""
    if isinstance(dtype, torch.dtype):
        return str(dtype).removeprefix("torch.")
    if isinstance(dtype, str):
        return dtype
    raise OpArgumentError(f"dtype must be a torch.dtype or a dtype name, got "
                          f"{type(dtype).__name__} {dtype!r}")


def supported_dtypes(op: str | OpSpec, product_: str | Product) -> frozenset[str]:
    """The dtype names `op` supports on a product line."""
    return frozenset(_op(op).supported_dtypes(product(product_)))


def is_supported(op: str | OpSpec, dtype: torch.dtype | str, product_: str | Product) -> bool:
    """Whether `op` supports `dtype` (a torch.dtype or a name) on a product line: the rule npu
    tensors of that product obey, and CPU tensors only where that product is chosen
    (`target_product`, ASCEND_OPS_PRODUCT; Note [active product]). With none chosen, CPU tensors
    take every fixed-size dtype for a view op, and a custom op's spec dtypes, whatever this says.

    A name that is no dtype at all (`"float99"`) is an error, not False."""
    name = dtype_name(dtype)
    if name not in specs().dtype_names and not isinstance(getattr(torch, name, None), torch.dtype):
        raise OpArgumentError(f"dtype {name!r} is not a dtype name; the ops' dtypes are: "
                              f"{', '.join(specs().dtype_names)}")
    return name in supported_dtypes(op, product_)


@functools.lru_cache(maxsize=1)
def _import_torch_npu() -> bool:
    """Whether torch_npu is installed and imports (it registers torch.npu)."""
    if importlib.util.find_spec("torch_npu") is None:
        return False
    try:
        import torch_npu  # noqa: F401
    except (ImportError, OSError, RuntimeError):
        return False
    return True


@functools.lru_cache(maxsize=None)
def _device_module_product(npu) -> Product | None:
    """The product of the SoC a `torch.npu` module reports for device 0, or None."""
    try:
        if not npu.is_available():
            return None
        return product(npu.get_device_name(0))
    except (OSError, RuntimeError, AttributeError, OpArgumentError):
        return None


def npu_product() -> Product | None:
    """The product of the NPU `torch.npu` reports (Note [active product]), or None."""
    npu = getattr(torch, "npu", None)
    if npu is None and _import_torch_npu():
        npu = getattr(torch, "npu", None)
    return None if npu is None else _device_module_product(npu)


def current_product(device: str | torch.device | None = None) -> Product | None:
    """The product whose dtype rules calls on `device` obey now, or None (Note [active product]):
    for npu tensors the context's, else their NPU's, else ASCEND_OPS_PRODUCT's; for CPU tensors
    the context's, else ASCEND_OPS_PRODUCT's, never an NPU's.

    `device`: "cpu", "npu" (or "npu:0"), a torch.device, or None for the device new work goes
    to: the NPU when one is visible, else the CPU."""
    target = target_choice.get()
    if target is not None:
        return target
    if device is None or _device_type(device) == NPU_DEVICE:
        npu = npu_product()
        if npu is not None:
            return npu
    return product_from_env()


def _device_type(device: str | torch.device) -> str:
    """"npu" for "npu", "npu:1" or torch.device("npu"); "cpu" for "cpu"; and so on."""
    if isinstance(device, torch.device):
        return device.type
    if isinstance(device, str):
        kind = device.partition(":")[0]
        if kind == NPU_DEVICE:  # torch knows the name only once torch_npu or the simulation set it
            return kind
        try:
            return torch.device(device).type
        except RuntimeError:
            pass
    raise OpArgumentError(f"device must be a torch.device or a device name such as 'cpu' or "
                          f"'npu', got {type(device).__name__} {device!r}")


def product_from_env() -> Product | None:
    """The product ASCEND_OPS_PRODUCT names (a key or SoC name), or None when it is unset."""
    env = os.environ.get(PRODUCT_ENV, "").strip()
    if not env:
        return None
    try:
        return product(env)
    except OpArgumentError as e:
        raise OpArgumentError(f"{PRODUCT_ENV}={env!r}: {e}") from None


@contextlib.contextmanager
def target_product(key_or_soc: str | Product) -> Iterator[Product]:
    """Within the block, calls obey this product's dtype rules (simulated on the CPU).

    The choice lives in a context variable: it holds for this thread (and asyncio task) only.
    A new thread starts from the process default, ASCEND_OPS_PRODUCT; to carry the choice into
    a worker, run it in a copy of the context (`contextvars.copy_context().run(fn)`), or set
    the environment variable for the whole process."""
    p = product(key_or_soc)
    token = target_choice.set(p)
    try:
        yield p
    finally:
        target_choice.reset(token)


def check_dtype(op: str | OpSpec, dtype: torch.dtype | str, product_: Product | None) -> None:
    """Raise UnsupportedDtypeError when `product_` lacks `dtype` for `op`; None (no product) takes
    every dtype. A call passes `current_product(<its tensor's device>)`."""
    if product_ is None:
        return
    spec = _op(op)
    name = dtype_name(dtype)
    allowed = spec.supported_dtypes(product_)
    if name in allowed:
        return
    rule = spec.rule_for(product_)
    why = f" ({rule.why})" if rule.why else ""
    raise UnsupportedDtypeError(
        f"{spec.name} does not support {name} on {product_.key} ({product_.title}){why}; "
        f"supported there: {', '.join(allowed) or 'none'}")
