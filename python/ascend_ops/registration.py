"""`torch.ops.ascend_ops.*`, registered once: schemas from the specs, per-device kernels, fake
kernels, autograd (runtime/autograd.py), vmap rules.
"""
from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable

import torch

from ascend_ops_gen.schema import gradient_schema, torch_schema
from ascend_ops_gen.spec import GradientKernel, OpSpec, specs

from .cpu import backends, compiled
from .npu import dispatch
from .runtime import autograd, custom_calls, torch_views
from .runtime.arguments import OpPacket, check_input, check_kind
from .runtime.errors import OpArgumentError, SpecError, naming_op
from .runtime.products import check_dtype, current_product
from .runtime.torch_private import OpNamespace, destroy_library

# This module is the one registrar. The compiled CPU kernel (cpu/compiled.py), when built, is
# plugged into this registration as its CPU and Autograd-key kernels (the C++ copy of the common
# call and the autograd gate); it relays everything else to the Python kernels registered here
# otherwise, so the checks, formulas and error messages exist once.
#
# Every call, on every device, first validates its arguments (cpu_reference's canonicalisation,
# OpArgumentError) and the dtype rule of the product that binds its device (UnsupportedDtypeError:
# an npu tensor its NPU's, a CPU tensor only a product chosen on purpose); only then does
# any data move. CPU tensors go to the selected CPU backend (see `backends.py`); NPU tensors
# (PrivateUse1, the key torch_npu renames to "npu") go to `dispatch.device_kernel`.

NAMESPACE = "ascend_ops"

# Set by register_all: the library holding every registration of the ops.
_lib: torch.library.Library | None = None


def _checked(op: OpSpec, fn):
    """`fn` after the dtype rule of the product that binds the input's device (Note [active
    product]; argument checks happen in `fn` itself). Its argument errors name the op, also
    where a caller skips the packet (an overload, a fake tensor under torch.compile)."""
    def kernel(x: torch.Tensor, *args, **kwargs):
        try:
            check_kind(op, op.inputs[0].name, x)
            check_dtype(op, x.dtype, current_product(x.device))
            return fn(x, *args, **kwargs)
        except OpArgumentError as e:
            raise naming_op(e, op.name) from None
    kernel.__name__ = f"{op.name}_{getattr(fn, '__name__', 'kernel')}"
    return kernel


# The dispatch keys of the tensor kinds the ops do not move (arguments.tensor_kind): a call
# through an overload (`torch.ops.ascend_ops.<op>.default`, skipping the checked packet) meets
# the same OpTypeError there instead of the dispatcher's "Could not run ... SparseCPU".
KIND_KEYS = ("SparseCPU", "SparseCsrCPU", "MkldnnCPU", "NestedTensorCPU", "QuantizedCPU",
             "SparsePrivateUse1", "SparseCsrPrivateUse1", "NestedTensorPrivateUse1",
             "QuantizedPrivateUse1", "SparseMeta", "SparseCsrMeta", "NestedTensorMeta")


def _kind_guard(op: OpSpec):
    name = op.inputs[0].name

    def kernel(x, *args, **kwargs):
        check_input(op, name, x)
        raise AssertionError(f"{op.name}: a {x.layout} tensor passed check_input")
    kernel.__name__ = f"{op.name}_kind_guard"
    return kernel


def _cpu_kernel(op: OpSpec):
    return _checked(op, backends.cpu_kernel(op.name))


def _checked_custom(op: OpSpec, fn):
    """`fn` after a custom op's checks (runtime/custom_calls.py): its tensors' kinds, dtypes under
    the rule of the product that binds their device, and shapes."""
    def kernel(*args, **kwargs):
        try:
            tensors, _, attrs = custom_calls.bound_tensors(op, args, kwargs)
            for t, x in zip(op.inputs, tensors):
                if x is not None:
                    check_kind(op, t.name, x)
            custom_calls.check_call(op, tensors, attrs)
            return fn(*args, **kwargs)
        except OpArgumentError as e:
            raise naming_op(e, op.name) from None
    kernel.__name__ = f"{op.name}_{getattr(fn, '__name__', 'kernel')}"
    return kernel


