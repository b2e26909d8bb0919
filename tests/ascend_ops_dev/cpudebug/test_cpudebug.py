"""`ascend-ops-dev cpudebug`: the package's intrinsic model under Huawei's AscendC implementation.

Unit tests of the model against the documented examples of asc-devkit's DataCopy,
DataCopyPad(ISASI) and Gather pages (kernels in model_kernels.cpp), on both layouts of the
CPU-debug framework (build.py's Note [cpudebug framework layouts]: asc-tools' public sources in
../shared/cann-headers, a CANN 8.1 toolkit's tikicpulib headers in ../shared/cann-8.1/toolkit),
and the negative controls of the command and the framework: a model rule broken on purpose is
caught by the comparison, a misaligned DataCopy by Huawei's checker (on 8.1, whose checkers are
closed, by its DataCopy's own assertion), a removed intrinsic as a link error naming it, a
definition whose type differs from the toolkit's stub_fun.h as a compile error naming that
declaration, a GM overrun, a flag never waited for, too many blocks and (the 8.1 stand-in) a
kernel argument outside GM. Needs the fixtures; each launcher build is cached by content.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from ascend_ops_dev.cann import cann_check
from ascend_ops_dev.cli import main
from ascend_ops_gen.spec import project_root

try:
    from ascend_ops_dev.cpudebug import build, run as cases
except ImportError:  # pragma: no cover - the tool is part of a checkout
    build = cases = None

HERE = Path(__file__).resolve().parent
KERNELS = str(HERE / "model_kernels.cpp")
CANN_81 = project_root() / ".." / "shared" / "cann-8.1" / "toolkit"
# The headers folder of each layout: the default (../shared/cann-headers) and CANN 8.1's toolkit.
LAYOUTS = {"asc-tools": None, "tikicpulib": CANN_81}


def _headers(layout: str = "asc-tools"):
    try:
        return cann_check.find_headers(LAYOUTS[layout], project_root())
    except cann_check.HeadersNotFound as e:
        pytest.skip(f"no CANN headers: {e}")


@pytest.fixture(scope="module", params=sorted(LAYOUTS))
def layout(request):
    return request.param


@pytest.fixture(scope="module")
def launcher_2201(layout):
    return build.build_arch(2201, _headers(layout), variant=build.Variant(extra_kernels=(KERNELS,))).launcher


def _launch(launcher, kernel, x: bytes, y_bytes: int, tmp_path):
    launched = cases.launch_kernel(launcher, kernel, 1, 0, b"\0" * 8, x, y_bytes, tmp_path)
    problems, _, _ = launched.verdict(1)
    assert not problems, "\n".join(problems) + "\n" + launched.stdout
    return np.frombuffer(launched.y, dtype=np.uint8)


def test_data_copy_blocks_are_32_bytes(launcher_2201, tmp_path):
    x = np.arange(128, dtype=np.uint8)
    y = _launch(launcher_2201, "model_example_data_copy", x.tobytes(), 64, tmp_path)
    # blockCount 2, blockLen 1 DataBlock, srcStride 1 DataBlock: GM bytes 0-31, then 64-95
    assert np.array_equal(y, np.concatenate([x[0:32], x[64:96]]))


def test_data_copy_pad_in_dummy_takes_first_element(launcher_2201, tmp_path):
    src = np.arange(1, 97, dtype=np.uint8)
    fill = np.full(192, 0xEE, dtype=np.uint8)
    y = _launch(launcher_2201, "model_example_data_copy_pad_in", src.tobytes() + fill.tobytes(), 192, tmp_path)
    # row i: 47 bytes from GM offset i * (47 + 1), 17 dummy bytes = the row's first element, then
    # one DataBlock of gap (untouched)
    for i in range(2):
        row = y[i * 96:(i + 1) * 96]
        first = src[i * 48]
        assert np.array_equal(row[:47], src[i * 48:i * 48 + 47])
        assert np.all(row[47:64] == first)
        assert np.all(row[64:96] == 0xEE)


def test_data_copy_pad_in_padding_takes_padding_value(launcher_2201, tmp_path):
    src = np.arange(100, 110, dtype=np.int16)
    y = _launch(launcher_2201, "model_example_data_copy_pad_padded", src.tobytes(), 32, tmp_path).view(np.int16)
    # 2 elements of left padding, the 10 elements, 3 of right padding, then dummy up to 32 bytes
    assert np.all(y[:2] == 0x1234)
    assert np.array_equal(y[2:12], src)
    assert np.all(y[12:] == 0x1234)


def test_data_copy_pad_out_drops_dummy_bytes(launcher_2201, tmp_path):
    ub = (np.arange(192) % 251).astype(np.uint8)
    y = _launch(launcher_2201, "model_example_data_copy_pad_out", ub.tobytes(), 95, tmp_path)
    # UB rows of 64 bytes (47 + 17 dummy) and one DataBlock of gap: rows at UB 0 and 96; GM rows
    # of 47 bytes one byte apart
    assert np.array_equal(y[:47], ub[:47])
    assert np.array_equal(y[48:95], ub[96:143])


def test_gather_doc_example(launcher_2201, tmp_path):
    src = np.arange(128, dtype=np.float16)
    offsets = np.arange(254, -1, -2, dtype=np.uint32)
    y = _launch(launcher_2201, "model_example_gather", src.tobytes() + offsets.tobytes(), 256, tmp_path)
    assert np.array_equal(y.view(np.uint16), src[::-1].view(np.uint16))


def test_trans_data_to_5hd_doc_rule(launcher_2201, tmp_path):
    x = np.arange(64 * 16, dtype=np.uint16).reshape(64, 16)
    y = _launch(launcher_2201, "model_example_trans_data_to_5hd", x.tobytes(), 48 * 32, tmp_path)
    blocks = y.view(np.uint16).reshape(48, 16)
    assert np.array_equal(blocks[0:16], x[0:16].T) and np.array_equal(blocks[16:32], x[16:32].T)
    assert np.array_equal(blocks[32:48], x[1:17].T)


def test_misaligned_data_copy_is_reported_by_huawei_code(layout, launcher_2201, tmp_path):
    # By Huawei's checker where its sources are public (asc-tools); where the checkers are closed
    # (a CANN 8.1 toolkit, whose stand-in checkers accept every call), by the assertion of 8.1's
    # DataCopy implementation itself, on stderr.
    x = np.zeros(64, dtype=np.float16)
    launched = cases.launch_kernel(launcher_2201, "model_misaligned_data_copy", 1, 0, b"\0" * 8, x.tobytes(), 32,
                                   tmp_path)
    problems, reports, _ = launched.verdict(1)
    aligned = [r for r in reports if "align" in r.lower()]
    assert aligned and not any("cpudebug model" in r for r in aligned), (reports, launched.stdout, launched.stderr)
    if layout == "tikicpulib":
        assert all(r.startswith("[ASSERT]") for r in aligned), aligned
    assert any("did not exit with status 0" in p for p in problems), problems


@pytest.mark.parametrize("past, stops", [(32, True), (31, False)])
def test_gm_write_past_the_end_stops_the_core(launcher_2201, tmp_path, past, stops):
    # GmAlloc (asc-tools' or the stand-in's) ends the bytes it hands out at a page no core may
    # touch; the control writes the last byte of y instead.
    launched = cases.launch_kernel(launcher_2201, "model_gm_overrun", 1, 0, bytes([past]) + b"\0" * 31, b"\0" * 32,
                                   32, tmp_path)
    problems, _, _ = launched.verdict(1)
    assert bool(problems) == stops, (problems, launched.stdout)
    if not stops:
        assert launched.y[31] == 0x5A


@pytest.mark.parametrize("left_set, reported", [(1, True), (0, False)])
def test_flag_never_waited_for_is_reported_when_the_kernel_returns(launcher_2201, tmp_path, left_set, reported):
    launched = cases.launch_kernel(launcher_2201, "model_flag_left_set", 1, 0, bytes([left_set]) + b"\0" * 7,
                                   b"\0" * 32, 32, tmp_path)
    problems, reports, _ = launched.verdict(1)
    assert bool(problems) == reported, problems
    assert any("never waited for" in r for r in reports) == reported, reports


@pytest.mark.parametrize("block_dim, refused", [(51, True), (50, False)])
def test_launch_of_more_blocks_than_arch_2201_has_is_refused(launcher_2201, tmp_path, block_dim, refused):
    # 25 AI core groups of 2 vector cores: the launcher's FFTS counter area holds no more.
    launched = cases.launch_kernel(launcher_2201, "model_example_data_copy", block_dim, 0, b"\0" * 8,
                                   bytes(range(128)), 64, tmp_path)
    problems, _, _ = launched.verdict(block_dim)
    assert bool(problems) == refused, problems
    assert (launched.returncode != 0 and "51" in launched.stdout) if refused else launched.y is not None


@pytest.mark.parametrize("outside, refused", [(1, True), (0, False)])
def test_framework_stand_in_refuses_a_kernel_argument_outside_gm(tmp_path, outside, refused):
    launcher = build.build_arch(2201, _headers("tikicpulib"), variant=build.Variant(extra_kernels=(KERNELS,))).launcher
    launched = cases.launch_kernel(launcher, "model_argument_check", 1, 0, bytes([outside]) + b"\0" * 7,
                                   b"\0" * 32, 32, tmp_path)
    problems, reports, _ = launched.verdict(1)
    assert bool(problems) == refused, problems
    assert any("not GM from AscendC::GmAlloc" in r for r in reports) == refused, reports


def test_verdict_needs_every_core_and_no_report():
    ok = "[SUCCESS][CORE_0][pid 1] exit success!\n[SUCCESS][CORE_1][pid 2] exit success!\n"
    assert cases.judge_output(ok, 2)[0] == []
    assert cases.judge_output(ok, 3)[0] == ["1 of 3 cores did not exit with status 0"]
    problems, reports, _ = cases.judge_output("[ERROR] something\n" + ok, 2)
    assert reports == ["[ERROR] something"] and problems
    # the API's assertions go to stderr, which the verdict reads too
    launched = cases.Launch(0, ok, "[ASSERT] x.h:77: Assertion `a' dst address should be 32B aligned\n", b"")
    problems, reports, _ = launched.verdict(2)
    assert reports == ["[ASSERT] x.h:77: Assertion `a' dst address should be 32B aligned"] and problems
    assert cases.Launch(0, ok, "", b"").verdict(2)[0] == []


def test_checker_defect_is_tolerated_by_name_only():
    line = "[ERROR] Failed to check blockLen in DataCopyPad"
    defect = cases.CheckerDefect(r"blockLen in DataCopyPad", "a checker defect")
    problems, reports, tolerated = cases.judge_output(line + "\n[SUCCESS][CORE_0][pid 1] x\n", 1, (defect,))
    assert tolerated == [line] and not reports and not problems
    other = "[ERROR] Failed to check leftPadding value in DataCopyPad"
    _, reports, tolerated = cases.judge_output(other + "\n", 1, (defect,))
    assert reports == [other] and not tolerated


def _cpudebug(layout: str, *args) -> int:
    headers = _headers(layout)
    return main(["cpudebug", "--quick", "--headers", str(headers.root), *args])


def _stub_fun(layout: str) -> Path:
    """The stub_fun.h a layout's build must be compiled against."""
    if layout == "tikicpulib":
        return Path(os.path.abspath(CANN_81 / "tools/tikicpulib/lib/include/stub_fun.h"))  # `..` gone, links kept
    return build.MODEL_DIR / "include" / "stub_fun" / "stub_fun.h"


