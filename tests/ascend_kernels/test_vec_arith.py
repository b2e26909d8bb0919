"""The emulator's vector instructions (ascend_kernels/sim/kernel_vec_arith.h) bit for bit.

Each instruction x element type x arch runs as a kernel (vec_cases/vec_kernels.cpp: CopyIn,
Compute, CopyOut over double-buffered tiles) on the emulator with the SoC of each arch, on
seeded random data with zeros of both signs, infinities, NaNs with payloads, subnormals and
rounding ties, and its output bits are compared with the numpy / ml_dtypes oracle of
vec_oracle.py (Note [vector numerics]). What an arch lacks is refused: at compile time in a build
of that arch (the static_assert names instruction, dtype and arch), at run time by the simulated
SoC in a host build. The negative controls: a Compute that breaks each operand rule (writes past
its tile, ...) is caught with its message; a dtype an arch lacks does not compile for it; and a
Cast built with CAST_RINT truncating fails the bit-exact comparison.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

import vec_oracle as oracle
from ascend_ops_gen.spec import specs
from vec_harness import (ARCH_PRODUCTS, ARCHS, BINARY, CALL_FORMS, CASTS, COUNT, CPP_NAMES, CXXFLAGS, INCLUDES,
                         KERNELS, SCALARS,
                         SEED, TILE, TYPES, assert_bits_equal, build_driver, cast_case, cast_fact, cast_inputs,
                         expected_binary, gxx, inputs, run, supported, tiles, tiling)


@pytest.fixture(scope="module")
def driver(tmp_path_factory) -> Path:
    return build_driver(tmp_path_factory.mktemp("vec_driver"))


def _refused_everywhere(tmp_path: Path, name: str, kind: str) -> bool:
    """Whether no arch has instruction `name` for `kind`; then a host build refuses it at compile
    time (checked here) and the kernel entry holds nothing to run."""
    fact = f"vec_{name.lower()}_dtypes"
    if any(supported(p, fact, kind) for p in specs().products):
        return False
    call = f"{name}(a, a, a, 64)" if name not in ("Adds", "Muls") else f"{name}(a, a, {CPP_NAMES[kind]}(1), 64)"
    done = _compile_unit(tmp_path, None, CPP_NAMES[kind], call)
    assert done.returncode != 0 and f"{name}: {CPP_NAMES[kind]} is not supported on any arch ({fact}" in done.stderr
    return True


# ---- every instruction x element type x arch, bit for bit --------------------------------------


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("kind", TYPES)
@pytest.mark.parametrize("op", BINARY)
def test_binary_instruction_is_bit_exact(driver, tmp_path, arch, op, kind):
    product = ARCH_PRODUCTS[arch]
    if _refused_everywhere(tmp_path, op.capitalize(), kind):
        return
    rng = np.random.default_rng([SEED, arch, BINARY.index(op), TYPES.index(kind)])
    a, b = inputs(kind, rng), inputs(kind, rng)
    if op == "div" and kind in oracle.FMTS:  # exact quotients and ties of the rounding too
        b[:64] = oracle.bits(np.float32(2.0 ** -3) * np.ones(64, np.float32)).astype(a.dtype) if kind == "float" \
            else oracle.bits(np.full(64, 0.125, np.float16))
    launch = run(driver, product.simulated_soc, f"vec_{op}_{kind}", a.tobytes() + b.tobytes(), a.nbytes,
                 tiling(COUNT, TILE), tmp_path)
    if not supported(product, f"vec_{op}_dtypes", kind):
        assert launch.error is not None and f"{op.capitalize()}: {CPP_NAMES[kind]} is not supported on " \
            f"{product.simulated_soc} (arch {arch}; vec_{op}_dtypes" in launch.error
        return
    assert launch.error is None, launch.error
    got = np.frombuffer(launch.y, dtype=oracle.bits(a.view(oracle.NUMPY[kind])).dtype)
    assert_bits_equal(got, oracle.bits(expected_binary(op, kind, a, b, product.float_saturation)).ravel(),
                      f"{op} {kind} arch {arch}")
    assert launch.vector_instructions == tiles()


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("kind", TYPES)
@pytest.mark.parametrize("op", ("adds", "muls"))
def test_scalar_instruction_is_bit_exact(driver, tmp_path, arch, op, kind):
    product = ARCH_PRODUCTS[arch]
    if _refused_everywhere(tmp_path, op.capitalize(), kind):
        return
    rng = np.random.default_rng([SEED, arch, 7, TYPES.index(kind), op == "muls"])
    a = inputs(kind, rng)
    for scalar in SCALARS[kind]:
        launch = run(driver, product.simulated_soc, f"vec_{op}_{kind}", a.tobytes(), a.nbytes,
                     tiling(COUNT, TILE, scalar=scalar.tobytes()), tmp_path)
        if not supported(product, f"vec_{op}_dtypes", kind):
            assert launch.error is not None and "is not supported on" in launch.error
            return
        assert launch.error is None, launch.error
        s = np.full(COUNT, scalar)
        s = oracle.bits(s) if kind in oracle.FMTS else s
        want = expected_binary("add" if op == "adds" else "mul", kind, a, s, product.float_saturation)
        got = np.frombuffer(launch.y, dtype=oracle.bits(a.view(oracle.NUMPY[kind])).dtype)
        assert_bits_equal(got, oracle.bits(np.asarray(want)).ravel(), f"{op} {kind} {scalar!r} arch {arch}")


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("kind", ("half", "bfloat16", "float", "int16", "int32", "uint32"))
def test_duplicate_writes_the_scalars_bits(driver, tmp_path, arch, kind):
    product = ARCH_PRODUCTS[arch]
    dtype = oracle.NUMPY[kind]
    scalar = np.array([np.nan if kind in oracle.FMTS else 77]).astype(dtype)
    if kind in oracle.FMTS:  # a NaN with a payload: Duplicate moves bits, it computes nothing
        scalar = (oracle.bits(scalar) | 5).view(dtype)
    launch = run(driver, product.simulated_soc, f"vec_duplicate_{kind}", b"", COUNT * scalar.itemsize,
                 tiling(COUNT, TILE, scalar=scalar.tobytes()), tmp_path)
    if not supported(product, "vec_duplicate_dtypes", kind):
        assert launch.error is not None and f"Duplicate: {CPP_NAMES[kind]} is not supported on" in launch.error
        return
    assert launch.error is None, launch.error
    got = np.frombuffer(launch.y, dtype=oracle.bits(scalar).dtype)
    assert_bits_equal(got, np.repeat(oracle.bits(scalar), COUNT), f"duplicate {kind} arch {arch}")


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("src, dst", CASTS, ids=[f"{s}-{d}" for s, d in CASTS])
def test_cast_is_bit_exact_for_every_round_mode(driver, tmp_path, arch, src, dst):
    product = ARCH_PRODUCTS[arch]
    modes = getattr(product, cast_fact(src, dst))
    x = cast_inputs(src, np.random.default_rng([SEED, arch, CASTS.index((src, dst))]))
    if not modes:
        launch = cast_case(driver, tmp_path, product, src, dst, "rint", x)
        assert launch.error is not None and f"Cast: {CPP_NAMES[src]} -> {CPP_NAMES[dst]} is not supported on" \
            in launch.error
        return
    for mode in oracle.ROUND_MODES:
        launch = cast_case(driver, tmp_path, product, src, dst, mode, x)
        if mode not in modes:
            assert launch.error is not None and f"RoundMode CAST_{mode.upper()} is not supported for" in launch.error
            continue
        assert launch.error is None, launch.error
        want = oracle.cast(src, dst, x, mode, product.float_saturation)
        assert_bits_equal(np.frombuffer(launch.y, dtype=want.dtype), want, f"cast {src}->{dst} {mode} arch {arch}")


def test_the_oracle_rounds_the_documented_examples():
    # The Cast page's float -> half example: 0.5 + 2^-12 in each mode.
    x = oracle.bits(np.array([0.5 + 2.0 ** -12], np.float32))
    got = {m: float(oracle.cast("float", "half", x, m, False).view(np.float16)[0]) for m in oracle.ROUND_MODES}
    up = 0.5 + 2.0 ** -11
    assert got == {"none": 0.5, "rint": 0.5, "floor": 0.5, "ceil": up, "round": up, "trunc": 0.5, "odd": up}
    # float -> int32 of 2^22 + 0.5
    y = oracle.bits(np.array([2.0 ** 22 + 0.5], np.float32))
    ints = {m: int(oracle.cast("float", "int32", y, m, False).view(np.int32)[0]) for m in oracle.ROUND_MODES[1:6]}
    assert ints == {"rint": 2**22, "floor": 2**22, "ceil": 2**22 + 1, "round": 2**22 + 1, "trunc": 2**22}


# ---- negative controls ------------------------------------------------------------------------


def test_cast_with_rint_truncating_fails_the_bit_exact_comparison(tmp_path):
    broken = build_driver(tmp_path, "ASCEND_SIM_TEST_RINT_AS_TRUNC=1")
    product = ARCH_PRODUCTS[2201]
    x = cast_inputs("float", np.random.default_rng(SEED))
    launch = cast_case(broken, tmp_path, product, "float", "half", "rint", x)
    assert launch.error is None, launch.error
    want = oracle.cast("float", "half", x, "rint", False)
    with pytest.raises(AssertionError, match="elements differ"):
        assert_bits_equal(np.frombuffer(launch.y, dtype=want.dtype), want, "cast float->half rint")
    # the other modes are untouched by the switch
    launch = cast_case(broken, tmp_path, product, "float", "half", "floor", x)
    want = oracle.cast("float", "half", x, "floor", False)
    assert_bits_equal(np.frombuffer(launch.y, dtype=want.dtype), want, "cast float->half floor")


MISUSE = {
    "vec_misuse_past_tile": "vec_misuse_past_tile block 0: Add: UB bytes [512, 772) run past the end of the "
    "tensor's buffer [512, 768)",
    "vec_misuse_misaligned": "vec_misuse_misaligned block 0: Mul: src0: UB address 4 is not 32-byte aligned",
    "vec_misuse_position": "vec_misuse_position block 0: Sub: dst is a tensor at TPosition::A1; vector "
    "instructions take tensors at VECIN, VECOUT or VECCALC",
    "vec_misuse_unwritten": "vec_misuse_unwritten block 0: Max: reads UB byte 768, which was never written",
    "vec_misuse_overlap": "vec_misuse_overlap block 0: Muls: dst, UB bytes [32, 256), overlaps src, [0, 224); a "
    "vector instruction works in place or on disjoint tensors",
    "vec_misuse_negative_count": "vec_misuse_negative_count block 0: Adds: count -1 is negative",
    "vec_misuse_round_mode": "vec_misuse_round_mode block 0: Cast: RoundMode CAST_NONE is not supported for float "
    "-> int32_t on Ascend910B2 (it takes CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC)",
}


@pytest.mark.parametrize("entry", sorted(MISUSE))
def test_operand_rule_broken_by_a_compute_is_caught(driver, tmp_path, entry):
    x = np.arange(512, dtype=np.float32)
    launch = run(driver, "Ascend910B2", entry, x.tobytes(), 256 * 4, b"\0" * 32, tmp_path)
    assert launch.error == MISUSE[entry]


def test_misuse_control_runs_clean(driver, tmp_path):
    x = np.arange(512, dtype=np.float32)
    launch = run(driver, "Ascend910B2", "vec_misuse_none", x.tobytes(), 64 * 4, b"\0" * 32, tmp_path)
    assert launch.error is None
    assert np.array_equal(np.frombuffer(launch.y, np.float32), x[:64])


# A Compute using one instruction on one element type, compiled for one arch.
UNIT = """#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void compute(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR)
{{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    LocalTensor<{t}> a = buf.Get<{t}>(64);
    {call};
}}
"""
REFUSALS = [
    # (arch, element type, call, message)
    (1001, "bfloat16_t", "Duplicate(a, bfloat16_t(1.0f), 64)",
     "Duplicate: bfloat16_t is not supported on arch 1001 (vec_duplicate_dtypes of op_specs/products.yaml)"),
    (2002, "bfloat16_t", "Duplicate(a, bfloat16_t(1.0f), 64)",
     "Duplicate: bfloat16_t is not supported on arch 2002 (vec_duplicate_dtypes of op_specs/products.yaml)"),
    (2201, "bfloat16_t", "Add(a, a, a, 64)",
     "Add: bfloat16_t is not supported on arch 2201 (vec_add_dtypes of op_specs/products.yaml)"),
    (1001, "int16_t", "Add(a, a, a, 64)",
     "Add: int16_t is not supported on arch 1001 (vec_add_dtypes of op_specs/products.yaml)"),
    (3002, "int32_t", "Div(a, a, a, 64)",
     "Div: int32_t is not supported on arch 3002 (vec_div_dtypes of op_specs/products.yaml)"),
    (1001, "float", "Cast(buf.Get<bfloat16_t>(64), a, RoundMode::CAST_RINT, 64)",
     "Cast: float -> bfloat16_t is not supported on arch 1001"),
    (2201, "int32_t", "Cast(buf.Get<half>(64), a, RoundMode::CAST_RINT, 64)",
     "Cast: int32_t -> half is not supported on arch 2201"),
    (2002, "half", "Muls(a, a, half(2.0f), 64)", None),  # the positive control: compiles
    (2201, "bfloat16_t", "Duplicate(a, bfloat16_t(1.0f), 64)", None),
    (3002, "int32_t", "Cast(buf.Get<half>(64), a, RoundMode::CAST_RINT, 64)", None),
]


def _compile_unit(tmp_path: Path, arch: int | None, t: str, call: str) -> subprocess.CompletedProcess[str]:
    """UNIT for `arch` (None: a host build, every arch's rules at run time)."""
    source = tmp_path / f"unit_{arch}.cpp"
    source.write_text(UNIT.format(t=t, call=call), encoding="utf-8")
    arch_flags = [f"-D__NPU_ARCH__={arch}"] if arch is not None else []
    return subprocess.run([gxx(), *CXXFLAGS, "-fsyntax-only", *INCLUDES, *arch_flags, str(source)],
                          capture_output=True, text=True)


@pytest.mark.parametrize("arch, t, call, message", REFUSALS, ids=[f"{a}-{c.split('(')[0]}-{t}" for a, t, c, _ in REFUSALS])
def test_instruction_an_arch_lacks_does_not_compile_for_it(tmp_path, arch, t, call, message):
    done = _compile_unit(tmp_path, arch, t, call)
    if message is None:
        assert done.returncode == 0, done.stderr
    else:
        assert done.returncode != 0 and message in done.stderr, done.stderr[-3000:]


@pytest.mark.parametrize("arch", ARCHS)
def test_the_vector_kernels_compile_for_each_arch(tmp_path, arch):
    # Each entry instantiates its instruction only where the arch has it (vec_kernels.cpp), so a
    # build of every arch compiles: the refusals above fire only on what the arch lacks. The call
    # forms of vec_call_forms.cpp exist on every arch.
    done = subprocess.run([gxx(), *CXXFLAGS, "-fsyntax-only", *INCLUDES, f"-D__NPU_ARCH__={arch}", str(KERNELS),
                           str(CALL_FORMS)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]


def _readme_table() -> str:
    """The sim README's table of instructions per arch as products.yaml's facts make it."""
    names = {"float16": "half", "float32": "float", "bfloat16": "bfloat16_t", "int16": "int16_t", "int32": "int32_t",
             "uint32": "uint32_t"}
    lines = ["| instruction | " + " | ".join(
        f"{a} ({', '.join(p.key for p in specs().products if p.npu_arch == a)})" for a in README_ARCHS) + " |",
        "|---|" + "---|" * len(README_ARCHS)]
    for op in (*BINARY, "adds", "muls", "duplicate"):
        cells = [", ".join(names[d] for d in getattr(ARCH_PRODUCTS[a], f"vec_{op}_dtypes")) for a in README_ARCHS]
        lines.append(f"| `{op.capitalize()}` | " + " | ".join(cells) + " |")
    for src, dst in README_CASTS:
        cells = [", ".join(m.upper() for m in getattr(ARCH_PRODUCTS[a], cast_fact(src, dst))) or "—"
                 for a in README_ARCHS]
        lines.append(f"| `Cast` {CPP_NAMES[src]} → {CPP_NAMES[dst]} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


README_ARCHS = (2201, 1001, 2002, 3002)
README_CASTS = (("half", "float"), ("half", "int32"), ("float", "half"), ("float", "float"), ("float", "bfloat16"),
                ("float", "int32"), ("bfloat16", "float"), ("bfloat16", "int32"), ("int32", "float"), ("int32", "half"))


def test_the_readme_table_is_the_products_yaml_facts():
    readme = (Path(__file__).resolve().parents[2] / "ascend_kernels" / "sim" / "README.md").read_text(encoding="utf-8")
    documented = readme.split("<!-- vec-table", 1)[1].split("-->", 1)[1].split("<!-- /vec-table -->", 1)[0].strip()
    assert documented == _readme_table()
    assert set(README_ARCHS) == set(ARCHS) and set(README_CASTS) == set(CASTS)