def _custom_kind_guard(op: OpSpec):
    def kernel(*args, **kwargs):
        tensors, _, _ = custom_calls.bound_tensors(op, args, kwargs)
        for t, x in zip(op.inputs, tensors):
            if x is not None:
                check_input(op, t.name, x)
        raise AssertionError(f"{op.name}: a tensor of another kind passed check_input")
    kernel.__name__ = f"{op.name}_kind_guard"
    return kernel


def _register_custom(op: OpSpec) -> None:
    """A custom op (kind: custom): its kernels are Python's, on every key (the compiled fast path
    carries the view ops only)."""
    qualname = f"{NAMESPACE}::{op.name}"
    _lib.define(torch_schema(op))
    _lib.impl(op.name, _checked_custom(op, dispatch.custom_device_kernel(op.name)), "PrivateUse1")
    for key in KIND_KEYS:
        _lib.impl(op.name, _custom_kind_guard(op), key)
    torch.library.register_fake(qualname, _checked_custom(op, custom_calls.fake_kernel(op)), lib=_lib)
    _lib.impl(op.name, _checked_custom(op, backends.custom_cpu_kernel(op.name)), "CPU")
    _lib.impl(op.name, autograd.custom_autograd_kernel(op), "Autograd")


def _register(op: OpSpec) -> None:
    qualname = f"{NAMESPACE}::{op.name}"
    _lib.define(torch_schema(op))
    _lib.impl(op.name, _checked(op, dispatch.device_kernel(op.name)), "PrivateUse1")
    for key in KIND_KEYS:  # a sparse, mkldnn, nested or quantized tensor: the spec's OpTypeError
        _lib.impl(op.name, _kind_guard(op), key)
    # Fake tensors carry shapes only: the view ops compute the result's shape and dtype.
    torch.library.register_fake(qualname, _checked(op, torch_views.view_op(op.name)), lib=_lib)
    # torch.func transforms (grad, jvp, vmap, ...) meet the op's autograd.Function here first.
    _lib.impl(op.name, autograd.transform_kernel(op), autograd.TRANSFORM_KEY)


def _gradient_kernel(op: OpSpec, fn):
    """`fn(shape, *attributes, dy, **kwargs)`, a kernel of the gradient op a view op declares
    (`backward: {scatter: ...}`), after dy's checks: its kind and dtype under the view op's rule;
    the errors name the gradient op. `fn` checks the rest (cpu_reference's order: `shape`, the
    view op's arguments, then dy's shape)."""
    name = op.backward.gradient.name
    rules = dataclasses.replace(op, name=name)  # the op's dtype rules, its errors naming `name`

    def kernel(shape, *args, **kwargs):
        *attributes, dy = args
        try:
            check_input(rules, "dy", dy)
            check_dtype(rules, dy.dtype, current_product(dy.device))
            return fn(shape, *args, **kwargs)
        except OpArgumentError as e:
            raise naming_op(e, name) from None
    kernel.__name__ = f"{name}_{getattr(fn, '__name__', 'kernel')}"
    return kernel


def _gradient_device_kernel(op: OpSpec):
    """The gradient op on an NPU tensor: its own kernel through the binding where the spec gives it
    one (`kernel: engine`: `dispatch.gradient_device_kernel`), else dy written into the view op's
    canonical torch view of zeros on the device (`torch_views.write_into_zeros`)."""
    gradient = op.backward.gradient
    if gradient.kernel is GradientKernel.ENGINE:
        return dispatch.gradient_device_kernel(op.name, gradient.name)

    def device(shape, *args, **kwargs):
        *attributes, dy = args
        return torch_views.write_into_zeros(op.name, shape, dy, tuple(attributes), kwargs)
    return device


def _gradient_kind_guard(shape, *args, **kwargs):
    raise AssertionError(f"a {args[-1].layout} dy passed check_input")


def _register_gradient(op: OpSpec) -> None:
    """The gradient op, on the keys the view ops have (Note [gradient ops])."""
    name = op.backward.gradient.name
    qualname = f"{NAMESPACE}::{name}"
    _lib.define(gradient_schema(op))
    _lib.impl(name, _gradient_kernel(op, backends.gradient_cpu_kernel(op.name)), "CPU")
    _lib.impl(name, _gradient_kernel(op, _gradient_device_kernel(op)), "PrivateUse1")
    for key in KIND_KEYS:
        _lib.impl(name, _gradient_kernel(op, _gradient_kind_guard), key)
    torch.library.register_fake(qualname, _gradient_kernel(op, torch_views.gradient_fake(op.name)), lib=_lib)
    _lib.impl(name, autograd.gradient_autograd_kernel(op), "Autograd")
    _lib.impl(name, autograd.gradient_transform_kernel(op), autograd.TRANSFORM_KEY)
    torch.library.register_vmap(qualname, autograd.gradient_vmap_rule(op), lib=_lib)


