"""Damaged build cache entries (Note [verified libraries] in build_cache.py): each costs one
warning and a rebuild, is never loaded; a complete read-only cache is used as it is; the
fallback folder is shared per user and removed at exit; `doctor` lists damaged entries."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from ascend_ops.runtime import build_cache

SOURCE = 'extern "C" int ascend_ops_damage_test_answer() { return %d; }\n'


@pytest.fixture
def source(tmp_path):
    path = tmp_path / "answer.cpp"
    path.write_text(SOURCE % _answer(tmp_path), encoding="utf-8")
    return path


def _answer(tmp_path: Path) -> int:
    return abs(hash(str(tmp_path))) % 100000


def _compiles(log: Path) -> int:
    """Compiles the `counting_compiler` fixture (conftest.py) logged."""
    return len(log.read_text().splitlines()) if log.exists() else 0


def _foreign_elf(good: bytes) -> bytes:
    """`good` with another e_machine (AArch64 183 on x86-64, else x86-64 62)."""
    machine = int.from_bytes(good[18:20], "little")
    other = 183 if machine != 183 else 62
    return good[:18] + other.to_bytes(2, "little") + good[20:]


def _write_with_record(library: Path, data: bytes) -> None:
    """`data` as the library, with a record that matches it (as a copied-in cache would have)."""
    import hashlib
    library.write_bytes(data)
    build_cache._record_path(library).write_text(json.dumps(
        {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}), encoding="utf-8")


DAMAGES = {
    "truncated": lambda lib, good: lib.write_bytes(good[: len(good) // 2]),
    "zero bytes": lambda lib, good: lib.write_bytes(b""),
    "garbage": lambda lib, good: lib.write_bytes(b"not a library at all" * 100),
    "garbage with an ELF header": lambda lib, good: lib.write_bytes(good[:64] + b"\0" * 4096),
    "a folder in its place": lambda lib, good: (lib.unlink(), lib.mkdir(), (lib / "x").write_text("")),
    "no record": lambda lib, good: build_cache._record_path(lib).unlink(),
    "another arch, recorded": lambda lib, good: _write_with_record(lib, _foreign_elf(good)),
}


@pytest.mark.parametrize("kind", list(DAMAGES))
def test_a_damaged_library_warns_once_is_rebuilt_and_never_loaded(kind, cache, source,
                                                                  counting_compiler):
    library = build_cache.build("answer", [source])
    good = library.read_bytes()
    DAMAGES[kind](library, good)
    build_cache._verified.clear()
    assert build_cache.damage(library) is not None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        lib = build_cache.load("answer", [source])
        build_cache.load("answer", [source])
    messages = [str(w.message) for w in caught if "is damaged" in str(w.message)]
    assert len(messages) == 1, [str(w.message) for w in caught]
    assert str(library) in messages[0]
    assert lib.ascend_ops_damage_test_answer() == _answer(source.parent)
    assert _compiles(counting_compiler) == 2  # the first build and one rebuild
    assert library.is_file() and library.read_bytes() == good
    assert build_cache.damage(library) is None


def test_an_intact_cache_is_not_rebuilt(cache, source, counting_compiler):
    """Negative control: a correct entry is verified and used, in this process and the next."""
    build_cache.build("answer", [source])
    build_cache._verified.clear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert build_cache.load("answer", [source]).ascend_ops_damage_test_answer() == \
            _answer(source.parent)
    assert _compiles(counting_compiler) == 1


def test_the_record_matches_the_built_library(cache, source):
    library = build_cache.build("answer", [source])
    record = json.loads(build_cache._record_path(library).read_text())
    assert record["size"] == library.stat().st_size
    assert build_cache.damage(library) is None


def test_the_elf_check_compares_the_machine(cache, source):
    """Negative control of the arch check alone: the record matches, only e_machine differs."""
    library = build_cache.build("answer", [source])
    _write_with_record(library, _foreign_elf(library.read_bytes()))
    build_cache._verified.clear()
    assert "another machine" in build_cache.damage(library)


def _read_only(command: list[str], folder: Path) -> list[str]:
    """`command` with `folder` read-only (mode bits; for root a read-only bind mount)."""
    folder.chmod(0o555)
    if os.geteuid() == 0:
        return ["unshare", "--mount", "sh", "-c",
                f'mount --bind -o ro "{folder}" "{folder}" && exec "$@"', "sh", *command]
    return command


CHILD = textwrap.dedent("""
    import sys, tempfile, warnings
    from pathlib import Path
    from ascend_ops.runtime import build_cache
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        lib = build_cache.load("answer", [sys.argv[1]])
    print("answer", lib.ascend_ops_damage_test_answer())
    for w in caught:
        print("warning", str(w.message).replace("\\n", " "))
    print("built", build_cache.build("answer", [sys.argv[1]]).parent)
