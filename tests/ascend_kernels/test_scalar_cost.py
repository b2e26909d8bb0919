"""Note [scalar cost] (ascend_kernels/common/scalar_cost.h): code the kernels run divides by a
run-time value only through DivIndex / ModIndex, which the emulator counts; and the loops of
BURST and GATHER launches divide not at all, on the simulator's quick corpus."""
from __future__ import annotations

import re
from pathlib import Path

from ascend_ops_gen.codegen.copy_tiling import strip_cpp_comments

ROOT = Path(__file__).resolve().parents[2]
COMMON = ROOT / "ascend_kernels" / "common"

# Code the kernels run: functions declared __aicore__ or ASCEND_OPS_HOST_AICORE.
_DEVICE_FUNCTION = re.compile(r"(?:__aicore__|ASCEND_OPS_HOST_AICORE)[^;{}]*?\)\s*(?:const\s*)?(?::[^{;]*)?\{")
_OPERATOR = re.compile(r"(?<![/*])([/%]=?)(?![/*])")
_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')  # blanked: a path in a message is no division
_CONSTEXPR = re.compile(r"\bconstexpr\s+[\w:<>]+\s+(\w+)\s*=")
# Right operands known at compile time: a literal, sizeof, a kConstant, a cast of either.
_CONSTANT_OPERAND = re.compile(r"\s*(?:\d|sizeof\b|k[A-Z]\w*\b|static_cast<[^>]*>\(\s*(?:sizeof\b|k[A-Z]|\d))")


def _bodies(text: str) -> list[tuple[int, str]]:
    """(offset, body text) of each device function's body, braces matched."""
    out = []
    for m in _DEVICE_FUNCTION.finditer(text):
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out.append((m.end(), text[m.end():i - 1]))
    return out


def runtime_divisions(text: str) -> list[tuple[int, str]]:
    """(line, expression) of each `/`, `%`, `/=` or `%=` in a device function of the header text
    whose right operand is not known at compile time."""
    text = _STRING.sub(lambda m: '"' + " " * (len(m[0]) - 2) + '"', strip_cpp_comments(text))
    constants = set(_CONSTEXPR.findall(text))
    found = []
    for start, body in _bodies(text):
        for op in _OPERATOR.finditer(body):
            right = body[op.end():]
            name = re.match(r"\s*(\w+)", right)
            if _CONSTANT_OPERAND.match(right) or (name and name[1] in constants):
                continue
            at = start + op.start()
            line = text.count("\n", 0, at) + 1
            found.append((line, text[text.rfind("\n", 0, at) + 1:text.find("\n", at)].strip()))
    return found


def test_kernel_code_divides_by_runtime_values_only_through_the_counted_helpers():
    headers = sorted(p for p in COMMON.glob("*.h") if p.name != "scalar_cost.h")
    scanned = [p for p in headers if _bodies(strip_cpp_comments(p.read_text(encoding="utf-8")))]
    assert len(scanned) >= 6, [p.name for p in scanned]  # the kernels, the shared engine
    problems = [f"{p.relative_to(ROOT)}:{line}: {expr}" for p in scanned
                for line, expr in runtime_divisions(p.read_text(encoding="utf-8"))]
    assert not problems, "divide through DivIndex / ModIndex (Note [scalar cost]):\n" + "\n".join(problems)


NEGATIVE = """
constexpr int64_t blockElems = kBlockBytes / sizeof(T);
inline int64_t HostOnly(int64_t a, int64_t b) { return a / b; }
template <typename T>
__aicore__ inline int64_t Kernel(const CopyTiling& t, int64_t a, int64_t b)
{
    int64_t x = a / b;                          // flagged
    x += a % t.shape[0];                        // flagged
    x /= (b + 1);                               // flagged
    x += a / kBlockBytes + a % blockElems;      // constants
    x += a / sizeof(T) + a / static_cast<int64_t>(sizeof(T)) + a / 32;
    Report("no division: see docs/adding-an-op.md, 50% done");  // a string
    return DivIndex(x, b);
}
ASCEND_OPS_HOST_AICORE inline int64_t Shared(int64_t a, int64_t n) { return a % n; }  // flagged
"""


def test_negative_control_the_check_finds_each_runtime_division():
    found = runtime_divisions(NEGATIVE)
    assert [expr for _, expr in found] == [
        "int64_t x = a / b;", "x += a % t.shape[0];", "x /= (b + 1);",
        "ASCEND_OPS_HOST_AICORE inline int64_t Shared(int64_t a, int64_t n) { return a % n; }"], found


