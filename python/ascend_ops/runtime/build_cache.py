"""Build C++ sources into a shared library once, cached by content hash, and load it.

Used by the simulator (the generated AscendC kernels compiled against `ascend_kernels/sim/`)
and by the native CPU executor. The cache key covers the compiler, its flags and the bytes of
every source and header the build can see, so an edited header rebuilds and nothing else does.

Note [build cache]
~~~~~~~~~~~~~~~~~~
The cache is $ASCEND_OPS_CACHE, else the platform's user cache folder (platformdirs), never the
installed package, which may be read-only. A cache that cannot be used (the variable names a
file, a read-only folder, ...) costs one warning naming it; the process then builds into a
temporary folder of its own. Each library is built under a file lock of its own (filelock), so
threads and processes making the same first call compile it once, and the others wait and load
it. The compiler writes to `<target>.tmp-*` and the result is renamed into place; a build that
was killed leaves its temporary file behind, and the next build of that library, holding the
lock, removes it.
"""
from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path

import filelock
import platformdirs

CACHE_ENV = "ASCEND_OPS_CACHE"
COMPILER_ENV = "CXX"
_TMP_MARK = ".tmp-"


class NativeBuildError(RuntimeError):
    """No C++ compiler, or the compiler rejected a source; the message has its output."""


