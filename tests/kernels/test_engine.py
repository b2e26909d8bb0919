"""The data-movement engine (ascend_kernels/common) end to end on the AscendC simulator.

tests/kernels/engine_cases/engine_driver.cpp canonicalises each op's arguments in C++, plans the
copy for a product's simulated SoC (numbers from op_specs/products.yaml), runs RunStridedCopy
through ascend_kernels/sim and compares every output byte with a naive strided copy. This file
checks the same cases against cpu_reference: error texts, output shapes and output bytes.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
import cpu_reference
from ascend_ops_gen.schema import python_signature
from ascend_ops_gen.spec import AttrType, specs

ROOT = Path(__file__).resolve().parents[2]
COMMON = ROOT / "ascend_kernels" / "common"
SIM = ROOT / "ascend_kernels" / "sim"
DRIVER = Path(__file__).resolve().parent / "engine_cases" / "engine_driver.cpp"
UNSIGNED = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
SPECS = specs()
PRODUCT_MODELS = {p.key: p for p in SPECS.products}

# The product families' simulated SoCs, one per distinct SoC configuration.
PRODUCTS = ("atlas-a2", "atlas-training", "atlas-inference", "atlas-200i-500-a2")


def soc_lines() -> dict[str, str]:
    """`soc <name>` driver lines, keyed by product: the driver takes the SoC's facts from the
    generated product table (products.h), as the CANN host code does."""
    lines = {p.key: f"soc {p.simulated_soc}" for p in SPECS.products if p.key in PRODUCTS}
    assert set(lines) == set(PRODUCTS)
    return lines


SOCS = soc_lines()


def input_array(shape: tuple[int, ...], elem_bytes: int) -> np.ndarray:
    """The driver's input: byte i is (i*131 + (i >> 7)*17 + 7) & 0xFF."""
    count = int(np.prod(shape, dtype=np.int64)) * elem_bytes
    i = np.arange(count, dtype=np.int64)
    data = ((i * 131 + (i >> 7) * 17 + 7) & 0xFF).astype(np.uint8)
    return data.view(UNSIGNED[elem_bytes]).reshape(shape)


@dataclass(frozen=True)
class Case:
    op: str
    shape: tuple[int, ...]
    args: tuple
    kwargs: tuple = ()

    def driver_args(self) -> str:
        def ints(values) -> str:
            return " ".join([str(len(values)), *(str(v) for v in values)])

        if self.op == "view":  # a raw view
            shape, strides, offset = self.args
            return " ".join([str(len(shape)), *map(str, shape), *map(str, strides), str(offset)])
        spec = SPECS.op(self.op)
        bound = python_signature(spec).bind(None, *self.args, **dict(self.kwargs))
        bound.apply_defaults()
        words = []
        for attribute in spec.attributes:
            value = bound.arguments[attribute.name]
            if attribute.type is AttrType.INT or attribute.type is AttrType.STR:
                words.append(str(value))
            else:
                words.append(ints(value or ()))
        return " ".join(words)

    def reference(self, x: np.ndarray) -> np.ndarray:
        if self.op == "view":
            shape, strides, offset = self.args
            item = x.itemsize
            flat = x.reshape(-1)
            view = np.lib.stride_tricks.as_strided(
                flat[offset:], shape=shape, strides=[s * item for s in strides]
            ) if flat.size else flat.reshape(shape)
            return np.array(view, copy=True)
        if dict(self.kwargs).get("data_format") == "NCHW_VECT_C":
            x = x.view(np.int8)  # the reference insists on int8 for packed channels
        return getattr(cpu_reference, self.op)(x, *self.args, **dict(self.kwargs)).view(x.dtype.str.replace("i", "u"))


def ss(shape, begin, end, strides, **masks) -> Case:
    return Case("strided_slice", tuple(shape), (list(begin), list(end), list(strides)), tuple(sorted(masks.items())))


def sl(shape, offsets, size) -> Case:
    return Case("slice", tuple(shape), (list(offsets), list(size)))


def d2s(shape, bs, fmt="NHWC", mode="DCR") -> Case:
    return Case("depth_to_space", tuple(shape), (bs,), (("data_format", fmt), ("mode", mode)))


def s2d(shape, bs, fmt="NHWC", mode="DCR") -> Case:
    return Case("space_to_depth", tuple(shape), (bs,), (("data_format", fmt), ("mode", mode)))


def view(input_shape, shape, strides, offset) -> Case:
    return Case("view", tuple(input_shape), (tuple(shape), tuple(strides), offset))


I64_MAX, I64_MIN = 2**63 - 1, -(2**63)

