"""docs/adding-an-op.md's custom ops, done: a copy of the project gets two ops outside the view
engine from their spec, reference and kernel code alone, and then generates, documents, checks and
runs them everywhere an op runs:

- `add` (add/): z = x + y, float16 and float32 on every product line; its Compute is one vector Add.
- `onnx_gather` (onnx_gather/): ONNX Gather on axis 0, indices of their own dtypes (int32, int64);
  its Load hook reads data by the values of the indices (data-dependent GM reads), its Compute
  passes the tile on, its shape rule is hand-written (shape: infer_shape).

The simulator's corpus compares every output bit for bit with cpu_reference (the reference is
numpy: np.add in the dtype, np.take), cpudebug runs the kernels through Huawei's AscendC in
CPU-debug mode and compares them with the emulator, check-cann compiles them against both
toolkits' headers and compares their OpDefs with msOpGen's, check-package builds and runs the op
package. `ascend-ops-dev new-op` starts an op whose pieces fail loudly until written."""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
COPIED = ("op_specs", "cpu_reference", "python", "ascend_kernels", "docs", "dev")
CANN_HEADERS = ROOT.parent / "shared" / "cann-headers"
CANN_81 = ROOT.parent / "shared" / "cann-8.1" / "toolkit"
OPS = ("add", "onnx_gather")

# Each op's pieces: (file in tests/walkthrough/<op>/, where it goes in the project).
PIECES = {
    "add": [("add.yaml", "op_specs/add.yaml"), ("add.py", "cpu_reference/add.py"),
            ("add_compute.h", "ascend_kernels/add/add_compute.h")],
    "onnx_gather": [("onnx_gather.yaml", "op_specs/onnx_gather.yaml"),
                    ("onnx_gather.py", "cpu_reference/onnx_gather.py"),
                    ("onnx_gather_compute.h", "ascend_kernels/onnx_gather/onnx_gather_compute.h"),
                    ("onnx_gather_shape.h", "ascend_kernels/onnx_gather/onnx_gather_shape.h")],
    # a filling view op (test_filling_view_op.py)
    "constant_pad": [("constant_pad.yaml", "op_specs/constant_pad.yaml"),
                     ("constant_pad.py", "cpu_reference/constant_pad.py"),
                     ("constant_pad_view.h", "ascend_kernels/constant_pad/constant_pad_view.h")],
    # an attribute of every type, a rule that reads a dtype (test_every_attribute.py)
    "attr_probe": [("attr_probe.yaml", "op_specs/attr_probe.yaml"), ("attr_probe.py", "cpu_reference/attr_probe.py"),
                   ("attr_probe_compute.h", "ascend_kernels/attr_probe/attr_probe_compute.h")],
}


def _copy_project(dest: Path) -> Path:
    for folder in COPIED:
        shutil.copytree(ROOT / folder, dest / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "build_out", "*.egg-info"))
    return dest


def _add(project: Path, op: str, *, leave_out: tuple[str, ...] = ()) -> None:
    for piece, target in PIECES[op]:
        if piece not in leave_out:
            (project / target).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(HERE / op / piece, project / target)


def _run(project: Path, *argv: str, check: bool = True, **env: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, (project / "python", project, project / "dev"))),
           "TORCH_DEVICE_BACKEND_AUTOLOAD": "0", "PYTHON": sys.executable, **env}
    result = subprocess.run([sys.executable, *argv], cwd=project, env=env, capture_output=True,
                            text=True, timeout=3000, check=False)
    if check:
        assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-6000:]
    return result


def _dev(project: Path, *argv: str, check: bool = True) -> subprocess.CompletedProcess:
    return _run(project, "-m", "ascend_ops_dev", *argv, check=check)


def _python(project: Path, code: str, **env: str) -> str:
    """Runs `code` in the copy; it prints "ok" last when every assertion held."""
    result = _run(project, "-c", textwrap.dedent(code), check=False, **env)
    assert result.returncode == 0 and result.stdout.strip().splitlines()[-1:] == ["ok"], \
        result.stdout[-4000:] + result.stderr[-4000:]
    return result.stdout


