"""docs/adding-an-op.md's filling views, done: a copy of the project gets `constant_pad` (TensorFlow
PadV2 in constant mode: `paddings`, an int[][] of pairs, and `constant_value`, its `fill:`) -- its
spec, reference and view builder, nothing else. Its view is of its output, the block x is written
into, and its kernel is the engine's write direction with the fill (Note [filling view ops] in
ascend_ops_gen/spec/model.py). It is bit-exact against numpy's np.pad for every rank from 0 to its
max_rank of 8 and every dtype of its spec on every CPU backend and the simulator's generated
TilingFunc and kernel; its quick corpus passes on every product line, in cpudebug on both
toolkits and in the op package; a view builder that writes x one element off is caught."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_custom_ops import CANN_81, CANN_HEADERS, _copy_project, _dev, _needs, _python, _run, copy_with

OP = "constant_pad"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return copy_with(tmp_path_factory.mktemp("filling"), (OP,))


def test_generate_writes_the_write_direction_with_the_fill(project):
    host = (project / "ascend_kernels/constant_pad/op_host/constant_pad.cpp").read_text()
    assert 'ascend_ops::FillBits(attrs.Float(1, "constant_value"), "constant_value", type, "x", bits)' in host
    assert "BuildView, nullptr, nullptr, 0, nullptr, ReadFill};" in host
    dispatch = (project / "ascend_kernels/binding/op_view_dispatch_generated.h").read_text()
    assert '{"constant_pad", "lf", &BuildConstantPadViewFromAttributes},' in dispatch
    fast = (project / "ascend_kernels/binding/ascend_ops_cpu_generated.h").read_text()
    assert "constant_pad" not in fast  # the compiled fast path carries the views that read
    _dev(project, "docs")
    assert "# constant_pad" in (project / "docs/ops/constant_pad.md").read_text()


# Every rank from 0 to 8 on shapes whose dims differ, every dtype of the spec, fills that are
# NaN, -0.0 and plain values, through each CPU backend and the simulator's plan and kernel on a2
# (the corpus below runs every product line); prints the (path, rank, dtype) that differ from np.pad.
EVERY_RANK = """
    import numpy as np, torch, ascend_ops
    from ascend_ops.runtime.dtypes import from_numpy, numpy_dtype, to_numpy
    from ascend_ops.sim import SimulatorError, simulate
    from ascend_ops_gen.spec import specs

    def differs(run, want):  # a plan refused (a view past the output, say) differs too
        try:
            got = run()
        except SimulatorError as e:
            return str(e)
        return not same_bits(got, want)

    def same_bits(a, b):
        a, b = np.ascontiguousarray(a).reshape(-1), np.ascontiguousarray(b).reshape(-1)
        return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(
            a.view(f"u{a.dtype.itemsize}"), b.view(f"u{b.dtype.itemsize}"))

    DIMS = (3, 2, 1, 4, 2, 3, 1, 2)
    rng = np.random.default_rng(7)
    wrong, runs = set(), 0
    for dtype in specs().op("constant_pad").dtypes:
        np_dtype = numpy_dtype(getattr(torch, dtype))
        floating = np_dtype.kind == "f" or dtype == "bfloat16"
        fills = [float("nan"), -0.0, -2.5] if floating else [1.0] if dtype == "bool" else [0.0, 7.0]
        for rank in range(0, 9):
            shape = DIMS[:rank][::-1] if rank % 2 else DIMS[:rank]
            paddings = [[int(b), int(a)] for b, a in rng.integers(0, 3, size=(rank, 2))]
            x = rng.integers(0, 2 if dtype == "bool" else 100, size=shape).astype(np_dtype)
            for fill in fills:
                want = np.pad(x, paddings, constant_values=np.array(fill).astype(np_dtype)) if rank else x
                runs += 1
                if differs(lambda: simulate("constant_pad", x, paddings, fill, product="atlas-a2")[0], want):
                    wrong.add(("sim kernel", rank, dtype))
                for backend in ("native", "reference", "sim"):
                    with ascend_ops.use_backend(backend):
                        call = lambda: to_numpy(ascend_ops.constant_pad(from_numpy(x.copy()), paddings, fill))
                        if differs(call, want):
                            wrong.add((backend, rank, dtype))
    print(sorted(wrong), runs)
    print("ok")