# Every op, small and large, all element sizes; dims all distinct where the rank allows.
VALUE_CASES = [
    # TF docs: foo[-2::-1] on [1,2,3,4] is [3,2,1]; the api_def example (5,)*6 -> (2,1,5,5,2,5).
    ss([4], [-2], [0], [-1], end_mask=1),
    ss([5] * 6, [1, 2, 0, 0, 0, 0], [2, 4, 0, 0, -3, 0], [1, 1, 1, 1, -1, 1],
       begin_mask=48, end_mask=32, ellipsis_mask=8, new_axis_mask=4, shrink_axis_mask=1),
    ss([], [0], [0], [1], ellipsis_mask=1),  # 0-d
    ss([], [0], [0], [1], new_axis_mask=1),
    ss([7], [3], [4], [2], shrink_axis_mask=1),  # shrink with stride 2 is accepted
    ss([3, 5, 7], [0, 0, 0], [0, 0, 0], [1, 1, 1], begin_mask=7, end_mask=7),  # identity
    ss([3, 5, 7], [2, -1, 1], [0, 0, 6], [-1, -2, 2], end_mask=3),
    ss([2, 3, 4, 5, 6, 7, 8, 9], [1, 0, 0, 4, 0, 6, 0, 8], [2, 3, 4, -1, 6, 0, 8, 0],
       [1, 2, -1, -1, 4, -2, 3, -3], begin_mask=4, end_mask=160),  # 8-d, all distinct
    ss([1, 6, 1, 5, 1], [0, 1, 0, 0, 0], [1, 6, 1, 5, 1], [1, 2, 1, 1, 1]),  # size-1 dims
    ss([4, 6], [3, 0], [1, 6], [1, 1]),  # empty
    ss([0, 6], [0, 0], [0, 6], [1, 1], begin_mask=1, end_mask=1),  # empty input
    ss([3, 4], [I64_MAX, I64_MIN], [I64_MIN, I64_MAX], [-1, 1]),  # int64 extremes
    ss([130001], [0], [0], [1], begin_mask=1, end_mask=1),  # contiguous, > UB, odd bytes
    ss([100003], [0], [0], [-1], begin_mask=1, end_mask=1),  # reversed, prime length
    ss([250006], [1], [0], [3], end_mask=1),  # strided, > UB
    ss([7, 70001], [6, -1], [0, 0], [-2, -1], end_mask=3),  # reversed rows > UB: cut, with a tail
    ss([20011, 40], [-1, 0], [0, 8], [-1, 2], end_mask=1),  # the cut dim is the window dim
    ss([97, 2053], [0, 3], [97, 2050], [1, 1]),  # long odd rows, > UB
    ss([61, 1031], [60, 1030], [0, 0], [-1, -1], end_mask=3),  # both dims reversed, > UB
    ss([300, 7, 33], [0, 0, 1], [300, 7, 32], [2, 1, 1]),  # short rows
    ss([120, 50, 9], [0, 0, 0], [120, 50, 9], [1, 1, 4]),  # sparse innermost
    sl([5, 6, 7], [1, -4, 0], [3, -1, 7]),
    sl([2, 3, 4, 5, 6, 7, 8, 9], [1, 0, 1, 0, 2, 0, 3, 0], [1, 3, 2, 5, 3, 7, 4, 9]),
    sl([1001, 257], [3, 1], [997, 255]),  # > UB, odd rows
    sl([], [], []),
    d2s([2, 3, 4, 8], 2),
    # Rows that are whole 32-byte blocks load as strided DataCopy chains on the SoCs without
    # DataCopyPad (Note [row chains]); these are long enough for chains beyond 4095 rows.
    d2s([1, 2, 4200, 64], 2),
    s2d([1, 4, 8200, 8], 2),
    d2s([2, 3, 4, 8], 2, mode="CRD"),
    d2s([2, 8, 3, 4], 2, "NCHW"),
    d2s([2, 8, 3, 4], 2, "NCHW", "CRD"),
    d2s([1, 4, 3, 5, 4], 2, "NCHW_VECT_C"),
    d2s([2, 5, 7, 18], 3, mode="CRD"),
    d2s([0, 2, 2, 4], 2),
    d2s([3, 64, 40, 56], 2, "NCHW", "CRD"),  # > UB
    d2s([3, 40, 56, 64], 4),  # > UB
    d2s([1, 16, 200, 300], 2, "NCHW", "CRD"),  # a channel group exceeds UB: transposed tiles
    s2d([2, 4, 6, 3], 2),
    s2d([2, 4, 6, 3], 2, mode="CRD"),
    s2d([2, 3, 4, 6], 2, "NCHW"),
    s2d([2, 3, 4, 6], 2, "NCHW", "CRD"),
    s2d([1, 3, 6, 9, 4], 3, "NCHW_VECT_C"),
    s2d([1, 0, 2, 1], 2),
    s2d([2, 7, 96, 120], 4, "NCHW", "CRD"),  # > UB
    view([5000], [50, 40], [100, 2], 3),
    view([8000], [2, 2, 2, 2, 2, 2, 2, 3], [5000, 1500, 700, 300, 130, 60, 25, 2], 0),  # 8-byte pairs: 9 dims
    view([11520], [4, 4, 24, 30], [120, 1, -480, 4], 11040),  # units of several pieces, reversed cut dim, a tail
    view([300000], [299999], [1], 1),
]

