"""The runner's launcher (python/ascend_ops/sim/launcher.cpp) end to end: the platform it
simulates gives the generated host code the product table's SoC, the call is planned by the
op's generated InferShape and TilingFunc, their verdicts reach Python as the right exceptions, and
a deliberately broken tiling or kernel call stops at the emulator's strictness check with its
message intact (SimulatorError)."""
from __future__ import annotations

import ctypes
import dataclasses
import re

import numpy as np
import pytest

from ascend_ops import OpArgumentError
from ascend_ops.runtime import build_cache
from ascend_ops.runtime.products import product
from ascend_ops.sim import SimulatorError, launch, plan, simulate
from ascend_ops_dev.sim.corpus import input_array
from ascend_ops.sim.library import Attr, SocInfo, library
from ascend_ops_gen.spec import specs

A2 = product("atlas-a2")


def read_soc_info(soc_name: str) -> tuple[int, SocInfo, str]:
    """What the generated host code's ReadSocInfo reads from the simulated platform of a SoC."""
    info, message = SocInfo(), ctypes.create_string_buffer(512)
    lib = library(product(soc_name).npu_arch).cdll
    status = lib.ascend_sim_soc_info(soc_name.encode(), ctypes.byref(info), message, 512)
    return status, info, message.value.decode()


@pytest.mark.parametrize("p", specs().products, ids=lambda p: p.key)
def test_read_soc_info_gives_the_product_tables_cores_and_ub(p):
    # The simulated PlatFormInfos carries the table's ai/vector cores and the .ini UB size;
    # PlatformAscendC takes off what CANN's GetCoreMemSize takes off, ReadSocInfo the API scratch.
    for soc in p.socs:
        status, info, message = read_soc_info(soc.name)
        assert status == 0, message
        assert (info.coreNum, info.platformUbBytes, info.ubBytes) == (
            p.launch_cores(soc.name), p.platform_ub_bytes, p.usable_ub_bytes), soc.name
        assert info.product.decode() == p.key  # its facts are the table's row, under no other name


def test_read_soc_info_negative_control_a_soc_outside_the_table():
    lib = library(product("atlas-a2").npu_arch).cdll
    info, message = SocInfo(), ctypes.create_string_buffer(512)
    assert lib.ascend_sim_soc_info(b"Ascend910Z9", ctypes.byref(info), message, 512) == 1
    assert message.value.decode() == "SoC 'Ascend910Z9' is not in the product table"


def test_plan_is_the_tiling_functions_output():
    planned = plan("strided_slice", (7, 300, 9), "int64", ([0, 0, 1], [7, 300, 9], [1, 2, 3]))
    assert planned.product == A2
    assert planned.output_shape == (7, 150, 3)
    assert planned.block_dim == planned.tiling.blockDim >= 1
    assert planned.tiling_key == planned.tiling.elemBytes == 8


def test_a_nine_dim_slice_is_refused_by_the_op_rule_before_the_planner():
    # The planner handles at most 8 dims after merging; ATB's own limit of 8 dims on slice (and
    # TF's on strided_slice) refuses every 9-d view that would not merge, in the host code too.
    shape = tuple(range(3, 12))  # 9-d, dims all differ; every dim sliced, so none merge
    with pytest.raises(OpArgumentError, match=re.escape(
            "x has 9 dimensions: at most 8 are supported (ATB Slice's MAX_DIM)")):
        plan("slice", shape, "float16", ([0] * 9, [d - 1 for d in shape]))


