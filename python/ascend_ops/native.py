"""Build C++ sources into a shared library once, cached by content hash, and load it.

Used by the simulator (the generated AscendC kernels compiled against `ascend_kernels/sim/`)
and by the native CPU executor. The cache key covers the compiler, its flags and the bytes of
every source and header the build can see, so an edited header rebuilds and nothing else does.
Builds are atomic (compile to a temporary file, then rename), so parallel test workers can
share a cache.
"""
from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

CACHE_ENV = "ASCEND_OPS_CACHE"
COMPILER_ENV = "CXX"


class NativeBuildError(RuntimeError):
    """No C++ compiler, or the compiler rejected a source; the message has its output."""


def cache_dir() -> Path:
    root = os.environ.get(CACHE_ENV) or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "ascend-ops")
    path = Path(root)
    path.mkdir(parents=True, exist_ok=True)
    return path


@functools.lru_cache(maxsize=None)
def compiler() -> tuple[str, str]:
    """(path, version line) of the C++ compiler: $CXX, else g++, else c++."""
    candidates = [os.environ[COMPILER_ENV]] if os.environ.get(COMPILER_ENV) else ["g++", "c++"]
    for name in candidates:
        path = shutil.which(name)
        if path:
            version = subprocess.run([path, "--version"], capture_output=True, text=True,
                                     check=False).stdout.splitlines()
            return path, version[0] if version else name
    raise NativeBuildError(
        f"no C++ compiler found (looked for {', '.join(candidates)}); install g++ "
        f"(Debian/Ubuntu: apt-get install g++) or point {COMPILER_ENV} at a C++17 compiler")


def _files_under(dirs: Iterable[Path]) -> list[Path]:
    out = []
    for d in dirs:
        out.extend(p for p in sorted(Path(d).rglob("*")) if p.is_file() and
                   p.suffix in (".h", ".hpp", ".cpp", ".cc", ".inc", ".def"))
    return out


def build(name: str, sources: Sequence[Path], *, include_dirs: Sequence[Path] = (),
          flags: Sequence[str] = (), defines: dict[str, str] | None = None,
          announce: str | None = None) -> Path:
    """The path of `name`'s shared library built from `sources`, compiling only on a cache miss
    (and then first telling the user `announce` through `progress`, when given)."""
    cxx, version = compiler()
    args = ["-std=c++17", "-O2", "-shared", "-fPIC", *flags]
    args += [f"-D{k}={v}" for k, v in sorted((defines or {}).items())]
    args += [f"-I{d}" for d in include_dirs]
    digest = hashlib.sha256()
    digest.update("\0".join([version, *args]).encode())
    for path in [*map(Path, sources), *_files_under(include_dirs)]:
        digest.update(str(path.name).encode())
        digest.update(path.read_bytes())
    target = cache_dir() / f"{name}-{digest.hexdigest()[:16]}.so"
    if target.exists():
        return target
    if announce:
        progress(announce)
    fd, tmp = tempfile.mkstemp(suffix=".so", dir=target.parent)
    os.close(fd)
    cmd = [cxx, *args, *map(str, sources), "-o", tmp]
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        os.unlink(tmp)
        raise NativeBuildError(f"building {name} failed ({' '.join(cmd)}):\n{result.stderr}")
    os.replace(tmp, target)
    return target


@functools.lru_cache(maxsize=None)
def _load(path: str) -> ctypes.CDLL:
    return ctypes.CDLL(path)


def load(name: str, sources: Sequence[Path], **kwargs) -> ctypes.CDLL:
    """`build` then load with ctypes (each library is loaded once per process)."""
    return _load(str(build(name, sources, **kwargs)))


def progress(message: str) -> None:
    """Tell the user about a slow first-time build on stderr."""
    print(f"ascend-ops: {message}", file=sys.stderr, flush=True)
