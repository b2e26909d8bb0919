"""The output cache under pressure (Note [output cache] in output_cache.h; README, "Output
cache"): ASCEND_OPS_OUTPUT_CACHE_MB parsed without overflow and capped at an eighth of physical
memory; an allocation failure flushes the cache and retries once; large outputs behave like any
tensor."""
from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap

import pytest
import torch

from ascend_ops.cpu import native_copy


def _cap() -> int:
    """An eighth of physical memory, as the system reports it (the README's cap)."""
    return os.sysconf("SC_PHYS_PAGES") // 8 * os.sysconf("SC_PAGE_SIZE")


CHILD = textwrap.dedent("""
    import warnings
    warnings.simplefilter("always")
    from ascend_ops.cpu import native_copy
    print("limit", native_copy.output_cache_limit())
""")


def _limit_with(value: str) -> tuple[int, str]:
    env = {**os.environ, native_copy.OUTPUT_CACHE_ENV: value, "ASCEND_OPS_FAST": "0"}
    result = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    limit = int(result.stdout.split("limit ")[1].split()[0])
    return limit, result.stderr


def test_huge_values_are_capped_not_wrapped():
    """17592186044416 MiB is 2**64 bytes (wrapped: 0, the cache off), 17592186044480 is 2**64 +
    64 MiB (wrapped: 64 MiB), 8796093022208 is 2**63 (wrapped: negative, ignored); 100000 MiB is
    more than an eighth of this machine (< 800 GB). All are the cap, each with one warning; a
    value exactly at the cap is taken silently (the negative control)."""
    cap = _cap()
    values = ["17592186044416", "17592186044480", "8796093022208"]
    if (100000 << 20) > cap:
        values.append("100000")
    for value in values:
        limit, stderr = _limit_with(value)
        assert limit == cap, (value, limit, cap)
        assert stderr.count(native_copy.OUTPUT_CACHE_ENV) == 1, stderr
    at_cap = cap >> 20
    limit, stderr = _limit_with(str(at_cap))
    assert limit == at_cap << 20 and native_copy.OUTPUT_CACHE_ENV not in stderr, (limit, stderr)
    limit, stderr = _limit_with("0")
    assert limit == 0 and stderr.count(native_copy.OUTPUT_CACHE_ENV) == 0


def test_the_python_limit_is_capped_too():
    old = native_copy.output_cache_limit(1 << 70)
    try:
        assert native_copy.output_cache_limit(old) == _cap()
    finally:
        native_copy.output_cache_limit(old)


PRESSURE = textwrap.dedent("""
    import resource, torch
    from ascend_ops.cpu import native_copy
    native_copy.output_cache_limit(1 << 30)
    x = torch.zeros(1, dtype=torch.float32)
    MiB = 1 << 20
    first = native_copy.new_output(x, (256 * MiB // 4,))
    first.fill_(1)
    del first
    assert native_copy.cached_output_bytes() >= 256 * MiB, native_copy.cached_output_bytes()
    vm = int(next(l for l in open("/proc/self/status") if l.startswith("VmSize")).split()[1]) * 1024
    resource.setrlimit(resource.RLIMIT_AS, (vm + 100 * MiB, resource.RLIM_INFINITY))
    FLUSH = FLUSH_SWITCH
    if not FLUSH:
        try:
            torch.empty(300 * MiB // 4)
        except RuntimeError:
            print("plain torch allocation fails")
    else:
        second = native_copy.new_output(x, (300 * MiB // 4,))
        second.fill_(2)
        print("allocated", second.numel() * 4 // MiB, "cached", native_copy.cached_output_bytes())
""")


def _pressure(flush: bool) -> subprocess.CompletedProcess:
    env = {**os.environ, "ASCEND_OPS_FAST": "0", "OMP_NUM_THREADS": "1"}
    return subprocess.run([sys.executable, "-c", PRESSURE.replace("FLUSH_SWITCH", str(flush))],
                          env=env, capture_output=True, text=True, check=False)


