"""`ascend-ops-dev cpudebug`: the package's intrinsic model under Huawei's AscendC implementation.

Unit tests of the model against the documented examples of asc-devkit's DataCopy,
DataCopyPad(ISASI) and Gather pages (kernels in model_kernels.cpp), and the negative controls of
the command: a model rule broken on purpose is caught by the comparison, a misaligned DataCopy
by Huawei's checker, a removed intrinsic as a link error naming it. Needs the CANN headers
fixture (../shared/cann-headers) or a toolkit; each launcher build is cached by content.
"""
from __future__ import annotations

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


def _headers():
    try:
        return cann_check.find_headers(None, project_root())
    except cann_check.HeadersNotFound as e:
        pytest.skip(f"no CANN headers: {e}")


@pytest.fixture(scope="module")
def launcher_2201():
    return build.build_arch(2201, _headers(), variant=build.Variant(extra_kernels=(KERNELS,))).launcher


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


def test_misaligned_data_copy_is_reported_by_huawei_checker(launcher_2201, tmp_path):
    x = np.zeros(64, dtype=np.float16)
    launched = cases.launch_kernel(launcher_2201, "model_misaligned_data_copy", 1, 0, b"\0" * 8, x.tobytes(), 32,
                                   tmp_path)
    problems, reports, _ = launched.verdict(1)
    assert reports, launched.stdout
    assert any("align" in r.lower() for r in reports), reports
    assert any("did not exit with status 0" in p for p in problems), problems


def test_verdict_needs_every_core_and_no_report():
    ok = "[SUCCESS][CORE_0][pid 1] exit success!\n[SUCCESS][CORE_1][pid 2] exit success!\n"
    assert cases.judge_output(ok, 2)[0] == []
    assert cases.judge_output(ok, 3)[0] == ["1 of 3 cores did not exit with status 0"]
    problems, reports, _ = cases.judge_output("[ERROR] something\n" + ok, 2)
    assert reports == ["[ERROR] something"] and problems


def test_checker_defect_is_tolerated_by_name_only():
    line = "[ERROR] Failed to check blockLen in DataCopyPad"
    defect = cases.CheckerDefect(r"blockLen in DataCopyPad", "a checker defect")
    problems, reports, tolerated = cases.judge_output(line + "\n[SUCCESS][CORE_0][pid 1] x\n", 1, (defect,))
    assert tolerated == [line] and not reports and not problems
    other = "[ERROR] Failed to check leftPadding value in DataCopyPad"
    _, reports, tolerated = cases.judge_output(other + "\n", 1, (defect,))
    assert reports == [other] and not tolerated


def _cpudebug(*args) -> int:
    _headers()
    return main(["cpudebug", "--quick", *args])


def test_burst_unit_in_bytes_is_caught_by_the_comparison(capsys):
    # arch 1001 has no DataCopyPad: its copies are the 32-byte-block copy_gm_to_ubuf / ubuf_to_gm
    status = _cpudebug("--arch", "1001", "--op", "slice", "--define-model", "ASCEND_OPS_CPUDEBUG_BURST_UNIT=1")
    out = capsys.readouterr().out
    assert status == 1
    last = out.strip().splitlines()[-1]
    assert last.startswith("cpudebug: ") and not last.endswith(" 0 differences"), last


def test_intrinsic_missing_from_the_model_is_a_link_error_naming_it(capsys):
    status = _cpudebug("--arch", "2201", "--op", "slice", "--define-model", "ASCEND_OPS_CPUDEBUG_OMIT_PIPE_BARRIER")
    captured = capsys.readouterr()
    assert status == 1
    assert "undefined" in captured.err and "pipe_barrier" in captured.err
    assert captured.out.strip().splitlines()[-1].startswith("cpudebug: 0 cases")


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
    assert (on_b2.soc, on_b2.block_dim) == ("Ascend910B2", 48)
    assert (on_b3.soc, on_b3.block_dim) == ("Ascend910B3", 40)
    with pytest.raises(OpArgumentError, match="soc='Ascend310P3' is no SoC of atlas-a2"):
        plan("slice", shape, "float32", ([0, 0], [4096, 1000]), product="atlas-a2", soc="Ascend310P3")