"""


def test_every_rank_and_dtype_is_bit_exact_against_numpy_on_every_backend(project):
    wrong, runs = _python(project, EVERY_RANK).splitlines()[-2].rsplit(" ", 1)
    assert wrong == "[]" and int(runs) == 9 * (3 * 3 + 6 * 2 + 1), (wrong, runs)  # ranks x (dtype, fill)


def test_a_view_builder_one_element_off_is_caught(tmp_path):
    """Negative control of the comparison: x written one element further on (its offset + 1) is
    a different pad, which the same run reports on every path that runs the view builder."""
    project = _copy_project(tmp_path)
    _run_add_off_by_one(project)
    out = _python(project, EVERY_RANK.replace('("native", "reference", "sim")', '("sim",)'))
    wrong = out.splitlines()[-2]
    assert "('sim kernel', 1, 'float32')" in wrong and "('sim', 8, 'int64')" in wrong, wrong


def _run_add_off_by_one(project: Path) -> None:
    from test_custom_ops import _add

    _add(project, OP)
    view = project / "ascend_kernels/constant_pad/constant_pad_view.h"
    text = view.read_text()
    old = "        view->offset += paddings[2 * k] * outStrides[k];\n"
    assert text.count(old) == 1
    view.write_text(text.replace(old, old + "        view->offset += k == 0 ? 1 : 0;\n"))
    _dev(project, "generate", "-q")


REFUSED = """
    import numpy as np, torch, ascend_ops
    from torch._subclasses.fake_tensor import FakeTensorMode
    from ascend_ops.sim import plan

    def message(call):
        try:
            call()
        except ascend_ops.OpArgumentError as e:
            return str(e).removeprefix("constant_pad: ")
        raise SystemExit(f"accepted: {call}")

    def eager(backend):
        def run(x, *args):
            with ascend_ops.use_backend(backend):
                return ascend_ops.constant_pad(x, *args)
        return run

    def fake(x, *args):
        with FakeTensorMode():
            return torch.ops.ascend_ops.constant_pad(torch.empty(x.shape, dtype=x.dtype), *args)

    def host(x, paddings, constant):  # the generated TilingFunc, no Python check before it
        flat = [v for row in paddings for v in row]
        return plan("constant_pad", tuple(x.shape), str(x.dtype).removeprefix("torch."), (flat, constant),
                    product="atlas-a2")

    paths = [eager("native"), eager("reference"), eager("sim"), fake, host]
    x = torch.zeros(2, 3, dtype=torch.int32)
    for args in ([[0, 0], [1, 1]], 1.5), ([[0, 0], [-1, 2]], 0.0), ([[1, 1]], 0.0):
        print(" || ".join(sorted({message(lambda: path(x, *args)) for path in paths})))
    print("ok")