def test_burst_unit_in_bytes_is_caught_by_the_comparison(layout, capsys):
    # arch 1001 has no DataCopyPad: its copies are the 32-byte-block copy_gm_to_ubuf / ubuf_to_gm
    status = _cpudebug(layout, "--arch", "1001", "--op", "slice", "--define-model", "ASCEND_OPS_CPUDEBUG_BURST_UNIT=1")
    out = capsys.readouterr().out
    assert status == 1
    last = out.strip().splitlines()[-1]
    assert last.startswith("cpudebug: ") and not last.endswith(" 0 differences"), last


def test_transpose_that_copies_blocks_is_caught_by_the_comparison(layout, capsys):
    # The training series rearranges by TransDataTo5HD (Note [block transposes]): a model that
    # copied the listed blocks instead of transposing them shows as differences.
    status = _cpudebug(layout, "--arch", "1001", "--op", "strided_slice", "--define-model",
                       "ASCEND_OPS_CPUDEBUG_TRANSPOSE_AS_COPY=1")
    out = capsys.readouterr().out
    assert status == 1
    last = out.strip().splitlines()[-1]
    assert last.startswith("cpudebug: ") and not last.endswith(" 0 differences"), last


GRADIENT_OPS = ("--op", "slice_grad", "--op", "strided_slice_grad")


