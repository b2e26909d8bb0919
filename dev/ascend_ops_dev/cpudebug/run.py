"""Run the verification corpus through Huawei's AscendC implementation in CPU-debug mode and
compare each output, bit for bit, with the package's emulator and with cpu_reference.

Each case is planned by the op's generated host code as the sim backend plans it (InferShape,
then the TilingFunc on the SoC's platform: `ascend_ops.sim.runner.plan`), then run by the emulator
(`runner.launch`) and by the arch's CPU-debug launcher (`build.build_arch`: asc-tools'
ICPU_RUN_KF, one process per core) on the same tiling bytes and input. A case fails on any
difference, on a checker's or the model's report, or on a core that did not exit with status 0
(Note [cpudebug verdict])."""
from __future__ import annotations

import re
import subprocess
import zlib
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

import cpu_reference
from ascend_ops_gen.codegen.cpp import kernel_name
from ascend_ops_gen.spec import Product, specs

from ascend_ops.runtime.errors import OpArgumentError
from ascend_ops_dev.sim.corpus import Run, bits, custom_inputs, gradient_input, gradient_shape, input_array, runs
from ascend_ops.sim.custom_runner import OpPlan, launch_op, plan_op
from ascend_ops.sim.runner import Plan, SimulatorError, launch, plan
from ascend_ops.sim.library import library

LAUNCH_TIMEOUT_S = 120


# Note [cpudebug verdict]
# ~~~~~~~~~~~~~~~~~~~~~~~
# The launcher prints one `[SUCCESS][<core>]` line per core that exited with status 0; a core
# stopped by a checker (which raises SIGABRT), an assertion of the AscendC API, a crash (SIGSEGV on
# GmAlloc's guard page) or the model's own checks prints none. Every line holding `[ERROR]` (the
# checkers' and the model's reports), `[NPUCHECK ERROR]` or `[ASSERT]` (the API's ASCENDC_ASSERT,
# on stderr) is a report. A report is tolerated only when CHECKER_DEFECTS names it: a defect of
# the checker itself, with the reason; tolerated reports are counted and shown.


@dataclass(frozen=True)
class CheckerDefect:
    """A report of asc-tools' checkers that is a defect of the checker, not of the kernel."""

    pattern: str  # a regular expression a report line matches
    why: str


# No checker report needs tolerating today. The checker's known defect, its uint16_t copy of
# DataCopyExtParams::blockLen (asc-devkit impl/basic_api/utils/kernel_check_copy.h; check-cann's
# -Wnarrowing HEADER_DEFECTS entry), raises none: the DataCopyPad checker
# (TikcppDataCopyPadCheck::CheckPadParamters) checks only the paddings and the 8-byte pad value,
# never blockLen, and the quick corpus's rows of more than 65535 bytes pass it.
CHECKER_DEFECTS: tuple[CheckerDefect, ...] = ()


@dataclass(frozen=True)
class Target:
    """One SoC the corpus runs on: a product's simulated SoC, or another SoC of it whose numbers
    (core counts) differ."""

    product: Product
    soc: str

    @property
    def label(self) -> str:
        return f"{self.product.key} ({self.soc})"


def targets(products: Sequence[Product] | None = None) -> list[Target]:
    """Per product: its simulated SoC, then the first SoC of every other set of numbers the
    product table gives its SoCs."""
    out = []
    for p in products if products is not None else specs().products:
        seen = set()
        ordered = sorted(p.socs, key=lambda s: s.name != p.simulated_soc)
        for s in ordered:
            numbers = (s.ai_cores, s.vector_cores)
            if numbers not in seen:
                seen.add(numbers)
                out.append(Target(p, s.name))
    return out


@dataclass(frozen=True)
class Outcome:
    run: Run
    target: Target
    mode: str | None
    problems: tuple[str, ...]   # differences, reports, failed cores
    differences: int            # 0, or 1 when an output differs (from the emulator or the reference)
    reports: tuple[str, ...]    # report lines not tolerated
    tolerated: tuple[str, ...]  # report lines CHECKER_DEFECTS tolerates

    @property
    def ok(self) -> bool:
        return not self.problems


# What starts a report line (Note [cpudebug verdict]).
REPORT_MARKS = ("[ERROR]", "[NPUCHECK ERROR]", "[ASSERT]")


def judge_output(stdout: str, cores: int,
                 defects: Sequence[CheckerDefect] = CHECKER_DEFECTS) -> tuple[list[str], list[str], list[str]]:
    """Note [cpudebug verdict]: (problems, reports, tolerated) of one launch's output (its
    stdout, then its stderr)."""
    reports, tolerated = [], []
    for line in stdout.splitlines():
        if any(mark in line for mark in REPORT_MARKS):
            if any(re.search(d.pattern, line) for d in defects):
                tolerated.append(line.strip())
            else:
                reports.append(line.strip())
    succeeded = len(re.findall(r"^\[SUCCESS\]\[", stdout, re.M))
    problems = [f"checker / model report: {r}" for r in reports]
    if succeeded != cores:
        problems.append(f"{cores - succeeded} of {cores} cores did not exit with status 0")
    return problems, reports, tolerated