def test_an_allocation_failure_flushes_the_cache_and_retries():
    result = _pressure(flush=True)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "allocated 300 cached 0" in result.stdout, result.stdout


def test_the_pressure_is_real():
    """Negative control: under the same address space limit, without the cached 256 MiB given
    back, a 300 MiB allocation fails."""
    result = _pressure(flush=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "plain torch allocation fails" in result.stdout, result.stdout


OPERATIONS = {
    "resize_ smaller": lambda t: t.resize_(10).shape,
    "resize_ larger": lambda t: t.resize_(t.numel() + (8 << 20)).shape,
    "storage resize_": lambda t: t.untyped_storage().resize_(100).nbytes(),
    "set_": lambda t: t.set_(torch.zeros(3)).shape,
    "share_memory_": lambda t: t.share_memory_().is_shared(),
    "pin_memory": lambda t: t.pin_memory().is_pinned(),
}


def _outcome(operation, t: torch.Tensor):
    try:
        return "ok", operation(t)
    except Exception as e:  # noqa: BLE001 - the comparison is of what any tensor raises
        return type(e).__name__, str(e).splitlines()[0]


@pytest.mark.parametrize("contiguous", [True, False], ids=["cpp_kernel", "python_kernel"])
@pytest.mark.parametrize("name", list(OPERATIONS))
def test_a_large_output_behaves_like_any_tensor(name, contiguous):
    """A >= 32 MiB output of the compiled fast path (a huge-page buffer of the output cache)
    against torch.empty of its shape: the same result or the same error. A non-contiguous input
    is the native executor's (the C++ kernel hands it to Python), whose output is the same."""
    from ascend_ops.cpu import compiled

    assert compiled.fast_path_active(), compiled.unavailable_reason()
    x = torch.zeros(16, 1024, 1024) if contiguous else torch.zeros(16, 1024, 1025)[..., :1024]
    shape = (12, 1024, 1024)  # 48 MiB
    assert math.prod(shape) * 4 >= 32 << 20 >= native_copy.huge_page_output_bytes()
    handed = compiled.counts()[1]
    out = torch.ops.ascend_ops.slice(x, [0, 0, 0], list(shape))
    assert out.shape == shape and compiled.counts()[1] == handed + (not contiguous)
    ordinary = torch.empty(shape)
    assert _outcome(OPERATIONS[name], out) == _outcome(OPERATIONS[name], ordinary)


PYTHON_PATH_CHILD = textwrap.dedent("""
    import json, sys
    import torch
    sys.path.insert(0, sys.argv[1])
    import test_output_cache_pressure as t
    from ascend_ops.cpu import compiled, native_copy

    assert not compiled.fast_path_active()
    x = torch.zeros(16, 1024, 1024)
    shape = (12, 1024, 1024)  # 48 MiB
    assert 48 << 20 >= native_copy.huge_page_output_bytes()
    outcomes = {}
    for name, operation in t.OPERATIONS.items():
        out = torch.ops.ascend_ops.slice(x, [0, 0, 0], list(shape))
        assert out.shape == shape
        outcomes[name] = [t._outcome(operation, out), t._outcome(operation, torch.empty(shape))]
    print("OUTCOMES", json.dumps(outcomes, default=str))
""")


def test_a_large_output_of_the_python_path_behaves_like_any_tensor():
    """The same with the compiled fast path off (ASCEND_OPS_FAST=0): the native executor's
    large outputs against torch.empty of their shape."""
    env = {**os.environ, "ASCEND_OPS_FAST": "0"}
    result = subprocess.run([sys.executable, "-c", PYTHON_PATH_CHILD, os.path.dirname(__file__)],
                            env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    import json
    outcomes = json.loads(result.stdout.split("OUTCOMES ", 1)[1])
    assert set(outcomes) == set(OPERATIONS)
    assert {name: got for name, (got, ordinary) in outcomes.items() if got != ordinary} == {}