# Note [gradient ops]
# ~~~~~~~~~~~~~~~~~~~
# A gradient op (`<op>_grad`, the adjoint of a slice) is a device op as its view op is: the CPU
# kernel is the selected CPU backend's (`backends.gradient_cpu_kernel`: the native write into a
# view, cpu_reference's `<op>_grad`, or the sim backend's `sim.sim_gradient_kernel`, which runs
# its generated kernel), an NPU tensor has its PrivateUse1 kernel (its generated kernel through the
# binding, `dispatch.gradient_device_kernel`), fake tensors their shape (`torch_views.gradient_fake`), and
# autograd, forward AD, torch.func and vmap one Function (runtime/autograd.py `gradient_function`),
# on the Autograd key and TRANSFORM_KEY. The compiled fast path carries the view ops only: these
# kernels are Python's, the dy checks of `_gradient_kernel` in front of each.


def gradient_ops(ops) -> tuple[OpSpec, ...]:
    """The view ops among `ops` that declare a gradient op."""
    return tuple(op for op in ops if op.backward is not None and op.backward.gradient is not None)


def register_all() -> None:
    global _lib
    every = specs().ops  # a spec that does not load stops here, before anything is registered
    ops = tuple(op for op in every if op.reads_a_view)  # the views that read, which the fast path carries
    torch_views.add_view_ops()
    # Before anything looks the ops up: `torch.ops.ascend_ops` hands out the package's packets.
    torch.ops.__dict__[NAMESPACE] = _Namespace(NAMESPACE, every)
    _lib = torch.library.Library(NAMESPACE, "DEF")
    for op in every:
        (_register_custom if op.is_custom else _register)(op)
    for op in gradient_ops(every):
        _register_gradient(op)
    for op in every:  # a filling op's CPU and autograd kernels are Python's (Note [filling view ops])
        if op.is_filling:
            _lib.impl(op.name, _cpu_kernel(op), "CPU")
            _lib.impl(op.name, autograd.autograd_kernel(op), "Autograd")
    cpu_kernels = {op.name: _cpu_kernel(op) for op in ops}
    autograd_kernels = {op.name: autograd.autograd_kernel(op) for op in ops}
    fast = compiled.load()
    # The C++ CPU kernel and autograd gate, relaying to the Python kernels; else those.
    plugged = fast is not None and compiled.plug_in(fast, cpu_kernels, autograd_kernels)
    if not plugged:
        _register_python_kernels(ops, cpu_kernels, autograd_kernels)
    if plugged:
        compiled.install_fast_calls(fast, getattr(torch.ops, NAMESPACE), ops)


def _register_python_kernels(ops, cpu_kernels: dict, autograd_kernels: dict) -> None:
    """The Python CPU and autograd kernels. Where the extension is only not built yet, they go
    into a library of their own, which `switch_to` removes once the first native call's build
    (Note [first-use build] in cpu/compiled.py) has plugged the extension in."""
    lib = _lib
    if compiled.builds_on_first_use():
        lib = torch.library.Library(NAMESPACE, "IMPL")

        def switch(module) -> None:
            switch_to(module, lib, ops, cpu_kernels, autograd_kernels)
        starter = _first_use_starter(switch)
    for op in ops:
        cpu = cpu_kernels[op.name]
        lib.impl(op.name, cpu if lib is _lib else starter(cpu), "CPU")
        lib.impl(op.name, autograd_kernels[op.name], "Autograd")


def _first_use_starter(switch):
    """`wrap(kernel)`: `kernel`, which after a call the native backend ran starts the build."""
    def wrap(kernel):
        def first_use(*args, **kwargs):
            out = kernel(*args, **kwargs)
            if compiled.builds_on_first_use() and backends.current_backend() == "native":
                compiled.start_first_use_build(switch)
            return out
        first_use.__name__ = kernel.__name__
        return first_use
    return wrap


