"""Build C++ sources into a shared library once, cached by content hash, and load it.

Used by the simulator (the generated AscendC kernels compiled against `ascend_kernels/sim/`)
and by the native CPU executor. The cache key covers the compiler, its flags and the bytes of
every source and header the build can see, so an edited header rebuilds and nothing else does.
Note [build cache]: where the cache lives and how builds share it; Note [verified libraries]:
what is loaded."""
from __future__ import annotations

import atexit
import contextlib
import ctypes
import fcntl
import functools
import hashlib
import json
import logging
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import filelock
import platformdirs

CACHE_ENV = "ASCEND_OPS_CACHE"
COMPILER_ENV = "CXX"
_TMP_MARK = ".tmp-"
RECORD_SUFFIX = ".record"
_BUILT = (".so", ".o")  # what builds leave in the cache: libraries and objects
_FORMAT = "verified-1"  # part of every key: entries from before records existed are not looked at


# Note [build cache]
# ~~~~~~~~~~~~~~~~~~
# The cache is $ASCEND_OPS_CACHE, else the platform's user cache folder (platformdirs), never the
# installed package, which may be read-only. A cache that cannot be used (the variable names a
# file, a read-only folder, ...) costs one warning naming it; the process then builds into a
# temporary folder of its own. Each library is built under a file lock of its own (filelock), so
# threads and processes making the same first call compile it once, and the others wait and load
# it. The compiler writes to `<target>.tmp-*` and the result is renamed into place; a build that
# was killed leaves its temporary file behind, and the next build of that library, holding the
# lock, removes it.
#
# Note [verified libraries]
# ~~~~~~~~~~~~~~~~~~~~~~~~~
# A library is loaded only after its bytes match the record its build wrote beside it
# (`<library>.record`: size and SHA-256) and its ELF header names this machine's class and
# architecture: a truncated library, mapped, would kill the process with SIGBUS at its first
# access, and a foreign one would not load. The record is written before the library is renamed
# into place, so a library with no record is never one a build finished. A damaged entry (no
# record, another size or hash, not an ELF file, another arch, a folder in its place) costs one
# warning naming it and what is wrong, and is never loaded: the build replaces it, or, where the
# cache is not writable, builds into the fallback folder instead. A complete cache on a read-only
# mount is used as it is. The fallback folder is `ascend-ops-cache-<uid>` in the temporary
# directory (owned by the user, mode 0700), shared by the user's processes, each marking its use
# with a file inside; the last to exit removes it and its lock file (one a killed process left
# behind is reused by the next, which removes both in turn). `ascend-ops doctor` lists damaged
# entries, and stale ones no build will use (`stale_entries`).


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


def configured_cache() -> Path:
    """The cache folder the environment names (Note [build cache]), not checked for use."""
    return _configured_cache()


def _configured_cache() -> Path:
    configured = os.environ.get(CACHE_ENV)
    return Path(configured) if configured else Path(platformdirs.user_cache_dir("ascend-ops"))


def cache_dir(*, quiet: bool = False) -> Path:
    """Where this process builds libraries (Note [build cache]): the configured cache when it is
    writable, else the user's fallback folder (Note [verified libraries]); `quiet`: the caller
    tells the user instead."""
    configured = os.environ.get(CACHE_ENV)
    path = _configured_cache()
    with _fallback_lock:
        if str(path) in _fallback:
            return _fallback[str(path)]
        problem = _usable(path)
        if problem is None:
            return path
        fallback = _fallback_folder()
        _fallback[str(path)] = fallback
    if quiet:
        return fallback
    source = f"{CACHE_ENV}={configured}" if configured else \
        f"the user cache folder {path} (set {CACHE_ENV} to choose another)"
    warnings.warn(f"ascend-ops: cannot use {source} as the build cache ({problem}); building "
                  f"into {fallback} for this process instead", RuntimeWarning, stacklevel=2)
    return fallback


def _private_folder(path: Path) -> bool:
    """Whether `path` is a real folder (no symlink) of this user that nobody else can write."""
    try:
        st = path.lstat()
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o022


