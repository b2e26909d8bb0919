"""What the vector instruction tests share: the kernels (vec_cases/), the emulator's launcher of
them, their inputs and the launch and comparison helpers. The oracle is vec_oracle.py."""
from __future__ import annotations

import shutil
import struct
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

import vec_oracle as oracle
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]
CASES = Path(__file__).resolve().parent / "vec_cases"
KERNELS = CASES / "vec_kernels.cpp"
CALL_FORMS = CASES / "vec_call_forms.cpp"  # the spellings of the calls, for compile checks
INCLUDES = [f"-I{ROOT / 'ascend_kernels' / 'sim'}", f"-I{ROOT / 'ascend_kernels' / 'sim' / 'cann_host_stub'}",
            f"-I{ROOT / 'ascend_kernels' / 'common'}"]
CXXFLAGS = ["-std=c++17", "-O1", "-Wall", "-Wextra", "-Werror"]
COUNT = 1008  # 63 blocks of 16: not a whole number of 256-byte repeats for any element size
TILE = 256    # elements per CopyIn: three whole tiles and a tail of 240
SEED = 20240611

# One product line per arch; the arch's facts are the same on all its lines.
ARCH_PRODUCTS = {p.npu_arch: p for p in reversed(specs().products)}
ARCHS = sorted(ARCH_PRODUCTS)
BINARY = ("add", "sub", "mul", "div", "max", "min")
TYPES = ("half", "float", "int16", "int32")
DTYPE_NAMES = {"half": "float16", "float": "float32", "bfloat16": "bfloat16", "int16": "int16", "int32": "int32",
               "uint32": "uint32"}
CPP_NAMES = {"half": "half", "float": "float", "bfloat16": "bfloat16_t", "int16": "int16_t", "int32": "int32_t",
             "uint32": "uint32_t"}
CASTS = (("half", "float"), ("half", "int32"), ("float", "half"), ("float", "float"), ("float", "bfloat16"),
         ("float", "int32"), ("bfloat16", "float"), ("bfloat16", "int32"), ("int32", "float"), ("int32", "half"))


def gxx() -> str:
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.fail("g++ not found on PATH: the vector instruction tests compile C++17 kernels", pytrace=False)
    return gxx


