"""The quick corpus (ascend_ops_dev.sim.corpus) on every product line: each op's generated kernel,
planned by the generated host code and run on the simulator, equals cpu_reference bit for bit;
the large contiguous copy of every view op moves >= 95% useful bytes on every core of the product
(a custom op's corpus is its inputs' shapes: tests/walkthrough/test_custom_ops.py). The gradient
ops run their view op's cases backwards."""
from __future__ import annotations

import numpy as np
import pytest

from ascend_ops_dev.sim import corpus
from ascend_ops_gen.spec import specs

PRODUCTS = specs().products
OPS = tuple(o.name for o in specs().kernel_ops())
# The view ops whose spec has a `corpus:` (one without runs its worked examples, as an op of the
# package need not declare one): the corpus's own rules hold for these.
VIEW_OPS = tuple(o.name for o in specs().ops if not o.is_custom and o.corpus is not None)
GRADIENT_OPS = tuple(o.name for o in specs().kernel_ops() if o.forward is not None)


@pytest.mark.parametrize("product", PRODUCTS, ids=lambda p: p.key)
@pytest.mark.parametrize("op", OPS)
def test_quick_corpus_is_bit_exact(op, product):
    from ascend_ops_dev.benchmarks.npu_model import saturating_cores

    runs = corpus.runs(ops=(op,), products=(product,), quick=True)
    assert {r.dtype for r in runs} == set(specs().kernel_op(op).supported_dtypes(product))
    outcomes = [corpus.check(r, seed) for seed, r in enumerate(runs)]
    failures = [f"{o.run.label}\n  {o.problem}" for o in outcomes if not o.ok]
    assert not failures, "\n".join(failures[:10])
    spec = specs().kernel_op(op)
    if spec.is_custom or specs().op(spec.forward or op).corpus is None:  # no corpus: the worked examples
        return
    large = [o for o in outcomes if o.run.case.large_contiguous]
    assert {o.run.dtype for o in large} == {r.dtype for r in runs}
    for o in large:
        assert o.stats.efficiency >= 0.95, (o.run.label, o.stats)
        assert o.stats.busiest_over_mean <= 1.05, (o.run.label, o.stats)
        # enough cores to draw the memory's bandwidth (Note [core count])
        assert saturating_cores(product) <= o.stats.block_dim <= product.launch_cores(), (o.run.label, o.stats)


@pytest.mark.parametrize("op", GRADIENT_OPS)
def test_a_large_contiguous_gradient_writes_on_enough_cores(op):
    from ascend_ops_dev.benchmarks.npu_model import saturating_cores

    product = next(p for p in PRODUCTS if p.key == "atlas-a2")
    run = next(r for r in corpus.runs(ops=(op,), products=(product,), quick=True)
               if r.case.large_contiguous and r.dtype == "float16")
    outcome = corpus.check(run)
    assert outcome.ok and outcome.stats.mode == "write-burst", outcome
    assert saturating_cores(product) <= outcome.stats.block_dim, (run.label, outcome.stats)


@pytest.mark.parametrize("op", GRADIENT_OPS)
def test_a_gradient_op_runs_its_view_ops_cases_backwards(op):
    import cpu_reference

    forward = specs().kernel_op(op).forward
    for quick in (False, True):
        cases, forwards = corpus.op_cases(op, 2, quick=quick), corpus.op_cases(forward, 2, quick=quick)
        assert [c.label for c in cases] == [c.label for c in forwards]
        for c, f in zip(cases, forwards):
            assert (c.op, c.args[0], c.args[1:len(f.args) + 1], c.kwargs) == (op, list(f.shape), f.args, f.kwargs)
            dy = corpus.gradient_input(c, "float16", 0)
            assert dy.shape == getattr(cpu_reference, forward)(np.zeros(f.shape, np.int8), *f.args,
                                                               **dict(f.kwargs)).shape


def test_sim_takes_a_gradient_op():
    import argparse

    from ascend_ops_dev.commands import sim

    parser = argparse.ArgumentParser()
    sim.add_arguments(parser)
    assert parser.parse_args(["--op", "slice_grad", "--op", "strided_slice_grad"]).op == list(GRADIENT_OPS)