def raw_plan(op_type: bytes, attrs: list[Attr], soc: bytes = b"Ascend910B2") -> tuple[int, str]:
    """ascend_sim_plan on a (2, 3) float16 input, as the runner calls it: (status, message)."""
    lib = library(product("atlas-a2").npu_arch)
    array = (Attr * max(len(attrs), 1))(*attrs)
    message = ctypes.create_string_buffer(512)
    status = lib.cdll.ascend_sim_plan(
        op_type, soc, b"DT_FLOAT16", 2, (ctypes.c_int64 * 2)(2, 3), array, len(attrs),
        (ctypes.c_uint8 * lib.tiling_capacity)(), ctypes.byref(ctypes.c_uint64()),
        ctypes.byref(ctypes.c_uint32()), ctypes.byref(ctypes.c_uint64()),
        ctypes.byref(ctypes.c_uint64()), ctypes.byref(ctypes.c_int32()), (ctypes.c_int64 * lib.max_dims)(),
        ctypes.byref(ctypes.c_char_p()), message, 512)
    return status, message.value.decode()


def int_list(name: str, values: list[int]) -> Attr:
    data = (ctypes.c_int64 * len(values))(*values)
    return Attr(name.encode(), ctypes.cast(data, ctypes.POINTER(ctypes.c_int64)), len(values), 0, None)


def test_the_launcher_reads_attributes_by_the_opdef():
    # AscendSlice's OpDef declares offsets and size, both required: the call is taken by their
    # names, and a name or an omission the OpDef does not allow is the caller's ABI error.
    assert raw_plan(b"AscendSlice", [int_list("size", [1, 2]), int_list("offsets", [0, 1])]) == (0, "")
    assert raw_plan(b"AscendSlice", [int_list("offsets", [0, 1]), int_list("size", [1, 2]),
                                     int_list("sizes", [1])]) == (
        3, "AscendSlice: 1 of the given attributes are not in its OpDef")
    assert raw_plan(b"AscendSlice", [int_list("offsets", [0, 1])]) == (
        3, "AscendSlice: attribute size is required and has no default")


def test_the_launcher_knows_ops_only_by_their_opdef_registration():
    assert raw_plan(b"AscendNoSuchOp", []) == (
        3, "no OpDef of OpType 'AscendNoSuchOp' is in this simulator library")
    assert raw_plan(b"AscendSlice", [], soc=b"Ascend910Z9") == (
        3, "SoC 'Ascend910Z9' is not in the product table")


def test_a_rank_a_cann_shape_cannot_hold_is_a_simulator_error():
    # The reference takes an identity slice of any rank numpy has; a gert::Shape holds 25 dims.
    with pytest.raises(SimulatorError, match=re.escape(
            "strided_slice: x has 26 dimensions; a CANN tensor shape (gert::Shape) holds at most 25")):
        plan("strided_slice", (1,) * 26, "float16", ([0], [1]))


def test_no_compiler_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("CXX", "no-such-compiler")
    monkeypatch.setenv("ASCEND_OPS_CACHE", str(tmp_path))
    build_cache.compiler.cache_clear()
    library.cache_clear()
    try:
        with pytest.raises(build_cache.NativeBuildError, match="no C\\+\\+ compiler found"):
            simulate("slice", np.zeros((2, 3), np.float16), [0, 0], [1, 1])
    finally:
        build_cache.compiler.cache_clear()
        library.cache_clear()


# --- strictness checks the runner path must surface -----------------------------------------------

def contiguous_slice(p=A2, dtype="float32", rows=2000, cols=1031):
    """A large row-range slice (BURST on DataCopyPad products), its input and an output."""
    x = input_array((rows, cols), dtype, 0)
    planned = plan("slice", x.shape, dtype, ([1, 0], [rows - 2, -1]), product=p)
    return planned, x, np.empty(planned.output_shape, x.dtype)


def test_the_untouched_plan_runs():
    planned, x, y = contiguous_slice()
    stats = launch(planned, x, y)
    # the cores the plan is worth (Note [core count]): enough to draw the memory's bandwidth
    from ascend_ops_dev.benchmarks.npu_model import saturating_cores

    assert planned.mode == "burst" and stats.block_dim == planned.block_dim >= saturating_cores(A2)
    assert np.array_equal(y.view(np.uint32), x[1:-1].view(np.uint32))