def _needs(root: Path) -> None:
    if not root.is_dir():
        pytest.skip(f"{root} is absent")


def copy_with(dest: Path, ops: tuple[str, ...]) -> Path:
    """A copy of the project in `dest` with the pieces of `ops` added and `ascend-ops-dev generate` run."""
    project = _copy_project(dest)
    for op in ops:
        _add(project, op)
    _dev(project, "generate", "-q")
    return project


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The copy with both ops' pieces added and generated."""
    return copy_with(tmp_path_factory.mktemp("custom_ops"), OPS)


# --- a missing piece is named, with its place --------------------------------------------------------

def test_a_custom_spec_without_its_kernel_code_is_reported_by_generate(tmp_path):
    project = _copy_project(tmp_path)
    _add(project, "add", leave_out=("add_compute.h",))
    result = _dev(project, "generate", check=False)
    assert (result.returncode, result.stderr.strip()) == (2, (
        "ascend-ops-dev generate: error: op_specs/add.yaml:3: op add needs its `ComputeAdd` in "
        "ascend_kernels/add/add_compute.h, which does not exist (its signature: Note [custom op hooks] in "
        "ascend_ops_gen/codegen/custom_op.py; docs/adding-an-op.md)"))
    _add(project, "add")
    _add(project, "onnx_gather", leave_out=("onnx_gather_shape.h",))
    result = _dev(project, "generate", check=False)
    assert (result.returncode, result.stderr.strip()) == (2, (
        "ascend-ops-dev generate: error: op_specs/onnx_gather.yaml:3: op onnx_gather needs its shape rule "
        "`InferOnnxGatherShape` (shape: infer_shape) in ascend_kernels/onnx_gather/onnx_gather_shape.h, which "
        "does not exist (its signature: Note [custom op hooks] in ascend_ops_gen/codegen/custom_op.py; "
        "docs/adding-an-op.md)"))


def test_a_custom_spec_without_its_reference_imports_and_the_call_names_the_file(tmp_path):
    project = _copy_project(tmp_path)
    _add(project, "add", leave_out=("add.py",))
    _dev(project, "generate", "-q")
    out = _python(project, """
        import torch, ascend_ops
        from ascend_ops.runtime.reference_functions import MissingOpPieceError
        assert ascend_ops.slice(torch.arange(6).reshape(2, 3), [0, 1], [2, 2]).shape == (2, 2)
        try:
            ascend_ops.add(torch.ones(2), torch.ones(2))
        except MissingOpPieceError as e:
            print(e)
        else:
            raise SystemExit("the call ran without its reference")
        print("ok")
    """)
    assert out.splitlines()[0] == (
        "op_specs/add.yaml:3: op add needs its numpy reference `add` in cpu_reference/add.py, listed in that "
        "file's __all__ (docs/adding-an-op.md)")


def test_a_custom_spec_that_does_not_load_leaves_the_other_ops_working(tmp_path):
    """The import keeps every other op, logs the broken spec's file:line once and raises it where
    the op is used; the generator refuses with the same message (negative control: the strict load)."""
    project = _copy_project(tmp_path)
    for op in OPS:
        _add(project, op)
    _dev(project, "generate", "-q")
    spec = project / "op_specs" / "onnx_gather.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("    read: load", "    read: lazy"), encoding="utf-8")
    line = spec.read_text(encoding="utf-8").splitlines().index("    read: lazy") + 1
    message = (f"op_specs/onnx_gather.yaml:{line}: input data: unknown read mode 'lazy'; known: tile, load, gm")
    result = _run(project, "-c", textwrap.dedent(f"""
        import torch, ascend_ops
        assert torch.equal(ascend_ops.add(torch.ones(2), torch.ones(2)), torch.full((2,), 2.0))
        assert ascend_ops.slice(torch.arange(6).reshape(2, 3), [0, 1], [2, 2]).shape == (2, 2)
        for use in (lambda: ascend_ops.onnx_gather, lambda: torch.ops.ascend_ops.onnx_gather):
            try:
                use()
            except ascend_ops.SpecError as e:
                assert str(e) == {message!r}, str(e)
            else:
                raise SystemExit("the broken op was there")
        print("ok")
    """), check=False)
    assert result.stdout.strip() == "ok", result.stdout + result.stderr[-3000:]
    assert result.stderr.count(message) == 1, result.stderr  # the import's warning, once
    refused = _dev(project, "generate", check=False)
    assert (refused.returncode, refused.stderr.strip()) == (2, f"ascend-ops-dev generate: error: {message}")