def test_a_corrupted_output_is_reported(monkeypatch):
    # The corpus check must be able to fail: flip one bit of the simulator's output.
    from ascend_ops.sim import runner

    def flipped(*args, **kwargs):
        out, stats = simulate(*args, **kwargs)
        out.reshape(-1).view("u1")[-1] ^= 1
        return out, stats

    simulate = runner.simulate
    monkeypatch.setattr(corpus, "simulate", flipped)
    run = next(r for r in corpus.runs(ops=("slice",), quick=True) if r.case.label.startswith("2-d"))
    outcome = corpus.check(run)
    assert outcome.problem == "bits differ from cpu_reference, first at flat element 7"


def test_a_corrupted_gradient_is_reported(monkeypatch):
    # The gradient's check fails too: one bit of the simulator's dx flipped.
    from ascend_ops.sim import runner

    def flipped(*args, **kwargs):
        out, stats = simulate_gradient(*args, **kwargs)
        out.reshape(-1).view("u1")[-1] ^= 1
        return out, stats

    simulate_gradient = runner.simulate_gradient
    run = next(r for r in corpus.runs(ops=("slice_grad",), quick=True) if r.case.label.startswith("2-d"))
    assert corpus.check(run).ok
    monkeypatch.setattr(corpus, "simulate_gradient", flipped)
    assert corpus.check(run).problem == "bits differ from cpu_reference, first at flat element 17"


def _moved_bytes(case, elem_bytes: int) -> int:
    """The larger of a case's input and output in bytes (a repeat's input is a fraction of its
    output), in the case's own dtype or else a dtype of the op's of `elem_bytes`."""
    from ascend_ops.sim import plan

    dtype = case.dtype or next(d for d in specs().op(case.op).dtypes if specs().dtype_size(d) == elem_bytes)
    out = plan(case.op, case.shape, dtype, case.args, dict(case.kwargs), product="atlas-a2").output_shape
    return specs().dtype_size(dtype) * max(int(np.prod(case.shape)), int(np.prod(out)))


def test_the_corpus_covers_what_the_issue_asks():
    full = [c for op in VIEW_OPS for c in corpus.op_cases(op, 2)]
    strided = [c for c in full if c.op == "strided_slice"]
    assert {len(c.shape) for c in strided} == set(range(9))  # 0-d up to 8-d
    assert any(len(set(c.shape)) == len(c.shape) == 8 for c in strided)  # dims that all differ
    assert any(1 in c.shape and len(c.shape) > 1 for c in full)  # size-1 dims
    assert any(-1 in c.args[2] for c in strided)  # negative strides
    assert {c.op for c in full if 0 in c.shape} >= {"strided_slice", "depth_to_space",
                                                     "space_to_depth"}  # empty results
    for op in VIEW_OPS:  # far larger than any UB, a large contiguous copy, odd byte lengths
        for quick in (False, True):
            cases = corpus.op_cases(op, 2, quick=quick)
            ub = max(p.usable_ub_bytes for p in PRODUCTS)
            assert sum(_moved_bytes(c, 2) > 4 * ub for c in cases) >= 2, op
            assert sum(c.large_contiguous for c in cases) == 1, op
            assert any(2 * np.prod(c.shape) % 32 for c in cases), op


def test_line_cases_put_core_boundaries_inside_cache_lines():
    """The random-shape cases: several cores, each core's share (and every row) no multiple of a
    64-byte data cache line, so neighbouring cores and tiles write into one line."""
    from ascend_ops.sim import plan
    line = corpus.LINE_BYTES
    for p in specs().products:
        assert p.data_cache_line_bytes == line, p.key
    for op in VIEW_OPS:
        assert specs().op(op).corpus.line_cases is not None, op
        cases = [c for c in corpus.op_cases(op, 2) if c.label.startswith("lines in boundaries")]
        assert len(cases) == len(corpus.LINE_SEEDS), op
        assert sum(c.quick for c in cases) == 1, op
        for c in cases:
            planned = plan(op, c.shape, "float16", c.args, dict(c.kwargs), product="atlas-inference")
            out_bytes = 2 * int(np.prod(planned.output_shape))
            assert planned.block_dim >= 2, (op, c.call_text())
            assert out_bytes % line != 0 or planned.output_shape[-1] * 2 % line != 0, (op, c.call_text())


