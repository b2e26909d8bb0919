"""The compiled CPU kernel needs no step to remember (Note [first-use build] in
ascend_ops.cpu.compiled): in a process whose cache lacks it, the first native call runs on the
Python kernel, starts the build with one progress line, and the process switches to the C++
kernels once the build is there, with the same results.

The child's cache starts with the native copy only. Its build command is replaced by one that
waits for the test's go, then puts this run's already-built extension (file and record) into the
child's cache: what `ascend-ops build` leaves there, without a minute of compiling."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from ascend_ops.cpu import compiled, native_copy
from ascend_ops.runtime import build_cache

CHILD = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    import torch, ascend_ops
    from ascend_ops.cpu import compiled

    go, built = Path(sys.argv[1]), Path(sys.argv[2])
    cache = Path(os.environ["ASCEND_OPS_CACHE"])
    put = ("import shutil, sys, time; from pathlib import Path\\n"
           "go, built, cache = map(Path, sys.argv[1:4])\\n"
           "while not go.exists(): time.sleep(0.05)\\n"
           "shutil.copy(str(built) + '.record', cache)\\n"
           "shutil.copy(built, cache)\\n")
    compiled._build_command = lambda: [sys.executable, "-c", put, str(go), str(built), str(cache)]

    x = torch.arange(2 * 3 * 4, dtype=torch.float32).reshape(2, 3, 4)
    def call():
        return ascend_ops.strided_slice(x, [0, 1, 3], [2, 3, 0], [1, 1, -2])
    print("before", compiled.fast_path_active(), compiled.unavailable_reason())
    first = call()
    print("started", compiled.unavailable_reason())
    again = call()  # a second call starts nothing more
    go.touch()
    print("switched", compiled.wait_for_first_use_build(timeout=120))
    with ascend_ops.use_backend("native"):
        before = compiled.counts()
        third = call()
        grad_input = x.clone().requires_grad_()
        ascend_ops.strided_slice(grad_input, [0, 1, 3], [2, 3, 0], [1, 1, -2]).sum().backward()
        after = compiled.counts()
    print("copied", after[0] - before[0])
    same = all(torch.equal(t.view(torch.int32), first.view(torch.int32)) for t in (again, third))
    print("same", same, torch.equal(first, x[:, 1:3, [3, 1]]))
    print("grad", grad_input.grad.sum().item())
    print("fast call", torch.ops.ascend_ops.strided_slice.fast_call is not None)
""")


def _run(tmp_path, **env_extra: str) -> subprocess.CompletedProcess:
    built = compiled.built_path()
    if built is None or not compiled.fast_path_active():
        pytest.fail("this test needs the compiled CPU kernel built in this run's cache "
                    "(scripts/setup.sh runs `ascend-ops build`)")
    cache = tmp_path / "cache"
    cache.mkdir()
    native = build_cache.cached("strided_copy", [native_copy.SOURCE],
                                flags=["-O3", "-march=native", "-pthread"],
                                defines={"ASCEND_OPS_HOST_CPU": native_copy.host_cpu_id()})
    if native is not None:  # spare the child the native copy's build
        for path in (native, build_cache._record_path(native)):
            (cache / path.name).write_bytes(path.read_bytes())
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_OPS_")}
    env.update(TORCH_DEVICE_BACKEND_AUTOLOAD="0", ASCEND_OPS_CACHE=str(cache), **env_extra)
    return subprocess.run([sys.executable, "-c", CHILD, str(tmp_path / "go"), str(built)],
                          env=env, capture_output=True, text=True, timeout=600, cwd=tmp_path)


def test_the_first_native_call_builds_the_kernel_and_the_process_switches_to_it(tmp_path):
    result = _run(tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    out = result.stdout
    assert "before False not built for torch" in out, out
    assert "started being built in the background" in out, out
    assert result.stderr.count("building the compiled CPU kernel in the background") == 1, result.stderr
    assert "the compiled CPU kernel is ready" in result.stderr, result.stderr
    assert "switched True" in out, out
    assert "copied 2" in out, out  # both forwards (untracked, tracked) copied in C++
    assert "same True True" in out, out
    assert "grad 8.0" in out, out  # the 2 x 2 x 2 elements read, each with gradient 1
    assert "fast call True" in out, out


def test_switched_off_the_first_call_builds_nothing(tmp_path):
    """Negative control: with the first-use build off, the same child never switches."""
    result = _run(tmp_path, **{compiled.FIRST_USE_BUILD_ENV: "0"})
    assert result.returncode == 0, result.stderr[-3000:]
    out = result.stdout
    assert "started not built for torch" in out, out
    assert "building the compiled CPU kernel" not in result.stderr
    assert "switched False" in out and "copied 0" in out and "fast call False" in out, out
    assert "same True True" in out, out
