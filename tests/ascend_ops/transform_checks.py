"""Autograd and torch.func checks of one op call, run on every path (test_transforms.py, and in a
subprocess for the Python registration and the simulated npu device).

Each op only moves elements, so its exact Jacobian follows from where each output element came
from: the op applied to the input's element indexes (int64) says it, independently of any
autograd formula. Every transform is compared with that oracle, exactly (the entries are 0 and
1 and each input element meets at most one output element), and the tangent of forward-mode AD
with the op applied to the tangent, bit for bit.
"""
from __future__ import annotations

import math
from collections.abc import Callable

import torch
import torch.autograd.forward_ad as fwAD

Call = Callable[[torch.Tensor], torch.Tensor]


def index_jacobian(fn: Call, shape: tuple[int, ...], device) -> torch.Tensor:
    """(output elements, input elements) 0/1 matrix of the op, from the op on element indexes."""
    numel = math.prod(shape)
    sources = fn(torch.arange(numel, dtype=torch.int32, device=device).reshape(shape)).cpu()
    jac = torch.zeros(sources.numel(), numel, dtype=torch.float64)
    jac[torch.arange(sources.numel()), sources.reshape(-1).long()] = 1
    return jac


def _same(actual: torch.Tensor, expected: torch.Tensor, what: str) -> None:
    actual = actual.detach().cpu().to(torch.float64)
    expected = expected.detach().cpu().to(torch.float64)
    if actual.shape != expected.shape or not torch.equal(actual, expected):
        raise AssertionError(f"{what}: got {actual.reshape(-1)[:8].tolist()} (shape "
                             f"{tuple(actual.shape)}), want {expected.reshape(-1)[:8].tolist()} "
                             f"(shape {tuple(expected.shape)})")


def _bits_equal(actual: torch.Tensor, expected: torch.Tensor, what: str) -> None:
    a, e = actual.detach().cpu(), expected.detach().cpu()
    if a.shape != e.shape or a.dtype != e.dtype or not torch.equal(a.reshape(-1).view(torch.uint8),
                                                                   e.reshape(-1).view(torch.uint8)):
        raise AssertionError(f"{what}: {a.reshape(-1)[:8].tolist()} is not {e.reshape(-1)[:8].tolist()}")


def transform_failures(fn: Call, shape: tuple[int, ...], dtype: torch.dtype, device="cpu",
                       gradchecks: bool = True, seed: int = 0) -> dict[str, str]:
    """{check: why it failed} for `fn` (one op call on its input) on an input of `shape`, `dtype`:
    backward, double backward, torch.func grad / jacrev / jacfwd / vjp under vmap / jvp,
    forward_ad.make_dual, vmap over the op, and (float64 only) gradcheck and gradgradcheck with
    forward-mode and batched checks."""
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(shape, generator=gen, dtype=torch.float64).to(dtype).to(device)
    tangent = torch.randn(shape, generator=gen, dtype=torch.float64).to(dtype).to(device)
    jac = index_jacobian(fn, shape, device)
    numel, out_numel = math.prod(shape), jac.shape[0]
    out_shape = tuple(fn(x).shape)
    weights = torch.randn((3, *out_shape), generator=gen, dtype=torch.float64).to(dtype)
    want_vjp = [(jac.t() @ w.reshape(-1).to(torch.float64)).reshape(shape) for w in weights]
    weights = weights.to(device)

    def backward():
        leaf = x.detach().requires_grad_()
        (g,) = torch.autograd.grad(fn(leaf), leaf, weights[0], allow_unused=True)
        _same(g if g is not None else torch.zeros(shape), want_vjp[0], "backward")

    def double_backward():
        leaf = x.detach().requires_grad_()
        w = weights[0].detach().requires_grad_()
        (g,) = torch.autograd.grad(fn(leaf), leaf, w, create_graph=True)
        # d/dw <J^T w, 1> = J 1
        (gg,) = torch.autograd.grad(g, w, torch.ones(shape, dtype=dtype, device=device))
        _same(gg, (jac @ torch.ones(numel, dtype=torch.float64)).reshape(out_shape),
              "double backward")

    def func_grad():
        g = torch.func.grad(lambda t: (fn(t) * weights[0]).sum())(x)
        _same(g, want_vjp[0], "torch.func.grad")

    def jacrev():
        _same(torch.func.jacrev(fn)(x).reshape(out_numel, numel), jac, "jacrev")

    def jacfwd():
        _same(torch.func.jacfwd(fn)(x).reshape(out_numel, numel), jac, "jacfwd")

    def vmap_vjp():
        _, vjp = torch.func.vjp(fn, x)
        (batched,) = torch.vmap(vjp)(weights)
        _same(batched, torch.stack(want_vjp), "vmap over vjp")

    def jvp():
        out, tan = torch.func.jvp(fn, (x,), (tangent,))
        _bits_equal(out, fn(x), "jvp primal")
        _bits_equal(tan, fn(tangent), "jvp tangent")

    def make_dual():
        with fwAD.dual_level():
            out = fn(fwAD.make_dual(x, tangent))
            tan = fwAD.unpack_dual(out).tangent
        if tan is None:
            raise AssertionError("make_dual: the output has no tangent")
        _bits_equal(tan, fn(tangent), "make_dual tangent")

    def vmap_op():
        want = torch.stack([fn(x), fn(tangent), fn(-x)])
        xs = torch.stack([x, tangent, -x])
        _bits_equal(torch.vmap(fn)(xs), want, "vmap")
        if xs.dim() > 1:  # the batch as the input's last dim
            _bits_equal(torch.vmap(fn, in_dims=-1)(xs.movedim(0, -1)), want, "vmap in_dims=-1")

    def gradcheck():
        leaf = x.detach().requires_grad_()
        torch.autograd.gradcheck(fn, (leaf,), check_forward_ad=True, check_batched_grad=True,
                                 check_batched_forward_grad=True)

    def gradgradcheck():
        leaf = x.detach().requires_grad_()
        torch.autograd.gradgradcheck(fn, (leaf,), check_fwd_over_rev=True, check_rev_over_rev=True,
                                     check_batched_grad=True)

    checks = [backward, double_backward, func_grad, jacrev, jacfwd, vmap_vjp, jvp, make_dual,
              vmap_op]
    if gradchecks and dtype == torch.float64:
        checks += [gradcheck, gradgradcheck]
    failures = {}
    for check in checks:
        try:
            check()
        except Exception as e:  # noqa: BLE001 - the failure is the result
            failures[check.__name__] = f"{type(e).__name__}: {str(e)[:400]}"
    return failures
