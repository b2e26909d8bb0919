"""docs/adding-an-op.md's repeating views, done: a copy of the project gets `repeat` (CANN /
TensorFlow Tile as a view op: Reshape to (1, d0, 1, d1, ...), Broadcast to (m0, d0, m1, d1, ...),
Reshape to (m0*d0, ...); Note [repeating views] in cpu_reference/view_steps.py) from its spec,
reference and view builder alone (tests/walkthrough/repeat/). It is bit-exact against np.tile for
every rank from 0 to 8 and every dtype of its spec on every CPU backend (the native copy of a
stride-0 view, the reference, the simulator), its quick corpus passes on every product line,
cpudebug runs it on both toolkits and the op package builds and runs it; a view builder that
reads a repeated dim with the stride of its elements is caught; a scatter gradient through its
view is refused on every path rather than keeping one of the gradients it must sum."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from test_custom_ops import CANN_81, CANN_HEADERS, HERE, _copy_project, _dev, _needs, _python, _run

PIECES = {"repeat.yaml": "op_specs/repeat.yaml", "repeat.py": "cpu_reference/repeat.py",
          "repeat_view.h": "ascend_kernels/repeat/repeat_view.h"}


def _add(project: Path, replace: tuple[str, str] | None = None, spec_lines: str = "") -> None:
    """repeat's spec, reference and view builder, in their places (docs/adding-an-op.md); `replace`
    edits the view builder, `spec_lines` are added to the spec."""
    for piece, target in PIECES.items():
        (project / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(HERE / "repeat" / piece, project / target)
    header = project / PIECES["repeat_view.h"]
    if replace is not None:
        text = header.read_text(encoding="utf-8")
        assert text.count(replace[0]) == 1, replace
        header.write_text(text.replace(*replace), encoding="utf-8")
    if spec_lines:
        spec = project / PIECES["repeat.yaml"]
        spec.write_text(spec.read_text(encoding="utf-8") + spec_lines, encoding="utf-8")


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    project = _copy_project(tmp_path_factory.mktemp("repeating_view"))
    _add(project)
    _dev(project, "generate", "-q")
    return project


# Every rank from 0 to 8 on dims that differ, each call compared bit for bit with np.tile: on the
# simulator (the generated TilingFunc, the engine's planner and kernels) for PRODUCTS, and on every
# CPU backend on atlas-a2. Multiples of 0 make empty results. The multiples keep every view within
# the engine's 8 merged dims (Note [repeating views]). Prints the (rank, dtype)s that differ.
EVERY_RANK = """
    import numpy as np, torch, ascend_ops
    from ascend_ops.cpu import native_copy
    from ascend_ops.runtime.dtypes import from_numpy, numpy_dtype, to_numpy
    from ascend_ops.sim import SimulatorError, simulate
    from ascend_ops_gen.spec import specs

    def same_bits(a, b):
        a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
        return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(
            a.reshape(-1).view(f"u{a.dtype.itemsize}"), b.reshape(-1).view(f"u{b.dtype.itemsize}"))

    def data(shape, dtype, rng):
        if dtype == "bool":
            return rng.integers(0, 2, size=shape).astype(bool)
        return rng.integers(-100, 100, size=shape).astype(numpy_dtype(getattr(torch, dtype)))

    DIMS = (3, 2, 1, 4, 2, 3, 1, 2)
    MULTIPLES = (2, 1, 3, 1, 1, 2, 1, 1)
    rng = np.random.default_rng(7)
    spec = specs().op("repeat")
    wrong = set()
    for product, dtypes in PRODUCTS:
        line = next(p for p in specs().products if p.key == product)
        dtypes = dtypes or spec.supported_dtypes(line)
        for rank in range(0, 9):
            shape = DIMS[:rank][::-1] if rank % 2 else DIMS[:rank]
            for dtype in dtypes:
                x = data(shape, dtype, rng)
                for multiples in (list(MULTIPLES[:rank]), [0, *MULTIPLES[1:rank]][:rank]):
                    want = np.tile(x, multiples) if rank else x
                    try:
                        got, _ = simulate("repeat", x, multiples, product=product)
                    except SimulatorError as e:  # a read out of x's bounds, say
                        got = str(e)
                    if not same_bits(got, want):
                        wrong.add((product, rank, dtype))
                    if product != "atlas-a2":
                        continue
                    for backend in BACKENDS:
                        with ascend_ops.use_backend(backend):
                            y = ascend_ops.repeat(from_numpy(x.copy()), multiples)
                        assert same_bits(to_numpy(y), want), (backend, rank, dtype, multiples)
                    plan = native_copy.plan_call("repeat", from_numpy(x.copy()), (multiples,), {})
                    assert plan != native_copy.REFERENCE, (rank, multiples)  # the native copy, no fallback
    print(sorted(wrong))
    print("ok")