def test_gradient_kernels_agree_with_the_emulator_and_the_reference(layout, capsys):
    # The engine's write direction on arch 2201 (both write modes; outputs start as 0xA5 bytes in
    # the launcher as in the emulator, so a zero must be written to count).
    status = _cpudebug(layout, "--arch", "2201", *GRADIENT_OPS)
    out = capsys.readouterr().out
    assert status == 0, out[-3000:]
    assert out.strip().splitlines()[-1].endswith(" 0 differences"), out[-3000:]
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.startswith(("slice_grad ", "strided_slice_grad "))}
    assert set(rows) == {"slice_grad", "strided_slice_grad"}
    assert all(r[3] == "write-burst,write-scalar" and r[2] == r[4] and int(r[2]) > 0 for r in rows.values()), rows


def test_gradient_zeros_that_are_not_zeros_are_caught_by_the_comparison(layout, capsys):
    # Negative control of the above: the model's vector_dup ORs a bit into what it writes, so the
    # zeros the write kernels fill their tiles with are ones.
    status = _cpudebug(layout, "--arch", "2201", *GRADIENT_OPS, "--define-model", "ASCEND_OPS_CPUDEBUG_DUP_OR=1")
    out = capsys.readouterr().out
    assert status == 1
    last = out.strip().splitlines()[-1]
    assert last.startswith("cpudebug: ") and not last.endswith(" 0 differences"), last


