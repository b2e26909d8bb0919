"""The fake kernels under torch.compile's dynamic shapes (torch_views.symbolic_output_shape): a
function calling an op over five batch sizes compiles one graph, with `dynamic=True` and with
`mark_dynamic` on the batch dim, on aot_eager and inductor, bit for bit as eager; a size the op
refuses is refused with eager's error; a bound clamped to the batch size stays an expression; an
op whose canonicalisation takes ints only compiles a graph per shape. Negative controls: the fake
kernel that specialises every size compiles five graphs, clamping by branches compiles one per
side of the bound, and a symbolic error not redone on values prints symbols."""
from __future__ import annotations

import builtins

import pytest
import torch
import torch._inductor.config
from torch._dynamo.testing import CompileCounterWithBackend

import ascend_ops
import cpu_reference
from ascend_ops.runtime import torch_views
from ascend_ops.runtime.reference_functions import canonical_view
from ascend_ops.runtime.torch_private import torch_version
from ascend_ops_support import Case, assert_same_bits, case_id, op_error, strided_slice_case

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

BATCHES = (3, 4, 5, 6, 7)  # no other dim of a case below has one of these sizes (duck sizing)

# Each case's shape is its shape after the batch dim; every result's batch dim is 2 or more over
# BATCHES (torch itself specialises a size of 1).
BATCH_CASES = (
    Case("depth_to_space", "nhwc", (9, 11, 8), (2,)),
    Case("depth_to_space", "nchw_crd", (12, 9, 11), (2,), {"data_format": "NCHW", "mode": "CRD"}),
    Case("space_to_depth", "nhwc", (10, 12, 9), (2,)),
    Case("space_to_depth", "nchw", (9, 10, 12), (2,), {"data_format": "NCHW"}),
    Case("slice", "size_minus_one", (9, 10), ([1, -4, 1], [-1, 3, -1])),
    strided_slice_case("masked_whole", (9, 10), (slice(None), slice(1, 8, 2), slice(-2, None, -3))),
    strided_slice_case("ellipsis_shrink_new_axis", (9, 10), (Ellipsis, None, 4, slice(8, 1, -2))),
)


def _specialising_output_shape(op_name, shape, dtype, args, kwargs):
    """The fake kernel's shape rule before symbolic sizes: every size an int, so a guard on it."""
    return tuple(canonical_view(op_name, tuple(int(d) for d in shape), dtype, args, kwargs)
                 .output_shape)


def _graphs_over_batches(case: Case, backend: str, mark_dynamic: bool) -> int:
    """Run `op(x) + 1` compiled over BATCHES, each result bit for bit as eager; the number of
    graphs compiled."""
    torch._dynamo.reset()
    counter = CompileCounterWithBackend(backend)

    def fn(t):
        return getattr(torch.ops.ascend_ops, case.op)(t, *case.args, **case.kwargs) + 1

    compiled = torch.compile(fn, backend=counter, fullgraph=True,
                             dynamic=None if mark_dynamic else True)
    # Compiled afresh: a graph from inductor's caches brings the guards of the call that made it.
    with torch._inductor.config.patch(force_disable_caches=True):
        for batch in BATCHES:
            x = torch.randn(batch, *case.shape)
            if mark_dynamic:
                torch._dynamo.mark_dynamic(x, 0)
            assert_same_bits(compiled(x), fn(x))
    return counter.frame_count


@pytest.mark.parametrize("mark_dynamic", [False, True], ids=["dynamic", "mark_dynamic"])
@pytest.mark.parametrize("case", BATCH_CASES, ids=case_id)
def test_batch_sizes_compile_one_graph(case, mark_dynamic):
    assert _graphs_over_batches(case, "aot_eager", mark_dynamic) == 1


@pytest.mark.parametrize("mark_dynamic", [False, True], ids=["dynamic", "mark_dynamic"])
@pytest.mark.parametrize("case", BATCH_CASES, ids=case_id)
def test_batch_sizes_compile_one_graph_with_inductor(case, mark_dynamic):
    assert _graphs_over_batches(case, "inductor", mark_dynamic) == 1