def test_burst_and_gather_loops_do_not_divide_on_the_quick_corpus():
    from ascend_ops.runtime.products import product
    from ascend_ops_dev.sim import corpus
    from ascend_ops_dev.commands.sim import DIVISION_FREE_MODES

    runs = corpus.runs(products=(product("atlas-a2"), product("atlas-training")), quick=True)
    outcomes = [corpus.check(r, seed) for seed, r in enumerate(runs)]
    assert all(o.ok for o in outcomes), [o.problem for o in outcomes if not o.ok][:3]
    counted = [o for o in outcomes if o.stats.mode in DIVISION_FREE_MODES]
    assert {o.stats.mode.split("/")[0] for o in counted} >= {"burst", "burst-aligned", "gather"}
    dividing = [(o.run.label, o.stats.loop_div_mods) for o in counted if o.stats.loop_div_mods]
    assert not dividing, dividing[:5]
    # the setup still divides (a core's first row or unit), and the counter sees it
    assert any(o.stats.div_mods for o in counted)


_MEASURE = """
import json, sys
import numpy as np
import cpu_reference
from ascend_ops.runtime.products import product
from ascend_ops.sim.runner import simulate
from ascend_ops_dev.benchmarks import npu_model
p = product("atlas-a2")
x = np.arange(512 * 1536, dtype=np.float32).reshape(512, 1536)
args = ([0, 0], [512, 1536], [1, 3])
y, s = simulate("strided_slice", x, *args, product=p)
assert np.array_equal(y.view(np.uint32), cpu_reference.strided_slice(x, *args).view(np.uint32))
modeled, scalar = npu_model.times_us(s, p.memory_bandwidth_gbps)
print(json.dumps({"mode": s.mode, "writes": s.ub_scalar_writes, "units": s.output_units,
                  "modeled": modeled, "scalar": scalar}))
"""

# The variant: each tile rewrites its table, entry by entry, before its Gather.
_PER_TILE_TABLE = """            const UnitCursor first = unitAt_;
            WaitPipe<HardEvent::V_S>();
            for (int64_t i = 0; i < fullUnits * unitOutElems_; ++i) {
                table_.SetValue(static_cast<uint32_t>(i), table_.GetValue(static_cast<uint32_t>(i)));
            }
            WaitPipe<HardEvent::S_V>();
"""


def _measure(root: Path) -> dict:
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root / "python"), str(root)])}
    done = subprocess.run([sys.executable, "-c", _MEASURE], capture_output=True, text=True, env=env,
                          cwd=root, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def test_negative_control_a_table_rebuilt_per_element_every_tile_shows_in_counts_and_model(tmp_path):
    import shutil

    for folder in ("python", "cpu_reference", "op_specs", "ascend_kernels"):
        shutil.copytree(ROOT / folder, tmp_path / folder,
                        ignore=shutil.ignore_patterns("build_out", "build", "__pycache__", "*.so"))
    gather = tmp_path / "ascend_kernels" / "common" / "copy_kernel_gather.h"
    text = gather.read_text(encoding="utf-8")
    assert text.count("            const UnitCursor first = unitAt_;\n") == 1
    gather.write_text(text.replace("            const UnitCursor first = unitAt_;\n", _PER_TILE_TABLE),
                      encoding="utf-8")
    base, variant = _measure(ROOT), _measure(tmp_path)
    assert base["mode"] == variant["mode"] == "gather"
    # once per core: at most one write per 32 output units; every tile: about one per unit
    assert base["writes"] * 32 <= base["units"] <= 2 * variant["writes"], (base, variant)
    assert variant["scalar"] > 2 * base["scalar"] and variant["modeled"] > base["modeled"]


def test_a_window_ending_at_the_hull_takes_its_last_units_by_dma_without_datacopypad():
    # x[:, ::3] of float32 on the inference series (no DataCopyPad): the last window of each core
    # would pass the hull with a whole block, so its last units come with the block ending there.
    import numpy as np

    import cpu_reference
    from ascend_ops.sim.runner import simulate

    x = np.arange(6144, dtype=np.float32).reshape(1, 6144)
    args = ([0, 0], [0, 0], [1, 3])
    y, s = simulate("strided_slice", x, *args, product="atlas-inference", begin_mask=3, end_mask=3)
    expected = cpu_reference.strided_slice(x, *args, begin_mask=3, end_mask=3)
    assert np.array_equal(y.view(np.uint32), expected.view(np.uint32))
    assert s.mode == "gather" and s.block_dim > 1
    assert s.scalar_gm_accesses == 0 and s.ub_scalar_writes > 0
