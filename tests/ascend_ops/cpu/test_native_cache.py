"""ascend_ops.runtime.build_cache's build cache (Note [build cache]): where it lives, an unusable cache, stale
temporary files, concurrent first builds."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import warnings
from pathlib import Path

import pytest

from ascend_ops.runtime import build_cache

SOURCE = 'extern "C" int ascend_ops_cache_test_answer() { return %d; }\n'


@pytest.fixture
def source(tmp_path):
    """A one-function C++ source, unique to the test (so no cache entry exists for it yet)."""
    path = tmp_path / "answer.cpp"
    path.write_text(SOURCE % (abs(hash(str(tmp_path))) % 100000), encoding="utf-8")
    return path


def _compiles(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_the_cache_is_the_variable_when_set(tmp_path, monkeypatch, source):
    monkeypatch.setenv(build_cache.CACHE_ENV, str(tmp_path / "cache"))
    built = build_cache.build("answer", [source])
    assert built.parent == tmp_path / "cache"
    assert build_cache.load("answer", [source]).ascend_ops_cache_test_answer() == \
        int(source.read_text().split("return ")[1].split(";")[0])


def test_the_default_cache_is_the_user_cache_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(build_cache.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert build_cache.cache_dir() == tmp_path / "xdg" / "ascend-ops"
    assert "site-packages" not in str(build_cache.cache_dir())


def test_a_cache_that_is_a_file_warns_once_and_builds_elsewhere(tmp_path, monkeypatch, source):
    not_a_folder = tmp_path / "cache-file"
    not_a_folder.write_text("")
    monkeypatch.setenv(build_cache.CACHE_ENV, str(not_a_folder / "sub"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = build_cache.build("answer", [source])
        second = build_cache.build("answer", [source])
    messages = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]
    assert len(messages) == 1, messages
    assert f"{build_cache.CACHE_ENV}={not_a_folder / 'sub'}" in messages[0]
    assert "NotADirectoryError" in messages[0]
    assert first == second and first.is_file() and not str(first).startswith(str(not_a_folder))


def test_a_read_only_cache_warns_and_the_build_still_works(tmp_path, source):
    """A read-only folder: mode bits, or for root (who ignores them) a read-only bind mount in a
    mount namespace of the check's own, as a read-only volume would be."""
    cache = tmp_path / "read-only-cache"
    cache.mkdir()
    cache.chmod(0o555)
    script = textwrap.dedent(f"""
        import sys, warnings
        from ascend_ops.runtime import build_cache
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            lib = build_cache.load("answer", [sys.argv[1]])
        assert lib.ascend_ops_cache_test_answer() >= 0
        cache_warnings = [str(w.message) for w in caught if "{build_cache.CACHE_ENV}" in str(w.message)]
        assert len(cache_warnings) == 1, [str(w.message) for w in caught]
        print(cache_warnings[0])
    """)
    env = {**os.environ, build_cache.CACHE_ENV: str(cache)}
    command = [sys.executable, "-c", script, str(source)]
    if os.geteuid() == 0:
        command = ["unshare", "--mount", "sh", "-c",
                   f'mount --bind -o ro "{cache}" "{cache}" && exec "$@"', "sh", *command]
    result = subprocess.run(command, env=env, capture_output=True, text=True, cwd=tmp_path,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert f"cannot use {build_cache.CACHE_ENV}={cache} as the build cache" in result.stdout
    assert "Read-only file system" in result.stdout or "Permission denied" in result.stdout
    assert list(cache.iterdir()) == []


def test_a_killed_build_leaves_nothing_behind(tmp_path, monkeypatch, source):
    monkeypatch.setenv(build_cache.CACHE_ENV, str(tmp_path / "cache"))
    target = build_cache.build("answer", [source])
    target.unlink()
    # What killed builds leave: a temporary file of this library and one of another library.
    own = target.with_name(target.name + ".tmp-999999-1")
    other = target.with_name("other-0123456789abcdef.so.tmp-999999-2")
    for stale in (own, other):
        stale.write_bytes(b"half a library")
    rebuilt = build_cache.build("answer", [source])
    assert rebuilt == target and rebuilt.is_file()
    assert not own.exists() and not other.exists()
    assert not list((tmp_path / "cache").glob("*.tmp-*"))


def test_a_failed_build_leaves_no_temporary_file(tmp_path, monkeypatch):
    monkeypatch.setenv(build_cache.CACHE_ENV, str(tmp_path / "cache"))
    bad = tmp_path / "bad.cpp"
    bad.write_text("this is not C++\n", encoding="utf-8")
    with pytest.raises(build_cache.NativeBuildError, match="building bad failed"):
        build_cache.build("bad", [bad])
    assert not list((tmp_path / "cache").glob("*.tmp-*"))
    assert not list((tmp_path / "cache").glob("*.so"))


def test_concurrent_first_builds_compile_once(tmp_path, monkeypatch, source, counting_compiler):
    monkeypatch.setenv(build_cache.CACHE_ENV, str(tmp_path / "cache"))
    results, errors = [], []

    def first_call():
        try:
            results.append(build_cache.build("answer", [source]))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=first_call) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(set(results)) == 1
    assert _compiles(counting_compiler) == 1