def test_intrinsic_missing_from_the_model_is_a_link_error_naming_it(layout, capsys):
    status = _cpudebug(layout, "--arch", "2201", "--op", "slice", "--define-model",
                       "ASCEND_OPS_CPUDEBUG_OMIT_PIPE_BARRIER")
    captured = capsys.readouterr()
    assert status == 1
    assert "undefined" in captured.err and "pipe_barrier" in captured.err
    # the summary says whose declarations the model missed
    assert f"as {_stub_fun(layout)} declares it" in captured.err
    assert captured.out.strip().splitlines()[-1].startswith("cpudebug: 0 cases")


def test_each_layout_compiles_against_its_own_stub_fun(layout):
    # The compiler's own list of the files it opened: a CANN 8.1 build reads 8.1's real stub_fun.h
    # and never the package's; the asc-tools build, which has none, reads the package's.
    built = build.build_arch(2201, _headers(layout))
    assert built.stub_fun is not None and built.stub_fun.resolve() == _stub_fun(layout).resolve()


def test_definition_differing_from_the_declaration_fails_naming_it(layout):
    # sbitset0 defined returning int64_t; stub_fun.h declares uint64_t. The message names the
    # declaration in the stub_fun.h of the layout: CANN 8.1's own on the toolkit.
    with pytest.raises(build.CpudebugBuildError) as failed:
        build.build_arch(2201, _headers(layout), variant=build.Variant(("ASCEND_OPS_CPUDEBUG_SBITSET_INT64",)))
    message = str(failed.value)
    assert "a definition differs from its declaration:" in message, message[:2000]
    [(defined, declared, where)] = build.mismatched_declarations(message)
    assert (defined, declared) == ("int64_t sbitset0(uint64_t, int64_t)", "uint64_t sbitset0(uint64_t, int64_t)")
    assert Path(where.rsplit(":", 1)[0]).resolve() == _stub_fun(layout).resolve()


