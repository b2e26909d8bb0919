"""The simulator library's C ABI structs as ctypes classes (ascend_ops/sim/abi.py, generated from
sim_abi.h and copy_tiling.h by ascend_ops_gen/codegen/sim_abi.py): never listed a second time by
hand, their layout asserted of the C++ structs by sim_abi_mirrors_generated.h (which launcher.cpp
includes), and compared with the library's own sizes when it loads; AscendSimStats proven against
the one counter list of sim_stats.h by launcher.cpp's static_asserts."""
from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ascend_ops.runtime import build_cache
from ascend_ops.sim import abi, library
from ascend_ops_gen.codegen import sim_abi

ROOT = Path(__file__).resolve().parents[3]
SIM = ROOT / "python" / "ascend_ops" / "sim"
STATS_H = (ROOT / "ascend_kernels/sim/sim_stats.h").read_text()
ABI_H = (SIM / "sim_abi.h").read_text()
PROOF_H = (SIM / "sim_abi_mirrors_generated.h").read_text()


def test_the_ctypes_stats_are_the_counters_of_the_one_list():
    counters = sim_abi.stats_counters(STATS_H)
    assert counters[0] == ("uint32_t", "blockDim") and ("uint64_t", "syncCalls") in counters
    assert [name for name, _ in library.Stats._fields_] == [name for _, name in counters] + ["busiestOverMean"]
    assert "ASCEND_SIM_STATS_COUNTERS(ASCEND_SIM_STATS_FIELD)" in STATS_H  # ascend_sim::Stats


def test_the_other_structs_are_read_from_the_header():
    assert [n for n, _ in library.SocInfo._fields_] == ["coreNum", "ubBytes", "platformUbBytes", "product"]
    assert library.Attr._fields_[0] == ("name", ctypes.c_char_p)
    parsed = {s.name: [f.name for f in s.fields] for s in sim_abi.abi_structs(ABI_H, "sim_abi.h")}
    assert parsed == {name: [n for n, _ in getattr(abi, name)._fields_] for name in sim_abi.ABI_STRUCTS}


def test_ctypes_lays_the_mirrors_out_as_the_proof_asserts():
    for name, (size, offsets) in abi.LAYOUTS.items():
        cls = getattr(abi, name)
        assert ctypes.sizeof(cls) == size, name
        assert {field: getattr(cls, field).offset for field, _ in cls._fields_} == offsets, name
        assert f"sizeof({'ascend_ops::CopyTiling' if name == 'CopyTiling' else 'AscendSim' + name}) == {size}" \
            in PROOF_H


def test_the_layout_check_finds_a_mirror_ctypes_lays_out_otherwise(monkeypatch):
    # negative control: a mirror whose fields ctypes places elsewhere than the proof asserts
    swapped = type("Tensor", (ctypes.Structure,), {"_fields_": [abi.Tensor._fields_[1], abi.Tensor._fields_[0],
                                                                 *abi.Tensor._fields_[2:]]})
    monkeypatch.setattr(abi, "Tensor", swapped)
    with pytest.raises(AssertionError, match="Tensor"):
        test_ctypes_lays_the_mirrors_out_as_the_proof_asserts()


def test_a_member_it_cannot_read_is_named_with_its_line():
    text = ABI_H.replace("    int64_t platformUbBytes;", "    std::string platformUbBytes;")
    line = next(i for i, t in enumerate(text.split("\n")) if t.startswith("    std::string platformUbBytes;")) + 1
    with pytest.raises(sim_abi.AbiError, match=rf"sim_abi.h:{line}: cannot read the member "
                                               r"'std::string platformUbBytes;' of AscendSimSocInfo"):
        sim_abi.abi_members(text, "AscendSimSocInfo", "python/ascend_ops/sim/sim_abi.h")


def test_a_missing_counter_list_or_struct_is_an_error():
    with pytest.raises(sim_abi.AbiError, match="no `#define ASCEND_SIM_STATS_COUNTERS"):
        sim_abi.stats_counters(STATS_H.replace("#define ASCEND_SIM_STATS_COUNTERS(X)", "#define OTHER(X)"))
    with pytest.raises(sim_abi.AbiError, match="no line `struct AscendSimNone {`"):
        sim_abi.abi_members(ABI_H, "AscendSimNone", "sim_abi.h")