# --- generated: the op_host, the kernel, the docs; the hand-written pieces untouched --------------------

def test_generate_writes_the_ops_and_leaves_the_hand_written_pieces(project):
    from ascend_ops_gen.spec import load_specs

    specs = load_specs(project / "op_specs", project)
    lines = [p.add_config for p in specs.products]
    for op in OPS:
        spec = specs.op(op)
        host = (project / f"ascend_kernels/{op}/op_host/{op}.cpp").read_text()
        kernel = (project / f"ascend_kernels/{op}/op_kernel/{op}.cpp").read_text()
        tiling = (project / f"ascend_kernels/{op}/op_host/{op}_tiling.h").read_text()
        # one AI Core configuration per product line (each of its dtype combinations there)
        assert re.findall(r'AddCustomOpConfig\(this->AICore\(\), "(\w+)"', host) == lines, op
        # one tiling key per dtype combination, each instantiating the pipeline with its types
        assert re.findall(r"TILING_KEY_IS\((\d+)\)", kernel) == [str(k + 1) for k in range(len(spec.combinations()))]
        fields = re.findall(r"TILING_DATA_FIELD_DEF\(int64_t, (\w+)\)", tiling)
        assert fields == ["totalElems", "blockElems", "tileElems", "alignElems", *(f.name for f in spec.tiling)], op
        # the standard pipeline, double-buffered, around the op's own hooks
        for piece in ("Init(GM_ADDR", "void Process()", "void CopyIn(", "void Compute(", "void CopyOut(",
                      f"Compute{spec.op_type[len('Ascend'):]}(", "pipe_.InitBuffer(", "kCustomBuffers"):
            assert piece in kernel, (op, piece)
        assert ("Load" + spec.op_type[len("Ascend"):] + "(" in kernel) == (op == "onnx_gather")
    assert "constexpr int32_t kCustomBuffers = 2;" in (project / "ascend_kernels/common/custom_op_kernel.h").read_text()
    hand_written = {path: hashlib.sha256((project / path).read_bytes()).hexdigest()
                    for op in OPS for piece, path in PIECES[op] if path.startswith("ascend_kernels/")}
    _dev(project, "generate", "-q")
    _dev(project, "generate", "--check")
    assert hand_written == {path: hashlib.sha256((project / path).read_bytes()).hexdigest() for path in hand_written}
    _dev(project, "docs")
    add_page = (project / "docs/ops/add.md").read_text()
    gather_page = (project / "docs/ops/onnx_gather.md").read_text()
    assert "# add" in add_page and "# onnx_gather" in gather_page
    assert "| `indices` | Tensor, `int32`, `int64` | required |" in gather_page  # the indices' own dtypes


# --- the runtime: torch, every backend, the product's rules, the simulated NPU ---------------------------

