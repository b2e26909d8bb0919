"""The gradient ops' kernels (the engine's write direction, Note [write modes] in
ascend_kernels/common/copy_write_planner.h) on the simulator, for every product line: TensorFlow's
corpus (`tf_cases()`) and the slice cases, bit for bit against cpu_reference, errors included.
The output starts as 0xA5 bytes (`simulate_gradient`), and the emulator refuses a launch that
leaves an output byte unwritten, so a zero must have been written to count."""
from __future__ import annotations

import numpy as np
import pytest

import cpu_reference
from ascend_ops import OpArgumentError
from ascend_ops.sim import runner
from ascend_ops_gen.spec import specs
from ascend_ops_support import CASES, case_id, grad_args, tf_cases

GRAD_CASES = tf_cases() + tuple(c for c in CASES if c.op == "slice")
PRODUCTS = {p.key: p for p in specs().products}


def _sizes(op: str, product: str) -> list[str]:
    """One dtype of each element size the op takes on the product, so the cases rotate through them."""
    by_size = {}
    for name in specs().op(op).supported_dtypes(PRODUCTS[product]):
        by_size.setdefault(specs().dtype_size(name), name)
    return [by_size[size] for size in sorted(by_size)]


def _forward_error(case) -> str | None:
    try:
        getattr(cpu_reference, case.op)(np.zeros(case.shape, np.int8), *case.args, **case.kwargs)
    except OpArgumentError as error:
        return str(error)
    return None


def _dy(shape, dtype: str, seed: int) -> np.ndarray:
    """Random bits of `dtype` (NaN payloads and -0.0 among the floats'), never 0xA5 bytes alone."""
    size = specs().dtype_size(dtype)
    count = int(np.prod(shape, dtype=np.int64))
    data = np.random.default_rng(seed).integers(0, 256, count * size, dtype=np.uint8)
    carrier = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[size]
    return data.view(carrier).reshape(shape)


@pytest.mark.parametrize("product", PRODUCTS)
def test_gradient_kernels_match_the_reference_bits_and_errors(product):
    failures = []
    for i, case in enumerate(GRAD_CASES):
        op = f"{case.op}_grad"
        dtypes = _sizes(case.op, product)
        dtype = dtypes[i % len(dtypes)]
        call = (list(case.shape), *grad_args(case))
        message = _forward_error(case)
        if message is not None:
            try:
                runner.plan(op, (1,), dtype, call, case.kwargs, product=product)
                failures.append(f"{case_id(case)}: planned, the reference refuses: {message}")
            except OpArgumentError as error:
                if str(error) != message:
                    failures.append(f"{case_id(case)}: {error!s} instead of {message}")
            continue
        shape = getattr(cpu_reference, case.op)(np.zeros(case.shape, np.int8), *case.args, **case.kwargs).shape
        dy = _dy(shape, dtype, seed=i)
        planned = runner.plan(op, dy.shape, dtype, call, case.kwargs, product=product)
        out = np.empty(planned.output_shape, dy.dtype)
        out.reshape(-1).view(np.uint8).fill(0xA5)
        runner.launch(planned, dy, out)
        expected = getattr(cpu_reference, op)(*call, dy, **case.kwargs)
        if out.shape != expected.shape or not np.array_equal(out, expected):
            failures.append(f"{case_id(case)} as {dtype}: the kernel's bits differ from the reference's "
                            f"({planned.mode})")
    assert not failures, "\n".join(failures[:20])


def test_dy_of_another_shape_is_refused_with_the_references_message():
    dy = np.zeros((1, 4), np.float32)
    with pytest.raises(OpArgumentError) as expected:
        cpu_reference.slice_grad([3, 6], [1, 2], [2, 4], dy)
    with pytest.raises(OpArgumentError) as got:
        runner.simulate_gradient("slice_grad", [3, 6], [1, 2], [2, 4], dy)
    assert str(got.value) == str(expected.value) == "shape of dy was [1,4] instead of [2,4]"


def test_the_write_modes_both_run():
    """Rows of unit steps go WRITE_BURST where the SoC has DataCopyPad, the rest WRITE_SCALAR."""
    dy = np.ones((2, 64), np.float32)
    _, rows = runner.simulate_gradient("slice_grad", [4, 70], [1, 3], [2, 64], dy, product="atlas-a2")
    _, placed = runner.simulate_gradient("strided_slice_grad", [4, 128], [1, 0], [3, 0], [1, 2], dy,
                                         end_mask=2, product="atlas-a2")
    _, no_pad = runner.simulate_gradient("slice_grad", [4, 70], [1, 3], [2, 64], dy, product="atlas-inference")
    assert (rows.mode, placed.mode, no_pad.mode) == ("write-burst", "write-scalar", "write-scalar")


def test_control_a_wrong_gradient_is_caught():
    """The comparison above sees one element out of place."""
    dy = _dy((2, 3), "float32", seed=1)
    out, _ = runner.simulate_gradient("slice_grad", [4, 5], [1, 1], [2, 3], dy)
    out[1, 1], out[1, 2] = out[1, 2], out[1, 1]
    assert not np.array_equal(out, cpu_reference.slice_grad([4, 5], [1, 1], [2, 3], dy))