def _syntax_check(tmp_path: Path, abi_text: str, proof_text: str = PROOF_H) -> subprocess.CompletedProcess:
    shutil.copy(library.LAUNCHER, tmp_path / "launcher.cpp")
    (tmp_path / "sim_abi.h").write_text(abi_text)
    (tmp_path / "sim_abi_mirrors_generated.h").write_text(proof_text)
    k = ROOT / "ascend_kernels"
    return subprocess.run(["g++", "-std=c++17", "-fsyntax-only", f"-I{k / 'sim'}", f"-I{k / 'sim' / 'cann_host_stub'}",
                           f"-I{k / 'common'}", "-DASCEND_SIM_TILING_TYPE=ascend_ops::CopyTiling",
                           str(tmp_path / "launcher.cpp")], capture_output=True, text=True)


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_the_launcher_proves_ascend_sim_stats_against_the_counter_list(tmp_path: Path):
    assert _syntax_check(tmp_path, ABI_H).returncode == 0
    swapped = ABI_H.replace("    uint64_t bytesGmToUb;\n    uint64_t bytesUbToGm;\n",
                            "    uint64_t bytesUbToGm;\n    uint64_t bytesGmToUb;\n")
    assert swapped != ABI_H
    result = _syntax_check(tmp_path, swapped)
    assert result.returncode != 0 and "does not hold counter bytesGmToUb of ASCEND_SIM_STATS_COUNTERS" in result.stderr


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_the_launcher_proves_the_mirrors_against_the_header_they_were_generated_from(tmp_path: Path):
    # A member of sim_abi.h changed without `ascend-ops-dev generate` (same size, another type;
    # then one added) fails the simulator's build on the generated proof.
    retyped = ABI_H.replace("    int64_t platformUbBytes;", "    double platformUbBytes;")
    assert retyped != ABI_H
    result = _syntax_check(tmp_path, retyped)
    assert result.returncode != 0 and "AscendSimSocInfo changed: run `ascend-ops-dev generate`" in result.stderr
    grown = ABI_H.replace("    const char* product;", "    const char* product;\n    int64_t extra;")
    result = _syntax_check(tmp_path, grown)
    assert result.returncode != 0 and "AscendSimSocInfo changed: run `ascend-ops-dev generate`" in result.stderr
    # and the proof generated from the edited header accepts it
    structs = (*sim_abi.abi_structs(grown, "sim_abi.h"), _copy_tiling_struct())
    assert _syntax_check(tmp_path, grown, sim_abi.emit_proof(structs, "sim_abi.h")).returncode == 0


def _copy_tiling_struct() -> sim_abi.MirrorStruct:
    from ascend_ops_gen.codegen.copy_tiling import load_copy_tiling

    return sim_abi.copy_tiling_struct(load_copy_tiling(ROOT / "ascend_kernels/common/copy_tiling.h",
                                                       "ascend_kernels/common/copy_tiling.h"))


def _sizes(sizes: list[int]) -> str:
    return re.escape("(" + ", ".join(map(str, sizes)) + ")")


def test_the_library_checks_the_classes_against_its_sizes(monkeypatch):
    lib = library.library(2201).cdll  # builds (or loads) the simulator of arch 2201
    assert library._check_abi(lib)
    sizes = [ctypes.sizeof(c) for c in (library.Attr, library.SocInfo, library.Stats, library.Tensor)]
    short = type("Stats", (ctypes.Structure,), {"_fields_": library.Stats._fields_[:-1]})
    monkeypatch.setattr(abi, "Stats", short)
    mirrors = sizes[:2] + [ctypes.sizeof(short), sizes[3]]
    with pytest.raises(build_cache.NativeBuildError, match=rf"AscendSimTensor have {_sizes(sizes)} bytes, "
                                                          rf"their ctypes mirrors .* {_sizes(mirrors)}"):
        library._check_abi(lib)
    monkeypatch.undo()
    short_tensor = type("Tensor", (ctypes.Structure,), {"_fields_": library.Tensor._fields_[:-1]})
    monkeypatch.setattr(abi, "Tensor", short_tensor)
    mirrors = sizes[:3] + [ctypes.sizeof(short_tensor)]
    with pytest.raises(build_cache.NativeBuildError, match=rf"{_sizes(sizes)} bytes, .* {_sizes(mirrors)}"):
        library._check_abi(lib)
