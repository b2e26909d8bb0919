"""docs/adding-an-op.md, done: a copy of the project gets a fifth view op, `transpose` -- its spec,
`cpu_reference/transpose.py` and `ascend_kernels/transpose/transpose_view.h`, nothing else -- and then
generates, imports and runs it on the reference, the native backend and the simulator."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PIECES = Path(__file__).resolve().parent / "transpose"
COPIED = ("op_specs", "cpu_reference", "python", "ascend_kernels", "docs", "dev")
VIEW_HEADER = Path("ascend_kernels") / "transpose" / "transpose_view.h"


def _copy_project(dest: Path) -> Path:
    for folder in COPIED:
        shutil.copytree(ROOT / folder, dest / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "build_out", "*.egg-info"))
    return dest


def _run(project: Path, *argv: str, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, (project / "python", project, project / "dev"))),
           "TORCH_DEVICE_BACKEND_AUTOLOAD": "0",
           "PYTHON": sys.executable}  # the copy has no .venv: scripts/ take this Python
    result = subprocess.run([sys.executable, *argv], cwd=project, env=env, capture_output=True,
                            text=True, timeout=900, check=False)
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def _add_spec(project: Path) -> None:
    shutil.copy(PIECES / "transpose.yaml", project / "op_specs" / "transpose.yaml")


def _add_reference(project: Path) -> None:
    shutil.copy(PIECES / "transpose.py", project / "cpu_reference" / "transpose.py")


def _add_view_builder(project: Path) -> None:
    (project / VIEW_HEADER).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(PIECES / "transpose_view.h", project / VIEW_HEADER)


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The copy with all three pieces added and `ascend-ops-dev generate` run."""
    project = _copy_project(tmp_path_factory.mktemp("walkthrough"))
    _add_spec(project)
    _add_reference(project)
    _add_view_builder(project)
    _run(project, "-m", "ascend_ops_dev", "generate", "-q")
    return project


# --- a missing piece is named, with its place --------------------------------------------------

def test_a_spec_without_its_view_builder_is_reported_by_generate(tmp_path):
    project = _copy_project(tmp_path)
    _add_spec(project)
    result = _run(project, "-m", "ascend_ops_dev", "generate", check=False)
    assert result.returncode == 2
    assert result.stderr.startswith(
        "ascend-ops-dev generate: error: op_specs/transpose.yaml:3: op transpose needs `inline Status "
        "BuildTransposeView(const TensorShape& input, <attributes>, TensorShape* outShape, "
        "StridedView* view)` in ascend_kernels/transpose/transpose_view.h"), result.stderr
    assert "Traceback" not in result.stderr


def test_a_spec_without_its_reference_imports_and_the_call_names_the_file(tmp_path):
    project = _copy_project(tmp_path)
    _add_spec(project)
    result = _run(project, "-c", textwrap.dedent("""
        import torch, ascend_ops
        from ascend_ops.runtime.reference_functions import MissingOpPieceError
        assert ascend_ops.slice(torch.arange(6).reshape(2, 3), [0, 1], [2, 2]).shape == (2, 2)
        try:
            ascend_ops.transpose(torch.zeros(2, 3), [1, 0])
        except MissingOpPieceError as e:
            print(e)
        else:
            raise SystemExit("the call ran without its reference")
    """))
    assert result.stdout.strip() == (
        "op_specs/transpose.yaml:3: op transpose needs its canonicalisation `transpose_view` in "
        "cpu_reference/transpose.py, listed in that file's __all__ (docs/adding-an-op.md)")


# --- with its three pieces, the op works everywhere ----------------------------------------------

def test_generate_writes_the_op_and_check_passes(project):
    for path in ("transpose/op_host/transpose.cpp", "transpose/op_host/transpose_tiling.h",
                 "transpose/op_kernel/transpose.cpp"):
        assert (project / "ascend_kernels" / path).is_file(), path
    host = (project / "ascend_kernels/transpose/op_host/transpose.cpp").read_text()
    assert "ascend_ops::BuildTransposeView(input, permAttr.data, permAttr.size" in host
    dispatch = (project / "ascend_kernels/binding/op_view_dispatch_generated.h").read_text()
    assert '{"transpose", "l", &BuildTransposeViewFromAttributes},' in dispatch
    _run(project, "-m", "ascend_ops_dev", "generate", "--check")
    _run(project, "-m", "ascend_ops_dev", "docs")
    assert "# transpose" in (project / "docs/ops/transpose.md").read_text()


