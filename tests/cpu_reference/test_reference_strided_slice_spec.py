"""The StridedSlice canonicalisation stages, one at a time, on shapes alone."""

from __future__ import annotations

import numpy as np
import pytest

from cpu_reference import OpArgumentError, StridedSliceView, strided_slice_view
from cpu_reference._strided_slice_spec import (
    FULL_RANGE,
    NEW_AXIS,
    SHRINK_AXIS,
    DenseDim,
    EntryKind,
    SparseEntry,
    build_dense_spec,
    build_sparse_spec,
    canonicalise_dim,
    final_shape,
)

NO_MASKS = dict(begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0)
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def kinds(entries):
    return [entry.kind for entry in entries]


def test_sparse_spec_precedence_is_ellipsis_new_axis_shrink_range():
    entries = build_sparse_spec(
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        None,
        **{**NO_MASKS, "ellipsis_mask": 0b0001, "new_axis_mask": 0b0011, "shrink_axis_mask": 0b0111},
    )
    assert kinds(entries) == [EntryKind.ELLIPSIS, EntryKind.NEW_AXIS, EntryKind.INDEX, EntryKind.RANGE]
    assert entries[2] == SparseEntry(EntryKind.INDEX, begin=3, end=7, stride=1)


def test_sparse_spec_appends_the_implied_ellipsis_only_when_none_is_set():
    implied = build_sparse_spec([0, 0], [1, 1], [1, 1], **NO_MASKS)
    assert kinds(implied) == [EntryKind.RANGE, EntryKind.RANGE, EntryKind.ELLIPSIS]
    explicit = build_sparse_spec([0, 0], [1, 1], [1, 1], **{**NO_MASKS, "ellipsis_mask": 1})
    assert kinds(explicit) == [EntryKind.ELLIPSIS, EntryKind.RANGE]
    at_m = build_sparse_spec([0, 0], [1, 1], [1, 1], **{**NO_MASKS, "ellipsis_mask": 1 << 2})
    assert at_m == implied


def test_sparse_spec_records_masks_per_entry():
    (entry, _) = build_sparse_spec([4], [9], [-2], **{**NO_MASKS, "begin_mask": 1, "end_mask": 0b10})
    assert entry == SparseEntry(EntryKind.RANGE, begin=4, end=9, stride=-2, begin_masked=True)


def test_dense_spec_of_the_source_comment_example():
    # foo[3, ..., 5] on (10, 10, 10, 10): dense shrink on dims 0 and 3, final shape (10, 10).
    entries = build_sparse_spec(
        [3, 0, 5], [4, 0, 6], [1, 1, 1], **{**NO_MASKS, "ellipsis_mask": 0b010, "shrink_axis_mask": 0b101}
    )
    dense = build_dense_spec(entries, 4)
    assert [d.shrink for d in dense.dims] == [True, False, False, True]
    assert dense.dims[1] == dense.dims[2] == FULL_RANGE
    assert dense.final_shape_gather == (SHRINK_AXIS, 1, 2, SHRINK_AXIS)
    assert final_shape((1, 10, 10, 1), dense.final_shape_gather) == (10, 10)


def test_dense_spec_leaves_room_for_new_axes_after_the_ellipsis():
    # x[..., None, 0, None] on rank 3: the ellipsis fills dims 0 and 1.
    entries = build_sparse_spec(
        [0, 0, 0, 0],
        [0, 0, 1, 0],
        [1, 1, 1, 1],
        **{**NO_MASKS, "ellipsis_mask": 0b0001, "new_axis_mask": 0b1010, "shrink_axis_mask": 0b0100},
    )
    dense = build_dense_spec(entries, 3)
    assert dense.final_shape_gather == (0, 1, NEW_AXIS, SHRINK_AXIS, NEW_AXIS)
    assert final_shape((4, 5, 1), dense.final_shape_gather) == (4, 5, 1, 1)


def test_dense_spec_errors():
    entries = build_sparse_spec([0], [1], [1], **NO_MASKS)
    with pytest.raises(OpArgumentError, match=r"^Attempting to slice scalar input\."):
        build_dense_spec(entries, 0)
    entries = build_sparse_spec([0, 0], [1, 1], [1, 1], **NO_MASKS)
    with pytest.raises(OpArgumentError, match="^Index out of range using input dim 1; input has only 1 dims$"):
        build_dense_spec(entries, 1)


def dense(begin=0, end=0, stride=1, begin_masked=False, end_masked=False, shrink=False):
    return DenseDim(begin, end, stride, begin_masked, end_masked, shrink)