"""


def _every_rank(project: Path, products: str, backends: str = "('reference', 'native', 'sim')") -> str:
    code = EVERY_RANK.replace("PRODUCTS", products).replace("BACKENDS", backends)
    return _python(project, code).splitlines()[-2]


def test_every_rank_and_dtype_is_bit_exact_on_every_cpu_backend(project):
    """Every dtype of the spec on atlas-a2 (and each CPU backend), those of atlas-inference."""
    assert _every_rank(project, "[('atlas-a2', None), ('atlas-inference', None)]") == "[]"


def test_the_compiled_fast_path_copies_the_repeat_in_cpp(project):
    """The fast path's table takes the new op from its spec (`ascend-ops build`): its view builder
    and strided_copy.cpp copy a view with stride-0 dims, with no Python kernel, bit for bit."""
    _run(project, "-m", "ascend_ops.tools.cli", "build")
    _python(project, """
        import numpy as np, torch, ascend_ops
        from ascend_ops.cpu import compiled
        assert compiled.fast_path_active()
        x = torch.arange(2 * 3 * 4, dtype=torch.int16).reshape(2, 3, 4)
        for multiples in ([2, 1, 3], [1, 4, 1], [3, 2, 2], [0, 1, 1]):
            before = compiled.counts()
            y = ascend_ops.repeat(x, multiples)
            fast, python = (a - b for a, b in zip(compiled.counts(), before))
            assert (fast, python) == (1, 0), (multiples, fast, python)
            assert np.array_equal(y.numpy(), np.tile(x.numpy(), multiples)), multiples
        print("ok")
    """)


def test_its_docs_page_and_worked_examples(project):
    _dev(project, "docs")
    assert "# repeat" in (project / "docs/ops/repeat.md").read_text(encoding="utf-8")
    result = _run(project, "-m", "ascend_ops.tools.cli", "examples", "--op", "repeat")
    assert "rows_twice_columns_thrice" in result.stdout and "none_of_a_dim" in result.stdout, result.stdout


def test_the_onnx_export_is_its_view_steps(project):
    """No onnx_node: the export lowers the steps, Reshape, Expand and Reshape, which onnxruntime
    runs to np.tile."""
    _python(project, """
        import numpy as np, onnxruntime
        from ascend_ops.onnx import OnnxNode, lower
        from ascend_ops.onnx.standalone import op_model
        assert [n.op_type for n in lower("repeat", (2, 3), [4, 1])] == ["Reshape", "Expand", "Reshape"]
        x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
        model = op_model("repeat", x.shape, x.dtype, multiples=[2, 1, 3])
        session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
        assert np.array_equal(session.run(None, {"x": x})[0], np.tile(x, [2, 1, 3]))
        print("ok")
    """)


def test_a_view_builder_that_reads_a_repeat_as_elements_is_caught(tmp_path):
    """Negative control of the comparison: the repeated dim read with the stride of x's dim (a
    view of elements x does not have, or others than the repeat reads) differs from np.tile
    wherever a multiple is above 1, and the run reports those ranks."""
    project = _copy_project(tmp_path)
    _add(project, replace=("view->stride[2 * k] = 0;", "view->stride[2 * k] = inStrides[k];"))
    _dev(project, "generate", "-q")
    wrong = _every_rank(project, "[('atlas-a2', ['int32', 'int64'])]", backends="()")
    assert wrong == str([("atlas-a2", rank, dtype) for rank in range(1, 9) for dtype in ("int32", "int64")]), wrong


def test_a_view_past_the_engines_merged_dims_is_refused_with_its_reason(project):
    """Four dims each repeated make a view of 8 dims the engine copies; five make 10, which the
    CPU paths copy and the NPU engine refuses, naming the limit (Note [repeating views])."""
    _python(project, """
        import numpy as np, torch, ascend_ops
        from ascend_ops.sim import SimulatorError, simulate
        x = np.arange(2 * 3 * 2 * 3 * 2, dtype=np.int32).reshape(2, 3, 2, 3, 2)
        got, _ = simulate("repeat", x[..., 0], [2, 2, 2, 2], product="atlas-a2")
        assert np.array_equal(got, np.tile(x[..., 0], [2, 2, 2, 2]))
        with ascend_ops.use_backend("native"):
            assert np.array_equal(ascend_ops.repeat(torch.from_numpy(x), [2] * 5).numpy(), np.tile(x, [2] * 5))
        try:
            simulate("repeat", x, [2] * 5, product="atlas-a2")
        except SimulatorError as e:
            assert "the view has 10 dims after merging contiguous dims: the copy kernel handles at most 8" in str(e), e
        else:
            raise SystemExit("a view of 10 merged dims was accepted")
        print("ok")
    """)


def test_the_npu_model_takes_its_shape_classes(project):
    """The spec's bench classes through the NPU model on every product line: a repeat touches
    fewer input blocks than it writes, so its block floor lies above 1, and no modeled kernel
    passes it (Note [npu model])."""
    _python(project, """
        from ascend_ops_dev.benchmarks import npu_model
        from ascend_ops_dev.benchmarks.cases import shape_classes
        from ascend_ops_gen.spec import specs
        classes = shape_classes(("repeat",))
        assert [c.key for c in classes] == ["rows", "elements"], classes
        rows = npu_model.model(list(classes), sizes=(64 << 10,), progress=lambda _: None)
        assert len(rows) == 2 * len(specs().products), rows
        floors = {r.key: round(r.floor, 2) for r in rows}
        assert floors == {"rows": 1.33, "elements": 1.5}, floors
        for r in rows:
            assert 0 < r.vs_roofline <= r.floor and r.efficiency > 0, r
        assert "| `repeat` | rows of 4 KiB, each repeated twice in place |" in npu_model.markdown(rows)
        print("ok")
    """)


GRADIENTS = """
    import numpy as np, torch, ascend_ops, cpu_reference
    from ascend_ops.cpu import native_copy
    from ascend_ops.runtime.torch_views import write_into_zeros

    def message(call):
        try:
            call()
        except ascend_ops.OpArgumentError as e:
            return str(e)
        raise SystemExit(f"accepted: {call}")

    dy = torch.ones(4, 3)
    view = cpu_reference.repeat_view((2, 3), [2, 1])
    messages = {
        message(lambda: cpu_reference.gradients.scatter_into_zeros((2, 3), view, dy.numpy())),
        message(lambda: write_into_zeros("repeat", (2, 3), dy, ([2, 1],), {})),
        message(lambda: native_copy.plan_write("repeat", (2, 3), dy, ([2, 1],), {})),
    }
    print("|".join(sorted(messages)))
    # the control: multiples of 1 repeat nothing, and every path scatters
    once = torch.arange(6.0).reshape(2, 3)
    assert torch.equal(write_into_zeros("repeat", (2, 3), once, ([1, 1],), {}), once)
    assert native_copy.plan_write("repeat", (2, 3), once, ([1, 1],), {}) != native_copy.REFERENCE
    x = torch.ones(2, 3, requires_grad=True)
    if BACKWARD:
        ascend_ops.repeat(x, [1, 1]).sum().backward()
        assert torch.equal(x.grad, torch.ones(2, 3))
        print(message(lambda: ascend_ops.repeat(x, [2, 1]).sum().backward()))
    else:
        try:
            ascend_ops.repeat(x, [2, 1]).sum().backward()
        except RuntimeError as e:
            print(e)
    print("ok")
