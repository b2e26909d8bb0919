"""The AscendC CPU simulator (ascend_kernels/sim).

Small kernels written against the real AscendC API (tests/ascend_kernels/sim_cases/*.cpp) are compiled
with g++ into one case binary and run under the SoC configurations of the product families.
Outputs are compared bit for bit with numpy, statistics with hand counts, and every strictness
check is made to fire once, with its exact message.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from ascend_ops.runtime.products import product

ROOT = Path(__file__).resolve().parents[2]
SIM_INCLUDE = ROOT / "ascend_kernels" / "sim"
# sim_platform.h, through which the cases take their SoCs from the generated product table, needs
# the CPU bodies of the CANN host headers and the engine headers.
INCLUDES = [f"-I{SIM_INCLUDE}", f"-I{SIM_INCLUDE / 'cann_host_stub'}",
            f"-I{ROOT / 'ascend_kernels' / 'common'}"]
CASES = Path(__file__).resolve().parent / "sim_cases"
CXXFLAGS = ["-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror"]
HEADERS = sorted(p.name for p in SIM_INCLUDE.glob("*.h"))


def _gxx() -> str:
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.fail(
            "g++ not found on PATH: the AscendC simulator tests compile C++17 kernels with g++ "
            "(install g++ 12 or newer)",
            pytrace=False,
        )
    return gxx


@pytest.fixture(scope="module")
def case_binary(tmp_path_factory) -> Path:
    """Every *_cases.cpp plus case_main.cpp, compiled in parallel and linked once."""
    gxx = _gxx()
    out = tmp_path_factory.mktemp("sim_cases")
    flags = [*CXXFLAGS, *INCLUDES, f"-I{CASES}", "-DASCEND_SIM_TILING_TYPE=CaseTiling"]
    sources = [*sorted(CASES.glob("*_cases.cpp")), CASES / "case_main.cpp"]
    jobs = []
    for source in sources:
        obj = out / f"{source.stem}.o"
        cmd = [gxx, *flags, "-c", str(source), "-o", str(obj)]
        jobs.append((source, obj, subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
    for source, _, job in jobs:
        _, stderr = job.communicate()
        if job.returncode != 0:
            pytest.fail(f"g++ failed on {source.name}:\n{stderr}", pytrace=False)
    binary = out / "sim_cases"
    link = subprocess.run([gxx, *(str(obj) for _, obj, _ in jobs), "-o", str(binary)], capture_output=True, text=True)
    if link.returncode != 0:
        pytest.fail(f"linking the simulator cases failed:\n{link.stderr}", pytrace=False)
    return binary


@dataclass
class CaseResult:
    error: str | None = None
    stats: dict[str, float] = field(default_factory=dict)
    blocks: dict[int, dict[str, int]] = field(default_factory=dict)
    buffers: dict[str, np.ndarray] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


def run_case(binary: Path, name: str) -> CaseResult:
    proc = subprocess.run([str(binary), name], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, f"case {name} crashed ({proc.returncode}):\n{proc.stderr}"
    result = CaseResult()
    for line in proc.stdout.splitlines():
        key, _, value = line.partition("=")
        if key == "error":
            result.error = value
        elif key.startswith("stat."):
            result.stats[key[5:]] = float(value)
        elif key.startswith("block."):
            _, index, stat = key.split(".")
            result.blocks.setdefault(int(index), {})[stat] = int(value)
        elif key.startswith("buf."):
            result.buffers[key[4:]] = np.frombuffer(bytes.fromhex(value), dtype=np.uint8)
        else:
            result.lines.append(line)
    return result


def run_ok(binary: Path, name: str) -> CaseResult:
    result = run_case(binary, name)
    assert result.error is None, f"case {name}: {result.error}"
    if "x" in result.buffers:  # inputs are read-only: the kernel left them as they were
        np.testing.assert_array_equal(result.buffers["x"], _pattern(result.buffers["x"].size))
    return result


def _pattern(nbytes: int) -> np.ndarray:
    """The input bytes Harness::Input writes."""
    return ((np.arange(nbytes, dtype=np.int64) * 131 + 17) & 0xFF).astype(np.uint8)


def _rows(data: np.ndarray, itemsize: int) -> np.ndarray:
    """Bytes grouped per element, so element order can be rearranged bit-exactly."""
    return data.reshape(-1, itemsize)


# ---- positive cases: bytes and statistics ---------------------------------------------------


def test_queue_copy_moves_every_tile_and_counts_traffic(case_binary):
    r = run_ok(case_binary, "copy_bind_a2")
    np.testing.assert_array_equal(r.buffers["y"], _pattern(8192))
    assert r.stats["blockDim"] == 4
    assert r.stats["dmaInstructions"] == 32  # 16 tiles, one copy in and one out each
    assert r.stats["bytesGmToUb"] == 8192
    assert r.stats["bytesUbToGm"] == 8192
    assert r.stats["scalarGmReads"] == r.stats["scalarGmWrites"] == 0
    assert r.stats["ubBytesPeak"] == 2 * 512
    assert r.stats["busiestOverMean"] == 1.0
    assert [r.blocks[b]["bytesMoved"] for b in range(4)] == [4096] * 4
    assert [r.blocks[b]["dmaInstructions"] for b in range(4)] == [8] * 4


def test_uneven_split_shows_in_per_block_bytes(case_binary):
    r = run_ok(case_binary, "copy_bind_uneven")
    np.testing.assert_array_equal(r.buffers["y"], _pattern(8192))
    # 16 tiles of 512 bytes dealt round-robin to 3 blocks: 6, 5, 5 tiles, each in and out.
    assert [r.blocks[b]["bytesMoved"] for b in range(3)] == [6144, 5120, 5120]
    assert r.stats["busiestOverMean"] == pytest.approx(6144 * 3 / 16384)


@pytest.mark.parametrize("case", ["copy_ub_to_ub_count", "copy_ub_to_ub_params"])
def test_ub_to_ub_copy(case_binary, case):
    r = run_ok(case_binary, case)
    np.testing.assert_array_equal(r.buffers["y"], _pattern(1536 * 4))
    assert r.stats["bytesUbToUb"] == 1536 * 4
    assert r.stats["dmaInstructions"] == 12 * 3  # 12 tiles: in, UB->UB, out
    assert r.stats["ubBytesPeak"] == 4 * 512


def test_strided_datacopy_gaps_are_whole_blocks_on_both_sides(case_binary):
    r = run_ok(case_binary, "strided_blocks_a2")
    rows = _pattern(5 * 3 * 32).reshape(5, 3, 32)
    np.testing.assert_array_equal(r.buffers["y"], rows[:, [0, 2], :].ravel())
    assert r.stats["dmaInstructions"] == 4
    assert r.stats["bytesGmToUb"] == r.stats["bytesUbToGm"] == 2 * 5 * 32
    assert r.stats["syncCalls"] == 2


@pytest.mark.parametrize(
    ("case", "itemsize", "ub_peak"),
    [
        ("pad_rows_half_a2", 2, 2 * 3 * 64),
        ("pad_rows_half_ub_gaps_a2", 2, 2 * 3 * (64 + 32)),
        ("pad_rows_half_legacy_a2", 2, 2 * 3 * 64),
        ("pad_rows_half_310b", 2, 2 * 3 * 64),
        ("pad_rows_int64_a2", 8, 2 * 3 * 192),
    ],
)
def test_datacopypad_copies_a_column_window(case_binary, case, itemsize, ub_peak):
    r = run_ok(case_binary, case)
    x = _pattern(7 * 45 * itemsize).reshape(7, 45, itemsize)
    np.testing.assert_array_equal(r.buffers["y"], x[:, 3:24, :].ravel())
    # Chunks of 3 rows: rows 0-2 and 6 on block 0, rows 3-5 on block 1; one DMA in, one out each.
    assert r.stats["dmaInstructions"] == 6
    assert [r.blocks[b]["dmaInstructions"] for b in range(2)] == [4, 2]
    assert r.stats["bytesGmToUb"] == r.stats["bytesUbToGm"] == 7 * 21 * itemsize
    assert r.stats["ubBytesPeak"] == ub_peak


def _pad_layout_blocks(r: CaseResult) -> tuple[np.ndarray, np.ndarray]:
    x = r.buffers["x"].view(np.uint16)
    data = np.stack([x[0:5], x[7:12]])  # blockLen 5 halfs, GM gap 2 halfs
    return r.buffers["y"].view(np.uint16).reshape(2, 16), data


def test_datacopypad_padding_value_fills_pads_and_dummy(case_binary):
    y, data = _pad_layout_blocks(run_ok(case_binary, "pad_layout_padded"))
    one = np.float16(1.0).view(np.uint16)
    expected = np.full((2, 16), one, dtype=np.uint16)
    expected[:, 2:7] = data  # left padding 2, right 3, dummy up to 32 bytes
    np.testing.assert_array_equal(y, expected)


def test_datacopypad_without_padding_repeats_the_first_element(case_binary):
    y, data = _pad_layout_blocks(run_ok(case_binary, "pad_layout_dummy_first_element"))
    expected = np.repeat(data[:, :1], 16, axis=1)
    expected[:, :5] = data
    np.testing.assert_array_equal(y, expected)


@pytest.mark.parametrize(
    ("case", "itemsize"),
    [
        ("gather_int32_a2", 4),
        ("gather_half_a2", 2),
        ("gather_bf16_a2", 2),
        ("gather_half_310p", 2),
        ("gather_int8_310b", 1),
    ],
)
def test_gather_reverses_elements_in_ub(case_binary, case, itemsize):
    r = run_ok(case_binary, case)
    x = _rows(_pattern(64 * itemsize), itemsize)
    np.testing.assert_array_equal(_rows(r.buffers["y"], itemsize), x[::-1])
    assert r.stats["vectorInstructions"] == 1
    assert r.stats["dmaInstructions"] == 2


@pytest.mark.parametrize("case", ["transpose_blocks_910", "transpose_blocks_310p"])
def test_transdatato5hd_transposes_16_bit_blocks_as_documented(case_binary, case):
    # Result block j of a TransDataTo5HD is lane j of its 16 source blocks in list order; repeat r
    # moves both lists by r times their strides; one repeat is moved by the strides already.
    r = run_ok(case_binary, case)
    x = _pattern(32 * 32).view(np.uint16).reshape(32, 16)
    y = r.buffers["y"].view(np.uint16).reshape(64, 16)
    expected = np.empty_like(y)
    expected[15 - np.arange(16)] = x[(5 * np.arange(16) + 3) % 32].T  # A: scattered sources
    expected[16:32] = x[0:16].T                                        # B: repeat 0
    expected[32:48] = x[16:32].T                                       #    repeat 1, 16 blocks on
    expected[48:64] = x[1:17].T                                        # C: one repeat, moved by 1
    np.testing.assert_array_equal(y, expected)
    assert r.stats["vectorInstructions"] == r.stats["addressListInstructions"] == 3


def test_negative_control_a_transpose_that_copied_blocks_would_fail_the_check():
    # The expectation above is a transpose: the sources copied as they are would differ.
    x = _pattern(32 * 32).view(np.uint16).reshape(32, 16)
    assert not np.array_equal(x[0:16], x[0:16].T)


def test_gather_moves_64_bit_elements_as_int32_pairs(case_binary):
    r = run_ok(case_binary, "gather_int64_as_int32_pairs_a2")
    np.testing.assert_array_equal(_rows(r.buffers["y"], 8), _rows(_pattern(12 * 8), 8)[::-1])


def test_local_tensor_scalar_access_views_and_sizes(case_binary):
    y = run_ok(case_binary, "local_tensor_api").buffers["y"].view(np.int32)
    image = 3 * np.arange(16, dtype=np.int32) + 1
    image[0] = np.int32(-65535)  # 0xFFFF0001: ReinterpretCast<int16_t> wrote the high half
    image[4] = 46 + 100
    np.testing.assert_array_equal(y[:16], image)
    # GetSize of the tensor, of tensor[4], of the int16 view; GetPhyAddr distance of tensor[4]
    np.testing.assert_array_equal(y[16:], [16, 12, 32, 16])


@pytest.mark.parametrize(
    ("case", "value"),
    [("duplicate_half", np.float16(1.5)), ("duplicate_float", np.float32(-2.25)),
     ("duplicate_bf16", ml_dtypes.bfloat16(-0.75))],
)
def test_duplicate_fills_with_the_scalars_bits(case_binary, case, value):
    r = run_ok(case_binary, case)
    bits = np.array([value]).view(np.uint8)
    np.testing.assert_array_equal(r.buffers["y"], np.tile(bits, 48))


def test_scalar_gm_access_is_counted(case_binary):
    r = run_ok(case_binary, "scalar_increment")
    x = _pattern(32 * 4).view(np.int32)
    np.testing.assert_array_equal(r.buffers["y"].view(np.int32), x + np.int32(1))
    assert r.stats["scalarGmReads"] == r.stats["scalarGmWrites"] == 32
    assert r.stats["dmaInstructions"] == 0
    assert [r.blocks[b]["scalarGmAccesses"] for b in range(2)] == [32, 32]


# ---- data cache and pipe order: the synchronised twins of the misuse cases ------------------


def test_flushed_scalar_stores_and_a_dma_share_a_line(case_binary):
    y = run_ok(case_binary, "cache_flush_before_dma").buffers["y"].view(np.int16)
    np.testing.assert_array_equal(y[:16], np.full(16, 7, dtype=np.int16))
    np.testing.assert_array_equal(y[16:], _pattern(32).view(np.int16))


def test_cross_core_line_overwrite_fires_under_every_write_back_order(case_binary):
    r = run_case(case_binary, "cache_cross_core_every_seed")
    assert r.error is None and r.lines == ["ok"]


def test_scalar_read_after_the_mte2_wait(case_binary):
    y = run_ok(case_binary, "hazard_scalar_read_after_mte2_wait").buffers["y"].view(np.int32)
    x = _pattern(64).view(np.int32)
    np.testing.assert_array_equal(y, np.concatenate([x[3:4], x[1:16]]))


def test_overlapping_stores_with_a_barrier_rewrite_the_same_bytes(case_binary):
    y = run_ok(case_binary, "overlapping_stores_with_barrier").buffers["y"]
    np.testing.assert_array_equal(y, _pattern(40))


def test_declared_kernel_type_runs_on_a_split_chip(case_binary):
    y = run_ok(case_binary, "kernel_type_declared_a2").buffers["y"].view(np.int32)
    np.testing.assert_array_equal(y, np.ones(16, dtype=np.int32))


def test_tiling_key_selects_the_branch(case_binary):
    copy = run_ok(case_binary, "key_dispatch_copy")
    np.testing.assert_array_equal(copy.buffers["y"], _pattern(160))
    assert copy.stats["dmaInstructions"] == 10

    reverse = run_ok(case_binary, "key_dispatch_reverse_blocks")
    np.testing.assert_array_equal(reverse.buffers["y"], _pattern(160).reshape(5, 32)[::-1].ravel())
    assert reverse.stats["dmaInstructions"] == 6
    assert reverse.stats["syncCalls"] == 3  # SetFlag, WaitFlag, PipeBarrier


def test_get_tiling_data_with_struct(case_binary):
    r = run_ok(case_binary, "tiling_with_struct")
    np.testing.assert_array_equal(r.buffers["y"], _pattern(1024))


def test_zero_length_copies_are_noops(case_binary):
    r = run_ok(case_binary, "zero_counts")
    np.testing.assert_array_equal(r.buffers["y"], _pattern(32))
    assert r.stats["dmaInstructions"] == 2
    assert r.stats["vectorInstructions"] == 0


def test_half_and_bfloat16_round_like_numpy(case_binary):
    r = run_case(case_binary, "float_conversions")
    assert r.lines, "float_conversions printed nothing"
    for line in r.lines:
        source, half_bits, bf16_bits, back = (int(part, 16) for part in line.split("=")[1].split(":"))
        value = np.array([source], dtype=np.uint32).view(np.float32)
        with np.errstate(over="ignore"):  # 65520 and 1e30 round to infinity, as intended
            expected_half = value.astype(np.float16).view(np.uint16)[0]
        assert half_bits == expected_half, hex(source)
        assert bf16_bits == value.astype(ml_dtypes.bfloat16).view(np.uint16)[0], hex(source)
        widened = np.array([half_bits], dtype=np.uint16).view(np.float16).astype(np.float32)
        assert back == widened.view(np.uint32)[0], hex(source)


# ---- strictness checks: each fires with its exact message -----------------------------------

# The SoCs of the cases (sim_case.h), whose numbers come from the product table.
A2, B310, T910 = product("Ascend910B2"), product("Ascend310B1"), product("Ascend910A")

MISUSE = {
    # UB allocation
    "ub_over_budget": "sim_neg block 0: TPipe::InitBuffer: 2 x 131072 bytes at UB offset 0 end at byte 262144, "
    f"beyond the {A2.platform_ub_bytes}-byte UB of Ascend910B2 (the platform keeps "
    f"{A2.ub_platform_reserved_bytes} of its {A2.ub_bytes} bytes)",
    "ub_budget_off_by_platform_reserve": f"sim_neg block 0: TPipe::InitBuffer: 1 x {A2.ub_bytes} bytes at UB "
    f"offset 0 end at byte {A2.ub_bytes}, beyond the {A2.platform_ub_bytes}-byte UB of Ascend910B2 (the platform "
    f"keeps {A2.ub_platform_reserved_bytes} of its {A2.ub_bytes} bytes)",
    "ub_over_budget_after_rounding": "sim_neg block 0: TPipe::InitBuffer: 1 x 32 bytes at UB offset "
    f"{B310.platform_ub_bytes} end at byte {B310.platform_ub_bytes + 32}, beyond the "
    f"{B310.platform_ub_bytes}-byte UB of Ascend310B1",
    "two_live_pipes": "sim_neg block 0: TPipe::TPipe: another TPipe is alive in this block; both would allocate UB "
    "from address 0",
    "pipe_outside_block": "sim_neg block 0: TPipe::InitBuffer: the TPipe was created outside this block (create it "
    "inside the kernel)",
    "tbuf_get_too_big": "sim_neg block 0: TBuf::Get: 40 elements x 4 bytes at offset 0 end at byte 160 of a "
    "128-byte buffer",
    "tbuf_get_with_offset_too_big": "sim_neg block 0: TBuf::GetWithOffset: 32 elements x 2 bytes at offset 96 end "
    "at byte 160 of a 128-byte buffer",
    # DataCopy
    "ub_misaligned": "sim_neg block 0: DataCopy GM->UB: UB address 16 is not 32-byte aligned",
    "count_not_multiple_of_32": "strided_slice block 3: DataCopy GM->UB: count 7 x 2 bytes = 14 bytes is not a "
    "multiple of 32",
    "count_not_multiple_of_32_out": "sim_neg block 0: DataCopy UB->GM: count 5 x 4 bytes = 20 bytes is not a "
    "multiple of 32",
    "block_count_over_4095": "sim_neg block 0: DataCopy GM->UB: blockCount 4096 exceeds 4095",
    "ub_tensor_overflow": "sim_neg block 0: DataCopy GM->UB: UB bytes [0, 128) run past the end of the tensor's "
    "buffer [0, 64)",
    "ub_to_ub_on_310b": "sim_neg block 0: DataCopy UB->UB: DataCopy between two LocalTensors does not exist on "
    "Ascend310B1",
    # DataCopyPad
    "pad_rows_half_310p": "pad_rows block 0: DataCopyPad GM->UB: DataCopyPad does not exist on Ascend310P3",
    "pad_rows_half_910": "pad_rows block 0: DataCopyPad GM->UB: DataCopyPad does not exist on Ascend910A",
    "pad_ub_to_gm_on_910": "sim_neg block 0: DataCopyPad UB->GM: DataCopyPad does not exist on Ascend910A",
    "pad_rows_int64_310b": "pad_rows block 0: DataCopyPad GM->UB: 8-byte elements are not supported on Ascend310B1 "
    "(its DataCopyPad moves elements of at most 4 bytes)",
    "pad_block_count_over_4095": "sim_neg block 0: DataCopyPad GM->UB: blockCount 4096 exceeds 4095",
    "pad_block_len_over_max": "sim_neg block 0: DataCopyPad GM->UB: blockLen 2097152 bytes exceeds 2097151",
    "pad_block_len_not_element_multiple": "sim_neg block 0: DataCopyPad GM->UB: blockLen 6 bytes is not a multiple "
    "of the 4-byte element size",
    "pad_padding_over_32_bytes": "sim_neg block 0: DataCopyPad GM->UB: leftPadding 17 x 2 bytes exceeds 32 bytes",
    "pad_64bit_nonzero_padding_value": "sim_neg block 0: DataCopyPad GM->UB: paddingValue must be 0 for 8-byte "
    "elements",
    "pad_footprint_overflow": "sim_neg block 0: DataCopyPad GM->UB: UB bytes [64, 96) run past the end of the "
    "tensor's buffer [0, 64)",
    "pad_write_past_end": "sim_neg block 0: DataCopyPad UB->GM: writes bytes [70, 110) of output 'y', which has "
    "100 bytes",
    "pad_layout_random_padding": "pad_layout block 0: DataCopy UB->GM: reads UB byte 0, which was never written",
    # Gather and Duplicate
    "gather_int32_910": "gather_reverse block 0: Gather: Gather does not exist on Ascend910A",
    "gather_int8_a2": "gather_reverse block 0: Gather: int8_t is not supported on Ascend910B2 (Gather there takes "
    "16- and 32-bit types)",
    "gather_int64_a2": "gather_reverse block 0: Gather: int64_t is not supported on Ascend910B2 (Gather there takes "
    "16- and 32-bit types)",
    "gather_bf16_310p": "gather_reverse block 0: Gather: bfloat16_t is not supported on Ascend310P3 (Gather there "
    "takes 16- and 32-bit types other than bfloat16_t)",
    "gather_offset_misaligned": "gather_reverse block 0: Gather: srcOffset[1] = 6 (+ srcBaseAddr 0) is not a "
    "multiple of the 4-byte element size",
    "gather_offset_outside": "gather_reverse block 0: Gather: srcOffset[0] = 256 (+ srcBaseAddr 0) reads past the "
    "end of the source buffer [0, 256)",
    "duplicate_bf16_910": "duplicate_fill block 0: Duplicate: bfloat16_t is not supported on Ascend910A (arch 1001; "
    "vec_duplicate_dtypes of op_specs/products.yaml: half, float, int16_t, int32_t, uint32_t)",
    # TransDataTo5HD
    "transpose_misaligned": "transpose block 0: TransDataTo5HD: UB address 16 is not 32-byte aligned",
    "transpose_partial_overlap": "transpose block 0: TransDataTo5HD: repeat 0's destination blocks overlap its "
    "source blocks in part; they must coincide entirely or not at all",
    "transpose_two_results_one_block": "transpose block 0: TransDataTo5HD: repeat 0 writes UB bytes [1088, 1120) "
    "through two destination blocks; the result is not documented",
    "transpose_repeat_reads_an_earlier_result": "transpose block 0: TransDataTo5HD: repeat 0 writes UB bytes "
    "[512, 544) that repeat 1 reads; a repeat must not write what a later one reads",
    "transpose_past_buffer": "transpose block 0: TransDataTo5HD: UB bytes [1024, 1056) run past the end of the "
    "tensor's buffer [0, 1024)",
    "transpose_32bit": "transpose block 0: TransDataTo5HD: int32_t is not supported (this emulator's TransDataTo5HD "
    "takes int16_t, uint16_t and half: the 16-bit form every product line has)",
    "transpose_high_half": "transpose block 0: TransDataTo5HD: dstHighHalf / srcHighHalf apply to 8-bit data only",
    # GM bounds and roles
    "gm_read_past_end": "sim_neg block 0: DataCopy GM->UB: reads bytes [960, 1024) of input 'x', which has 1000 "
    "bytes",
    "gm_read_before_start": "sim_neg block 0: DataCopy GM->UB: reads bytes [-32, 0) of input 'x', which has 1000 "
    "bytes",
    "gm_write_past_end": "sim_neg block 0: DataCopy UB->GM: writes bytes [992, 1024) of output 'y', which has 1000 "
    "bytes",
    "gm_misaligned_element": "sim_neg block 0: DataCopy GM->UB: GM byte offset 3 into input 'x' is not a multiple "
    "of the 2-byte element size",
    "gm_write_input": "sim_neg block 0: DataCopy UB->GM: writes input 'x', which is read-only",
    "gm_scalar_read_past_end": "sim_neg block 0: GlobalTensor::GetValue: reads bytes [1000, 1004) of input 'x', "
    "which has 1000 bytes",
    "gm_scalar_write_past_end": "sim_neg block 0: GlobalTensor::SetValue: writes bytes [1000, 1002) of output 'y', "
    "which has 1000 bytes",
    "global_buffer_unregistered": "sim_neg block 0: GlobalTensor::SetGlobalBuffer: address is not inside any "
    "registered GM buffer",
    "global_tensor_unset": "sim_neg block 0: DataCopy GM->UB: the GlobalTensor has no buffer (call SetGlobalBuffer "
    "first)",
    "global_tensor_null": "sim_neg block 0: DataCopy GM->UB: the GlobalTensor was set to a null address",
    "tiling_buffer_too_small": "read_tiling block 0: GET_TILING_DATA: reads bytes [0, 56) of tiling 'tiling', which "
    "has 8 bytes",
    # output write-once
    "output_written_twice": "sim_neg block 1: DataCopy UB->GM: output 'y' byte 0 is written a second time (first "
    "written by block 0)",
    "output_written_twice_scalar": "sim_neg block 0: GlobalTensor::SetValue: output 'y' byte 4 is written a second "
    "time (first written by block 0)",
    "output_never_written": "sim_neg: output 'y': 32 of 64 bytes never written (first at byte 32)",
    "key_dispatch_unknown_key": "key_dispatch: output 'y': 160 of 160 bytes never written (first at byte 0)",
    "output_read_before_written": "sim_neg block 0: DataCopy GM->UB: reads output 'y' byte 0, which was never "
    "written",
    # UB validity
    "ub_get_value_never_written": "sim_neg block 0: LocalTensor::GetValue: reads UB byte 12, which was never "
    "written",
    "ub_copy_out_never_written": "sim_neg block 0: DataCopy UB->GM: reads UB byte 0, which was never written",
    "ub_copy_out_partly_written": "sim_neg block 0: DataCopy UB->GM: reads UB byte 32, which was never written",
    "ub_stale_after_free": "sim_neg block 0: DataCopy UB->GM: reads UB byte 0, which was never written",
    "ub_garbage_through_ub_to_ub": "sim_neg block 0: DataCopy UB->GM: reads UB byte 64, which was never written",
    "ub_garbage_through_gather": "sim_neg block 0: DataCopy UB->GM: reads UB byte 64, which was never written",
    "local_tensor_unbound": "sim_neg block 0: DataCopy GM->UB: the LocalTensor is not bound to a UB buffer (use "
    "AllocTensor, DeQue or TBuf::Get)",
    # queue protocol
    "queue_alloc_beyond_buffers": "sim_neg block 0: TQue::AllocTensor: all 2 buffers of the queue are in use "
    "(FreeTensor one before the next AllocTensor)",
    "queue_deque_empty": "sim_neg block 0: TQue::DeQue: the queue is empty (DeQue without a matching EnQue)",
    "queue_free_foreign_tensor": "sim_neg block 0: TQue::FreeTensor: the tensor at UB address 64 was not allocated "
    "by this queue",
    "queue_free_tbuf_tensor": "sim_neg block 0: TQue::FreeTensor: the tensor at UB address 64 was not allocated by "
    "this queue",
    "queue_enque_beyond_depth": "sim_neg block 0: TQue::EnQue: the queue already holds 1 tensor(s), its depth is 1 "
    "(DeQue before the next EnQue)",
    "queue_double_free": "sim_neg block 0: TQue::FreeTensor: the buffer at UB address 0 is already free (FreeTensor "
    "called twice, or the tensor is used after FreeTensor)",
    "queue_free_while_queued": "sim_neg block 0: TQue::FreeTensor: the buffer at UB address 0 is still queued "
    "(DeQue it before FreeTensor)",
    "queue_use_after_free": "sim_neg block 0: DataCopy GM->UB: the tensor at UB address 0 is used after FreeTensor",
    "queue_stale_tensor_after_realloc": "sim_neg block 0: TQue::FreeTensor: the tensor at UB address 0 is used "
    "after FreeTensor",
    "queue_without_init_buffer": "sim_neg block 0: TQue::AllocTensor: the queue has no buffers (call "
    "TPipe::InitBuffer first)",
    "queue_init_buffer_twice": "sim_neg block 0: TPipe::InitBuffer: this queue already has buffers (InitBuffer "
    "called twice)",
    # synchronisation
    "wait_flag_without_set_flag": "sim_neg block 0: WaitFlag: HardEvent::MTE2_MTE3 id 0 was never set (SetFlag "
    "must come first, or the core hangs)",
    "event_ids_exhausted": f"sim_neg block 0: TPipe::AllocEventID: all {A2.event_ids_per_event} event ids of "
    "HardEvent::V_MTE3 are allocated",
    "event_ids_exhausted_910": f"sim_neg block 0: TPipe::AllocEventID: all {T910.event_ids_per_event} event ids of "
    "HardEvent::S_MTE3 are allocated",
    "event_id_out_of_range_910": f"sim_neg block 0: SetFlag: HardEvent::MTE2_MTE3 id {T910.event_ids_per_event} is "
    f"outside [0, {T910.event_ids_per_event}), the event ids of Ascend910A",
    "event_id_not_allocated": "sim_neg block 0: SetFlag: HardEvent::MTE2_S id 0 was not handed out by "
    "TPipe::AllocEventID or FetchEventID (with a TPipe, the queues and the compiler take ids from the same pool)",
    "event_id_held_by_queue": "sim_neg block 0: SetFlag: HardEvent::MTE2_MTE3 id 0 is held by a TQue for its own "
    "EnQue / FreeTensor flag; take ids from TPipe::AllocEventID or FetchEventID",
    "release_event_id_not_allocated": "sim_neg block 0: TPipe::ReleaseEventID: HardEvent::S_MTE3 id 1 is not "
    "allocated",
    # pipe hazards (Note [pipe hazards])
    "hazard_scalar_read_before_mte2_wait": "sim_neg block 0: LocalTensor::GetValue: RAW race on UB bytes [12, 16): "
    "LocalTensor::GetValue (pipe S) reads them while DataCopy GM->UB (pipe MTE2) may still be writing them; nothing "
    "orders the two (SetFlag/WaitFlag<HardEvent::MTE2_S>, or a queue hand-over)",
    "hazard_war_mte3_then_mte2": "sim_neg block 0: DataCopy GM->UB: WAR race on UB bytes [0, 32): DataCopy GM->UB "
    "(pipe MTE2) writes them while DataCopy UB->GM (pipe MTE3) may still be reading them; nothing orders the two "
    "(SetFlag/WaitFlag<HardEvent::MTE3_MTE2>, or a queue hand-over)",
    "hazard_scalar_write_after_alloc": "sim_neg block 0: LocalTensor::SetValue: WAW race on UB bytes [0, 2): "
    "LocalTensor::SetValue (pipe S) writes them while DataCopy GM->UB (pipe MTE2) may still be writing them; "
    "nothing orders the two (SetFlag/WaitFlag<HardEvent::MTE2_S>, or a queue hand-over)",
    "hazard_waw_overlapping_stores": "sim_neg block 0: DataCopy UB->GM: WAW race on output 'y' bytes [8, 32): "
    "DataCopy UB->GM (pipe MTE3) writes them while DataCopy UB->GM (pipe MTE3) may still be writing them; nothing "
    "orders the two (PipeBarrier<PIPE_MTE3>, or a queue hand-over)",
    # GM data cache (Note [data cache])
    "cache_missing_flush": "sim_neg block 0: DataCopy UB->GM: writes GM bytes of the 64-byte line [0, 64) of output "
    "'y', which holds scalar stores (GlobalTensor::SetValue) not written back yet; the line's write-back would "
    "overwrite the DMA's bytes (flush it with DataCacheCleanAndInvalid first)",
    "cache_cross_core_line_overwrite": "scalar_increment: block 0's data cache writes the 64-byte line [0, 64) of "
    "output 'y' back whole, over byte 48, which block 1 wrote (kernel-end data cache write-back): cores sharing a "
    "line overwrite each other's bytes (keep the lines a core stores to by GlobalTensor::SetValue to that core)",
    "cache_flush_on_910": "sim_neg block 0: DataCacheCleanAndInvalid: DataCacheCleanAndInvalid does not exist on "
    "Ascend910A",
    # platform limits
    "gather_call_too_large": f"sim_neg block 0: Gather: count {A2.gather_max_call_bytes // 4 + 1} x 4 bytes = "
    f"{(A2.gather_max_call_bytes // 4 + 1) * 4} bytes exceeds the {A2.gather_max_call_bytes} bytes one call takes "
    "on Ascend910B2 (its repeat count is 8 bits wide and wraps)",
    "gather_offset_over_310b_limit": f"sim_neg block 0: Gather: srcOffset[0] = {B310.gather_max_offset_8bit + 1} "
    f"exceeds {B310.gather_max_offset_8bit}, the largest offset of 8-bit elements on Ascend310B1",
    "gather_src_base_not_element_310b": "sim_neg block 0: Gather: srcBaseAddr 3 is not a multiple of the 2-byte "
    "element size (Ascend310B1 turns it into an element index)",
    "gather_src_dst_overlap": "sim_neg block 0: Gather: the destination, UB bytes [32, 64), overlaps the source "
    "bytes it reads, [32, 64); Gather's source and destination must not overlap",
    "zero_length_data_copy_310p": "sim_neg block 0: DataCopy GM->UB: a zero-length DataCopy is a no-op only on "
    "arch 2201; on Ascend310P3 its counts must be >= 1",
    "kernel_type_missing_a2": "sim_neg: the kernel does not declare KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY); "
    "on Ascend910B2 a vector-only kernel without it may launch mixed (1 cube : 2 vector cores), and GetBlockIdx then "
    "runs to 2 x blockDim",
    # launch
    "block_dim_zero": "sim_neg: blockDim 0 is outside [1, 65535]",
    "api_outside_run": "AscendC call outside ascend_sim::Simulator::Run: GetBlockIdx",
    "overlapping_buffers": "AddBuffer('y'): overlaps buffer 'x'",
    # a C ABI launcher's fixed-size buffer: 23 characters and the NUL
    "message_into_c_buffer": "sim_neg block 0: WaitFl",
}


@pytest.mark.parametrize("case", sorted(MISUSE))
def test_strictness_check_fires_with_its_message(case_binary, case):
    assert run_case(case_binary, case).error == MISUSE[case]


POSITIVE = {
    "copy_bind_a2",
    "copy_bind_uneven",
    "copy_ub_to_ub_count",
    "copy_ub_to_ub_params",
    "strided_blocks_a2",
    "pad_rows_half_a2",
    "pad_rows_half_ub_gaps_a2",
    "gather_int64_as_int32_pairs_a2",
    "local_tensor_api",
    "pad_rows_half_legacy_a2",
    "pad_rows_half_310b",
    "pad_rows_int64_a2",
    "pad_layout_padded",
    "pad_layout_dummy_first_element",
    "gather_int32_a2",
    "gather_half_a2",
    "gather_bf16_a2",
    "gather_half_310p",
    "gather_int8_310b",
    "duplicate_half",
    "duplicate_float",
    "duplicate_bf16",
    "scalar_increment",
    "key_dispatch_copy",
    "key_dispatch_reverse_blocks",
    "tiling_with_struct",
    "zero_counts",
    "float_conversions",
    "cache_flush_before_dma",
    "cache_cross_core_every_seed",
    "hazard_scalar_read_after_mte2_wait",
    "overlapping_stores_with_barrier",
    "kernel_type_declared_a2",
    "transpose_blocks_910",
    "transpose_blocks_310p",
}


def test_every_case_is_checked(case_binary):
    listed = subprocess.run([str(case_binary), "--list"], capture_output=True, text=True, check=True).stdout.split()
    assert set(listed) == POSITIVE | set(MISUSE)
    assert not POSITIVE & set(MISUSE)


# ---- build-level checks ---------------------------------------------------------------------


def test_each_header_compiles_on_its_own(tmp_path):
    gxx = _gxx()
    units = []
    for header in HEADERS:
        unit = tmp_path / f"{Path(header).stem}_alone.cpp"
        unit.write_text(f'#include "{header}"\n')
        units.append(str(unit))
    proc = subprocess.run(
        [gxx, *CXXFLAGS, "-fsyntax-only", *INCLUDES, *units], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr


def test_get_tiling_data_without_tiling_type_is_a_clear_compile_error():
    gxx = _gxx()
    proc = subprocess.run(
        [gxx, *CXXFLAGS, "-fsyntax-only", *INCLUDES, str(CASES / "tiling_type_missing.cpp")],
        capture_output=True,
        text=True,
    )
    assert proc.returncode != 0
    assert "GET_TILING_DATA needs the build to define ASCEND_SIM_TILING_TYPE=<tiling struct>" in proc.stderr


def test_missing_gxx_fails_instead_of_skipping(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match=r"g\+\+ not found on PATH"):
        _gxx()
