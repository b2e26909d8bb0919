"""docs/adding-an-op.md's shapes, lists and floats in a custom kernel, done: a copy of the project
gets `tf_tile` (TensorFlow Tile: `multiples`, an int[]) and `tf_pad` (TensorFlow PadV2: `paddings`,
an int[][] of pairs, and `constant_value`, a float of x's dtype), whose Load hooks read x's and y's
whole shapes and the attributes from the tiling data (Note [tiling accessors] in
ascend_ops_gen/codegen/custom_op.py). Their kernels are bit-exact against numpy on the simulator
for every rank from 0 to their max_rank of 8, on every CPU backend and on the simulated NPU
(binding, aclnn, TilingFunc, kernel); their quick corpus passes on every product line; a kernel
that reads one dim for all (the mistake a fixed-rank tiling forced) is caught; a float attribute
its input's dtype cannot hold and rows of the wrong length are refused with one message by eager
calls, the fake kernel and the simulator (the generated TilingFunc included)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from test_custom_ops import CANN_81, CANN_HEADERS, HERE, _copy_project, _dev, _needs, _python, _run

OPS = ("tf_tile", "tf_pad")


def _add(project: Path, op: str, replace: tuple[str, str] | None = None) -> None:
    """The op's spec, reference, Compute and shape rule, in their places (docs/adding-an-op.md)."""
    targets = {f"{op}.yaml": f"op_specs/{op}.yaml", f"{op}.py": f"cpu_reference/{op}.py",
               f"{op}_compute.h": f"ascend_kernels/{op}/{op}_compute.h",
               f"{op}_shape.h": f"ascend_kernels/{op}/{op}_shape.h"}
    for piece, target in targets.items():
        (project / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(HERE / op / piece, project / target)
        if replace is not None and piece.endswith("_compute.h"):
            text = (project / target).read_text(encoding="utf-8")
            assert text.count(replace[0]) == 1, replace
            (project / target).write_text(text.replace(*replace), encoding="utf-8")


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    project = _copy_project(tmp_path_factory.mktemp("custom_tiling"))
    for op in OPS:
        _add(project, op)
    _dev(project, "generate", "-q")
    return project


# Every rank from 0 to 8, on shapes whose dims differ, through the simulator (the generated TilingFunc
# and kernel) and the CPU backends; prints the ranks where the simulator differs from numpy.
EVERY_RANK = """
    import numpy as np, torch, ascend_ops
    from ascend_ops.runtime.dtypes import from_numpy, to_numpy
    from ascend_ops.sim import SimulatorError
    from ascend_ops.sim.custom_runner import simulate_op

    def same_bits(a, b):
        a, b = np.ascontiguousarray(a).reshape(-1), np.ascontiguousarray(b).reshape(-1)
        return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(
            a.view(f"u{a.dtype.itemsize}"), b.view(f"u{b.dtype.itemsize}"))

    def data(shape, dtype, rng):
        if dtype == "bool":
            return rng.integers(0, 2, size=shape).astype(bool)
        values = rng.integers(-100, 100, size=shape)
        return values.astype(ascend_ops.runtime.dtypes.numpy_dtype(getattr(torch, dtype)))

    def differs(op, want, x, product, **attributes):
        try:
            got, _ = simulate_op(op, x, product=product, **attributes)
        except SimulatorError as e:  # a read out of x's bounds, say
            return str(e)
        return not same_bits(got, want)

    DIMS = (3, 2, 1, 4, 2, 3, 1, 2)
    MULTIPLES = (2, 3, 2, 2, 3, 2, 2, 2)
    rng = np.random.default_rng(7)
    wrong = set()
    for product, dtypes in PRODUCTS:
        for rank in range(0, 9):
            shape = DIMS[:rank][::-1] if rank % 2 else DIMS[:rank]
            paddings = [[int(b), int(a)] for b, a in rng.integers(0, 3, size=(rank, 2))]
            for dtype in dtypes:
                x = data(shape, dtype, rng)
                for multiples in (list(MULTIPLES[:rank]), [0, *MULTIPLES[1:rank]][:rank]):
                    if differs("tf_tile", np.tile(x, multiples) if rank else x, x, product, multiples=multiples):
                        wrong.add(("tf_tile", rank))
                signed = dtype not in ("uint8", "bool")
                for constant in (-3.0 if signed else 3.0, 1.0, -0.0) if dtype != "bool" else (1.0,):
                    padded = np.pad(x, paddings, constant_values=constant) if rank else x
                    if differs("tf_pad", padded, x, product, paddings=paddings, constant_value=constant):
                        wrong.add(("tf_pad", rank))
                if product == "atlas-a2":  # and through torch, on every CPU backend
                    for backend in BACKENDS:
                        with ascend_ops.use_backend(backend):
                            t = ascend_ops.tf_tile(from_numpy(x.copy()), list(MULTIPLES[:rank]))
                            p = torch.ops.ascend_ops.tf_pad(from_numpy(x.copy()), paddings, 1.0)
                        assert same_bits(to_numpy(t), np.tile(x, MULTIPLES[:rank]) if rank else x), (backend, rank, dtype)
                        assert same_bits(to_numpy(p), np.pad(x, paddings, constant_values=1) if rank else x), \
                            (backend, rank, dtype)
    print(sorted(wrong))
    print("ok")
"""


def _every_rank(project: Path, products: str, backends: str = "('reference', 'native', 'sim')") -> str:
    code = EVERY_RANK.replace("PRODUCTS", products).replace("BACKENDS", backends)
    return _python(project, code).splitlines()[-2]


def test_every_rank_is_bit_exact_on_the_simulator(project):
    every = "['float16', 'float32', 'bfloat16', 'int8', 'uint8', 'int16', 'int32', 'int64', 'bool']"
    assert _every_rank(project, f"[('atlas-a2', {every}), ('atlas-inference', ['float16', 'int64'])]") == "[]"


def test_nan_and_the_constant_reach_the_kernel_as_bits_of_xs_dtype(project):
    """A NaN constant on float16 and bfloat16 is numpy's NaN of that dtype; the TilingFunc fills
    the shapes and the pairs into the tiling data as Note [tiling accessors] says."""
    _python(project, """
        import numpy as np, ml_dtypes
        from ascend_ops.sim.custom_runner import plan_op, simulate_op
        for dtype in (np.float16, ml_dtypes.bfloat16):
            x = np.arange(6).reshape(2, 3).astype(dtype)
            got, _ = simulate_op("tf_pad", x, paddings=[[1, 0], [0, 2]], constant_value=float("nan"), product="atlas-a2")
            want = np.pad(x, [[1, 0], [0, 2]], constant_values=np.array(np.nan, dtype=dtype))
            assert np.array_equal(got.view(np.uint16), want.view(np.uint16)), (got.view(np.uint16), want.view(np.uint16))
        plan = plan_op("tf_pad", [(2, 3, 4)], ["float16"], ([[1, 0], [0, 2], [3, 4]], -2.5), product="atlas-a2")
        f = plan.fields
        assert (f["xRank"], f["xDims"][:4], f["xStrides"][:4]) == (3, (2, 3, 4, 0), (12, 4, 1, 0)), f
        assert (f["yRank"], f["yDims"][:3], f["yStrides"][:3]) == (3, (3, 5, 11), (55, 11, 1)), f
        assert (f["paddingsSize"], f["paddingsValues"][:7]) == (3, (1, 0, 0, 2, 3, 4, 0)), f
        assert f["constantValue"] == int(np.array(-2.5, dtype=np.float16).view(np.uint16)), f
        print("ok")
    """)


def test_a_kernel_that_reads_one_dim_for_all_is_caught(tmp_path):
    """Negative control of the comparison: tf_tile's Load taking every dim's size from dim 0 is
    right where the shape has one dim (or none) and wrong from rank 2 on, the issue's fixed-rank
    kernels' failure; the same run reports those ranks."""
    project = _copy_project(tmp_path)
    _add(project, "tf_tile", ("(index % fields.x.dims[d])", "(index % fields.x.dims[0])"))
    _add(project, "tf_pad")
    _dev(project, "generate", "-q")
    wrong = _every_rank(project, "[('atlas-a2', ['int32'])]", backends="()")
    assert wrong == str([("tf_tile", rank) for rank in range(2, 9)]), wrong


# The calls refused, each by every path with one message (the op's name leads where torch runs it).
REFUSED = """
    import math, numpy as np, torch, ascend_ops
    from torch._subclasses.fake_tensor import FakeTensorMode
    from ascend_ops.sim.custom_runner import plan_op, simulate_op

    def message(call):
        try:
            call()
        except ascend_ops.OpArgumentError as e:
            return str(e).removeprefix("tf_pad: ")
        raise SystemExit(f"accepted: {call}")

    def fake(dtype, *args):
        with FakeTensorMode():
            return torch.ops.ascend_ops.tf_pad(torch.empty(2, 3, dtype=dtype), *args)

    def fake_overload(dtype, paddings, *args):  # torch's own overload takes the schema's flat ints
        flat = [v for row in paddings for v in row] if paddings and isinstance(paddings[0], list) else paddings
        with FakeTensorMode():
            return torch.ops.ascend_ops.tf_pad.default(torch.empty(2, 3, dtype=dtype), flat, *args)

    def eager(dtype, *args, backend="native"):
        with ascend_ops.use_backend(backend):
            return ascend_ops.tf_pad(torch.zeros(2, 3, dtype=dtype), *args)

    def host(dtype, paddings, constant):  # the generated TilingFunc, no Python check before it
        return plan_op("tf_pad", [(2, 3)], [str(dtype).removeprefix("torch.")], (paddings, constant),
                       product="atlas-a2")

    def simulated(dtype, *args):
        return simulate_op("tf_pad", np.zeros((2, 3), dtype=ascend_ops.runtime.dtypes.numpy_dtype(dtype)), *args,
                           product="atlas-a2")

    pairs = [[0, 0], [1, 1]]
    results = {}
    for dtype, constant in [(torch.int32, 1.5), (torch.int8, 300.0), (torch.bool, 2.0), (torch.float16, 1.00048828125),
                            (torch.bfloat16, 1.00048828125), (torch.int32, math.inf)]:
        paths = [eager, lambda *a: eager(*a, backend="sim"), fake, fake_overload, simulated, host]
        results[(str(dtype), constant)] = {message(lambda: path(dtype, pairs, constant)) for path in paths}
    # not a float32, CANN's float attribute: refused before any C++ sees it
    paths = [eager, lambda *a: eager(*a, backend="sim"), fake, fake_overload, simulated]
    results["0.1"] = {message(lambda: path(torch.float32, pairs, 0.1)) for path in paths}
    # rows of three ints, and five ints that are no whole rows (the overload and the TilingFunc get them flat)
    rows = [[0, 0, 1], [1, 1]]  # the overload's schema takes no rows
    results["rows"] = {message(lambda: path(torch.float32, rows, 0.0)) for path in paths if path is not fake_overload}
    flat = [0, 0, 1, 1, 1]
    results["flat"] = {message(lambda: path(torch.float32, flat, 0.0)) for path in (fake_overload, host)} | {
        message(lambda: torch.ops.ascend_ops.tf_pad.default(torch.zeros(2, 3), flat, 0.0))}
    for key, messages in results.items():
        print(key, "|", " || ".join(sorted(messages)))
    print("ok")
"""


def test_values_and_rows_a_call_cannot_hold_are_refused_alike_everywhere(project):
    out = dict(line.split(" | ", 1) for line in _python(project, REFUSED).splitlines()[:-1] if " | " in line)
    exact = "is not exactly representable in {1} (the dtype of x); give a value {1} holds exactly"
    assert out == {
        "('torch.int32', 1.5)": "constant_value = 1.5 " + exact.format(0, "int32"),
        "('torch.int8', 300.0)": "constant_value = 300 " + exact.format(0, "int8"),
        "('torch.bool', 2.0)": "constant_value = 2 " + exact.format(0, "bool"),
        "('torch.float16', 1.00048828125)": "constant_value = 1.00048828 " + exact.format(0, "float16"),
        "('torch.bfloat16', 1.00048828125)": "constant_value = 1.00048828 " + exact.format(0, "bfloat16"),
        "('torch.int32', inf)": "constant_value = inf " + exact.format(0, "int32"),
        "0.1": "constant_value = 0.1 is not exactly representable in float32 (the type of a float attribute); "
               "give a value float32 holds exactly",
        "rows": "paddings[0] has 3 ints; paddings is rows of 2 ints (int[][], inner 2)",
        "flat": "paddings has 5 ints, which are no whole rows of 2 (int[][], inner 2)",
    }, out


def test_the_simulated_npu_runs_them_through_the_binding_and_aclnn(project):
    """The route of an Atlas box: the binding's kernel, aclnn<Op>GetWorkspaceSize with the rows
    flattened and the float as a double, CANN's attributes, the generated TilingFunc, the kernel."""
    _python(project, """
        import numpy as np, torch, ascend_ops
        from ascend_ops.sim import aclnn_route
        x = np.arange(24).reshape(2, 3, 4).astype(np.float16)
        y = ascend_ops.tf_pad(torch.from_numpy(x).to("npu"), [[1, 0], [0, 2], [2, 1]], -2.5).cpu().numpy()
        assert np.array_equal(y.view(np.uint16), np.pad(x, [[1, 0], [0, 2], [2, 1]], constant_values=-2.5).view(np.uint16))
        t = ascend_ops.tf_tile(torch.from_numpy(x).to("npu"), [2, 1, 3]).cpu().numpy()
        assert np.array_equal(t.view(np.uint16), np.tile(x, [2, 1, 3]).view(np.uint16))
        assert aclnn_route.counts() == (2, 2), aclnn_route.counts()
        print("ok")
    """, ASCEND_OPS_SIM_NPU="1", ASCEND_OPS_PRODUCT="atlas-a2")


def test_the_quick_corpus_passes_on_every_product_line(project):
    """Their specs' corpus and worked examples, every dtype each product line keeps."""
    result = _dev(project, "sim", "--quick", "--op", "tf_tile", "--op", "tf_pad")
    passed = re.search(r"sim \(quick corpus\): (\d+) of (\d+) cases passed bit for bit on (\d+) op x product x "
                       r"dtype combinations", result.stdout)
    # 9 dtypes on the 3 lines with bfloat16, 8 on the inference and 200I/500 A2 series, per op
    assert passed and passed[1] == passed[2] and int(passed[3]) == 2 * (9 * 3 + 8 * 2), result.stdout[-3000:]


@pytest.mark.parametrize("toolkit", [CANN_HEADERS, CANN_81], ids=["asc-devkit", "cann-8.1"])
def test_cpudebug_runs_the_kernels_identically_to_the_emulator(project, toolkit):
    """Huawei's AscendC in CPU-debug mode on every arch, the quick corpus (the <Op>Fields reads, the
    scalar GM reads of the Load hooks)."""
    _needs(toolkit)
    result = _dev(project, "cpudebug", "--quick", "--op", "tf_tile", "--op", "tf_pad", "--headers", str(toolkit))
    summary = re.search(r"^cpudebug: (\d+) cases, (\d+) builds, (\d+) differences$", result.stdout, re.M)
    assert summary and int(summary[1]) > 0 and summary[3] == "0", result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 failed cases" in result.stdout, result.stdout[-3000:]


@pytest.mark.parametrize("toolkit", [CANN_HEADERS, CANN_81], ids=["asc-devkit", "cann-8.1"])
def test_the_op_package_builds_and_runs_them(project, toolkit):
    """The OpDefs with a Float and a flattened ListInt attribute through op_build, CANN's build and
    packaging, and the binding on the CPU aclnn runtime with the arguments aclnn received."""
    _needs(toolkit)
    _needs(CANN_HEADERS)
    result = _run(project, "-m", "ascend_ops_dev", "check-package", "--toolkit", str(toolkit),
                  ASCEND_HOME_PATH=str(CANN_HEADERS))
    out = result.stdout + result.stderr
    passed = re.search(r"check-package: (\d+) of (\d+) checks pass", out)
    assert passed and passed[1] == passed[2], out[-4000:]
    for op in OPS:
        assert len(re.findall(rf"^\d+ CPU aclnn run +{op} +\S+ +pass *$", out, re.M)) == 5, (op, out[-4000:])