"""

REFUSED = ("the view of x reads elements more than once (it broadcasts (1, 2, 1, 3) to (2, 2, 1, 3)): a scatter "
           "gradient (backward: scatter) writes each element once where a repeated one needs the sum of its "
           "gradients; such an op declares no scatter backward")


def test_repeat_declares_no_backward_and_a_scatter_through_its_view_is_refused(project):
    out = _python(project, GRADIENTS.replace("BACKWARD", "False")).splitlines()
    assert out[-3] == REFUSED, out
    assert "repeat is not differentiable: its spec declares no `backward:`" in out[-2], out


def test_a_spec_that_declares_a_scatter_backward_is_refused_at_the_gradient(tmp_path):
    """The spec cannot know that a call repeats; the gradient of one that does is refused with the
    reason, one that repeats nothing is the scatter it always was."""
    project = _copy_project(tmp_path)
    _add(project, spec_lines="backward: scatter\n")
    _dev(project, "generate", "-q")
    out = _python(project, GRADIENTS.replace("BACKWARD", "True")).splitlines()
    assert out[-3] == REFUSED and out[-2].endswith(REFUSED), out


def test_the_quick_corpus_passes_on_every_product_line(project):
    """The spec's corpus and worked examples, every dtype each product line keeps."""
    result = _dev(project, "sim", "--quick", "--op", "repeat")
    passed = re.search(r"sim \(quick corpus\): (\d+) of (\d+) cases passed bit for bit on (\d+) op x product x "
                       r"dtype combinations", result.stdout)
    # 9 dtypes on the 3 lines with bfloat16, 8 on the inference and 200I/500 A2 series
    assert passed and passed[1] == passed[2] and int(passed[3]) == 9 * 3 + 8 * 2, result.stdout[-3000:]


