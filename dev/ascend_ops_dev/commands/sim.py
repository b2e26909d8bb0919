"""`ascend-ops-dev sim`: the generated AscendC kernels on the CPU simulator, checked bit for bit
against cpu_reference on the verification corpus (`ascend_ops_dev.sim.corpus`), for every op,
product line and dtype the product supports."""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from ascend_ops_gen.spec import Product, specs

from ascend_ops.runtime.products import product

HELP = "run the generated kernels on the CPU simulator over the verification corpus"

MIN_LARGE_EFFICIENCY = 0.95  # a large contiguous copy must move at most ~5% more than it needs
SHOWN_FAILURES = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--product", metavar="KEY_OR_SOC",
                        help="only this product line, by key (atlas-a2) or SoC name (Ascend910B2)")
    parser.add_argument("--op", action="append", choices=[o.name for o in specs().kernel_ops()],
                        help="only this op (repeatable)")
    parser.add_argument("--quick", action="store_true",
                        help="the quick corpus (what pytest runs) instead of the full one")
    parser.add_argument("--counters", action="store_true",
                        help="also print each case's scalar work (divisions, scalar UB and GM "
                             "accesses, loop iterations, DMA and vector instructions) and its "
                             "maximum per copy mode")


def run(args: argparse.Namespace) -> int:
    from ascend_ops_dev.sim import corpus

    lines = (product(args.product),) if args.product else specs().products
    ops = tuple(args.op) if args.op else tuple(o.name for o in specs().kernel_ops())
    _build(lines)
    runs = corpus.runs(ops=ops, products=lines, quick=args.quick)
    outcomes = list(_checked(runs))
    rows = _rows(outcomes)
    print(_table(rows))
    status = _verdict(outcomes, rows, "quick" if args.quick else "full")
    if args.counters:
        print(counters_report(outcomes))
    return status


def _build(lines: tuple[Product, ...]) -> None:
    """Builds the simulator library of each NPU arch the run needs (their translation units side
    by side, one per core; a library cached by content is only loaded)."""
    from ascend_ops.sim.library import library, library_paths

    archs = sorted({p.npu_arch for p in lines})
    start = time.monotonic()
    library_paths(archs)
    for arch in archs:
        library(arch)
    print(f"sim: {len(archs)} simulator libraries ready ({time.monotonic() - start:.0f} s)",
          file=sys.stderr, flush=True)


def _eta(done: int, total: int, elapsed: float) -> str:
    """`12 s elapsed, about 40 s left`, the estimate from the mean time per case so far."""
    left = elapsed / done * (total - done) if done else 0.0
    return f"{elapsed:.0f} s elapsed, about {left:.0f} s left"


def _outcomes(runs: list) -> Iterator:
    """Each run's outcome, in order, checked on one thread per usable core: a case spends its time in the
    simulator library, which ctypes calls without the GIL, and each launch has a run state of its
    own (sim_run_state.h), so cases run side by side."""
    from ascend_ops.runtime.build_cache import usable_cores
    from ascend_ops_dev.sim import corpus

    workers = usable_cores()
    if workers == 1:
        yield from (corpus.check(r, seed) for seed, r in enumerate(runs))
        return
    with ThreadPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(lambda seeded: corpus.check(seeded[1], seeded[0]), enumerate(runs))


def _checked(runs: list) -> Iterator:
    """Each run's outcome, with progress on stderr (elapsed time and an estimate of the rest):
    a bar on a terminal where rich (a dependency of the development package) is installed, else one line per (op, product)."""
    groups = defaultdict(int)
    for r in runs:
        groups[r.case.op, r.product.key] += 1
    progress = _rich_progress() if sys.stderr.isatty() else None
    if progress is not None:
        Progress, BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn = progress
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
        with Progress(*columns, transient=True) as bar:
            task = bar.add_task("simulating", total=len(runs))
            for r, outcome in zip(runs, _outcomes(runs)):
                bar.update(task, description=f"{r.case.op} on {r.product.key}, {r.dtype}")
                yield outcome
                bar.advance(task)
        return
    done = defaultdict(int)
    start = time.monotonic()
    for seed, (r, outcome) in enumerate(zip(runs, _outcomes(runs))):
        yield outcome
        key = r.case.op, r.product.key
        done[key] += 1
        if done[key] == groups[key]:
            print(f"sim: {key[0]} on {key[1]}: {done[key]} cases run ({seed + 1} of {len(runs)}; "
                  f"{_eta(seed + 1, len(runs), time.monotonic() - start)})",
                  file=sys.stderr, flush=True)