""")


def _child(source: Path, cache: Path, env_extra: dict, read_only: bool) -> subprocess.CompletedProcess:
    env = {**os.environ, build_cache.CACHE_ENV: str(cache), **env_extra}
    command = [sys.executable, "-c", CHILD, str(source)]
    if read_only:
        command = _read_only(command, cache)
    return subprocess.run(command, env=env, capture_output=True, text=True, check=False,
                          cwd=source.parent)


def test_a_complete_read_only_cache_is_used_as_it_is(cache, source, counting_compiler, tmp_path):
    build_cache.build("answer", [source])
    temp = tmp_path / "temp"
    temp.mkdir()
    result = _child(source, cache, {"TMPDIR": str(temp)}, read_only=True)
    assert result.returncode == 0, result.stderr
    assert f"answer {_answer(source.parent)}" in result.stdout
    assert "warning" not in result.stdout, result.stdout
    assert f"built {cache}" in result.stdout
    assert _compiles(counting_compiler) == 1  # only this process's first build
    assert not any(p.is_dir() for p in temp.iterdir()), list(temp.iterdir())


def test_a_damaged_read_only_entry_builds_into_a_fallback_removed_at_exit(cache, source,
                                                                          counting_compiler,
                                                                          tmp_path):
    library = build_cache.build("answer", [source])
    library.write_bytes(library.read_bytes()[:100])
    temp = tmp_path / "temp"
    temp.mkdir()
    result = _child(source, cache, {"TMPDIR": str(temp)}, read_only=True)
    assert result.returncode == 0, result.stderr
    assert f"answer {_answer(source.parent)}" in result.stdout
    warned = [line for line in result.stdout.splitlines() if line.startswith("warning")]
    assert len(warned) == 1 and "is damaged" in warned[0] and "not writable" in warned[0], warned
    fallback = temp / f"ascend-ops-cache-{os.getuid()}"
    assert f"built {fallback}" in result.stdout
    assert _compiles(counting_compiler) == 2
    assert not fallback.exists(), list(fallback.iterdir())  # removed at exit
    assert list(temp.iterdir()) == []  # its lock file too


def test_the_fallback_folder_is_shared_by_the_users_processes(tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    first = build_cache._fallback_folder()
    second = build_cache._fallback_folder()
    assert first == second == tmp_path / f"ascend-ops-cache-{os.getuid()}"
    other = first / ".process-999999999"
    other.touch()  # a dead process's mark does not keep the folder
    build_cache._leave_fallback(first)
    assert not first.exists()
    assert list(tmp_path.iterdir()) == []  # no lock file left behind either


def test_what_a_killed_process_left_is_reused_then_removed(tmp_path, monkeypatch):
    """A folder, a dead process's mark and the lock file, as a process killed before its exit
    leaves them: the next user takes them over, and nothing stays after it."""
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    left = tmp_path / f"ascend-ops-cache-{os.getuid()}"
    left.mkdir(mode=0o700)
    (left / ".process-999999999").touch()
    (left / "answer-0123456789abcdef.so").write_bytes(b"partial")
    Path(f"{left}.lock").touch()
    assert build_cache._fallback_folder() == left
    build_cache._leave_fallback(left)
    assert list(tmp_path.iterdir()) == []


def test_a_waiter_on_a_removed_lock_file_takes_the_new_one(tmp_path):
    """The fallback's lock may be removed by its holder; a process that waited on the removed
    file must not then hold a lock nobody else sees: here a third process makes and locks a
    new file at the path between the removal and the release, and the waiter must wait for it."""
    import fcntl
    import threading
    path = str(tmp_path / "folder.lock")
    got: list = []

    def wait() -> None:
        with build_cache._RemovableLock(path) as waiter:
            got.append(os.fstat(waiter._fd).st_ino == os.stat(path).st_ino)
            got.append(_try_lock(path))  # others are kept out while it holds
    holder = build_cache._RemovableLock(path).__enter__()
    waiter = threading.Thread(target=wait)
    waiter.start()
    waiter.join(0.3)
    os.unlink(path)  # what remove_on_release does, then a third process's new lock
    third = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(third, fcntl.LOCK_EX)
    holder.__exit__(None, None, None)
    waiter.join(0.5)
    assert waiter.is_alive() and got == []  # it waits for the third, not the removed file
    os.close(third)
    waiter.join(10)
    assert got == [True, False]


def _try_lock(path: str) -> bool:
    import fcntl
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


def test_a_fallback_folder_of_someone_else_is_not_used(tmp_path, monkeypatch):
    """Negative control of the ownership check: a world-writable folder of that name."""
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    planted = tmp_path / f"ascend-ops-cache-{os.getuid()}"
    planted.mkdir()
    planted.chmod(0o777)
    folder = build_cache._fallback_folder()
    assert folder != planted and folder.parent == tmp_path
    build_cache._leave_fallback(folder)
    assert not folder.exists()
    assert list(tmp_path.iterdir()) == [planted]  # no lock file left behind either


def test_doctor_reports_a_damaged_entry(cache, source):
    from ascend_ops.tools.commands import doctor

    library = build_cache.build("answer", [source])
    intact = [f for f in doctor.cpu_findings() if "damaged build cache entry" in f.text]
    assert intact == []  # negative control
    library.write_bytes(b"")
    build_cache._verified.clear()
    found = [f for f in doctor.cpu_findings() if "damaged build cache entry" in f.text]
    assert len(found) == 1 and str(library) in found[0].text and found[0].level == doctor.WARN


def test_doctor_reports_stale_entries(cache, source):
    """A library without its record, a record without its library and a killed build's
    temporary are listed; an intact cache, and a temporary whose build is running, are not."""
    import filelock
    from ascend_ops.tools.commands import doctor

    def stale() -> list[str]:
        return [f.text for f in doctor.cpu_findings() if "stale build cache entry" in f.text]
    library = build_cache.build("answer", [source])
    running = cache / f"{library.name}.tmp-4242-1"
    running.write_bytes(b"half")
    with filelock.FileLock(f"{library}.lock"):  # its build is under way
        assert stale() == []  # negative control
    recordless = cache / "answer-00000000000000aa.so"
    recordless.write_bytes(library.read_bytes())
    orphan = cache / "answer-00000000000000bb.so.record"
    orphan.write_text("{}")
    found = stale()
    assert len(found) == 3, found
    for entry, why in [(recordless, "no build record"), (orphan, "whose library is gone"),
                       (running, "build that was killed")]:
        assert any(str(entry) in text and why in text for text in found), (entry, found)
    assert [f for f in doctor.cpu_findings() if "damaged build cache entry" in f.text] == []


E2E = textwrap.dedent("""
    import warnings
    warnings.simplefilter("always")
    import torch, ascend_ops
    from ascend_ops.cpu import compiled
    x = torch.arange(24, dtype=torch.float32).reshape(2, 3, 4)
    out = torch.ops.ascend_ops.slice(x, [0, 1, 1], [2, 2, 3])
    assert torch.equal(out, x[:, 1:3, 1:4]), out
    print("fast path", compiled.fast_path_active())
