"""The simulator library's C ABI structs as ctypes classes (ascend_ops/sim/abi.py): read from
launcher.cpp and from the counter list of sim_stats.h, never listed a second time, and compared
with the library's own sizes when it loads."""
from __future__ import annotations

import ctypes
from pathlib import Path

import pytest

from ascend_ops import native
from ascend_ops.sim import abi, library

ROOT = Path(__file__).resolve().parents[2]
STATS_H = (ROOT / "ascend_kernels/sim/sim_stats.h").read_text()
LAUNCHER = abi.LAUNCHER.read_text()


def test_the_stats_counters_are_read_from_their_one_list():
    counters = abi.stats_counters(STATS_H)
    assert counters[0] == ("uint32_t", "blockDim") and ("uint64_t", "syncCalls") in counters
    fields = [name for name, _ in library.Stats._fields_]
    assert fields == [name for _, name in counters] + ["busiestOverMean"]
    # ascend_sim::Stats declares the same list: nothing else names the counters in C++
    assert "ASCEND_SIM_STATS_COUNTERS(ASCEND_SIM_STATS_FIELD)" in STATS_H
    assert "ASCEND_SIM_STATS_COUNTERS(ASCEND_SIM_ABI_COUNTER)" in LAUNCHER
    assert "uint64_t dmaInstructions" not in LAUNCHER


def test_the_other_structs_are_read_from_the_launcher():
    assert [n for n, _ in library.SocInfo._fields_] == ["coreNum", "ubBytes", "platformUbBytes",
                                                        "hasDataCopyPad", "hasGather"]
    assert library.Attr._fields_[0] == ("name", ctypes.c_char_p)


def test_a_member_it_cannot_read_is_named_with_its_line():
    text = LAUNCHER.replace("    int64_t platformUbBytes;", "    std::string platformUbBytes;")
    line = text.split("\n").index("    std::string platformUbBytes;") + 1
    with pytest.raises(abi.AbiError, match=rf"launcher.cpp:{line}: cannot read the member "
                                           r"'std::string platformUbBytes;' of AscendSimSocInfo"):
        abi.abi_fields(text, "AscendSimSocInfo", [])


def test_a_missing_counter_list_or_struct_is_an_error():
    with pytest.raises(abi.AbiError, match="no `#define ASCEND_SIM_STATS_COUNTERS"):
        abi.stats_counters(STATS_H.replace("#define ASCEND_SIM_STATS_COUNTERS(X)", "#define OTHER(X)"))
    with pytest.raises(abi.AbiError, match="no line `struct AscendSimNone {`"):
        abi.abi_fields(LAUNCHER, "AscendSimNone", [])


def test_the_library_checks_the_classes_against_its_sizes(monkeypatch):
    lib = library.library(2201).cdll  # builds (or loads) the simulator of arch 2201
    assert library._check_abi(lib)
    short = type("Stats", (ctypes.Structure,), {"_fields_": library.Stats._fields_[:-1]})
    real = abi.structs(ROOT / "ascend_kernels")
    monkeypatch.setattr(abi, "structs", lambda root: {**real, "Stats": short})
    with pytest.raises(native.NativeBuildError, match="AscendSimStats have"):
        library._check_abi(lib)