"""


def test_a_call_is_refused_alike_on_every_path(project):
    lines = _python(project, REFUSED).splitlines()[-4:-1]
    assert lines == [
        "constant_value = 1.5 is not exactly representable in int32 (the dtype of x); give a value int32 holds "
        "exactly",
        "paddings[1] = [-1, 2] is negative; paddings are non-negative",
        "paddings has 1 rows; x has 2 dims: give one [before, after] per dim"], lines


def test_torch_compile_and_what_a_filling_op_does_not_do_yet(project):
    """The fake kernel gives the padded shape (dynamic sizes stay symbols); the op is not
    differentiable and its ONNX export is refused, each with a message naming it."""
    _python(project, """
        import numpy as np, torch, ascend_ops
        from ascend_ops.onnx import lower
        pad = lambda t: ascend_ops.constant_pad(t, [[1, 0], [2, 3]], 5.0) * 2
        compiled = torch.compile(pad, backend="eager", dynamic=True)
        for rows in (2, 3):
            x = torch.ones(rows, 4)
            assert torch.equal(compiled(x), pad(x)) and compiled(x).shape == (rows + 1, 9)
        g = torch.ones(2, 3, requires_grad=True)
        try:
            ascend_ops.constant_pad(g, [[1, 0], [0, 1]], 0.0).sum().backward()
        except RuntimeError as e:
            assert "constant_pad" in str(e), e
        else:
            raise SystemExit("a gradient went through a filling op")
        try:
            lower("constant_pad", (2, 3), [[1, 0], [0, 1]], 0.0)
        except NotImplementedError as e:
            assert "does not export to ONNX yet" in str(e), e
        else:
            raise SystemExit("a filling op exported its view steps")
        print("ok")
    """)


def test_the_simulated_npu_runs_it_through_the_binding_and_aclnn(project):
    _python(project, """
        import numpy as np, torch, ascend_ops
        from ascend_ops.sim import aclnn_route
        x = np.arange(24).reshape(2, 3, 4).astype(np.float16)
        y = ascend_ops.constant_pad(torch.from_numpy(x).to("npu"), [[1, 0], [0, 2], [2, 1]], -2.5).cpu().numpy()
        want = np.pad(x, [[1, 0], [0, 2], [2, 1]], constant_values=-2.5)
        assert np.array_equal(y.view(np.uint16), want.view(np.uint16))
        print("ok")
    """, ASCEND_OPS_SIM_NPU="1", ASCEND_OPS_PRODUCT="atlas-a2")


def test_the_quick_corpus_passes_on_every_product_line(project):
    result = _dev(project, "sim", "--quick", "--op", OP)
    passed = re.search(r"sim \(quick corpus\): (\d+) of (\d+) cases passed bit for bit on (\d+) op x product x "
                       r"dtype combinations", result.stdout)
    # 10 dtypes on the 3 lines with bfloat16, 9 on the inference series, float16 on the 200I/500 A2
    assert passed and passed[1] == passed[2] and int(passed[3]) == 10 * 3 + 9 + 1, result.stdout[-3000:]


@pytest.mark.parametrize("toolkit", [CANN_HEADERS, CANN_81], ids=["asc-devkit", "cann-8.1"])
def test_cpudebug_runs_the_kernel_identically_to_the_emulator(project, toolkit):
    """Huawei's AscendC in CPU-debug mode on every arch, the quick corpus (the fill's Duplicate forms,
    the bit-mask one for 8-byte fills whose halves differ among them)."""
    _needs(toolkit)
    result = _dev(project, "cpudebug", "--quick", "--op", OP, "--headers", str(toolkit))
    summary = re.search(r"^cpudebug: (\d+) cases, (\d+) builds, (\d+) differences$", result.stdout, re.M)
    assert summary and int(summary[1]) > 0 and summary[3] == "0", result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 failed cases" in result.stdout, result.stdout[-3000:]


@pytest.mark.parametrize("toolkit", [CANN_HEADERS, CANN_81], ids=["asc-devkit", "cann-8.1"])
def test_the_op_package_builds_and_runs_it(project, toolkit):
    """The OpDef with a Float and a flattened ListInt attribute through op_build, CANN's build and
    packaging, and the binding on the CPU aclnn runtime."""
    _needs(toolkit)
    _needs(CANN_HEADERS)
    result = _run(project, "-m", "ascend_ops_dev", "check-package", "--toolkit", str(toolkit),
                  ASCEND_HOME_PATH=str(CANN_HEADERS))
    out = result.stdout + result.stderr
    passed = re.search(r"check-package: (\d+) of (\d+) checks pass", out)
    assert passed and passed[1] == passed[2], out[-4000:]
    assert len(re.findall(rf"^\d+ CPU aclnn run +{OP} +\S+ +pass *$", out, re.M)) == 5, out[-4000:]