def build_driver(out: Path, *defines: str) -> Path:
    """vec_sim_driver with the vector kernels and the misuse kernels (host build: every arch's
    rules at run time)."""
    binary = out / "vec_sim_driver"
    sources = [KERNELS, CASES / "vec_misuse_kernels.cpp", CASES / "vec_sim_driver.cpp"]
    cmd = [gxx(), *CXXFLAGS, *INCLUDES, *(f"-D{d}" for d in defines), "-rdynamic", *map(str, sources), "-ldl", "-o",
           str(binary)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(f"building the vector driver failed:\n{done.stderr}", pytrace=False)
    return binary


@dataclass
class Launch:
    error: str | None
    y: bytes
    vector_instructions: int


def tiling(count: int, tile: int, mode: int = 0, scalar: bytes = b"") -> bytes:
    return struct.pack("<4I", count, tile, mode, 0) + scalar.ljust(16, b"\0")


def run(driver: Path, soc: str, entry: str, x: bytes, y_bytes: int, tiling_bytes: bytes, tmp: Path) -> Launch:
    (tmp / "x.bin").write_bytes(x)
    (tmp / "t.bin").write_bytes(tiling_bytes)
    y_file = tmp / "y.bin"
    y_file.unlink(missing_ok=True)
    proc = subprocess.run([str(driver), soc, entry, "1", str(tmp / "t.bin"), str(tmp / "x.bin"), str(y_bytes),
                           str(y_file)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = dict(line.split("=", 1) for line in proc.stdout.splitlines() if "=" in line)
    if "error" in lines:
        return Launch(lines["error"], b"", 0)
    return Launch(None, y_file.read_bytes(), int(lines["vectorInstructions"]))


def assert_bits_equal(got: np.ndarray, want: np.ndarray, what: str) -> None:
    """Bit-exact: the patterns as unsigned integers, the first differences named."""
    assert got.dtype == want.dtype and got.shape == want.shape, what
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, (f"{what}: {bad.size} of {got.size} elements differ, first at "
                           + ", ".join(f"[{i}] got {int(got[i]):#x} want {int(want[i]):#x}" for i in bad[:5]))


def inputs(kind: str, rng: np.random.Generator) -> np.ndarray:
    """COUNT random elements of `kind` as bit patterns (floats) or integers."""
    if kind in oracle.FMTS:
        return oracle.random_float(oracle.FMTS[kind], COUNT, rng)
    return oracle.random_int(oracle.INTS[kind], COUNT, rng)


def expected_binary(op: str, kind: str, a: np.ndarray, b: np.ndarray, sat: bool) -> np.ndarray:
    if kind in oracle.FMTS:
        return oracle.float_binary(op, a, b, oracle.FMTS[kind], sat)
    return oracle.int_binary(op, a, b)


def tiles() -> int:
    return -(-COUNT // TILE)


def supported(product, fact: str, kind: str) -> bool:
    return DTYPE_NAMES[kind] in getattr(product, fact)


SCALARS = {"half": [np.float16(1.5), np.float16(-0.0), np.float16(np.inf), np.float16(65504)],
           "float": [np.float32(-2.75), np.float32(np.nan), np.float32(1e-40), np.float32(3.0e38)],
           "int16": [np.int16(7), np.int16(-32768)], "int32": [np.int32(-123456), np.int32(2**31 - 1)]}


def cast_inputs(src: str, rng: np.random.Generator) -> np.ndarray:
    if src == "int32":  # large magnitudes: float32 / float16 rounding and overflow
        x = oracle.random_int(np.int32, COUNT, rng)
        x[COUNT // 2:] = (rng.integers(1, 2**24, size=COUNT - COUNT // 2) * rng.choice([1, 3, 129], COUNT - COUNT // 2)
                          * rng.choice([-1, 1], COUNT - COUNT // 2)).astype(np.int32)
        return x.view(np.uint32)
    x = inputs(src, rng)
    if src == "float":  # ties and near-ties of float16 / bfloat16 / integers
        half_ulps = 1.0 + 2.0 ** -11 * rng.integers(0, 8, size=COUNT // 4)  # exact in float32
        scale = rng.choice([1, -1, 1024, -(2.0 ** -20)], COUNT // 4)
        x[:COUNT // 4] = oracle.bits((half_ulps * scale).astype(np.float32))
        x[COUNT // 4:COUNT // 2] = oracle.bits((rng.integers(-5000, 5000, COUNT // 4) / 4).astype(np.float32))
    return x


def cast_case(driver, tmp_path, product, src: str, dst: str, mode: str, x: np.ndarray) -> Launch:
    itemsize = 2 if dst in ("half", "bfloat16") else 4
    return run(driver, product.simulated_soc, f"vec_cast_{src}_to_{dst}", x.tobytes(), COUNT * itemsize,
               tiling(COUNT, TILE, oracle.ROUND_MODES.index(mode)), tmp_path)


def cast_fact(src: str, dst: str) -> str:
    return f"vec_cast_{DTYPE_NAMES[src]}_to_{DTYPE_NAMES[dst]}"


@dataclass(frozen=True)
class VecCase:
    """One launch of a vector test kernel and the bits it must write."""

    label: str
    entry: str
    x: bytes
    tiling: bytes
    expected: np.ndarray


def arch_cases(product) -> list[VecCase]:
    """A launch of every instruction x element type (Cast: x pair x RoundMode) the product's arch
    has, on seeded random inputs, with the oracle's bits."""
    sat = product.float_saturation
    out: list[VecCase] = []
    for op in BINARY:
        for kind in TYPES:
            if supported(product, f"vec_{op}_dtypes", kind):
                rng = np.random.default_rng([SEED, product.npu_arch, BINARY.index(op), TYPES.index(kind)])
                a, b = inputs(kind, rng), inputs(kind, rng)
                out.append(VecCase(f"{op} {kind}", f"vec_{op}_{kind}", a.tobytes() + b.tobytes(), tiling(COUNT, TILE),
                                   oracle.bits(np.asarray(expected_binary(op, kind, a, b, sat)))))
    for op in ("adds", "muls"):
        for kind in TYPES:
            if supported(product, f"vec_{op}_dtypes", kind):
                a = inputs(kind, np.random.default_rng([SEED, product.npu_arch, 7, TYPES.index(kind), op == "muls"]))
                scalar = SCALARS[kind][0]
                s = np.full(COUNT, scalar)
                s = oracle.bits(s) if kind in oracle.FMTS else s
                want = expected_binary("add" if op == "adds" else "mul", kind, a, s, sat)
                out.append(VecCase(f"{op} {kind}", f"vec_{op}_{kind}", a.tobytes(),
                                   tiling(COUNT, TILE, scalar=scalar.tobytes()), oracle.bits(np.asarray(want))))
    for kind in ("half", "bfloat16", "float", "int16", "int32", "uint32"):
        if supported(product, "vec_duplicate_dtypes", kind):
            scalar = np.array([-2.5 if kind in oracle.FMTS else 77]).astype(oracle.NUMPY[kind])
            out.append(VecCase(f"duplicate {kind}", f"vec_duplicate_{kind}", b"", tiling(COUNT, TILE, scalar=scalar.tobytes()),
                               np.repeat(oracle.bits(scalar), COUNT)))
    for src, dst in CASTS:
        x = cast_inputs(src, np.random.default_rng([SEED, product.npu_arch, CASTS.index((src, dst))]))
        for mode in getattr(product, cast_fact(src, dst)):
            out.append(VecCase(f"cast {src}->{dst} {mode}", f"vec_cast_{src}_to_{dst}", x.tobytes(),
                               tiling(COUNT, TILE, oracle.ROUND_MODES.index(mode)),
                               oracle.cast(src, dst, x, mode, sat)))
    return out
