"""`check-npu --acl-headers DIR`: another CANN's acl headers in place of the ones torch_npu bundles
(Note [acl overlay] in ascend_ops_dev/commands/check_npu.py), proven from the compiler's include
trace. The real compiles pair the running torch's torch_npu release with CANN 8.1's acl headers
(`../shared/cann-8.1`), which that release does not compile with; compat.sh's torch 2.6 run pairs
2.6.0rc1 with them, which does."""
from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from ascend_ops.npu.binding import binding_source, torch_version
from ascend_ops_dev.binding.cpu_aclnn import predicted_headers
from ascend_ops_dev.binding.torch_npu_wheel import cann_release_matches, torch_npu_wheel, unpacked_headers, wheel_dir
from ascend_ops_dev.commands import check_npu
from ascend_ops_gen.spec import project_root

CANN81 = project_root().parent / "shared" / "cann-8.1" / "toolkit" / "aarch64-linux" / "include"
needs_cann81 = pytest.mark.skipif(not CANN81.is_dir(), reason=f"the CANN 8.1 fixture {CANN81} is absent")


def check_npu_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    check_npu.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_the_trace_check_names_acl_headers_read_from_elsewhere(tmp_path):
    include = tmp_path / "cann" / "include"
    wheel = tmp_path / "torch_npu" / "include"
    trace = "\n".join([f". {include}/acl/acl_rt.h", f".. {include}/acl/error_codes/rt_error_codes.h",
                       f". {wheel}/third_party/acl/inc/acl/acl_base.h",
                       f"... {wheel}/third_party/acl/inc/graph/types.h",  # GE, not acl
                       f". {tmp_path}/stand_in/aclnn/acl_meta.h", "In file included from x.h:3,"])
    read = check_npu.acl_headers_read(trace)
    assert read == sorted([f"{include}/acl/acl_rt.h", f"{include}/acl/error_codes/rt_error_codes.h",
                           f"{wheel}/third_party/acl/inc/acl/acl_base.h", f"{tmp_path}/stand_in/aclnn/acl_meta.h"])
    assert check_npu.foreign_acl_headers(read, include) == [f"{tmp_path}/stand_in/aclnn/acl_meta.h",
                                                            f"{wheel}/third_party/acl/inc/acl/acl_base.h"]
    assert check_npu._without_trace(trace + "\n" + check_npu._GUARDS + f"\n{include}/x.h\nerror: y") == \
        "In file included from x.h:3,\nerror: y"


def test_a_cann_release_matches_by_whole_version_parts():
    assert cann_release_matches("8.1.RC1.alpha002", "8.1") and cann_release_matches("8.1.RC1", "8.1.RC1")
    assert not cann_release_matches("8.10.RC1", "8.1") and not cann_release_matches("8.2.RC1", "8.1")


@needs_cann81
def test_headers_of_another_cann_than_the_paired_one_are_refused(capsys):
    assert check_npu.run(check_npu_args("--paired-with", "8.5", "--acl-headers", str(CANN81))) == 2
    assert f"--acl-headers {CANN81} are CANN 8.1.RC1's, not CANN 8.5's" in capsys.readouterr().err


@needs_cann81
def test_the_overlay_links_acl_at_both_of_torch_npu_s_paths():
    assert check_npu.cann_version_of(CANN81) == "8.1.RC1"
    overlay = check_npu.acl_overlay(CANN81)
    for link in ("acl", "aclnn", "third_party/acl/inc/acl"):
        assert (overlay / link).resolve() == (CANN81 / Path(link).name).resolve(), link
    assert not (overlay / "graph").exists()  # torch_npu's bundled GE headers stay its own


@needs_cann81
def test_cann_8_1_s_acl_headers_replace_torch_npu_s_and_the_current_release_needs_newer_ones():
    # Every acl and aclnn header the compile read is 8.1's (aclnn/acl_meta.h too, not the stand-in),
    # and the compile fails on what 8.1's acl lacks: the release needs the CANN it was made for.
    root = unpacked_headers(torch_npu_wheel(torch_version(), wheel_dir()))
    paired = check_npu.compile_binding(binding_source(), root, predicted_headers(), acl_include=CANN81)
    assert not paired.ok and "aclrtMemcpyBatchAttr" in paired.errors(), paired.output[-2000:]
    assert any(p.endswith("/acl/acl_rt.h") for p in paired.acl_read)
    assert any(p.endswith("/aclnn/acl_meta.h") for p in paired.acl_read)
    assert check_npu.foreign_acl_headers(list(paired.acl_read), CANN81) == []


@needs_cann81
def test_an_acl_header_read_from_torch_npu_fails_the_check(monkeypatch, capsys):
    # The negative control of the trace check: an overlay without its `acl` link lets the release's
    # bundled acl headers in; the compile itself passes, the check does not. (On torch_npu
    # 2.6.0rc1, whose headers include 40 acl headers by their wheel path, an overlay without
    # `third_party/acl/inc/acl` does the same.)
    monkeypatch.setattr(check_npu, "_OVERLAY_LINKS", ("aclnn",))
    assert check_npu.run(check_npu_args("--acl-headers", str(CANN81))) == 1
    err = capsys.readouterr().err
    root = unpacked_headers(torch_npu_wheel(torch_version(), wheel_dir()))
    assert f"did not take its acl headers from {CANN81} only (Note [acl overlay]); read elsewhere: " \
           f"{root}/include/" in err, err