ERROR_CASES = [
    ss([3, 4], [0, 0], [1, 1], [1, 0]),
    ss([3, 4], [5], [6], [1], shrink_axis_mask=1),
    ss([3, 4], [-11], [0], [1], shrink_axis_mask=1),
    ss([3, 4], [1], [2], [-1], shrink_axis_mask=1),
    ss([3, 4], [0, 0], [1, 1], [1, 1], ellipsis_mask=3),
    ss([3, 4], [0, 0, 0], [1, 1, 1], [1, 1, 1]),
    ss([], [0], [1], [1]),
    ss([3], [0] * 32, [1] * 32, [1] * 32, new_axis_mask=2**31 - 2),
    ss([3], [0, 1], [1], [1]),
    ss([3], [0], [1], [1], begin_mask=2**31),
    ss([3] * 9, [2], [0], [-1]),
    sl([3, 4], [0], [1, 1]),
    sl([3, 4], [0, 0], [1]),
    sl([3, 4], [3, 0], [1, 1]),
    sl([3, 4], [-4, 0], [1, 1]),
    sl([3, 4], [0, 0], [0, 1]),
    sl([3, 4], [0, 0], [-2, 1]),
    sl([3, 4], [1, -2], [2, 3]),
    sl([3, 4], [1, 0], [I64_MAX, 1]),
    d2s([1, 2, 2, 6], 2),
    d2s([1, 2, 2, 4], 1),
    d2s([1, 2, 2, 4], 46341),
    d2s([1, 2, 2], 2),
    d2s([1, 2, 2, 4], 2, "NWHC"),
    d2s([1, 2, 2, 4], 2, "NHWC", "XYZ"),
    d2s([1, 2, 2, 2, 3], 2, "NCHW_VECT_C"),
    d2s([1, 2, 2, 2, 4], 2, "NCHW_VECT_C"),
    s2d([1, 3, 4, 1], 2),
    s2d([1, 0, 0, 3], 2**40),
]