class _RemovableLock:
    """An exclusive lock on the file `path` that its holder may remove (`remove_on_release`), so
    that nothing is left behind once the thing it guards is gone. A waiter that gets the lock of
    a file removed meanwhile takes the new one instead (the path must still name the inode it
    locked)."""

    def __init__(self, path: str):
        self.path = path
        self.remove_on_release = False
        self._fd: int | None = None

    def __enter__(self) -> "_RemovableLock":
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                held = os.fstat(fd)
                named = os.stat(self.path)
            except FileNotFoundError:  # removed by the holder before this process got it
                os.close(fd)
                continue
            except BaseException:
                os.close(fd)
                raise
            if (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino):
                self._fd = fd
                return self
            os.close(fd)

    def __exit__(self, *exc) -> None:
        assert self._fd is not None
        try:
            if self.remove_on_release:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self.path)
        finally:
            os.close(self._fd)  # releases the lock
            self._fd = None


def _folder_lock(folder: Path) -> _RemovableLock:
    return _RemovableLock(str(folder) + ".lock")


def _fallback_folder() -> Path:
    """The user's temporary build folder, marked as used by this process until it exits. Its
    lock file (`<folder>.lock` beside it) goes when the folder goes."""
    folder = Path(tempfile.gettempdir()) / f"ascend-ops-cache-{os.getuid()}"
    try:
        with _folder_lock(folder) as lock:
            try:
                folder.mkdir(mode=0o700, exist_ok=True)
            except OSError:
                pass
            if _private_folder(folder):
                (folder / f".process-{os.getpid()}").touch()
                atexit.register(_leave_fallback, folder)
                return folder
            lock.remove_on_release = True  # no process of this user shares that folder
    except OSError:  # a lock file this user cannot open: not the user's to share
        pass
    # Someone else's, or a link: a folder of this process alone.
    private = Path(tempfile.mkdtemp(prefix="ascend-ops-cache-"))
    (private / f".process-{os.getpid()}").touch()
    atexit.register(_leave_fallback, private)
    return private


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _leave_fallback(folder: Path) -> None:
    """At exit: this process no longer uses `folder`; the last user removes it, and its lock."""
    with _folder_lock(folder) as lock:
        (folder / f".process-{os.getpid()}").unlink(missing_ok=True)
        users = [m for m in folder.glob(".process-*")
                 if m.name.split("-")[-1].isdigit() and _alive(int(m.name.split("-")[-1]))]
        if not users:
            shutil.rmtree(folder, ignore_errors=True)
            lock.remove_on_release = not folder.exists()


def _record_path(library: Path) -> Path:
    return library.with_name(library.name + RECORD_SUFFIX)


@functools.lru_cache(maxsize=1)
def _host_elf() -> tuple[int, int, int]:
    """(class, data encoding, machine) of this process's own executable."""
    with open(sys.executable, "rb") as f:
        identity = _elf_identity(f.read(64))
    assert identity is not None, f"{sys.executable} is not an ELF file"
    return identity


def _elf_identity(head: bytes) -> tuple[int, int, int] | None:
    if len(head) < 20 or head[:4] != b"\x7fELF":
        return None
    return head[4], head[5], int.from_bytes(head[18:20], "little" if head[5] == 1 else "big")


_verified: dict[tuple, None] = {}  # (path, inode, size, mtime) of libraries checked intact


def damage(library: Path) -> str | None:
    """None when `library` is intact (Note [verified libraries]), else what is wrong with it.
    A missing file is not damaged: it is not there (FileNotFoundError)."""
    st = os.stat(library)
    if stat.S_ISDIR(st.st_mode):
        return "a folder stands in its place"
    key = (str(library), st.st_ino, st.st_size, st.st_mtime_ns)
    if key in _verified:
        return None
    try:
        record = json.loads(_record_path(library).read_text(encoding="utf-8"))
        size, sha256 = int(record["size"]), str(record["sha256"])
    except FileNotFoundError:
        return f"no build record ({_record_path(library).name}) beside it"
    except (OSError, ValueError, KeyError, TypeError) as e:
        return f"its build record is unreadable ({type(e).__name__}: {e})"
    with open(library, "rb") as f:
        data = f.read()
    if len(data) != size:
        return f"{len(data)} bytes where its build wrote {size}"
    if hashlib.sha256(data).hexdigest() != sha256:
        return "its bytes differ from what its build wrote (SHA-256)"
    identity = _elf_identity(data[:64])
    if identity is None:
        return "not an ELF file"
    if identity != _host_elf():
        return f"a library for another machine (ELF class, encoding, machine {identity}; " \
               f"this one {_host_elf()})"
    _verified[key] = None
    return None