def test_the_ops_run_through_torch_on_every_backend_bit_for_bit(project):
    _python(project, """
        import numpy as np, torch, ascend_ops

        def same_bits(a, b):
            a, b = np.asarray(a), np.asarray(b)
            return a.shape == b.shape and a.dtype == b.dtype and np.array_equal(
                a.view(f"u{a.dtype.itemsize}"), b.view(f"u{b.dtype.itemsize}"))

        rng = np.random.default_rng(5)
        for dtype in (np.float16, np.float32):
            x = (rng.standard_normal((3, 517)) * 100).astype(dtype)
            y = (rng.standard_normal((3, 517)) * 100).astype(dtype)
            x[0, 0], y[0, 0] = -0.0, -0.0  # -0.0 + -0.0 is -0.0
            data = rng.standard_normal((6, 37)).astype(dtype)
            indices = np.array([[5, -6], [0, 3]], dtype=np.int32)
            for backend in ("reference", "native", "sim"):
                with ascend_ops.use_backend(backend):
                    z = ascend_ops.add(torch.from_numpy(x), torch.from_numpy(y))
                    g = ascend_ops.onnx_gather(torch.from_numpy(data), torch.from_numpy(indices.astype(np.int64)))
                assert same_bits(z.numpy(), x + y), (backend, dtype)
                assert same_bits(g.numpy(), np.take(data, indices, axis=0)), (backend, dtype)
            assert torch.equal(torch.ops.ascend_ops.add(torch.from_numpy(x), torch.from_numpy(y)), z)
            with ascend_ops.use_backend("sim"):  # one tensor as both inputs
                assert same_bits(ascend_ops.add(torch.from_numpy(x), torch.from_numpy(x)).numpy(), x + x)

        # inputs may share bytes (read-only), an output may not (negative control)
        from ascend_ops.sim import SimulatorError
        from ascend_ops.sim.custom_runner import launch_op, plan_op
        a = np.arange(64, dtype=np.float32)
        plan = plan_op("add", [a.shape, a.shape], ["float32", "float32"], (), {}, product="atlas-a2")
        z = np.empty_like(a)
        launch_op(plan, [a, a[:]], [z])
        assert same_bits(z, a + a)
        try:
            launch_op(plan, [a, a], [a])
        except SimulatorError as e:
            assert str(e) == "AddBuffer('z'): overlaps buffer 'x'", str(e)
        else:
            raise SystemExit("an output over an input ran")

        # the dtype rules of every tensor, the shape rule, the reference's checks
        x, y = torch.ones(2, 2, dtype=torch.float16), torch.ones(2, 2, dtype=torch.float16)
        data, indices = torch.arange(12.0).reshape(4, 3), torch.tensor([3, -4])
        for call, message in [
                (lambda: ascend_ops.add(x, y.float()), "add: y has dtype float32; it must have the dtype of x, float16"),
                (lambda: ascend_ops.add(x.int(), y.int()), "add does not support x of dtype int32; supported: float16, float32"),
                (lambda: ascend_ops.onnx_gather(data, indices.to(torch.int16)),
                 "onnx_gather does not support indices of dtype int16; supported: int32, int64"),
                (lambda: ascend_ops.add(x, y[:1]), "add: y has shape (1, 2); add needs the shape of x, (2, 2)"),
                (lambda: ascend_ops.onnx_gather(data, torch.tensor([4])),
                 "onnx_gather: indices[0] = 4 is out of range: data has 4 rows along axis 0 (valid: -4 to 3)")]:
            try:
                call()
            except (ascend_ops.UnsupportedDtypeError, ascend_ops.OpArgumentError) as e:
                assert str(e) == message, str(e)
            else:
                raise SystemExit(f"accepted: {message}")
        assert ascend_ops.supported_dtypes("onnx_gather", "atlas-200i-500-a2") == {"float16", "int32", "int64"}

        # fake tensors and torch.compile take the spec's shape and dtype rules; no gradients yet
        from torch._subclasses.fake_tensor import FakeTensorMode
        with FakeTensorMode():
            out = torch.ops.ascend_ops.onnx_gather(torch.empty(5, 7), torch.empty(2, 3, dtype=torch.int64))
            assert (out.shape, out.dtype) == ((2, 3, 7), torch.float32)
        compiled = torch.compile(lambda a, b: ascend_ops.add(a, b) * 2, backend="eager", fullgraph=True)
        assert torch.equal(compiled(x, y), torch.full((2, 2), 4.0, dtype=torch.float16))
        try:
            ascend_ops.add(torch.ones(2, requires_grad=True), torch.ones(2)).sum().backward()
        except RuntimeError as e:
            assert str(e) == "add is not differentiable: custom ops declare no backward yet", str(e)
        else:
            raise SystemExit("a gradient through add")
        print("ok")
    """)