def run_driver(binary: Path, out_dir: Path, lines: list[str]) -> dict[str, str]:
    proc = subprocess.run(
        [str(binary), str(out_dir)], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, f"engine driver crashed ({proc.returncode}):\n{proc.stderr}"
    results = {}
    for line in proc.stdout.splitlines():
        _, case_id, rest = line.split(" ", 2)
        results[case_id] = rest
    return results


def parse_ok(rest: str) -> dict[str, str]:
    assert rest.startswith("ok "), rest
    return dict(field.split("=", 1) for field in rest[3:].split())


@pytest.fixture(scope="module")
def driver(tmp_path_factory) -> Path:
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.fail("g++ not found on PATH: the engine tests compile C++17 with g++", pytrace=False)
    out = tmp_path_factory.mktemp("engine")
    binary = out / "engine_driver"
    cmd = [gxx, "-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", f"-I{COMMON}", f"-I{SIM}",
           "-DASCEND_SIM_TILING_TYPE=ascend_ops::CopyTiling", str(DRIVER), "-o", str(binary)]
    build = subprocess.run(cmd, capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"g++ failed on {DRIVER.name}:\n{build.stderr}", pytrace=False)
    return binary


@dataclass(frozen=True)
class Run:
    id: str
    case: Case
    product: str
    elem_bytes: int


def value_runs() -> list[Run]:
    runs = []
    for case in VALUE_CASES:
        sizes = (1,) if case.kwargs and dict(case.kwargs).get("data_format") == "NCHW_VECT_C" else (1, 2, 4, 8)
        for product in PRODUCTS:
            for elem_bytes in sizes:
                runs.append(Run(f"r{len(runs)}", case, product, elem_bytes))
    return runs


@pytest.fixture(scope="module")
def value_results(driver, tmp_path_factory):
    out = tmp_path_factory.mktemp("engine_out")
    runs = value_runs()
    lines = [*SOCS.values()]
    lines += [
        f"case {r.id} {SOCS[r.product].split()[1]} {r.elem_bytes} {r.case.op} {len(r.case.shape)} "
        f"{' '.join(map(str, r.case.shape))} {r.case.driver_args()}"
        for r in runs
    ]
    return runs, run_driver(driver, out, lines), out


def test_every_op_matches_naive_copy_and_reference(value_results):
    runs, results, out = value_results
    failures = []
    for run in runs:
        rest = results[run.id]
        label = f"{run.case} on {run.product} with {run.elem_bytes}-byte elements"
        if not rest.startswith("ok "):
            failures.append(f"{label}: {rest}")
            continue
        fields = parse_ok(rest)
        x = input_array(run.case.shape, run.elem_bytes)
        expected = run.case.reference(x)
        shape = tuple(int(d) for d in fields["shape"].split(",") if d != "")
        got = np.fromfile(out / f"{run.id}.bin", dtype=UNSIGNED[run.elem_bytes])
        if fields["firstBad"] != "-1":
            failures.append(f"{label}: differs from the naive copy at element {fields['firstBad']} ({fields})")
        elif fields["partition"] != "1" or fields["ubFits"] != "1":
            failures.append(f"{label}: bad plan {fields}")
        elif shape != expected.shape:
            failures.append(f"{label}: shape {shape}, reference {expected.shape}")
        elif not np.array_equal(got, expected.reshape(-1)):
            failures.append(f"{label}: bytes differ from cpu_reference")
    assert not failures, "\n".join(failures[:20])


def test_modes_cover_the_design(value_results):
    runs, results, _ = value_results
    modes = {parse_ok(results[r.id])["mode"] for r in runs if results[r.id].startswith("ok ")}
    assert {"EMPTY", "BURST", "BURST_ALIGNED", "GATHER", "TRANSPOSE", "SCALAR"} <= modes, modes


@pytest.mark.parametrize("product", PRODUCTS)
def test_large_contiguous_copy_uses_every_core_efficiently(driver, tmp_path, product):
    soc = SOCS[product].split()
    lines = [SOCS[product]]
    for elem_bytes in (1, 2, 4, 8):
        numel = (3 * 2**20 + 77) // elem_bytes  # ~3 MiB, not a multiple of 32 bytes
        lines.append(f"case e{elem_bytes} {soc[1]} {elem_bytes} view 1 {numel} 1 {numel} 1 0")
    results = run_driver(driver, tmp_path, lines)
    for elem_bytes in (1, 2, 4, 8):
        fields = parse_ok(results[f"e{elem_bytes}"])
        assert fields["firstBad"] == "-1"
        assert int(fields["blockDim"]) == PRODUCT_MODELS[product].launch_cores(), fields
        assert float(fields["efficiency"]) >= 0.95, fields
        assert float(fields["balance"]) <= 1.05, fields


def test_a_soc_outside_the_product_table_stops_the_driver(driver, tmp_path):
    proc = subprocess.run([str(driver), str(tmp_path)], input="soc Ascend999\n", capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2
    assert proc.stderr == "soc Ascend999 is no SoC of op_specs/products.yaml\n"


def test_errors_match_reference(driver, tmp_path):
    lines = [SOCS["atlas-a2"]]
    for i, case in enumerate(ERROR_CASES):
        lines.append(f"case e{i} {SOCS['atlas-a2'].split()[1]} 2 {case.op} {len(case.shape)} "
                     f"{' '.join(map(str, case.shape))} {case.driver_args()}")
    results = run_driver(driver, tmp_path, lines)
    for i, case in enumerate(ERROR_CASES):
        with pytest.raises(cpu_reference.OpArgumentError) as info:
            case.reference(np.zeros(case.shape, dtype=np.uint8))
        assert results[f"e{i}"] == f"error {info.value}", case


def test_crd_with_nchw_vect_c_is_rejected(driver, tmp_path):
    # Not a strided view: the engine refuses it (cpu_reference computes it via a reshape chain).
    lines = [SOCS["atlas-a2"], f"case v {SOCS['atlas-a2'].split()[1]} 1 depth_to_space 5 1 4 2 2 4 2 NCHW_VECT_C CRD"]
    results = run_driver(driver, tmp_path, lines)
    assert results["v"].startswith("error mode = 'CRD' is not supported with data_format 'NCHW_VECT_C'")