def tile_bigger_than_ub(planned, x, y):
    ub = A2.usable_ub_bytes
    planned.tiling.inBufBytes = ub  # two buffers of the planner's whole budget each
    return planned, None, re.escape(
        f"ascend_slice block 0: TPipe::InitBuffer: 2 x {ub} bytes at UB offset 0 end at byte "
        f"{2 * ub}, beyond the {A2.platform_ub_bytes}-byte UB of {A2.simulated_soc} (the platform "
        f"keeps {A2.ub_platform_reserved_bytes} of its {A2.ub_bytes} bytes)")


def offset_outside_the_input(planned, x, y):
    planned.tiling.offset += x.size
    return planned, None, (r"ascend_slice block 0: DataCopyPad GM->UB: reads bytes \[\d+, \d+\) "
                           rf"of input 'x', which has {x.nbytes} bytes")


def core_split_leaving_the_tail_unwritten(planned, x, y):
    t = planned.tiling
    t.granulesPerCore -= 1
    covered = (t.blockDim * t.granulesPerCore + min(t.blockDim, t.granuleRemainder)) * t.splitGranule
    first = covered * t.unitBytes
    return planned, None, re.escape(f"ascend_slice: output 'y': {y.nbytes - first} of {y.nbytes} "
                                    f"bytes never written (first at byte {first})")


def a2_tiling_on_the_310p(planned, x, y):
    # The 310P build has no DataCopyPad to run a BURST tiling with (build_arch.h): it writes nothing.
    return planned, "atlas-inference", re.escape(
        f"ascend_slice: output 'y': {y.nbytes} of {y.nbytes} bytes never written (first at byte 0)")


def tiling_key_without_a_kernel_branch(planned, x, y):
    return dataclasses.replace(planned, tiling_key=3), None, re.escape(  # no element size is 3 bytes
        f"ascend_slice: output 'y': {y.nbytes} of {y.nbytes} bytes never written (first at byte 0)")


def launch_without_blocks(planned, x, y):
    return dataclasses.replace(planned, block_dim=0), None, re.escape(
        "ascend_slice: blockDim 0 is outside [1, 65535]")


BREAKAGES = [tile_bigger_than_ub, offset_outside_the_input, core_split_leaving_the_tail_unwritten,
             a2_tiling_on_the_310p, tiling_key_without_a_kernel_branch, launch_without_blocks]


@pytest.mark.parametrize("breakage", BREAKAGES, ids=lambda f: f.__name__)
def test_a_broken_tiling_or_launch_fails_with_the_emulators_message(breakage):
    planned, x, y = contiguous_slice()
    planned, on, message = breakage(planned, x, y)
    with pytest.raises(SimulatorError, match=f"^{message}$"):
        launch(planned, x, y, on=on)


def test_a_block_count_over_4095():
    # The kernel refuses rows per tile beyond DataCopyPad's 4095 blocks before any copy (Note
    # [corrupt tiling] in copy_kernel_base.h), so nothing is written; the emulator's own
    # blockCount check is tested in tests/ascend_kernels/test_sim_api.py.
    p = product("atlas-200i-500-a2")  # one core: its range holds every row
    x = input_array((6000, 96), "float16", 0)
    planned = plan("slice", x.shape, "float16", ([0, 0], [-1, 80]), product=p)
    assert planned.mode == "burst" and planned.tiling.rowsPerTile < 4095
    planned.tiling.rowsPerTile = 5000
    y = np.empty(planned.output_shape, x.dtype)
    with pytest.raises(SimulatorError, match=re.escape(
            f"ascend_slice: output 'y': {y.nbytes} of {y.nbytes} bytes never written (first at byte 0)")):
        launch(planned, x, y)


def test_an_output_that_overlaps_the_input():
    planned, x, _ = contiguous_slice()
    with pytest.raises(SimulatorError, match=re.escape("AddBuffer('y'): overlaps buffer 'x'")):
        launch(planned, x, x.reshape(-1)[:np.prod(planned.output_shape)])
