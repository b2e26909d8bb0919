"""`ascend-ops-dev check-npu`: the torch binding compiles against the real torch_npu 2.13 headers and
the aclnn headers, a wrong aclnn call fails that compile, and the aclnn headers declare what CANN
generates from each OpDef.

The compiles take about a minute each on a cold cache; their results are cached by content
hash, so only the first run after a change pays (scripts/test.sh runs the real one first).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_ops_gen.codegen.aclnn import aclnn_api, header_name, opdef_arguments
from ascend_ops_dev.commands.check_npu import header_texts, opdef_sources, signature_problems
from ascend_ops_dev.binding.cpu_aclnn import predicted_headers
from ascend_ops.npu.binding import binding_source
from ascend_ops_gen.spec import project_root, specs

KERNELS = project_root() / "ascend_kernels"
BINDING = binding_source().read_text(encoding="utf-8")
OPDEFS = opdef_sources(KERNELS)
HEADERS = header_texts(predicted_headers())
STRIDED_SLICE_HEADER = header_name("AscendStridedSlice")


def check_npu(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, TORCH_DEVICE_BACKEND_AUTOLOAD="0")
    return subprocess.run([sys.executable, "-m", "ascend_ops_dev", "check-npu", *args],
                          capture_output=True, text=True, env=env, timeout=1800)


def compat_sh_reading(log: str, tmp_path: Path) -> str:
    """What scripts/compat.sh's `compiled` makes of a check-npu log: release/launch member."""
    script = (project_root() / "scripts" / "compat.sh").read_text(encoding="utf-8")
    function = re.search(r"^compiled\(\) \{\n.*?^\}\n", script, re.M | re.S)
    assert function, "compat.sh defines no compiled()"
    (tmp_path / "log").write_text(log, encoding="utf-8")
    done = subprocess.run(["bash", "-c", function[0] + 'compiled "$1"', "-", str(tmp_path / "log")],
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_binding_compiles_against_torch_and_torch_npu_headers(tmp_path: Path) -> None:
    done = check_npu()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "compiles against torch 2.13.0, torch_npu-2.13.0" in done.stdout, done.stdout
    assert "its bundled acl headers, launching through OpCommand::RunOpApiV2" in done.stdout, done.stdout
    # compat.sh's results table reads the release and the launch member from this output; a line
    # that names another release first (as --paired-with's "the table in <wheel>" does) is not it.
    assert compat_sh_reading(done.stdout, tmp_path) == "torch_npu-2.13.0/RunOpApiV2"
    paired = ("check-npu: torch_npu 2.6.0rc1 is made for torch 2.6.0 and CANN 8.1.RC1.alpha002 (the table in "
              "torch_npu-2.6.0.post5-cp311-x.whl's METADATA)\n" + done.stdout.replace("2.13.0", "2.6.0rc1"))
    assert compat_sh_reading(paired, tmp_path) == "torch_npu-2.6.0rc1/RunOpApiV2"
    assert compat_sh_reading(done.stdout.replace("OpCommand::", "OpCommand:"), tmp_path) == ""


def test_wrong_aclnn_arguments_fail_the_compile(tmp_path: Path) -> None:
    # One call loses an argument, another passes a string where the header takes an int. Both
    # still look up their functions by name, so only Note [aclnn call check] can fail.
    short = re.sub(r"(aclnnAscendStridedSlice, x, xContiguous, begin, end, "
                   r"stridesList,\s+beginMask, )endMask,\s+", r"\1", BINDING)
    mistyped = short.replace("aclnnAscendDepthToSpace, x, xContiguous, blockSize, dataFormatChars,",
                             "aclnnAscendDepthToSpace, x, xContiguous, dataFormatChars, blockSize,")
    assert short != BINDING and mistyped != short, "the mutations no longer apply"
    source = tmp_path / "wrong_calls.cpp"
    source.write_text(mistyped, encoding="utf-8")
    lines = mistyped.splitlines()
    bad_lines = [i + 1 for i, line in enumerate(lines) if
                 "ASCEND_OPS_ACLNN(\"strided_slice\"" in line or "ASCEND_OPS_ACLNN(\"depth_to_space\"" in line]
    assert len(bad_lines) == 2

    done = check_npu("--source", str(source))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "do not match the generated header (Note [aclnn call check])" in done.stderr, done.stderr
    for line in bad_lines:
        assert f"wrong_calls.cpp:{line}:" in done.stderr, (line, done.stderr)
    assert "wrong_calls.cpp includes the aclnn headers of" in done.stdout


@pytest.mark.parametrize("op", [op.name for op in specs().kernel_ops()])
def test_binding_includes_the_aclnn_header_of_each_opdef_and_calls_its_api(op: str) -> None:
    spec = specs().kernel_op(op)
    api = aclnn_api(spec.op_type, opdef_arguments(spec))
    assert f'#include "{header_name(spec.op_type)}"' in BINDING
    for prototype in api.prototypes():
        assert prototype in HEADERS[header_name(spec.op_type)], prototype
    first = spec.inputs[0].name  # x, or a gradient op's dy
    assert f"{api.name}, {first}, {first}Contiguous, " in BINDING


def test_signatures_of_headers_binding_and_opdefs_agree() -> None:
    # every op with a kernel of its own: the view ops and the gradient ops (`kernel: engine`)
    assert len(OPDEFS) == len(specs().kernel_ops())
    assert signature_problems(BINDING, OPDEFS, HEADERS) == []


def test_strided_slice_gets_the_documented_aclnn_signature() -> None:
    # The rules applied by hand: inputs, attributes in OpDef order (optional lists suffixed),
    # then the single output `out`.
    assert ("aclnnStatus aclnnAscendStridedSliceGetWorkspaceSize(const aclTensor *x, "
            "const aclIntArray *begin, const aclIntArray *end, const aclIntArray *stridesOptional, "
            "int64_t beginMask, int64_t endMask, int64_t ellipsisMask, int64_t newAxisMask, "
            "int64_t shrinkAxisMask, const aclTensor *out, uint64_t *workspaceSize, "
            "aclOpExecutor **executor);") in HEADERS[STRIDED_SLICE_HEADER]


def test_a_reordered_header_prototype_is_reported() -> None:
    text = HEADERS[STRIDED_SLICE_HEADER]
    swapped = text.replace("int64_t beginMask, int64_t endMask,", "int64_t endMask, int64_t beginMask,", 1)
    assert swapped != text
    problems = signature_problems(BINDING, OPDEFS, {**HEADERS, STRIDED_SLICE_HEADER: swapped})
    assert len(problems) == 1, problems
    assert "the aclnn header's aclnnAscendStridedSliceGetWorkspaceSize differs from what CANN generates" in problems[0]
    assert "strided_slice/op_host/strided_slice.cpp" in problems[0]


def test_reordered_opdef_attributes_are_reported() -> None:
    label = "ascend_kernels/depth_to_space/op_host/depth_to_space.cpp"
    text = OPDEFS[label]
    data_format = next(ln for ln in text.splitlines() if 'this->Attr("data_format")' in ln)
    mode = next(ln for ln in text.splitlines() if 'this->Attr("mode")' in ln)
    reordered = text.replace(data_format, "@@").replace(mode, data_format).replace("@@", mode)
    problems = signature_problems(BINDING, {**OPDEFS, label: reordered}, HEADERS)
    assert len(problems) == 1 and "aclnnAscendDepthToSpaceGetWorkspaceSize differs" in problems[0], \
        problems


def test_missing_extra_and_unknown_calls_and_includes_are_reported() -> None:
    without_slice = OPDEFS.copy()
    del without_slice["ascend_kernels/slice/op_host/slice.cpp"]
    problems = signature_problems(BINDING, without_slice, HEADERS)
    assert "the aclnn headers declare aclnnAscendSliceGetWorkspaceSize, which no OpDef generates" in problems
    assert "the binding calls aclnnAscendSlice, which no OpDef generates" in problems
    slice_header = header_name("AscendSlice")
    no_decl = HEADERS[slice_header].replace("aclnnStatus aclnnAscendSlice(", "aclnnStatus aclnnAscendSliceX(")
    assert any("the aclnn headers declare no aclnnAscendSlice" in p
               for p in signature_problems(BINDING, OPDEFS, {**HEADERS, slice_header: no_decl}))
    no_include = BINDING.replace(f'#include "{slice_header}"\n', "")
    assert signature_problems(no_include, OPDEFS, HEADERS) == [
        f"ascend_kernels/slice/op_host/slice.cpp: the binding does not include {slice_header}"]