def _usable(path: Path) -> str | None:
    """None when `path` is a folder this process can create files in, else why not."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as e:
        return f"{type(e).__name__}: {e.strerror or e}"
    return None


_fallback_lock = threading.Lock()
_fallback: dict[str, Path] = {}  # the configured cache that failed -> this process's stand-in


def _configured_cache() -> Path:
    configured = os.environ.get(CACHE_ENV)
    return Path(configured) if configured else Path(platformdirs.user_cache_dir("ascend-ops"))


def cache_dir() -> Path:
    """Where built libraries are kept (Note [build cache])."""
    configured = os.environ.get(CACHE_ENV)
    path = _configured_cache()
    with _fallback_lock:
        if str(path) in _fallback:
            return _fallback[str(path)]
        problem = _usable(path)
        if problem is None:
            return path
        fallback = Path(tempfile.mkdtemp(prefix="ascend-ops-cache-"))
        _fallback[str(path)] = fallback
    source = f"{CACHE_ENV}={configured}" if configured else \
        f"the user cache folder {path} (set {CACHE_ENV} to choose another)"
    warnings.warn(f"ascend-ops: cannot use {source} as the build cache ({problem}); building "
                  f"into {fallback} for this process instead", RuntimeWarning, stacklevel=2)
    return fallback


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


_QUOTED_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def _local_includes(sources: Sequence[Path], include_dirs: Sequence[Path]) -> list[Path]:
    """Every header the sources reach by `#include "..."`, transitively: beside the including
    file first, then in the include folders (the compiler's order). A header outside the include
    folders (an op's view builder, `../<op>_view.h`) is part of the build like any other."""
    found: dict[Path, None] = {}
    todo = [Path(s) for s in sources]
    while todo:
        including = todo.pop()
        text = including.read_text(encoding="utf-8", errors="replace")
        for name in _QUOTED_INCLUDE.findall(text):
            for folder in (including.parent, *map(Path, include_dirs)):
                header = (folder / name).resolve()
                if header.is_file():
                    if header not in found:
                        found[header] = None
                        todo.append(header)
                    break
    return sorted(found)


def _target(name: str, sources: Sequence[Path], include_dirs: Sequence[Path], flags: Sequence[str],
            defines: dict[str, str] | None) -> tuple[str, list[str], str]:
    """(compiler, its arguments, the cached library's file name) of a build."""
    cxx, version = compiler()
    args = ["-std=c++17", "-O2", "-shared", "-fPIC", *flags]
    args += [f"-D{k}={v}" for k, v in sorted((defines or {}).items())]
    args += [f"-I{d}" for d in include_dirs]
    digest = hashlib.sha256()
    digest.update("\0".join([version, *args]).encode())
    for path in [*map(Path, sources), *_local_includes(sources, include_dirs), *_files_under(include_dirs)]:
        digest.update(str(path.name).encode())
        digest.update(path.read_bytes())
    return cxx, args, f"{name}-{digest.hexdigest()[:16]}.so"


def cached(name: str, sources: Sequence[Path], *, include_dirs: Sequence[Path] = (),
           flags: Sequence[str] = (), defines: dict[str, str] | None = None) -> Path | None:
    """The library `build` would return, if it is already in the cache (None: it is not). Only
    looks: an unusable cache folder is not reported here (a read-only one may hold it)."""
    file_name = _target(name, sources, include_dirs, flags, defines)[2]
    configured = _configured_cache()
    with _fallback_lock:
        stand_in = _fallback.get(str(configured))
    for folder in (configured, stand_in):
        try:
            if folder is not None and (folder / file_name).is_file():
                return folder / file_name
        except OSError:  # an unreadable folder holds nothing this process can load
            continue
    return None


def build(name: str, sources: Sequence[Path], *, include_dirs: Sequence[Path] = (),
          flags: Sequence[str] = (), defines: dict[str, str] | None = None,
          announce: str | None = None) -> Path:
    """The path of `name`'s shared library built from `sources`, compiling only on a cache miss
    (and then first telling the user `announce` through `progress`, when given)."""
    cxx, args, file_name = _target(name, sources, include_dirs, flags, defines)
    target = cache_dir() / file_name
    if target.exists():
        return target
    with _locked(target):
        if target.exists():  # another thread or process built it while this one waited
            return target
        _remove_stale_temporaries(target)
        if announce:
            progress(announce)
        tmp = target.with_name(f"{target.name}{_TMP_MARK}{os.getpid()}-{threading.get_ident()}")
        cmd = [cxx, *args, *map(str, sources), "-o", str(tmp)]
        try:
            result = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if result.returncode != 0:
                raise NativeBuildError(f"building {name} failed ({' '.join(cmd)}):\n{result.stderr}")
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)
    return target


_thread_locks_guard = threading.Lock()
_thread_locks: dict[Path, threading.Lock] = {}


class _locked:
    """Holds `target`'s build lock: a thread lock within the process, a file lock across them."""

    def __init__(self, target: Path):
        with _thread_locks_guard:
            self._thread_lock = _thread_locks.setdefault(target, threading.Lock())
        self._file_lock = filelock.FileLock(str(target) + ".lock")

    def __enter__(self):
        self._thread_lock.acquire()
        try:
            self._file_lock.acquire()
        except BaseException:
            self._thread_lock.release()
            raise
        return self

    def __exit__(self, *exc):
        self._file_lock.release()
        self._thread_lock.release()


def _remove_stale_temporaries(target: Path) -> None:
    """Removes the temporary files of killed builds from `target`'s cache folder (with
    `target`'s lock held). A temporary file whose library's lock is free has no live builder."""
    for stale in target.parent.glob(f"*{_TMP_MARK}*"):
        owner = stale.with_name(stale.name.split(_TMP_MARK)[0])
        if owner == target:
            stale.unlink(missing_ok=True)
            continue
        lock = filelock.FileLock(str(owner) + ".lock")
        try:
            lock.acquire(timeout=0)
        except filelock.Timeout:
            continue  # being built right now
        try:
            stale.unlink(missing_ok=True)
        finally:
            lock.release()


@functools.lru_cache(maxsize=None)
def _load(path: str) -> ctypes.CDLL:
    return ctypes.CDLL(path)


def load_built(path: Path) -> ctypes.CDLL:
    """A library `build` returned, loaded with ctypes (once per process)."""
    return _load(str(path))


def load(name: str, sources: Sequence[Path], **kwargs) -> ctypes.CDLL:
    """`build` then load with ctypes (each library is loaded once per process)."""
    return _load(str(build(name, sources, **kwargs)))


def progress(message: str) -> None:
    """Tell the user about a slow first-time build on stderr."""
    print(f"ascend-ops: {message}", file=sys.stderr, flush=True)