def test_an_input_in_the_outputs_cache_line_reads_as_from_its_own_gm(project):
    """CANN's GM allocations start on 512-byte boundaries, so no data cache line holds bytes of two
    tensors; host arrays side by side do. The launch runs such an input on an aligned copy: here
    data's last rows share a 64-byte line with the output's first bytes, and the second tile reads
    them by GlobalTensor::GetValue after the first tile's DataCopy wrote the output (in place, the
    line's fill reads output bytes the DMA may still be writing: the emulator's race check). An
    output over an input stays refused (negative control)."""
    _python(project, """
        import numpy as np
        from ascend_ops.sim import SimulatorError
        from ascend_ops.sim.custom_runner import launch_op, plan_op
        rng = np.random.default_rng(0)
        block = np.zeros(1 << 14, dtype=np.uint8)
        base = (-block.ctypes.data) % 512
        data = block[base:base + 100].view(np.float16)  # 50 rows of one element
        out = block[base + 112:base + 112 + 2000].view(np.float16)  # in the line of data's rows 32..49
        data[:] = rng.standard_normal(50).astype(np.float16)
        # the first tile (992 elements) reads rows 0..31, the last one rows 32..49
        indices = np.concatenate([rng.integers(0, 32, size=992), rng.integers(32, 50, size=8)]).astype(np.int32)
        plan = plan_op("onnx_gather", [data.shape, indices.shape], ["float16", "int32"], (), {},
                       product="atlas-200i-500-a2")
        assert plan.block_dim == 1, plan.block_dim
        launch_op(plan, [data, indices], [out])
        expected = np.take(data, indices, axis=0)
        assert np.array_equal(out.view(np.uint16), expected.view(np.uint16))
        try:
            launch_op(plan, [block[base:base + 100].view(np.float16), indices], [block[base + 64:base + 2064].view(np.float16)])
        except SimulatorError as e:
            assert str(e) == "AddBuffer('output'): overlaps buffer 'data'", str(e)
        else:
            raise SystemExit("an output over an input ran")
        print("ok")
    """)


def test_the_simulated_npu_runs_the_ops_under_the_products_rules(project):
    code = """
        import torch, ascend_ops
        from ascend_ops.sim import aclnn_route
        x = torch.tensor([[1.5, 2.0], [3.0, -1.0]], dtype=torch.float16).to("npu")
        z = ascend_ops.add(x, x)
        assert z.device.type == "npu" and torch.equal(z.cpu(), torch.tensor([[3.0, 4.0], [6.0, -2.0]], dtype=torch.float16))
        assert aclnn_route.counts() == (1, 1), aclnn_route.counts()  # through the binding's aclnn calls
        data = torch.arange(12, dtype=torch.bfloat16).reshape(4, 3).to("npu")
        try:
            got = ascend_ops.onnx_gather(data, torch.tensor([3, -4]).to("npu")).cpu()
        except ascend_ops.UnsupportedDtypeError as e:
            print(e)
        else:
            assert torch.equal(got, torch.tensor([[9, 10, 11], [0, 1, 2]], dtype=torch.bfloat16))
            assert aclnn_route.counts() == (2, 2), aclnn_route.counts()
            print("ran")
        print("ok")
    """
    assert _python(project, code, ASCEND_OPS_SIM_NPU="1", ASCEND_OPS_PRODUCT="atlas-a2").splitlines()[-2] == "ran"
    assert _python(project, code, ASCEND_OPS_SIM_NPU="1", ASCEND_OPS_PRODUCT="atlas-200i-500-a2").splitlines()[-2] == (
        "onnx_gather does not support data of dtype bfloat16 on atlas-200i-500-a2 (Atlas 200I/500 A2 inference) "
        "(float16 data, int32 and int64 data and indices); supported there: float16, int32, int64")