@pytest.mark.parametrize("toolkit", [CANN_HEADERS, CANN_81], ids=["asc-devkit", "cann-8.1"])
def test_cpudebug_runs_the_repeat_identically_to_the_emulator(project, toolkit):
    """Huawei's AscendC in CPU-debug mode on every arch, the quick corpus: the engine's kernels on a
    view with stride-0 dims."""
    _needs(toolkit)
    result = _dev(project, "cpudebug", "--quick", "--op", "repeat", "--headers", str(toolkit))
    summary = re.search(r"^cpudebug: (\d+) cases, (\d+) builds, (\d+) differences$", result.stdout, re.M)
    assert summary and int(summary[1]) > 0 and summary[3] == "0", result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 failed cases" in result.stdout, result.stdout[-3000:]


@pytest.mark.parametrize("toolkit", [CANN_HEADERS, CANN_81], ids=["asc-devkit", "cann-8.1"])
def test_the_op_package_builds_and_runs_it(project, toolkit):
    """The OpDef through op_build, CANN's build and packaging, and the binding on the CPU aclnn
    runtime."""
    _needs(toolkit)
    _needs(CANN_HEADERS)
    result = _run(project, "-m", "ascend_ops_dev", "check-package", "--toolkit", str(toolkit),
                  ASCEND_HOME_PATH=str(CANN_HEADERS))
    out = result.stdout + result.stderr
    passed = re.search(r"check-package: (\d+) of (\d+) checks pass", out)
    assert passed and passed[1] == passed[2], out[-4000:]
    assert len(re.findall(r"^\d+ CPU aclnn run +repeat +\S+ +pass *$", out, re.M)) == 5, out[-4000:]