def _rich_progress() -> tuple | None:
    """rich's progress classes, or None without it (then: plain lines)."""
    try:
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
    except ImportError:
        return None
    return Progress, BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn


def _rows(outcomes: list) -> list[dict]:
    """One row per (op, product, dtype): cases passed, the large contiguous copy's statistics
    and the DMA efficiency over all the row's cases."""
    rows: dict[tuple, dict] = {}
    for o in outcomes:
        r = o.run
        dtype = "/".join(d for _, d in r.dtypes) if r.dtypes else r.dtype  # a custom op: its combination
        row = rows.setdefault((r.case.op, r.product.key, dtype), {
            "op": r.case.op, "product": r.product, "dtype": dtype, "passed": 0, "cases": 0,
            "useful": 0, "moved": 0, "large": None, "custom": bool(r.dtypes)})
        row["cases"] += 1
        row["passed"] += o.ok
        if o.stats is not None:
            row["useful"] += o.stats.useful_bytes
            row["moved"] += o.stats.moved_bytes
            if r.case.large_contiguous:
                row["large"] = o.stats
    return list(rows.values())


def _large_ok(row: dict) -> bool:
    """The large contiguous copy moves at most ~5% more than it needs, on at least the cores that
    draw the product's memory bandwidth (Note [core count] in ascend_kernels/common/copy_cost.h).
    A custom op's kernel is the author's pipeline: it has no such case.

    A gradient op's large contiguous case (its view op's, backwards) is held to the same rules: a
    write mode reads dy once and writes each output byte once, the zeros from UB (Note [write
    modes] in ascend_kernels/common/copy_write_planner.h), so it has the forward's bound on bytes
    moved, and writing a view is as bound by memory bandwidth as reading one, so it needs as many
    cores."""
    from ascend_ops_dev.benchmarks.npu_model import saturating_cores

    if row["custom"]:
        return True
    large = row["large"]
    return large is not None and large.efficiency >= MIN_LARGE_EFFICIENCY and \
        saturating_cores(row["product"]) <= large.block_dim <= row["product"].launch_cores()


def _table(rows: list[dict]) -> str:
    header = ["op", "product", "dtype", "passed", "blockDim", "DMA eff", "DMA eff (all)",
              "balance"]
    cells = [header]
    for row in rows:
        large = row["large"]
        all_eff = row["useful"] / row["moved"] if row["moved"] else 1.0
        cells.append([
            row["op"], row["product"].key, row["dtype"], f"{row['passed']}/{row['cases']}",
            f"{large.block_dim}/{row['product'].launch_cores()}" if large else "-",
            f"{100 * large.efficiency:.1f}%" if large else "-", f"{100 * all_eff:.1f}%",
            f"{large.busiest_over_mean:.3f}" if large else "-"])
        if row["passed"] < row["cases"] or not _large_ok(row):
            cells[-1][0] = "! " + cells[-1][0]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    out = []
    for k, c in enumerate(cells):
        out.append("  ".join(v.rjust(w) if i >= 3 else v.ljust(w)
                             for i, (v, w) in enumerate(zip(c, widths))).rstrip())
        if k == 0:
            out.append("  ".join("-" * w for w in widths))
    out.append("\nblockDim, DMA eff, balance: the large contiguous copy of the row (blockDim of "
               "the product's launch cores: at least those that draw its memory bandwidth; DMA eff = "
               "useful bytes / bytes moved GM<->UB; balance = busiest core's bytes / mean). DMA eff "
               "(all): over every case of the row.")
    return "\n".join(out)


def _verdict(outcomes: list, rows: list[dict], which: str) -> int:
    from ascend_ops_dev.benchmarks.npu_model import saturating_cores

    failures = [o for o in outcomes if not o.ok]
    for o in failures[:SHOWN_FAILURES]:
        print(f"FAIL {o.run.label}\n     {o.problem}")
    if len(failures) > SHOWN_FAILURES:
        print(f"... and {len(failures) - SHOWN_FAILURES} more failures")
    short = [r for r in rows if not _large_ok(r)]
    for r in short:
        large = r["large"]
        got = "no large contiguous case ran" if large is None else \
            f"{100 * large.efficiency:.1f}% on {large.block_dim} cores"
        print(f"SLOW {r['op']} on {r['product'].key}, {r['dtype']}: the large contiguous copy "
              f"needs >= {100 * MIN_LARGE_EFFICIENCY:.0f}% DMA efficiency on at least the "
              f"{saturating_cores(r['product'])} cores that draw the memory bandwidth; got {got}")
    print(f"sim ({which} corpus): {len(outcomes) - len(failures)} of {len(outcomes)} cases "
          f"passed bit for bit on {len(rows)} op x product x dtype combinations")
    return 1 if failures or short else 0