def test_dynamic_batch_sizes_compile_one_graph_and_a_specialising_rule_one_each(project):
    """Note [custom symbolic sizes]: add's same_as rule keeps the batch size symbolic under
    torch.compile(dynamic=True); with its sizes made concrete (negative control) every batch size
    compiles a graph of its own."""
    code = """
        import torch, ascend_ops
        from torch._dynamo.testing import CompileCounterWithBackend
        from ascend_ops.runtime import custom_calls

        def graphs():
            torch._dynamo.reset()
            counter = CompileCounterWithBackend("aot_eager")
            compiled = torch.compile(lambda t: torch.ops.ascend_ops.add(t, t) + 1, backend=counter,
                                     fullgraph=True, dynamic=True)
            for batch in (2, 3, 5, 7, 11):
                x = torch.randn(batch, 6)
                assert torch.equal(compiled(x), x + x + 1)
            return counter.frame_count

        symbolic = graphs()
        custom_calls._sizes = lambda x, symbolic: tuple(int(d) for d in x.shape)
        print(symbolic, graphs())
        print("ok")
    """
    assert _python(project, code).splitlines()[-2] == "1 5"


def test_the_spec_examples_run_with_the_product_command(project):
    result = _run(project, "-c", "import sys; from ascend_ops_cli import main; sys.exit(main(['examples']))")
    ran = re.findall(r"^ok   (add|onnx_gather)/(\w+)", result.stdout, re.M)
    assert sorted(ran) == [("add", "half_rounding"), ("add", "rows"), ("onnx_gather", "negative_indices"),
                           ("onnx_gather", "onnx_documentation_example")], result.stdout[-3000:]


# --- the simulator's corpus, bit for bit; its negative controls -------------------------------------------

def test_the_simulator_corpus_passes_bit_for_bit_on_every_product_line(project):
    result = _dev(project, "sim", "--op", "add", "--op", "onnx_gather")
    passed = re.search(r"sim \(full corpus\): (\d+) of (\d+) cases passed bit for bit on (\d+) op x product x "
                       r"dtype combinations", result.stdout)
    assert passed and passed[1] == passed[2], result.stdout[-3000:]
    # add: 2 dtypes on 5 lines; onnx_gather: 6 data x 2 indices dtypes on the 3 lines with bfloat16,
    # 5 x 2 on the inference series, 3 x 2 on the 200I/500 A2 line
    assert int(passed[3]) == 2 * 5 + 12 * 3 + 10 + 6, result.stdout[-3000:]
    rows = re.findall(r"^(add|onnx_gather) +(\S+) +(\S+) +(\d+)/(\d+)", result.stdout, re.M)
    assert len(rows) == int(passed[3]) and all(a == b for *_, a, b in rows), rows


def test_a_single_bit_off_fails_the_corpus(project):
    """Negative control of the corpus's comparison: the reference's output with the last bit of its
    last element flipped (the simulator's libraries are cached from the corpus)."""
    _python(project, """
        import numpy as np
        import ascend_ops, cpu_reference
        from ascend_ops_dev.sim import corpus

        run = next(r for r in corpus.runs(ops=("add",), products=(ascend_ops.product("atlas-a2"),), quick=True)
                   if dict(r.dtypes)["x"] == "float32" and r.case.example is None)
        assert corpus.check(run).ok
        exact, sizes = cpu_reference.add, []
        def off(x, y):
            z = np.array(exact(x, y))
            z.reshape(-1).view(np.uint32)[-1] ^= 1
            sizes.append(z.size)
            return z
        cpu_reference.add = off
        outcome = corpus.check(run)
        assert sizes[0] > 1 and not outcome.ok and outcome.problem == (
            f"z: bits differ from cpu_reference, first at flat element {sizes[0] - 1}"), outcome
        print("ok")
    """)