_warned_damage: set[str] = set()


def _warn_damage(library: Path, problem: str, action: str) -> None:
    if str(library) in _warned_damage:
        return
    _warned_damage.add(str(library))
    warnings.warn(f"ascend-ops: the cached library {library} is damaged ({problem}); not "
                  f"loading it: {action}", RuntimeWarning, stacklevel=3)


def _intact(library: Path) -> str | None:
    """'ok' when `library` is intact, None when it is absent, else what is wrong."""
    try:
        return damage(library) or "ok"
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as e:
        return f"unreadable ({type(e).__name__}: {e.strerror or e})"


def damaged_entries(folder: Path | None = None) -> list[tuple[Path, str]]:
    """(entry, what is wrong) for every damaged library in the cache (`ascend-ops doctor`).
    A library without a record beside it is left out: builds before records existed made
    those, under keys this version never looks up."""
    folder = _configured_cache() if folder is None else folder
    try:
        entries = sorted(p for p in folder.iterdir() if p.name.endswith(_BUILT) and
                         (p.is_dir() or _record_path(p).exists()))
    except OSError:
        return []
    return [(p, problem) for p in entries if (problem := _intact(p)) not in (None, "ok")]


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
            defines: dict[str, str] | None, *, suffix: str = ".so") -> tuple[str, list[str], str]:
    """(compiler, its arguments, the cached file's name) of a build: a shared library, or with
    `suffix` ".o" one object file (compiled, not linked)."""
    cxx, version = compiler()
    args = ["-std=c++17", "-O2", "-c" if suffix == ".o" else "-shared", "-fPIC", *flags]
    args += [f"-D{k}={v}" for k, v in sorted((defines or {}).items())]
    args += [f"-I{d}" for d in include_dirs]
    digest = hashlib.sha256()
    digest.update("\0".join([_FORMAT, version, *args]).encode())
    # What the compiler reads: the sources and the headers they include, not every file of the
    # include folders (a generated file the build does not compile leaves its key as it is).
    for path in [*map(Path, sources), *_local_includes(sources, include_dirs)]:
        digest.update(str(path.name).encode())
        digest.update(path.read_bytes())
    return cxx, args, f"{name}-{digest.hexdigest()[:16]}{suffix}"


def cached(name: str, sources: Sequence[Path], *, include_dirs: Sequence[Path] = (),
           flags: Sequence[str] = (), defines: dict[str, str] | None = None) -> Path | None:
    """The library `build` would return, if an intact one is already in the cache (None: it is
    not). Only looks: an unusable cache folder is not reported here (a read-only one may hold
    it); a damaged entry is, once (Note [verified libraries])."""
    found, damaged = _lookup(_target(name, sources, include_dirs, flags, defines)[2])
    for library, problem in damaged:
        _warn_damage(library, problem, "the next build replaces it (or builds beside the "
                     "cache, where the cache is not writable)")
    return found


def _lookup(file_name: str) -> tuple[Path | None, list[tuple[Path, str]]]:
    """(the intact library of that name in the cache or its stand-in, the damaged ones seen)."""
    configured = _configured_cache()
    with _fallback_lock:
        stand_in = _fallback.get(str(configured))
    damaged = []
    for folder in (configured, stand_in):
        if folder is None:
            continue
        library = folder / file_name
        state = _intact(library)
        if state == "ok":
            return library, damaged
        if state is not None:
            damaged.append((library, state))
    return None, damaged


def build(name: str, sources: Sequence[Path], *, include_dirs: Sequence[Path] = (),
          flags: Sequence[str] = (), defines: dict[str, str] | None = None,
          announce: str | None = None) -> Path:
    """The path of `name`'s intact shared library built from `sources`, compiling only when the
    cache holds no intact one (and then first telling the user `announce` through `progress`,
    when given)."""
    cxx, args, file_name = _target(name, sources, include_dirs, flags, defines)
    return _produce(name, file_name, [cxx, *args, *map(str, sources)], announce)


