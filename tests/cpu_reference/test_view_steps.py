"""The view steps every layer reads (cpu_reference/view_steps.py): Broadcast, numpy's broadcast_to,
and the check that refuses a scatter through a view that reads an element twice (Note [repeating
views])."""
from __future__ import annotations

import numpy as np
import pytest

from cpu_reference import Broadcast, Index, OpArgumentError, Permute, Reshape, View
from cpu_reference.gradients import check_reads_once, scatter_into_zeros
from cpu_reference.view_steps import apply_steps, repeated_read

# (input shape, steps, the numpy expression they equal)
REPEATS = [
    ((2, 3), (Reshape((1, 2, 1, 3)), Broadcast((4, 2, 5, 3)), Reshape((8, 15))), lambda x: np.tile(x, (4, 5))),
    ((3,), (Broadcast((2, 4, 3)),), lambda x: np.broadcast_to(x, (2, 4, 3))),  # new leading dims
    ((3, 1), (Broadcast((3, 4)), Permute((1, 0))), lambda x: np.repeat(x, 4, axis=1).T),
    ((4, 1), (Index((slice(None, None, -2),)), Broadcast((2, 3))), lambda x: np.broadcast_to(x[::-2], (2, 3))),
]


@pytest.mark.parametrize("shape, steps, want", REPEATS)
def test_broadcast_is_numpys_broadcast_to_and_reads_elements_twice(shape, steps, want):
    x = np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape)
    got = apply_steps(steps, x)
    np.testing.assert_array_equal(got, want(x))
    before = next(s for s in steps if isinstance(s, Broadcast))
    assert repeated_read(steps, shape)[1] == before.shape


@pytest.mark.parametrize("shape, steps", [
    ((2, 3), (Reshape((1, 2, 1, 3)), Broadcast((1, 2, 1, 3)), Reshape((2, 3)))),  # multiples of 1
    ((3,), (Broadcast((1, 1, 3)),)),  # new dims of 1
    ((2, 1), (Broadcast((2, 0)),)),  # reads nothing
    ((0, 1), (Broadcast((0, 5)),)),  # an empty operand
    ((2, 3), (Permute((1, 0)), Index((slice(1, None),)))),  # no broadcast at all
])
def test_a_view_that_reads_each_element_once_is_no_repeat(shape, steps):
    assert repeated_read(steps, shape) is None
    check_reads_once(shape, View(shape, apply_steps(steps, np.zeros(shape)).shape, steps))


def test_a_scatter_through_a_repeating_view_is_refused_naming_the_broadcast():
    steps = (Reshape((1, 2, 1, 3)), Broadcast((4, 2, 1, 3)), Reshape((8, 3)))
    view = View((2, 3), (8, 3), steps)
    with pytest.raises(OpArgumentError) as info:
        scatter_into_zeros((2, 3), view, np.ones((8, 3), np.float32))
    assert str(info.value) == (
        "the view of x reads elements more than once (it broadcasts (1, 2, 1, 3) to (4, 2, 1, 3)): a scatter "
        "gradient (backward: scatter) writes each element once where a repeated one needs the sum of its "
        "gradients; such an op declares no scatter backward")
    # the control: the same view with a multiple of 1 scatters
    once = View((2, 3), (2, 3), (Reshape((1, 2, 1, 3)), Broadcast((1, 2, 1, 3)), Reshape((2, 3))))
    dy = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(scatter_into_zeros((2, 3), once, dy), dy)