@dataclass(frozen=True)
class Launch:
    """What one launch of the CPU-debug launcher printed and left in y."""

    returncode: int
    stdout: str
    stderr: str
    y: bytes | None  # None when the launcher failed before writing y

    def verdict(self, cores: int) -> tuple[list[str], list[str], list[str]]:
        """Note [cpudebug verdict], plus a launcher that exited non-zero."""
        problems, reports, tolerated = judge_output(f"{self.stdout}\n{self.stderr}", cores)
        if self.returncode != 0:
            problems.append(f"the launcher exited {self.returncode}: {self.stderr.strip()[-500:]}")
        return problems, reports, tolerated


def launch_kernel(launcher: Path, kernel: str, block_dim: int, tiling_key: int, tiling: bytes, x: bytes,
                  y_bytes: int, scratch: Path) -> Launch:
    """Runs `kernel` of `launcher` on block_dim cores (one process each) with these GM contents."""
    tiling_file, x_file, y_file = scratch / "tiling.bin", scratch / "x.bin", scratch / "y.bin"
    tiling_file.write_bytes(tiling)
    x_file.write_bytes(x)
    y_file.unlink(missing_ok=True)
    try:
        done = subprocess.run([str(launcher), kernel, str(block_dim), str(tiling_key), str(tiling_file), str(x_file),
                               str(y_bytes), str(y_file)], capture_output=True, text=True,
                              timeout=LAUNCH_TIMEOUT_S, check=False, cwd=scratch)
    except subprocess.TimeoutExpired:
        return Launch(-1, "", f"the launch took over {LAUNCH_TIMEOUT_S} s", None)
    y = y_file.read_bytes() if done.returncode == 0 and y_file.is_file() else None
    return Launch(done.returncode, done.stdout, done.stderr, y)


def launch_tensors(launcher: Path, kernel: str, block_dim: int, tiling_key: int, tiling: bytes,
                   inputs: Sequence[bytes], output_bytes: Sequence[int], scratch: Path) -> tuple[Launch, list[bytes | None]]:
    """Runs a kernel of any tensors (a custom op's; launch_main.cpp's `--tensors` form): the launch,
    and each output's bytes (None where the launcher failed before writing it)."""
    tiling_file = scratch / "tiling.bin"
    tiling_file.write_bytes(tiling)
    command = [str(launcher), kernel, str(block_dim), str(tiling_key), str(tiling_file), "--tensors", str(len(inputs))]
    for i, data in enumerate(inputs):
        (scratch / f"in{i}.bin").write_bytes(data)
        command.append(str(scratch / f"in{i}.bin"))
    command.append(str(len(output_bytes)))
    outs = [scratch / f"out{j}.bin" for j in range(len(output_bytes))]
    for size, out in zip(output_bytes, outs):
        out.unlink(missing_ok=True)
        command += [str(size), str(out)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=LAUNCH_TIMEOUT_S, check=False,
                              cwd=scratch)
    except subprocess.TimeoutExpired:
        return Launch(-1, "", f"the launch took over {LAUNCH_TIMEOUT_S} s", None), [None] * len(outs)
    data = [o.read_bytes() if done.returncode == 0 and o.is_file() else None for o in outs]
    return Launch(done.returncode, done.stdout, done.stderr, data[0] if data else None), data


def case_seed(run: Run) -> int:
    """The input's seed: the same case and dtype get the same input on every SoC, so cases whose
    plans agree are the same launch."""
    dtype = "/".join(d for _, d in run.dtypes) if run.dtypes else run.dtype
    return zlib.crc32(f"{run.case.op}|{run.case.label}|{dtype}".encode())


@dataclass(frozen=True)
class Planned:
    run: Run
    target: Target
    seed: int
    plan: Plan | None
    problem: str | None  # why planning failed

    def launch_key(self) -> tuple | None:
        """What the launch depends on: equal keys are the same kernel run with the same bytes."""
        if self.plan is None:
            return None
        p = self.plan
        if isinstance(p, OpPlan):
            return (self.target.product.npu_arch, self.run.case.op, p.tiling, p.block_dim, p.tiling_key,
                    self.seed, p.dtypes, p.input_shapes)
        return (self.target.product.npu_arch, self.run.case.op, bytes(p.tiling), p.block_dim, p.tiling_key,
                self.seed, self.run.dtype, p.input_shape)