""")


def test_a_truncated_fast_path_and_native_copy_cost_a_warning_not_a_crash(tmp_path):
    """The libraries `import ascend_ops` and the first CPU call load, from a copy of the
    cache with every recorded library cut in half: SIGBUS before verification existed."""
    from ascend_ops.cpu import compiled

    built = compiled.built_path()
    if built is None:
        pytest.skip("the compiled fast path is not built (`ascend-ops build`)")
    copy = tmp_path / "cache"
    copy.mkdir()
    for record in built.parent.glob(f"*{build_cache.RECORD_SUFFIX}"):
        library = record.with_name(record.name[: -len(build_cache.RECORD_SUFFIX)])
        if library.name.startswith(("ascend_ops_fast-", "strided_copy-")) and library.is_file():
            (copy / record.name).write_bytes(record.read_bytes())
            (copy / library.name).write_bytes(library.read_bytes()[: library.stat().st_size // 2])
    assert (copy / built.name).exists()
    env = {**os.environ, build_cache.CACHE_ENV: str(copy)}
    result = subprocess.run([sys.executable, "-c", E2E], env=env, capture_output=True, text=True,
                            check=False, cwd=tmp_path, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "fast path False" in result.stdout
    assert result.stderr.count(f"the cached library {copy / built.name} is damaged") == 1, \
        result.stderr[-3000:]