def switch_to(module, python_lib: torch.library.Library, ops, cpu_kernels: dict,
              autograd_kernels: dict) -> None:
    """Plug the extension built after import into the registration, then drop `python_lib`'s
    Python kernels it overrides. The C++ kernels register on top of them first, so a call from
    another thread meanwhile finds one kernel or the other, never none."""
    import warnings

    with warnings.catch_warnings():  # torch's "Overriding a previously registered kernel": meant
        warnings.simplefilter("ignore")
        if not compiled.plug_in(module, cpu_kernels, autograd_kernels):
            return
    destroy_library(python_lib)
    compiled.install_fast_calls(module, getattr(torch.ops, NAMESPACE), ops)


# --- the package's import ---------------------------------------------------------------------

SPEC_LOG = logging.getLogger("ascend_ops.specs")
_load_error: SpecError | None = None
_broken: dict[str, SpecError] = {}  # op name -> its spec's error (Note [a broken op spec])


class OpsNotLoadedError(SpecError, AttributeError):
    """An op was asked for while the specs do not load: the spec's own message. Also an
    AttributeError, so `hasattr(ascend_ops, name)` and `getattr(..., default)` keep working."""


def load_package() -> dict[str, Callable[..., torch.Tensor]]:
    """At `import ascend_ops`: register every op, make the simulated device or load the NPU
    binding, and return the public function of each op by name. A spec that does not load
    leaves the package without ops (see `raise_if_unloaded`), not without an import."""
    global _load_error
    from .sim import device as sim_device
    from .api import make_gradient_function, make_op_function

    try:
        left_out = specs().broken  # products.yaml, or no op at all, raises here
        _broken.update((name, SpecError(message)) for name, message in left_out)
        register_all()
        functions = {op.name: make_op_function(op) for op in specs().ops}
        functions.update((op.backward.gradient.name, make_gradient_function(op))
                         for op in gradient_ops(specs().ops))
    except SpecError as e:
        _load_error = e
        torch.ops.__dict__[NAMESPACE] = _Namespace(NAMESPACE, ())
        return {}
    for name, error in _broken.items():  # loud: a warning record even with no logging set up
        SPEC_LOG.warning("ascend-ops: %s; the op %s is left out, the other ops work", error, name)
    if sim_device.enabled_by_environment():  # ASCEND_OPS_SIM_NPU=1: process-global, never default
        sim_device.enable_simulated_npu()
    else:  # torch_npu, if installed, then the op package and its binding (npu/binding.py)
        dispatch.load_custom_kernels()
    return functions


def load_error() -> SpecError | None:
    """Why the package lacks ops (the spec error of its import, or the first op spec left out),
    or None when it has them all."""
    return _load_error if _load_error is not None else next(iter(_broken.values()), None)


def raise_if_unloaded(name: str) -> None:
    """Raise the spec error for an op-like `name` asked of a package without ops, or for an op
    whose spec was left out."""
    if name in _broken:
        raise OpsNotLoadedError(str(_broken[name]))
    if _load_error is not None and not name.startswith("__"):
        raise OpsNotLoadedError(str(_load_error))


class _Namespace(OpNamespace):
    """`torch.ops.ascend_ops`. Torch's namespace, except that each op's packet is the package's
    (`OpPacket`: the spec's checks, the compiled fast call), built at the op's first lookup from
    the packet torch builds and cached in its place; and that an op whose spec does not load
    raises that spec's error, as does every op while the specs do not load at all."""

    # torch names each op (`torch._ops.<namespace>.<op>`) after its namespace's module, and
    # torch.compile finds the op again by that name: the module is torch's, as for its own.
    __module__ = OpNamespace.__module__

    def __init__(self, name: str, ops):
        super().__init__(name)
        self._ascend_ops_specs = {op.name: op for op in ops}

    def __getattr__(self, name: str):
        raise_if_unloaded(name)
        packet = super().__getattr__(name)  # torch's, which it caches on this namespace
        op = self._ascend_ops_specs.get(name)
        if op is None:
            return packet
        ours = OpPacket(packet, op)
        setattr(self, name, ours)  # in the place of torch's: one packet per op, for good
        return ours
