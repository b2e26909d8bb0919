"""The code generator runs without the runtime: importing `ascend_ops_gen.codegen` and generating
a whole `ascend_kernels/` imports neither torch nor `ascend_ops`, so no `torch.ops.ascend_ops`
op is registered (each case runs in a fresh interpreter, whose sys.modules it inspects)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_MODULES = ("torch", "ascend_ops")


def _loaded_after(code: str, cwd: Path) -> dict:
    """Run `code` in a fresh interpreter; what it prints last (JSON), plus which of
    RUNTIME_MODULES it had imported by then."""
    probe = textwrap.dedent(code) + textwrap.dedent(f"""
        import json, sys
        print(json.dumps({{"result": result,
                          "loaded": [m for m in {RUNTIME_MODULES!r} if m in sys.modules]}}))
    """)
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'python'}{os.pathsep}{ROOT}",
           "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    done = subprocess.run([sys.executable, "-c", probe], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_generating_into_a_temporary_folder_imports_neither_torch_nor_the_runtime(tmp_path):
    shutil.copytree(ROOT / "op_specs", tmp_path / "op_specs")
    shutil.copytree(ROOT / "ascend_kernels" / "common", tmp_path / "ascend_kernels" / "common")
    for pattern in ("*/*_view.h", "*/*_compute.h", "*/*_shape.h"):  # each op's hand-written C++
        for view in (ROOT / "ascend_kernels").glob(pattern):
            (tmp_path / "ascend_kernels" / view.parent.name).mkdir(exist_ok=True)
            shutil.copy(view, tmp_path / "ascend_kernels" / view.parent.name / view.name)
    got = _loaded_after(f"""
        from ascend_ops_gen.codegen import main
        result = main(["-q", "--specs", {str(tmp_path / "op_specs")!r},
                       "--out", {str(tmp_path / "ascend_kernels")!r}])
    """, cwd=tmp_path)
    assert got == {"result": 0, "loaded": []}
    for spec in (ROOT / "op_specs").glob("*.yaml"):
        if spec.name != "products.yaml":
            assert (tmp_path / "ascend_kernels" / spec.stem / "op_kernel" / f"{spec.stem}.cpp").is_file()


def test_the_probe_sees_the_runtime_when_it_is_imported(tmp_path):
    """Negative control: importing the package registers its torch ops, and the probe says so."""
    got = _loaded_after("""
        import ascend_ops, torch
        result = hasattr(torch.ops.ascend_ops, "strided_slice")
    """, cwd=tmp_path)
    assert got == {"result": True, "loaded": list(RUNTIME_MODULES)}