def test_mismatched_declarations_are_read_from_the_compiler():
    text = ("model.cpp:626:9: error: ambiguating new declaration of \u2018int64_t f(uint64_t)\u2019\n"
            "  626 | int64_t f(uint64_t value)\n"
            "/t/stub_fun.h:1419:10: note: old declaration \u2018uint64_t f(uint64_t)\u2019\n")
    assert build.mismatched_declarations(text) == [("int64_t f(uint64_t)", "uint64_t f(uint64_t)", "/t/stub_fun.h:1419")]
    assert build.mismatched_declarations("model.cpp:1:1: error: expected ';'\n") == []


def test_huawei_model_without_the_library_is_refused_naming_it():
    with pytest.raises(build.CpudebugBuildError, match=r"tools/tikicpulib/lib/ascend910B1/libcpudebug.so .* is not there"):
        build.build_arch(2201, _headers("tikicpulib"), variant=build.Variant(huawei_model=True))


def _headers_at(root: Path, *kernel: Path) -> cann_check.CannHeaders:
    return cann_check.CannHeaders(root, "test", tuple(kernel), ())


def test_the_layout_is_found_by_the_files_a_folder_holds(tmp_path):
    assert build.framework(_headers("asc-tools")).layout == build.ASC_TOOLS
    assert build.framework(_headers("tikicpulib")).layout == build.TIKICPULIB
    # a folder with neither framework
    with pytest.raises(build.CpudebugBuildError, match="neither asc-tools' public sources .* nor a CANN toolkit"):
        build.framework(_headers_at(tmp_path, tmp_path))
    # tikicpulib headers without stub_fun.h
    tik = tmp_path / "tools/tikicpulib/lib/include"
    tik.mkdir(parents=True)
    for name in ("kern_fwk.h", "stub_def.h", "tikicpulib.h", "kernel_fp16.h", "securec.h"):
        (tik / name).write_text("")
    with pytest.raises(build.CpudebugBuildError, match="has kern_fwk.h but not stub_fun.h"):
        build.framework(_headers_at(tmp_path, tik))
    (tik / "stub_fun.h").write_text("")
    assert build.framework(_headers_at(tmp_path, tik)).layout == build.TIKICPULIB
    (tik / "securec.h").unlink()
    with pytest.raises(build.CpudebugBuildError, match="no securec.h on the kernel include path"):
        build.framework(_headers_at(tmp_path, tik))


def test_undefined_symbols_are_read_from_the_linker():
    text = "x.o: in function `f':\nx.cpp:(.text+0x1): undefined reference to `pipe_barrier(pipe_t)'\n"
    assert build.undefined_symbols(text) == ["pipe_barrier(pipe_t)"]


@pytest.mark.skipif(build is None, reason="the CPU-debug tool is part of a checkout")
def test_targets_cover_every_soc_whose_numbers_differ():
    from ascend_ops_gen.spec import specs

    for p in specs().products:
        chosen = [t.soc for t in cases.targets([p])]
        assert chosen[0] == p.simulated_soc
        numbers = {(s.ai_cores, s.vector_cores) for s in p.socs}
        assert len(chosen) == len(numbers)


def test_plan_for_another_soc_of_the_product():
    from ascend_ops.runtime.errors import OpArgumentError
    from ascend_ops.sim.runner import plan

    shape = (4096, 1024)
    on_b2 = plan("slice", shape, "float32", ([0, 0], [4096, 1000]), product="atlas-a2")
    on_b3 = plan("slice", shape, "float32", ([0, 0], [4096, 1000]), product="atlas-a2", soc="Ascend910B3")
    # The cores the plan is worth, at most the SoC's (Note [core count] in copy_cost.h): the
    # 48-core B2's plan takes more than the 40-core B3 has.
    assert on_b2.soc == "Ascend910B2" and 40 < on_b2.block_dim <= 48, on_b2
    assert on_b3.soc == "Ascend910B3" and on_b3.block_dim <= 40, on_b3
    with pytest.raises(OpArgumentError, match="soc='Ascend310P3' is no SoC of atlas-a2"):
        plan("slice", shape, "float32", ([0, 0], [4096, 1000]), product="atlas-a2", soc="Ascend310P3")