@pytest.mark.parametrize(
    "spec, dim, expected",
    [
        (dense(2, 8), 10, (2, 8, 6)),
        (dense(-3, -1), 10, (7, 9, 2)),
        (dense(-100, 100), 10, (0, 10, 10)),
        (dense(0, 10, 3), 10, (0, 10, 4)),
        (dense(7, 2), 10, (7, 2, 0)),
        (dense(5, 0, begin_masked=True, end_masked=True), 10, (0, 10, 10)),
        (dense(5, 0, -1, begin_masked=True, end_masked=True), 10, (9, -1, 10)),
        (dense(-2, 0, -1, end_masked=True), 4, (2, -1, 3)),
        (dense(100, -100, -1), 10, (9, -1, 10)),
        (dense(-100, 0, -1, end_masked=True), 10, (-1, -1, 0)),
        (dense(100, -11, -3), 10, (9, -1, 4)),
        (dense(9, 0, -2), 10, (9, 0, 5)),
        (dense(INT64_MAX, INT64_MIN, -1), 10, (9, -1, 10)),
        (dense(0, 10, INT64_MAX), 10, (0, 10, 1)),
        (dense(9, 0, INT64_MIN, end_masked=True), 10, (9, -1, 1)),
        (dense(0, 0, 1, begin_masked=True, end_masked=True), 0, (0, 0, 0)),
        (dense(0, 0, -1, begin_masked=True, end_masked=True), 0, (-1, -1, 0)),
        (dense(-1, 99, 5, begin_masked=True, shrink=True), 10, (9, 10, 1)),
    ],
)
def test_canonicalise_dim(spec, dim, expected):
    assert canonicalise_dim(0, spec, dim) == expected


def test_canonicalise_dim_names_the_input_dimension():
    with pytest.raises(OpArgumentError, match=r"^strides\[4\] must be non-zero$"):
        canonicalise_dim(4, dense(0, 1, 0), 10)
    with pytest.raises(OpArgumentError, match="^slice index 10 of dimension 2 out of bounds"):
        canonicalise_dim(2, dense(10, shrink=True), 10)


def test_view_of_the_api_def_example():
    view = strided_slice_view(
        (5,) * 6,
        [1, 2, 0, 0, 0, 0],
        [2, 4, 0, 0, -3, 0],
        [1, 1, 1, 1, -1, 1],
        begin_mask=48,
        end_mask=32,
        ellipsis_mask=8,
        new_axis_mask=4,
        shrink_axis_mask=1,
    )
    assert view == StridedSliceView(
        input_shape=(5,) * 6,
        begin=(1, 2, 0, 0, 4, 0),
        end=(2, 4, 5, 5, 2, 5),
        strides=(1, 1, 1, 1, -1, 1),
        processing_shape=(1, 2, 5, 5, 2, 5),
        shrink=(True, False, False, False, False, False),
        final_shape_gather=(SHRINK_AXIS, 1, NEW_AXIS, 2, 3, 4, 5),
        final_shape=(2, 1, 5, 5, 2, 5),
    )
    assert not view.is_identity and not view.is_empty
    whole = slice(0, 5, 1)
    assert view.numpy_index() == (1, slice(2, 4, 1), None, whole, whole, slice(4, 2, -1), whole, Ellipsis)


def test_view_needs_no_data():
    view = strided_slice_view((2**40, 3), [-1], [0], [-(2**39)], end_mask=1)
    assert view.final_shape == (2, 3)
    assert view.begin == (2**40 - 1, 0)


def test_view_flags():
    assert strided_slice_view((3, 4), [0], [1], shrink_axis_mask=0).is_identity is False
    assert strided_slice_view((1, 4), [0], [1], shrink_axis_mask=1).is_identity is True
    assert strided_slice_view((3, 4), [2], [2]).is_empty is True


def test_view_apply_returns_a_view_and_checks_the_shape():
    x = np.arange(12).reshape(3, 4)
    view = strided_slice_view(x.shape, [1, -1], [2, 0], [1, -1], shrink_axis_mask=1)
    np.testing.assert_array_equal(view.apply(x), x[1, :0:-1])
    assert np.shares_memory(view.apply(x), x)
    with pytest.raises(OpArgumentError, match=r"^x has shape \(4, 3\) but this view was built for shape \(3, 4\)$"):
        view.apply(x.T)


def test_view_rejects_bad_shapes():
    with pytest.raises(OpArgumentError, match=r"^shape\[1\] = -1 is out of range"):
        strided_slice_view((3, -1), [0], [1])