@pytest.mark.parametrize("case", BATCH_CASES, ids=case_id)
def test_negative_control_a_specialising_fake_kernel_compiles_every_batch(case, monkeypatch):
    monkeypatch.setattr(torch_views, "symbolic_output_shape", _specialising_output_shape)
    assert _graphs_over_batches(case, "aot_eager", mark_dynamic=False) == len(BATCHES)


# An end that clamps the batch dim for some of BATCHES and not for others: min(5, batch) elements.
CLAMPED_BATCH = strided_slice_case("end_clamped_on_the_batch", (9, 10),
                                   (slice(None, 5), slice(-8, None, 3)))


@pytest.mark.skipif(torch_version() < (2, 13), reason="torch.sym_min(5, s0) guards `s0 <= 5` "
                    "on older torch (seen on 2.6: a graph per side of the bound); checked on 2.13+")
@pytest.mark.parametrize("backend", ["aot_eager", "inductor"])
def test_a_bound_clamped_to_the_batch_size_compiles_one_graph(backend):
    assert _graphs_over_batches(CLAMPED_BATCH, backend, mark_dynamic=False) == 1


def test_negative_control_clamping_by_branches_compiles_a_graph_per_side(monkeypatch):
    monkeypatch.setattr(cpu_reference.arguments, "_size_min", builtins.min)
    monkeypatch.setattr(cpu_reference.arguments, "_size_max", builtins.max)
    assert _graphs_over_batches(CLAMPED_BATCH, "aot_eager", mark_dynamic=False) == 2


# A slice from offset 5 to the end of the batch dim: batches of 5 or fewer are refused.
REFUSED_SMALL_BATCH = Case("slice", "offset_5", (9, 10), ([5, 0, 0], [-1, -1, -1]))


def _compiled_error(batches: tuple[int, ...]) -> tuple[BaseException, BaseException]:
    """(eager's error, the compiled function's) for REFUSED_SMALL_BATCH over `batches`, of which
    only the last is refused."""
    case = REFUSED_SMALL_BATCH
    torch._dynamo.reset()
    compiled = torch.compile(lambda t: ascend_ops.slice(t, *case.args) + 1, backend="aot_eager",
                             fullgraph=True, dynamic=True)
    *accepted, refused = (torch.randn(batch, *case.shape) for batch in batches)
    for x in accepted:
        assert_same_bits(compiled(x), ascend_ops.slice(x, *case.args) + 1)
    with pytest.raises(ascend_ops.OpArgumentError) as eager:
        ascend_ops.slice(refused, *case.args)
    with pytest.raises(Exception) as under_compile:
        compiled(refused)
    return eager.value, op_error(under_compile.value)


@pytest.mark.parametrize("batches", [(8, 7, 4), (5,)], ids=["after_a_graph", "first"])
def test_a_refused_batch_size_gets_eagers_error(batches):
    eager, compiled = _compiled_error(batches)
    assert "offsets[0] = 5 is out of range for dimension 0 of size" in str(eager)
    assert (type(compiled), str(compiled)) == (type(eager), str(eager))


def test_negative_control_the_symbolic_error_prints_symbols(monkeypatch):
    def symbolic_error_only(op_name, shape, dtype, args, kwargs):
        return tuple(canonical_view(op_name, shape, dtype, args, kwargs).output_shape)
    monkeypatch.setattr(torch_views, "symbolic_output_shape", symbolic_error_only)
    eager, compiled = _compiled_error((8, 7, 4))
    assert type(compiled) is type(eager)
    assert str(compiled) != str(eager)


def test_a_canonicalisation_of_ints_only_compiles_a_graph_per_shape(monkeypatch):
    """An op whose `<op>_view` checks its shape with `integer` (a SymInt is no int) still compiles,
    on the sizes' values."""
    def ints_only(op_name, shape, dtype, args, kwargs):
        shape = tuple(cpu_reference.arguments.integer(f"shape[{i}]", d) for i, d in enumerate(shape))
        return canonical_view(op_name, shape, dtype, args, kwargs)
    monkeypatch.setattr(torch_views, "canonical_view", ints_only)
    assert _graphs_over_batches(BATCH_CASES[0], "aot_eager", mark_dynamic=False) == len(BATCHES)
