"""`ascend-ops-dev check-package`: without headers it says where it looked and exits 2; a failing step
shows in its table with the first error (the passing run is scripts/test.sh's)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_ops_dev.cann import cann_check, cann_package
from ascend_ops_dev.commands import check_package
from ascend_ops_gen.spec import load_specs

ROOT = Path(__file__).resolve().parents[3]
try:
    HEADERS = cann_check.find_headers(None, ROOT)
except cann_check.HeadersNotFound:
    HEADERS = None
TOOLKIT_81 = ROOT.parent / "shared" / "cann-8.1" / "toolkit"


def test_without_headers_it_says_where_it_looked_and_exits_2(tmp_path: Path):
    env = {k: v for k, v in os.environ.items() if k not in cann_check.TOOLKIT_ENV}
    done = subprocess.run([sys.executable, "-m", "ascend_ops_dev", "check-package", "--headers", str(tmp_path)],
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 2
    assert f"--headers {tmp_path}: neither layout found (looked for" in done.stderr


@pytest.mark.skipif(HEADERS is None, reason="no CANN sources fixture (../shared/cann-headers)")
def test_a_failing_compile_line_is_a_failed_row_with_its_first_error(project):
    # without the common folder on the line, every op_host source misses its shared headers
    project.edit("ascend_kernels/cmake/ascend_ops.cmake", "set(ASCEND_OPS_HOST_COMPILE_OPTIONS -std=c++17 -I${ASCEND_OPS_COMMON_DIR})",
                 "set(ASCEND_OPS_HOST_COMPILE_OPTIONS -std=c++17)")
    rows = check_package.compile_line_rows(HEADERS, project.root, load_specs(project.specs, project.root))
    assert rows and all(not r.ok and r.error for r in rows), rows
    text = check_package.table(rows)
    assert text.splitlines()[0].split() == ["step", "op", "SoC", "result", "first", "error"]
    assert all("FAIL" in line for line in text.splitlines()[2:])


@pytest.mark.skipif(not TOOLKIT_81.is_dir(), reason="no CANN 8.1 toolkit fixture (../shared/cann-8.1)")
def test_on_the_msopgen_line_an_op_host_file_it_cannot_compile_fails_its_row(project, tmp_path):
    # Step 1 of the 8.1 flow compiles on the template's -std=c++11 line: a generic lambda (C++14)
    # in slice's op_host fails slice's row alone, with the compiler's first error.
    project.edit("ascend_kernels/slice/op_host/slice.cpp", '#include "copy_op_host.h"',
                 '#include "copy_op_host.h"\nstatic auto kIdentity = [](auto x) { return x; };')
    line = cann_package.msopgen_op_host_line(TOOLKIT_81, project.root / "ascend_kernels", tmp_path)
    spec_set = load_specs(project.specs, project.root)
    rows = check_package.compile_line_rows(cann_check.find_headers(TOOLKIT_81, ROOT), project.root, spec_set, line)
    assert sorted(r.op for r in rows) == sorted(op.name for op in spec_set.kernel_ops())
    assert [r.op for r in rows if not r.ok] == ["slice"], rows
    assert "-std=c++14" in next(r.error for r in rows if r.op == "slice")


def test_a_failed_cpu_aclnn_run_shows_its_whole_message(monkeypatch):
    """The aclnn function an error names comes after a long case label: the table keeps the whole
    first line, and a message of several lines follows the table in full."""
    from ascend_ops_dev.binding import cpu_aclnn
    from ascend_ops_dev.sim import corpus
    from ascend_ops_gen.spec import specs

    label = "slice atlas-a2 float32 " + "a case label long enough to push the function name past 160 chars " * 2
    message = (f"{label}: RuntimeError: aclnnSliceGetWorkspaceSize returned 161002: x has dtype float32\n"
               f"the second line of the binding's message")

    class Binding:
        def select(self, soc):
            pass

    monkeypatch.setattr(cpu_aclnn.CpuBinding, "open", classmethod(lambda cls, *a, **k: Binding()))
    monkeypatch.setattr(corpus, "runs", lambda **kwargs: ["one run"])
    monkeypatch.setattr(cpu_aclnn, "check_run", lambda binding, run, seed: message)
    spec_set = specs()
    rows = check_package.binding_rows(spec_set, None)
    failed = [r for r in rows if r.step == "5 CPU aclnn run"]
    assert len(failed) == len(spec_set.ops) * len(spec_set.products) and not any(r.ok for r in failed)
    text = check_package.table(rows)
    first, second = message.splitlines()
    assert sum(line.startswith("5 CPU aclnn run") and line.endswith("  " + first)
               for line in text.splitlines()) == len(failed), text
    assert text.count(f"\n  {first}\n  {second}") == len(failed), text
    assert "..." not in text