def plan_case(run: Run, target: Target) -> Planned:
    case = run.case
    seed = case_seed(run)
    if run.dtypes:  # a custom op
        try:
            inputs = custom_inputs(run, seed)
            planned = plan_op(case.op, [None if a is None else a.shape for a in inputs],
                              [None if a is None else dict(run.dtypes)[t.name]
                               for t, a in zip(specs().op(case.op).inputs, inputs)],
                              case.args, dict(case.kwargs), product=target.product, soc=target.soc)
        except (OpArgumentError, SimulatorError) as e:
            return Planned(run, target, seed, None, f"planning failed: {type(e).__name__}: {e}")
        return Planned(run, target, seed, planned, None)
    try:
        shape = gradient_shape(case) if _gradient(case.op) else case.shape
        planned = plan(case.op, shape, run.dtype, case.args, dict(case.kwargs), product=target.product,
                       soc=target.soc)
    except (OpArgumentError, SimulatorError) as e:
        return Planned(run, target, seed, None, f"planning failed: {type(e).__name__}: {e}")
    return Planned(run, target, seed, planned, None)


def _gradient(op: str) -> bool:
    """A gradient op (its kernel writes its view op's view: input dy, `shape` the first attribute)."""
    return specs().kernel_op(op).forward is not None


def run_case(planned: Planned, launcher: Path, scratch: Path) -> Outcome:
    """Runs one planned case on the emulator, on the CPU-debug launcher and on cpu_reference."""
    run, target, p = planned.run, planned.target, planned.plan
    fail = lambda why, mode=None: Outcome(run, target, mode, (why,), 0, (), ())  # noqa: E731
    if p is None:
        return fail(planned.problem)
    if isinstance(p, OpPlan):
        return _run_custom_case(planned, launcher, scratch)
    case = run.case
    try:
        if _gradient(case.op):  # x is dy, after `shape` and the view op's attributes
            x = gradient_input(case, run.dtype, planned.seed)
            expected = getattr(cpu_reference, case.op)(*case.args, x, **dict(case.kwargs))
        else:
            x = input_array(case.shape, run.dtype, planned.seed)
            expected = getattr(cpu_reference, case.op)(x, *case.args, **dict(case.kwargs))
    except OpArgumentError as e:
        return fail(f"the corpus case is invalid: cpu_reference raised {e}")
    emulated = np.empty(p.output_shape, dtype=x.dtype)
    emulated.reshape(-1).view(np.uint8).fill(0xA5)  # as the launcher's y (launch_main.cpp kUnwritten)
    try:
        launch(p, x, emulated, seed=planned.seed)
    except SimulatorError as e:
        return fail(f"the emulator stopped the kernel: {e}", p.mode)
    name, _ = library(target.product.npu_arch).kernel(case.op)
    launched = launch_kernel(launcher, name, p.block_dim, p.tiling_key, bytes(p.tiling),
                             np.ascontiguousarray(x).tobytes(), emulated.nbytes, scratch)
    problems, reports, tolerated = launched.verdict(p.block_dim)
    differences = 0
    if launched.y is not None:
        got = np.frombuffer(launched.y, dtype=x.dtype).reshape(p.output_shape)
        for other, what in ((emulated, "the emulator"), (expected, "cpu_reference")):
            if got.shape != other.shape or not np.array_equal(bits(got), bits(np.asarray(other))):
                flat = (bits(got).reshape(-1) != bits(np.asarray(other)).reshape(-1)) if got.shape == other.shape else None
                where = f", first at flat element {int(np.argmax(flat))}" if flat is not None else ""
                problems.append(f"output differs from {what}{where}")
                differences = 1
    return Outcome(run, target, p.mode, tuple(problems), differences, tuple(reports), tuple(tolerated))


def _differences(name: str, got: np.ndarray, others) -> list[str]:
    problems = []
    for other, what in others:
        other = np.asarray(other)
        if got.shape != other.shape or not np.array_equal(bits(got), bits(other)):
            flat = (bits(got).reshape(-1) != bits(other).reshape(-1)) if got.shape == other.shape else None
            where = f", first at flat element {int(np.argmax(flat))}" if flat is not None else ""
            problems.append(f"output {name} differs from {what}{where}")
    return problems