def test_a_compute_that_writes_past_its_tile_is_stopped_by_the_emulator(tmp_path):
    """Negative control of the emulator's UB checks on a custom op: ComputeAdd adding twice the
    tile's elements runs past the output's buffer; the emulator stops the launch and says where."""
    project = _copy_project(tmp_path)
    _add(project, "add")
    compute = project / PIECES["add"][2][1]
    text = compute.read_text(encoding="utf-8")
    assert text.count("Add(z, x, y, static_cast<int32_t>(count));") == 1
    compute.write_text(text.replace("Add(z, x, y, static_cast<int32_t>(count));",
                                    "Add(z, x, y, static_cast<int32_t>(count) * 2);"), encoding="utf-8")
    _dev(project, "generate", "-q")
    out = _python(project, """
        import numpy as np
        from ascend_ops.sim import SimulatorError, simulate
        x = np.ones(1 << 18, dtype=np.float32)
        try:
            simulate("add", x, x, product="atlas-a2")
        except SimulatorError as e:
            print(e)
        else:
            raise SystemExit("the emulator let it run")
        print("ok")
    """)
    assert "run past the end of the tensor's buffer" in out, out


# --- Huawei's AscendC: cpudebug, the compiles on both toolkits, msOpGen, the op package -------------------

@pytest.mark.parametrize("toolkit", [CANN_HEADERS, CANN_81], ids=["asc-devkit", "cann-8.1"])
def test_cpudebug_runs_the_kernels_identically_to_the_emulator(project, toolkit):
    """Every arch's launcher, with the vector instructions of add's Compute and onnx_gather's as
    each toolkit declares them."""
    _needs(toolkit)
    result = _dev(project, "cpudebug", "--quick", "--op", "add", "--op", "onnx_gather", "--headers", str(toolkit))
    summary = re.search(r"^cpudebug: (\d+) cases, (\d+) builds, (\d+) differences$", result.stdout, re.M)
    assert summary and int(summary[1]) > 0 and summary[3] == "0", result.stdout[-3000:] + result.stderr[-2000:]
    for op in OPS:  # the op's cases on each arch, every one identical
        archs = re.findall(rf"^{op} +(\d+) +(\d+) +custom +(\d+) +0 +0 +0$", result.stdout, re.M)
        assert sorted(a for a, *_ in archs) == ["1001", "2002", "2201", "3002"], result.stdout[-3000:]
        assert all(cases == same for _, cases, same in archs), result.stdout[-3000:]


@pytest.mark.parametrize("toolkit", [CANN_HEADERS, CANN_81], ids=["asc-devkit", "cann-8.1"])
def test_the_kernels_and_op_hosts_compile_against_the_cann_headers(project, toolkit):
    _needs(toolkit)
    result = _dev(project, "check-cann", "--headers", str(toolkit), "--op", "add", "--op", "onnx_gather",
                  "--side", "kernel")
    host = _dev(project, "check-cann", "--headers", str(toolkit), "--op", "add", "--op", "onnx_gather",
                "--side", "host")
    for done in (result, host):  # a compile per NPU arch and kernel, one per op_host file
        summary = re.search(r"^check-cann: (\d+) of (\d+) compiles pass with 0 errors", done.stdout, re.M)
        assert summary and summary[1] == summary[2] and int(summary[1]) >= len(OPS), done.stdout[-3000:]


def test_the_opdefs_agree_with_msopgen(project):
    _needs(CANN_81)
    result = _dev(project, "check-cann", "--headers", str(CANN_81), "--op", "add", "--op", "onnx_gather",
                  "--side", "opdef")
    summary = re.search(r"(\d+) expected differences, (\d+) unexplained", result.stdout + result.stderr)
    assert summary and summary[2] == "0", result.stdout[-3000:] + result.stderr[-3000:]