def test_an_op_without_a_corpus_runs_its_worked_examples(monkeypatch):
    import dataclasses

    real = specs()
    ops = tuple(dataclasses.replace(o, corpus=None) if o.name == "slice" else o for o in real.ops)
    monkeypatch.setattr(corpus, "specs", lambda: dataclasses.replace(real, ops=ops))
    cases = corpus.op_cases("slice", 2)
    assert [(c.label, c.shape, c.quick) for c in cases] == [
        (ex.name, np.shape(ex.input) if not isinstance(ex.input, dict) else tuple(ex.input["arange"]),
         True) for ex in real.op("slice").examples]
    assert cases[1].args == ([-2, 1, 0], [-1, 2, 3])  # to_the_end: offsets, size by position
    assert corpus.op_cases("slice", 2, quick=True) == cases


def test_sizes_in_bytes_give_every_element_size_the_same_large_case_bytes():
    for op in VIEW_OPS:
        large = [c.name for c in specs().op(op).corpus.cases if c.large_contiguous]
        elem_bytes = sorted({specs().dtype_size(d) for d in specs().op(op).dtypes})
        sizes = {e: next(c for c in corpus.op_cases(op, e) if c.large_contiguous) for e in elem_bytes}
        assert [sizes[e].label for e in sizes] == large * len(sizes)
        byte_counts = [_moved_bytes(sizes[e], e) for e in sizes]
        assert max(byte_counts) <= 1.01 * min(byte_counts), (op, byte_counts)
        assert min(byte_counts) >= corpus.LARGE_BYTES * 0.99, (op, byte_counts)


def test_write_scalar_counts_among_the_scalar_modes_of_the_counters(monkeypatch):
    # WRITE_SCALAR places elements by scalar UB writes by design (Note [write modes]): the
    # counters' maximum of UB scalar writes per element leaves it out, as it does SCALAR.
    from ascend_ops_dev.commands import sim

    product = next(p for p in PRODUCTS if p.key == "atlas-a2")
    runs = [r for r in corpus.runs(ops=("strided_slice_grad",), products=(product,), quick=True)
            if r.dtype == "float16"]
    outcomes = [corpus.check(r, seed) for seed, r in enumerate(runs)]
    assert any(o.stats.mode == "write-scalar" and o.stats.ub_scalar_writes for o in outcomes)
    assert sim.counters_report(outcomes).endswith("UB scalar writes per element max 0")
    # control: counted among the others, its writes set the maximum
    monkeypatch.setattr(sim, "SCALAR_MODES", tuple(m for m in sim.SCALAR_MODES if m != "write-scalar"))
    assert not sim.counters_report(outcomes).endswith("UB scalar writes per element max 0")


@pytest.mark.parametrize("mode", ["write-burst", "burst"])
def test_a_large_case_on_too_few_cores_fails_the_run(capsys, mode):
    # a write mode as a read mode; the control: the same row on enough cores passes
    from types import SimpleNamespace

    from ascend_ops_dev.benchmarks.npu_model import saturating_cores
    from ascend_ops_dev.commands import sim

    product = next(p for p in PRODUCTS if p.key == "atlas-a2")
    for cores, status in ((1, 1), (saturating_cores(product), 0)):
        large = SimpleNamespace(mode=mode, efficiency=1.0, block_dim=cores, busiest_over_mean=1.0)
        row = {"op": "slice_grad", "product": product, "dtype": "float16", "passed": 1, "cases": 1,
               "useful": 1, "moved": 1, "large": large, "custom": False}
        assert sim._verdict([], [row], "quick") == status
        assert capsys.readouterr().out.startswith("SLOW slice_grad on atlas-a2, float16") == bool(status)