# Modes whose launches must not divide in their loops, and those that rearrange by scalar UB
# reads and writes by design (Note [scalar cost] in ascend_kernels/common/scalar_cost.h); a custom
# op's kernel ("custom") does what its author's Compute and Load do, and counts in neither maximum.
# Of the write modes (Note [write modes] in ascend_kernels/common/copy_write_planner.h),
# WRITE_SCALAR places elements by scalar UB writes by design; WRITE_BURST still divides in its
# loops, so neither is division-free.
DIVISION_FREE_MODES = ("burst", "burst-aligned", "gather", "transpose", "gather/transdata",
                       "transpose/transdata", "gather/scalar", "transpose/scalar")
SCALAR_MODES = ("scalar", "gather/scalar", "transpose/scalar", "write-scalar", "custom")


def _per(count: int, of: int) -> float:
    return count / of if of else 0.0


def counters_report(outcomes: list) -> str:
    """Each case's scalar work, the largest per copy mode, and the summary line:
    `counters: <N> cases; div/mod per row max <x>; UB scalar writes per element max <y>`, x over
    the modes that must not divide in their loops (DIVISION_FREE_MODES) and y over every mode but
    the scalar ones (SCALAR_MODES)."""
    counted = [o for o in outcomes if o.stats is not None and o.stats.mode != "empty"]
    lines = ["", "scalar work per case (div/mod: in the loops / in setup; per row, per output "
             "unit; core: the busiest block's):"]
    by_mode: dict[str, dict[str, float]] = {}
    for o in counted:
        s, r = o.stats, o.run
        div_row = _per(s.loop_div_mods, s.rows)
        writes = _per(s.ub_scalar_writes, s.output_units)
        lines.append(
            f"  {r.case.op} {r.product.key} {r.dtype} {s.mode}: {r.case.label}: {s.rows} rows, "
            f"{s.output_units} units, {s.block_dim} cores; div/mod {s.loop_div_mods}/"
            f"{s.div_mods - s.loop_div_mods} ({div_row:.3g} per row); multiply-highs {s.mul_highs}; UB scalar reads "
            f"{s.ub_scalar_reads}, writes {s.ub_scalar_writes} ({writes:.3g} per unit); GM scalar "
            f"{s.scalar_gm_accesses}; DMA {s.dma_instructions}; vector {s.vector_instructions} "
            f"({s.address_list_instructions} with address lists); "
            f"loop iterations {s.loop_iterations} (core {s.core_loop_iterations})")
        m = by_mode.setdefault(s.mode, {"cases": 0, "div": 0.0, "writes": 0.0, "loops": 0.0,
                                        "dma": 0.0})
        m["cases"] += 1
        m["div"] = max(m["div"], div_row)
        m["writes"] = max(m["writes"], writes)
        m["loops"] = max(m["loops"], _per(s.loop_iterations, s.rows))
        m["dma"] = max(m["dma"], _per(s.dma_instructions, s.rows))
    lines += ["", "per copy mode (maximum over its cases):",
              f"  {'mode':<17} {'cases':>6} {'div/mod per row':>16} {'UB writes per unit':>19} "
              f"{'loop iter. per row':>19} {'DMA per row':>12}"]
    for mode, m in sorted(by_mode.items()):
        lines.append(f"  {mode:<17} {m['cases']:>6} {m['div']:>16.3g} {m['writes']:>19.3g} "
                     f"{m['loops']:>19.3g} {m['dma']:>12.3g}")
    x = max((_per(o.stats.loop_div_mods, o.stats.rows) for o in counted
             if o.stats.mode in DIVISION_FREE_MODES), default=0.0)
    y = max((_per(o.stats.ub_scalar_writes, o.stats.output_units) for o in counted
             if o.stats.mode not in SCALAR_MODES), default=0.0)
    lines.append(f"counters: {len(counted)} cases; div/mod per row max {x:.3g}; "
                 f"UB scalar writes per element max {y:.3g}")
    return "\n".join(lines)