def test_import_reference_native_autograd_and_compile(project):
    result = _run(project, "-c", textwrap.dedent("""
        import numpy as np, torch, ascend_ops, cpu_reference
        x = torch.arange(24, dtype=torch.int32).reshape(2, 3, 4)
        want = np.transpose(x.numpy(), (2, 0, 1))
        assert np.array_equal(cpu_reference.transpose(x.numpy(), [2, 0, 1]), want)
        for backend in ("native", "reference"):
            with ascend_ops.use_backend(backend):
                y = ascend_ops.transpose(x, [2, 0, 1])
            assert y.is_contiguous() and np.array_equal(y.numpy(), want), backend
        assert torch.equal(torch.ops.ascend_ops.transpose(x, [2, 0, 1]), y)
        try:
            ascend_ops.transpose(x, [0, 0, 1])
        except ascend_ops.OpArgumentError as e:
            assert "not a permutation" in str(e)
        else:
            raise SystemExit("a bad perm was accepted")
        g = torch.randn(2, 3, 4, requires_grad=True)
        ascend_ops.transpose(g, [2, 0, 1]).sum().backward()
        assert torch.equal(g.grad, torch.ones(2, 3, 4))
        compiled = torch.compile(lambda t: ascend_ops.transpose(t, [1, 0]) * 2, backend="eager")
        assert torch.equal(compiled(torch.ones(2, 3)), torch.full((3, 2), 2.0))
        print("ok")
    """))
    assert result.stdout.strip() == "ok"


def test_the_native_backend_copies_without_the_reference(project):
    """Negative control of the native path: it plans a copy (no fallback to the reference)."""
    result = _run(project, "-c", textwrap.dedent("""
        import torch
        from ascend_ops.cpu import native_copy
        plan = native_copy.plan_call("transpose", torch.zeros(2, 3), ([1, 0],), {})
        assert plan != native_copy.REFERENCE and plan[0] == (3, 2), plan
        print(native_copy.copy_kernel(plan[2]))
    """))
    assert result.stdout.strip() in ("transpose", "gather")


def test_the_simulator_runs_the_generated_kernel(project):
    """The simulator finds the new op's OpDef by its OpType and its kernel by name: nothing of it
    is listed anywhere by hand."""
    result = _run(project, "-c", textwrap.dedent("""
        import numpy as np
        from ascend_ops.sim import simulate
        x = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
        y, stats = simulate("transpose", x, [2, 0, 1], product="atlas-a2")
        assert np.array_equal(y, np.transpose(x, (2, 0, 1)))
        print("ok")
    """), check=False)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]


# --- the corpus and the ONNX export find the op by its spec ----------------------------------------

def test_the_corpus_and_the_onnx_export_take_the_new_op_from_its_spec(project):
    """No corpus entry: the sim corpus runs the spec's worked example on every product line and
    dtype; no onnx_node: the export is the view step, one Transpose, in both torch exporters."""
    result = _run(project, "-c", textwrap.dedent("""
        import warnings
        import numpy as np, onnxruntime, torch
        import ascend_ops, ascend_ops.onnx
        from ascend_ops.onnx import OnnxNode, lower
        from ascend_ops.onnx.standalone import op_model
        from ascend_ops_dev.sim import corpus
        from ascend_ops_gen.spec import specs

        cases = corpus.op_cases("transpose", 4)
        assert [(c.label, c.shape, c.args, c.quick) for c in cases] == [("matrix", (2, 3), ([1, 0],), True)], cases
        spec = specs().op("transpose")
        runs = corpus.runs(ops=("transpose",), quick=True)
        assert sorted((r.product.key, r.dtype) for r in runs) == sorted(
            (p.key, d) for p in specs().products for d in spec.supported_dtypes(p)), runs

        assert lower("transpose", (2, 3, 4), [2, 0, 1]) == (OnnxNode("Transpose", attributes=(("perm", (2, 0, 1)),)),)
        x = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
        model = op_model("transpose", x.shape, x.dtype, perm=[2, 0, 1])
        session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
        assert np.array_equal(session.run(None, {"x": x})[0], np.transpose(x, (2, 0, 1)))

        class Model(torch.nn.Module):
            def forward(self, t):
                return ascend_ops.transpose(t, [2, 0, 1]) + 1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            program = torch.onnx.export(Model(), (torch.from_numpy(x),), dynamo=True, verbose=False,
                                        opset_version=ascend_ops.onnx.ATC_OPSET,
                                        custom_translation_table=ascend_ops.onnx.translation_table())
        graph = program.model_proto
        assert [n.op_type for n in graph.graph.node if n.op_type != "Constant"] == ["Transpose", "Add"], graph.graph.node
        session = onnxruntime.InferenceSession(graph.SerializeToString(), providers=["CPUExecutionProvider"])
        assert np.array_equal(session.run(None, {session.get_inputs()[0].name: x})[0], np.transpose(x, (2, 0, 1)) + 1)
        print("ok")
    """))
    assert result.stdout.strip().splitlines()[-1] == "ok", result.stdout + result.stderr[-2000:]