def test_concurrent_first_builds_in_processes_compile_once(tmp_path, source, counting_compiler):
    script = ("import sys; from ascend_ops.runtime import build_cache; "
              "print(build_cache.build('answer', [sys.argv[1]]))")
    env = {**os.environ, build_cache.CACHE_ENV: str(tmp_path / "cache")}
    procs = [subprocess.Popen([sys.executable, "-c", script, str(source)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(3)]
    outputs = [p.communicate() for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in outputs]
    assert len({out.strip() for out, _ in outputs}) == 1
    assert _compiles(counting_compiler) == 1


def test_the_count_sees_every_compile(tmp_path, monkeypatch, counting_compiler):
    """Negative control: two different sources are two compiles."""
    monkeypatch.setenv(build_cache.CACHE_ENV, str(tmp_path / "cache"))
    for value in (1, 2):
        src = tmp_path / f"s{value}.cpp"
        src.write_text(SOURCE % value, encoding="utf-8")
        build_cache.build(f"s{value}", [src])
    assert _compiles(counting_compiler) == 2


def test_every_header_a_source_includes_is_part_of_the_build(tmp_path):
    # The native copy's parts sit beside strided_copy.cpp; an op host reaches its view builder by
    # "../<op>_view.h", outside every include folder. Changing either is a new build; a header
    # nothing includes is not part of it.
    (tmp_path / "op").mkdir()
    (tmp_path / "op" / "op_host").mkdir()
    main = tmp_path / "op" / "op_host" / "main.cpp"
    main.write_text('#include "part.h"\nextern "C" int answer() { return Answer(); }\n', encoding="utf-8")
    (tmp_path / "op" / "op_host" / "part.h").write_text('#include "../view.h"\n', encoding="utf-8")
    (tmp_path / "op" / "view.h").write_text("inline int Answer() { return 1; }\n", encoding="utf-8")
    (tmp_path / "op" / "unused.h").write_text("", encoding="utf-8")

    def key() -> str:
        return build_cache._target("beside", [main], (), (), None)[2]

    before = key()
    (tmp_path / "op" / "unused.h").write_text("int unused;\n", encoding="utf-8")
    assert key() == before
    (tmp_path / "op" / "view.h").write_text("inline int Answer() { return 2; }\n", encoding="utf-8")
    assert key() != before


def test_a_file_of_an_include_folder_the_build_does_not_include_is_not_part_of_it(tmp_path):
    # The fast path's include folders hold generated files it does not compile (the NPU binding):
    # regenerating them must not make it build again.
    (tmp_path / "inc").mkdir()
    main = tmp_path / "main.cpp"
    main.write_text('#include "used.h"\nextern "C" int answer() { return Answer(); }\n', encoding="utf-8")
    (tmp_path / "inc" / "used.h").write_text("inline int Answer() { return 1; }\n", encoding="utf-8")
    (tmp_path / "inc" / "binding.cpp").write_text("int other;\n", encoding="utf-8")

    def key() -> str:
        return build_cache._target("folders", [main], (tmp_path / "inc",), (), None)[2]

    before = key()
    (tmp_path / "inc" / "binding.cpp").write_text("int other_still;\n", encoding="utf-8")
    assert key() == before
    (tmp_path / "inc" / "used.h").write_text("inline int Answer() { return 2; }\n", encoding="utf-8")
    assert key() != before