@pytest.mark.parametrize("toolkit", [CANN_HEADERS, CANN_81], ids=["asc-devkit", "cann-8.1"])
def test_the_op_package_builds_and_runs_with_the_custom_ops(project, toolkit):
    """Each toolkit's op-project flow (the ASC CMake modules; CANN 8.1's msOpGen templates)."""
    _needs(toolkit)
    _needs(CANN_HEADERS)  # op_build is built from asc-devkit's sources for either flow
    # The copy has no ../shared beside it: asc-devkit's op_build sources by $ASCEND_HOME_PATH.
    result = _run(project, "-m", "ascend_ops_dev", "check-package", "--toolkit", str(toolkit),
                  ASCEND_HOME_PATH=str(CANN_HEADERS))
    out = result.stdout + result.stderr
    passed = re.search(r"check-package: (\d+) of (\d+) checks pass", out)
    assert passed and passed[1] == passed[2], out[-4000:]
    for op in OPS:  # its kernel, its vendor package and its CPU aclnn run on every product line
        for check in ("kernel compile", "vendor package", "CPU aclnn run"):
            assert len(re.findall(rf"^\d+ {check} +{op} +\S+ +pass *$", out, re.M)) == 5, (op, check, out[-4000:])


# --- new-op: a starting op that fails loudly until written -------------------------------------------------

def test_new_op_starts_ops_that_fail_loudly_until_written(tmp_path):
    project = _copy_project(tmp_path)
    made = _dev(project, "new-op", "scale", "--kind", "custom")
    assert "op_specs/scale.yaml" in made.stdout and "ascend_kernels/scale/scale_compute.h" in made.stdout
    _dev(project, "new-op", "flip", "--kind", "view")
    for argv, message in [
            (("new-op", "scale"), "op_specs/scale.yaml, cpu_reference/scale.py, ascend_kernels/scale/scale_compute.h "
                                  "exists already; new-op writes a new op's pieces and overwrites nothing"),
            (("new-op", "Scale"), "op name 'Scale' must be snake_case (lower-case words joined by _), as the spec's `op`"),
            (("new-op", "common"), "op name 'common' would put its folder on the hand-written ascend_kernels/common/; "
                                   "choose another"),
            (("new-op", "twice", "--op-type", "twice"), "--op-type 'twice' must be CamelCase (a C++ class name: the OpDef)")]:
        refused = _dev(project, *argv, check=False)
        assert (refused.returncode, refused.stderr.strip()) == (2, f"ascend-ops-dev new-op: error: {message}")
    _dev(project, "generate", "-q")
    docs = _dev(project, "docs", check=False)
    assert docs.returncode == 2 and re.fullmatch(
        r"ascend-ops-dev docs: error: op_specs/(scale|flip)\.yaml:\d+: example 'first' has no page yet: "
        r"cpu_reference/\1\.py: .* not written yet .*", docs.stderr.strip()), docs.stderr
    out = _python(project, """
        import numpy as np, torch, ascend_ops
        from ascend_ops.sim import SimulatorError, simulate
        for call in (lambda: ascend_ops.scale(torch.ones(2)), lambda: ascend_ops.flip(torch.ones(2))):
            try:
                call()
            except Exception as e:
                print(type(e).__name__, e)
            else:
                raise SystemExit("an unwritten op ran")
        try:
            simulate("scale", np.ones(2, dtype=np.float32), product="atlas-a2")
        except SimulatorError as e:
            print(e)
        else:
            raise SystemExit("an unwritten Compute ran")
        print("ok")
    """).splitlines()
    assert out[0].startswith("NotImplementedError ") and "cpu_reference/scale.py" in out[0], out
    assert out[1].startswith("NotImplementedError ") and "cpu_reference/flip.py" in out[1], out
    assert out[2].endswith("ComputeScale (ascend_kernels/scale/scale_compute.h): is not written yet: write it, "
                           "then run the op's tests (docs/adding-an-op.md)"), out
