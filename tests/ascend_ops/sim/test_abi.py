"""The simulator library's C ABI structs as ctypes classes (ascend_ops/sim/abi.py): read from
sim_abi.h, never listed a second time in Python, and compared with the library's own sizes when it
loads; AscendSimStats proven against the one counter list of sim_stats.h by launcher.cpp's
static_asserts."""
from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ascend_ops.runtime import build_cache
from ascend_ops.sim import abi, library

ROOT = Path(__file__).resolve().parents[3]
STATS_H = (ROOT / "ascend_kernels/sim/sim_stats.h").read_text()
ABI_H = abi.ABI_HEADER.read_text()


def test_the_ctypes_stats_are_the_counters_of_the_one_list():
    counters = abi.stats_counters(STATS_H)
    assert counters[0] == ("uint32_t", "blockDim") and ("uint64_t", "syncCalls") in counters
    assert [name for name, _ in library.Stats._fields_] == [name for _, name in counters] + ["busiestOverMean"]
    assert "ASCEND_SIM_STATS_COUNTERS(ASCEND_SIM_STATS_FIELD)" in STATS_H  # ascend_sim::Stats


def test_the_other_structs_are_read_from_the_header():
    assert [n for n, _ in library.SocInfo._fields_] == ["coreNum", "ubBytes", "platformUbBytes", "product"]
    assert library.Attr._fields_[0] == ("name", ctypes.c_char_p)


def test_a_member_it_cannot_read_is_named_with_its_line():
    text = ABI_H.replace("    int64_t platformUbBytes;", "    std::string platformUbBytes;")
    line = next(i for i, t in enumerate(text.split("\n")) if t.startswith("    std::string platformUbBytes;")) + 1
    with pytest.raises(abi.AbiError, match=rf"sim_abi.h:{line}: cannot read the member "
                                           r"'std::string platformUbBytes;' of AscendSimSocInfo"):
        abi.abi_fields(text, "AscendSimSocInfo")


def test_a_missing_counter_list_or_struct_is_an_error():
    with pytest.raises(abi.AbiError, match="no `#define ASCEND_SIM_STATS_COUNTERS"):
        abi.stats_counters(STATS_H.replace("#define ASCEND_SIM_STATS_COUNTERS(X)", "#define OTHER(X)"))
    with pytest.raises(abi.AbiError, match="no line `struct AscendSimNone {`"):
        abi.abi_fields(ABI_H, "AscendSimNone")


def _syntax_check(tmp_path: Path, abi_text: str) -> subprocess.CompletedProcess:
    for name in ("launcher.cpp",):
        shutil.copy(library.LAUNCHER, tmp_path / name)
    (tmp_path / "sim_abi.h").write_text(abi_text)
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


def _sizes(sizes: list[int]) -> str:
    return re.escape("(" + ", ".join(map(str, sizes)) + ")")


def test_the_library_checks_the_classes_against_its_sizes(monkeypatch):
    lib = library.library(2201).cdll  # builds (or loads) the simulator of arch 2201
    assert library._check_abi(lib)
    sizes = [ctypes.sizeof(c) for c in (library.Attr, library.SocInfo, library.Stats, library.Tensor)]
    short = type("Stats", (ctypes.Structure,), {"_fields_": library.Stats._fields_[:-1]})
    real = abi.structs(ROOT / "ascend_kernels")
    monkeypatch.setattr(abi, "structs", lambda root: {**real, "Stats": short})
    mirrors = sizes[:2] + [ctypes.sizeof(short), sizes[3]]
    with pytest.raises(build_cache.NativeBuildError, match=rf"AscendSimTensor have {_sizes(sizes)} bytes, "
                                                          rf"their ctypes mirrors .* {_sizes(mirrors)}"):
        library._check_abi(lib)
    short_tensor = type("Tensor", (ctypes.Structure,), {"_fields_": library.Tensor._fields_[:-1]})
    monkeypatch.setattr(abi, "structs", lambda root: {**real, "Tensor": short_tensor})
    mirrors = sizes[:3] + [ctypes.sizeof(short_tensor)]
    with pytest.raises(build_cache.NativeBuildError, match=rf"{_sizes(sizes)} bytes, .* {_sizes(mirrors)}"):
        library._check_abi(lib)
