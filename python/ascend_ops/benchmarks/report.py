"""The benchmark's results as a Markdown table, a PNG chart and JSON (pure functions, except
`write`, which does the file I/O)."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from . import MEMCPY, MEMCPY_FRESH, OURS, REFERENCE, Measurement, Results, size_text
from .cases import BASELINE_GOAL, GOALS, SHAPE_CLASSES, TINY_GOAL

CHART_SERIES = (OURS, REFERENCE, "numpy", "torch", "pixel_(un)shuffle", MEMCPY_FRESH, MEMCPY)


def vs_memcpy(m: Measurement) -> float:
    return m.speedup(MEMCPY)


def vs_fresh_memcpy(m: Measurement) -> float:
    return m.speedup(MEMCPY_FRESH)


def vs_best_baseline(m: Measurement) -> float:
    return m.speedup(m.best_baseline)


def goal_met(m: Measurement) -> bool:
    return vs_memcpy(m) >= GOALS[m.kind] and vs_best_baseline(m) >= BASELINE_GOAL


def _gbps(m: Measurement, name: str) -> str:
    return f"{m.gbps(name):.1f}" if name in m.seconds else ""


def _pixel(m: Measurement) -> str:
    return next((_gbps(m, n) for n in ("pixel_shuffle", "pixel_unshuffle") if n in m.seconds), "")


def markdown(results: Results) -> str:
    mc = results.machine
    lines = [
        "# ascend-ops CPU benchmark",
        "",
        "<!-- written by `python scripts/bench.py` (`ascend-ops bench`); do not edit -->",
        "",
        f"Machine: **{mc['cores']} cores** ({mc['usable_cores']} usable), {mc['cpu']}, "
        f"{mc['system']}; Python {mc['python']}, torch {mc['torch']} "
        f"({mc['torch_threads']} threads, OMP_WAIT_POLICY={mc['omp_wait_policy']}), "
        f"numpy {mc['numpy']}; CPU backend `{mc['backend']}`; "
        f"{mc['date']}. Load average (1 min) before / after: "
        f"{_load(mc.get('load_before'))} / {_load(mc.get('load_after'))}.",
        "",
        "Every workload moves float32 data. **size** is the output's bytes; **GB/s** is (bytes "
        "read + bytes written) / median time, after a warm-up call, of the implementations "
        "taking turns. `ascend_ops` is `torch.ops.ascend_ops.<op>` on CPU tensors; "
        "`cpu_reference` the numpy oracle; `numpy` and `torch` the indexing / reshape-transpose "
        "expression a user would write, with the copy that makes the result contiguous; "
        "**memcpy** copies the same bytes into a buffer allocated once (the physical ceiling), "
        "**memcpy fresh** into a new tensor each call, which every op returning a new tensor "
        "has to pay for. Goals: at least the best baseline everywhere; "
        + ", ".join(f"{kind} >= {goal}x memcpy" for kind, goal in GOALS.items())
        + f"; a tiny call <= {TINY_GOAL:g}x `x[...].clone()`.",
        "",
        "## Summary (largest size; every size below)",
        "",
        *summary(results),
        "",
        "## Throughput, GB/s",
        "",
        "| op | class | kind | size | ascend_ops | cpu_reference | numpy | torch "
        "| pixel_(un)shuffle | memcpy | memcpy fresh | x memcpy | x memcpy fresh "
        "| x best baseline | goal | met |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for m in sorted(results.measurements, key=_order):
        lines.append(
            f"| {m.op} | {m.key} | {m.kind} | {size_text(m.size)} | **{m.gbps(OURS):.1f}** "
            f"| {_gbps(m, REFERENCE)} | {_gbps(m, 'numpy')} | {_gbps(m, 'torch')} | {_pixel(m)} "
            f"| {m.gbps(MEMCPY):.1f} | {m.gbps(MEMCPY_FRESH):.1f} | {vs_memcpy(m):.2f} "
            f"| {vs_fresh_memcpy(m):.2f} | {vs_best_baseline(m):.2f} ({m.best_baseline}) "
            f"| >= {GOALS[m.kind]:g}x memcpy, >= {BASELINE_GOAL:g}x best "
            f"| {'yes' if goal_met(m) else '**no**'} |")
    lines += ["", "## Per-call overhead (tiny tensors)", "",
              "**dispatch floor**: the op's schema registered the way the package registers its "
              "ops (torch.library, Python CPU kernel, fake kernel, autograd) with a kernel that "
              "only returns `x.clone()`: what torch's dispatch of that signature costs, plus the "
              "clone.", "",
              "| op | call | ascend_ops us/call | baseline | baseline us/call | ratio | goal "
              "| met | dispatch floor us/call (ratio) |",
              "|---|---|---:|---|---:|---:|---|---|---:|"]
    for t in results.tiny:
        lines.append(f"| {t.op} | `{t.call}` | {t.ours_us:.1f} | `{t.clone_call}` "
                     f"| {t.clone_us:.2f} | {t.ratio:.1f}x | <= {TINY_GOAL:g}x "
                     f"| {'yes' if t.ratio <= TINY_GOAL else '**no**'} "
                     f"| {t.floor_us:.1f} ({t.floor_us / t.clone_us:.1f}x) |")
    lines += ["", "## Shape classes", "", "| op | class | kind | what | shapes (largest size) |",
              "|---|---|---|---|---|"]
    largest = {}
    for m in results.measurements:
        if m.size >= largest.get((m.op, m.key), (0, ""))[0]:
            largest[(m.op, m.key)] = (m.size, m.shape)
    for c in SHAPE_CLASSES:
        if (c.op, c.key) in largest:
            lines.append(f"| {c.op} | {c.key} | {c.kind} | {c.title} | `{largest[(c.op, c.key)][1]}` |")
    lines += ["", "## Closing note", "", *closing_note(results), ""]
    return "\n".join(lines)


def summary(results: Results) -> list[str]:
    """One row per shape class at its largest size, and one per tiny call (README shows it)."""
    largest: dict[tuple[str, str], Measurement] = {}
    for m in results.measurements:
        if m.size >= largest.get((m.op, m.key), m).size:
            largest[(m.op, m.key)] = m
    lines = ["| op | class | kind | size | ascend_ops GB/s | x memcpy | x memcpy fresh "
             "| x best baseline | goal met |", "|---|---|---|---:|---:|---:|---:|---:|---|"]
    for m in sorted(largest.values(), key=_order):
        lines.append(f"| {m.op} | {m.key} | {m.kind} | {size_text(m.size)} | {m.gbps(OURS):.1f} "
                     f"| {vs_memcpy(m):.2f} (goal {GOALS[m.kind]:g}) | {vs_fresh_memcpy(m):.2f} "
                     f"| {vs_best_baseline(m):.2f} ({m.best_baseline}) "
                     f"| {'yes' if goal_met(m) else '**no**'} |")
    for t in results.tiny:
        lines.append(f"| {t.op} | tiny | per call | {t.ours_us:.1f} us | | | | {t.ratio:.1f}x "
                     f"`{t.clone_call}` (goal <= {TINY_GOAL:g}x) | "
                     f"{'yes' if t.ratio <= TINY_GOAL else '**no**'} |")
    return lines


def closing_note(results: Results) -> list[str]:
    """Which goals are missed, by how much, and what the measurements say about why."""
    missed = [m for m in sorted(results.measurements, key=_order) if not goal_met(m)]
    slow_tiny = [t for t in results.tiny if t.ratio > TINY_GOAL]
    if not missed and not slow_tiny:
        return ["Every goal is met: every class is at least as fast as the best baseline and "
                "reaches its fraction of memcpy at every size, and tiny calls stay within "
                f"{TINY_GOAL:g}x `x[...].clone()`."]
    out = []
    for m in missed:
        reasons = []
        if vs_memcpy(m) < GOALS[m.kind]:
            reasons.append(f"{vs_memcpy(m):.2f}x memcpy, goal {GOALS[m.kind]:g}x "
                           f"(short by {GOALS[m.kind] - vs_memcpy(m):.2f}x)")
            fresh = m.speedup(MEMCPY, over=MEMCPY_FRESH)
            if vs_fresh_memcpy(m) >= GOALS[m.kind]:
                reasons.append(f"against memcpy into a fresh tensor it reaches "
                               f"{vs_fresh_memcpy(m):.2f}x: that memcpy itself only reaches "
                               f"{fresh:.2f}x of warm memcpy here, so the gap is the first "
                               f"touch of the new output's pages, not the copy kernel")
            else:
                reasons.append(f"{vs_fresh_memcpy(m):.2f}x memcpy into a fresh tensor "
                               f"(which reaches {fresh:.2f}x of warm memcpy)")
        if vs_best_baseline(m) < BASELINE_GOAL:
            reasons.append(f"{vs_best_baseline(m):.2f}x the best baseline "
                           f"(`{m.best_baseline}`, {m.gbps(m.best_baseline):.1f} GB/s)")
        out.append(f"- **{m.op} {m.key}, {size_text(m.size)}** misses: " + "; ".join(reasons) + ".")
    for t in slow_tiny:
        out.append(f"- **{t.op} tiny** misses: {t.ours_us:.1f} us per call is {t.ratio:.1f}x "
                   f"`{t.clone_call}` ({t.clone_us:.2f} us), goal {TINY_GOAL:g}x. The same "
                   f"signature with a kernel that only clones (the dispatch floor) already costs "
                   f"{t.floor_us:.1f} us, {t.floor_us / t.clone_us:.1f}x; the other "
                   f"{t.ours_us - t.floor_us:.1f} us are the kernel's: the product's dtype rule, "
                   f"the backend choice, the plan lookup, the allocation and the copy.")
    load = results.machine.get("load_before")
    cores = results.machine.get("cores") or 1
    if isinstance(load, (int, float)) and load > 0.5 * cores:
        out.append(f"- The machine was busy while this ran (load average {_load(load)} on "
                   f"{cores} cores): other processes took CPU time and memory bandwidth from "
                   f"every implementation alike; the medians damp that, they do not remove it.")
    return out


def _order(m: Measurement) -> tuple:
    keys = [(c.op, c.key) for c in SHAPE_CLASSES]
    return (keys.index((m.op, m.key)) if (m.op, m.key) in keys else len(keys), m.size)


def _load(value) -> str:
    return f"{value:.1f}" if isinstance(value, (int, float)) else "n/a"


def as_json(results: Results) -> str:
    data = {
        "machine": results.machine,
        "measurements": [{**dataclasses.asdict(m), "gbps": {n: m.gbps(n) for n in m.seconds},
                          "vs_memcpy": vs_memcpy(m), "vs_memcpy_fresh": vs_fresh_memcpy(m),
                          "vs_best_baseline": vs_best_baseline(m),
                          "goal": GOALS[m.kind], "met": goal_met(m)}
                         for m in results.measurements],
        "tiny": [{**dataclasses.asdict(t), "ratio": t.ratio, "goal": TINY_GOAL}
                 for t in results.tiny],
    }
    text = json.dumps(data, indent=1)
    # One line per list of numbers (the per-round samples), not one line per number.
    return re.sub(r"\[[-\d\s.,e]+\]",
                  lambda m: "[" + ", ".join(m.group(0)[1:-1].replace(",", " ").split()) + "]",
                  text) + "\n"


def chart(results: Results, path: Path) -> None:
    """GB/s per class and implementation, one panel per size, and the per-call panel."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = sorted({m.requested for m in results.measurements})
    panels = len(sizes) + (1 if results.tiny else 0)
    fig, axes = plt.subplots(panels, 1, figsize=(12, 4.2 * panels), squeeze=False)
    colors = dict(zip(CHART_SERIES, ("#d62728", "#9467bd", "#1f77b4", "#ff7f0e", "#2ca02c",
                                     "#8c8c8c", "#000000")))
    for ax, size in zip(axes[:, 0], sizes):
        rows = sorted((m for m in results.measurements if m.requested == size), key=_order)
        labels = [f"{m.op}\n{m.key}" for m in rows]
        width = 0.8 / len(CHART_SERIES)
        for k, series in enumerate(CHART_SERIES):
            values = [_series(m, series) for m in rows]
            ax.bar([i + (k - len(CHART_SERIES) / 2 + 0.5) * width for i in range(len(rows))],
                   values, width, label=series, color=colors[series])
        ax.set_xticks(range(len(rows)), labels, fontsize=7)
        ax.set_ylabel("GB/s (read + written)")
        ax.set_title(f"output about {size_text(size)} per call, float32, "
                     f"{results.machine['cores']} cores")
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=7, ncol=len(CHART_SERIES), loc="upper right")
    if results.tiny:
        ax = axes[-1, 0]
        xs = range(len(results.tiny))
        ax.bar([x - 0.27 for x in xs], [t.ours_us for t in results.tiny], 0.27, label=OURS,
               color=colors[OURS])
        ax.bar(list(xs), [t.floor_us for t in results.tiny], 0.27,
               label="dispatch floor (same signature, kernel = clone)", color="#e6a0a0")
        ax.bar([x + 0.27 for x in xs], [t.clone_us for t in results.tiny], 0.27,
               label="x[...].clone()", color="#8c8c8c")
        ax.set_xticks(list(xs), [t.op for t in results.tiny], fontsize=8)
        ax.set_ylabel("us per call")
        ax.set_title("tiny tensors: per-call time")
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _series(m: Measurement, series: str) -> float:
    if series == "pixel_(un)shuffle":
        names = [n for n in ("pixel_shuffle", "pixel_unshuffle") if n in m.seconds]
        return m.gbps(names[0]) if names else 0.0
    return m.gbps(series) if series in m.seconds else 0.0


def write(results: Results, out_dir: Path) -> list[Path]:
    """bench.md, bench.png and bench.json in `out_dir`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = [out_dir / "bench.md", out_dir / "bench.json", out_dir / "bench.png"]
    paths[0].write_text(markdown(results), encoding="utf-8")
    paths[1].write_text(as_json(results), encoding="utf-8")
    chart(results, paths[2])
    return paths