def usable_cores() -> int:
    """The cores this process may run on (its affinity mask: `taskset`, a container's CPU set)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@dataclass(frozen=True)
class Unit:
    """One translation unit of a library built from objects (`build_libraries`): its source and
    what it is compiled with. Units equal in all of these are one object, compiled once."""

    source: Path
    include_dirs: tuple[Path, ...] = ()
    flags: tuple[str, ...] = ()
    defines: tuple[tuple[str, str], ...] = ()

    def target(self) -> tuple[str, list[str], str]:
        name = self.source.stem
        return _target(name, [self.source], self.include_dirs, self.flags, dict(self.defines), suffix=".o")


def build_libraries(libraries: dict[str, Sequence[Unit]], *, link_flags: Sequence[str] = (),
                    jobs: int | None = None, announce: str | None = None) -> dict[str, Path]:
    """The shared library of each name in `libraries`, linked from the objects of its units
    (Note [object builds]); the objects the cache lacks are compiled first, `jobs` at a time
    (default: one per core), and `announce` is told the user before, when any is missing."""
    targets = {unit: unit.target() for units in libraries.values() for unit in units}
    missing = [u for u, (_, _, file_name) in targets.items() if _lookup(file_name)[0] is None]
    started = time.monotonic()
    if missing and announce:
        progress(f"{announce} ({len(missing)} of {len(targets)} translation units to compile)")

    def compile_unit(unit: Unit) -> Path:
        cxx, args, file_name = targets[unit]
        return _produce(unit.source.stem, file_name, [cxx, *args, str(unit.source)], None)

    workers = max(1, min(jobs or usable_cores(), len(targets)))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        objects = dict(zip(targets, pool.map(compile_unit, targets)))
    cxx, version = compiler()
    out = {}
    for name, units in libraries.items():
        inputs = [str(objects[u]) for u in units]
        args = ["-shared", "-fPIC", *link_flags]
        # An object's name holds the digest of everything it was compiled from.
        digest = hashlib.sha256("\0".join([_FORMAT, version, *args, *map(os.path.basename, inputs)]).encode())
        out[name] = _produce(name, f"{name}-{digest.hexdigest()[:16]}.so", [cxx, *args, *inputs], None)
    if missing and announce:
        progress(f"built {', '.join(libraries)} ({time.monotonic() - started:.0f} s)")
    return out


# Note [object builds]
# ~~~~~~~~~~~~~~~~~~~~
# A library whose translation units are shared with other libraries, or worth compiling side by
# side, is built from objects: each unit is compiled (-c) into the cache as `<stem>-<digest>.o`
# under the same rules as a library (its own lock, its record, verified before use), then the
# library is linked from them, keyed by the objects' names. The simulator's libraries share their
# host units (one object for every NPU arch) and compile each arch's kernels as one unit.


def _produce(name: str, file_name: str, command: list[str], announce: str | None) -> Path:
    """The intact cache entry `file_name`, made by running `command` with `-o <temporary>`
    unless the cache holds it (Note [build cache], Note [verified libraries])."""
    found, damaged = _lookup(file_name)  # a read-only cache that holds it is used as it is
    if found is not None:
        return found
    folder = cache_dir(quiet=bool(damaged))
    for library, problem in damaged:
        _warn_damage(library, problem, "rebuilding it" if library.parent == folder else
                     f"the cache is not writable; building into {folder} for this process")
    target = folder / file_name
    with _locked(target):
        state = _intact(target)
        if state == "ok":  # another thread or process built it while this one waited
            return target
        if state is not None and not _remove(target):
            _warn_damage(target, state, "it cannot be removed; building beside the cache")
            with _fallback_lock:
                fallback = _fallback.setdefault(str(_configured_cache()), _fallback_folder())
            if fallback == target.parent:
                raise NativeBuildError(f"{target} is damaged ({state}) and cannot be removed; "
                                       f"remove it, or set {CACHE_ENV} to another folder")
            return _produce(name, file_name, command, announce)
        if state is not None:
            _warn_damage(target, state, "rebuilding it")
        _remove_stale_temporaries(target)
        if announce:
            progress(announce)
        started = time.monotonic()
        tmp = target.with_name(f"{target.name}{_TMP_MARK}{os.getpid()}-{threading.get_ident()}")
        record_tmp = tmp.with_name(tmp.name + RECORD_SUFFIX)
        cmd = [*command, "-o", str(tmp)]
        try:
            result = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if result.returncode != 0:
                raise NativeBuildError(f"building {name} failed ({' '.join(cmd)}):\n{result.stderr}")
            data = tmp.read_bytes()
            record_tmp.write_text(json.dumps({"size": len(data),
                                              "sha256": hashlib.sha256(data).hexdigest()}),
                                  encoding="utf-8")
            os.replace(record_tmp, _record_path(target))  # the record first: see the Note
            os.replace(tmp, target)
            if announce:  # the announced build's end, so that a long wait shows progress
                progress(f"built {name} ({time.monotonic() - started:.0f} s)")
        finally:
            tmp.unlink(missing_ok=True)
            record_tmp.unlink(missing_ok=True)
    return target


def _remove(entry: Path) -> bool:
    """Removes a damaged cache entry (a file or a folder) and its record; False if it cannot."""
    try:
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink(missing_ok=True)
        _record_path(entry).unlink(missing_ok=True)
    except OSError:
        return False
    return True


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


def stale_entries(folder: Path | None = None) -> list[tuple[Path, str]]:
    """(entry, why) for every file in the cache no build will use (`ascend-ops doctor`): a
    library without its record (a build from before records existed, or one whose record is
    gone: never loaded), a record without its library, a temporary file of a build that was
    killed (no build of its library holds the lock). Each is safe to remove."""
    folder = _configured_cache() if folder is None else folder
    try:
        files = sorted(p for p in folder.iterdir() if not p.is_dir())
    except OSError:
        return []
    out = []
    for path in files:
        if _TMP_MARK in path.name:
            if not _being_built(path.with_name(path.name.split(_TMP_MARK)[0])):
                out.append((path, "a temporary file of a build that was killed"))
        elif path.name.endswith(_BUILT) and not _record_path(path).exists():
            out.append((path, f"no build record ({_record_path(path).name}) beside it: never "
                              f"loaded (a build from before records, or its record is gone)"))
        elif path.name.endswith(tuple(b + RECORD_SUFFIX for b in _BUILT)) and \
                not path.with_name(path.name.removesuffix(RECORD_SUFFIX)).exists():
            out.append((path, "a build record whose library is gone"))
    return out


def _being_built(library: Path) -> bool:
    """Whether a build of `library` holds its lock right now."""
    lock = filelock.FileLock(str(library) + ".lock")
    try:
        lock.acquire(timeout=0)
    except filelock.Timeout:
        return True
    lock.release()
    return False


@functools.lru_cache(maxsize=None)
def _load(path: str) -> ctypes.CDLL:
    problem = damage(Path(path))  # `build` verified it; a second look costs a dict lookup
    if problem is not None:
        raise NativeBuildError(f"{path} is damaged ({problem}); not loading it")
    return ctypes.CDLL(path)


def load_built(path: Path) -> ctypes.CDLL:
    """A library `build` returned, loaded with ctypes (once per process)."""
    return _load(str(path))


def load(name: str, sources: Sequence[Path], **kwargs) -> ctypes.CDLL:
    """`build` then load with ctypes (each library is loaded once per process)."""
    return _load(str(build(name, sources, **kwargs)))


# Note [progress output]
# ~~~~~~~~~~~~~~~~~~~~~~
# A slow first-time build says so: the line is an INFO record of the `ascend_ops.build` logger.
# While the application has set up no logging of its own (the root logger has no handler), the
# package prints such records itself, as `ascend-ops: <message>` on stderr, so they are seen by
# default; once it has, they go to its handlers like any other library's. Either way
# `logging.getLogger("ascend_ops").setLevel(logging.WARNING)` silences them.
PROGRESS_LOG = logging.getLogger("ascend_ops.build")


class _ProgressHandler(logging.Handler):
    """`ascend-ops: <message>` on the current sys.stderr, while the root logger has no handler."""

    def emit(self, record: logging.LogRecord) -> None:
        if logging.getLogger().handlers:
            return
        try:
            print(f"ascend-ops: {record.getMessage()}", file=sys.stderr, flush=True)
        except Exception:  # noqa: BLE001 - logging's own policy for a failing handler
            self.handleError(record)


PROGRESS_LOG.addHandler(_ProgressHandler())
if logging.getLogger("ascend_ops").level == logging.NOTSET:
    logging.getLogger("ascend_ops").setLevel(logging.INFO)


def progress(message: str) -> None:
    """Tell the user about a slow first-time build (Note [progress output])."""
    PROGRESS_LOG.info(message)