def _run_custom_case(planned: Planned, launcher: Path, scratch: Path) -> Outcome:
    """A custom op's case: the emulator, the CPU-debug launcher and cpu_reference, every output."""
    run, target, p = planned.run, planned.target, planned.plan
    op = specs().op(run.case.op)
    fail = lambda why: Outcome(run, target, p.mode, (why,), 0, (), ())  # noqa: E731
    inputs = custom_inputs(run, planned.seed)
    try:
        expected = getattr(cpu_reference, op.name)(*inputs, *run.case.args, **dict(run.case.kwargs))
    except OpArgumentError as e:
        return fail(f"the corpus case is invalid: cpu_reference raised {e}")
    expected = expected if isinstance(expected, tuple) else (expected,)
    dtypes = dict(p.dtypes)
    emulated = [np.empty(shape, dtype=np.asarray(e).dtype) for shape, e in zip(p.output_shapes, expected)]
    try:
        launch_op(p, inputs, emulated, seed=planned.seed)
    except SimulatorError as e:
        return fail(f"the emulator stopped the kernel: {e}")
    launched, outputs = launch_tensors(launcher, kernel_name(op.op_type), p.block_dim, p.tiling_key, p.tiling,
                                       [a.tobytes() for a in inputs if a is not None], [e.nbytes for e in emulated],
                                       scratch)
    problems, reports, tolerated = launched.verdict(p.block_dim)
    differences = 0
    for t, data, emu, ref in zip(op.outputs, outputs, emulated, expected):
        if data is None:
            continue
        got = np.frombuffer(data, dtype=emu.dtype).reshape(emu.shape)
        found = _differences(f"{t.name} ({dtypes[t.name]})", got, ((emu, "the emulator"), (ref, "cpu_reference")))
        problems += found
        differences = max(differences, 1 if found else 0)
    return Outcome(run, target, p.mode, tuple(problems), differences, tuple(reports), tuple(tolerated))


def corpus_runs(target: Target, *, quick: bool, ops: Sequence[str] | None = None) -> list[Run]:
    """The corpus cases of the target's product (ascend_ops_dev.sim.corpus.runs)."""
    return runs(ops=tuple(ops) if ops else None, products=(target.product,), quick=quick)


def run_all(work: Sequence[tuple[Run, Target]], launchers: dict[tuple[int, str], Path], *, workers: int = 2,
            progress: Callable[[int, int, Outcome], None] | None = None,
            variant_tag: str = "") -> tuple[list[Outcome], int]:
    """Every (run, target), `workers` at a time; launchers by (arch, variant tag). Cases whose
    plans are the same launch (same arch, kernel, tiling bytes, block dim and input: a case on two
    SoCs or product lines that plan alike) run once and share the outcome. Returns the outcomes
    (one per case) and the number of launches run."""
    from concurrent.futures import ThreadPoolExecutor

    planned = [plan_case(r, t) for r, t in work]
    first: dict[tuple, int] = {}
    unique: list[int] = []
    for i, p in enumerate(planned):
        key = p.launch_key()
        if key is None or key not in first:
            if key is not None:
                first[key] = i
            unique.append(i)
    results: dict[int, Outcome] = {}
    with tempfile.TemporaryDirectory(prefix="ascend-ops-cpudebug-") as tmp:
        def own(i: int) -> Outcome:
            p = planned[i]
            scratch = Path(tmp) / f"case-{i}"
            scratch.mkdir()
            try:
                return run_case(p, launchers[p.target.product.npu_arch, variant_tag], scratch)
            finally:
                for f in scratch.iterdir():
                    f.unlink()
                scratch.rmdir()

        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            for done, (i, outcome) in enumerate(zip(unique, pool.map(own, unique)), 1):
                results[i] = outcome
                if progress is not None:
                    progress(done, len(unique), outcome)
    outcomes = []
    for i, p in enumerate(planned):
        if i in results:
            outcomes.append(results[i])
        else:
            shared = results[first[p.launch_key()]]
            outcomes.append(Outcome(p.run, p.target, shared.mode, shared.problems, shared.differences,
                                    shared.reports, shared.tolerated))
    return outcomes, len(unique)


def table(outcomes: Sequence[Outcome]) -> str:
    """op x arch: cases, modes reached, identical / different, checker reports (tolerated)."""
    rows: dict[tuple[str, int], dict] = defaultdict(lambda: {"cases": 0, "modes": set(), "identical": 0,
                                                             "different": 0, "reports": 0, "tolerated": 0,
                                                             "failed": 0})
    for o in outcomes:
        row = rows[o.run.case.op, o.target.product.npu_arch]
        row["cases"] += 1
        if o.mode:
            row["modes"].add(o.mode)
        row["different"] += o.differences
        row["identical"] += 1 if o.ok else 0
        row["reports"] += len(o.reports)
        row["tolerated"] += len(o.tolerated)
        row["failed"] += 0 if o.ok else 1
    header = ["op", "arch", "cases", "modes reached", "identical", "different", "checker reports", "failed"]
    cells = [header]
    for (op, arch), row in sorted(rows.items()):
        cells.append([op, str(arch), str(row["cases"]), ",".join(sorted(row["modes"])), str(row["identical"]),
                      str(row["different"]),
                      str(row["reports"]) + (f" (+{row['tolerated']} tolerated)" if row["tolerated"] else ""),
                      str(row["failed"])])
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    lines = []
    for k, c in enumerate(cells):
        lines.append("  ".join(v.ljust(w) for v, w in zip(c, widths)).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
