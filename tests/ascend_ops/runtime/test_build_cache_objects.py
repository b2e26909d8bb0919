"""Libraries linked from cached objects (Note [object builds] in build_cache.py): a unit two
libraries share is compiled once, units that differ are not shared, a damaged object is rebuilt,
a unit that does not compile names its source."""
from __future__ import annotations

import ctypes
import warnings
from pathlib import Path

import pytest

from ascend_ops.runtime import build_cache
from ascend_ops.runtime.build_cache import Unit

SHARED = '#ifndef BASE\n#define BASE 0\n#endif\nextern "C" int ascend_ops_objects_base() { return %d + BASE; }\n'
OWN = 'extern "C" int ascend_ops_objects_base();\nextern "C" int ascend_ops_objects_%s() { return ascend_ops_objects_base() * 10 + %d; }\n'


@pytest.fixture
def units(tmp_path):
    """(shared, one, two): a base function unique to the test and two units calling it."""
    base = abs(hash(str(tmp_path))) % 1000 + 1
    (tmp_path / "shared.cpp").write_text(SHARED % base, encoding="utf-8")
    (tmp_path / "one.cpp").write_text(OWN % ("one", 1), encoding="utf-8")
    (tmp_path / "two.cpp").write_text(OWN % ("two", 2), encoding="utf-8")
    return base, Unit(tmp_path / "shared.cpp"), Unit(tmp_path / "one.cpp"), Unit(tmp_path / "two.cpp")


def _compiles(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def _call(library: Path, name: str) -> int:
    return getattr(ctypes.CDLL(str(library)), name)()


def test_a_unit_two_libraries_share_is_compiled_once(cache, units, counting_compiler):
    base, shared, one, two = units
    built = build_cache.build_libraries({"one": [shared, one], "two": [shared, two]}, jobs=2)
    assert sorted(p.name.split("-")[0] for p in cache.glob("*.o")) == ["one", "shared", "two"]
    assert _compiles(counting_compiler) == 3 + 2  # three objects, two links
    assert _call(built["one"], "ascend_ops_objects_one") == base * 10 + 1
    assert _call(built["two"], "ascend_ops_objects_two") == base * 10 + 2
    again = build_cache.build_libraries({"one": [shared, one], "two": [shared, two]})
    assert again == built and _compiles(counting_compiler) == 5  # all cached


def test_units_that_differ_in_their_defines_are_not_shared(cache, units, counting_compiler):
    """Negative control of the sharing: the same source under other defines is another object."""
    base, shared, one, two = units
    other = Unit(shared.source, defines=(("BASE", "100"),))
    built = build_cache.build_libraries({"one": [shared, one], "two": [other, two]})
    assert len(list(cache.glob("shared-*.o"))) == 2
    assert _call(built["one"], "ascend_ops_objects_one") == base * 10 + 1
    assert _call(built["two"], "ascend_ops_objects_two") == (base + 100) * 10 + 2


def test_a_damaged_object_warns_and_is_rebuilt(cache, units, counting_compiler):
    base, shared, one, _ = units
    build_cache.build_libraries({"one": [shared, one]})
    (obj,) = cache.glob("shared-*.o")
    good = obj.read_bytes()
    obj.write_bytes(good[: len(good) // 2])
    build_cache._verified.clear()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        built = build_cache.build_libraries({"one": [shared, one]})
    assert [str(obj) in str(w.message) for w in caught if "is damaged" in str(w.message)] == [True]
    assert obj.read_bytes() == good and _compiles(counting_compiler) == 2 + 1 + 1
    assert _call(built["one"], "ascend_ops_objects_one") == base * 10 + 1


def test_a_unit_that_does_not_compile_names_its_source(cache, tmp_path):
    bad = tmp_path / "bad_unit.cpp"
    bad.write_text("int broken( {\n", encoding="utf-8")
    with pytest.raises(build_cache.NativeBuildError, match=r"building bad_unit failed .*bad_unit\.cpp"):
        build_cache.build_libraries({"lib": [Unit(bad)]})
    assert not list(cache.glob("lib-*.so"))
