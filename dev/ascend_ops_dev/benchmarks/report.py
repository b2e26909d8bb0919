"""The benchmark's results as a Markdown table, a PNG chart and JSON (pure functions, except
`write`, which does the file I/O)."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from ascend_ops_dev.benchmarks import (MEMCPY, MEMCPY_FRESH, OURS, REFERENCE, THP, THP_ENV, Measurement,
               Results, size_text)
from ascend_ops_dev.benchmarks.cases import BASELINE_GOAL, GOALS, KIND_TITLES, MEMCPY_GOAL_BYTES, TINY_GOAL, shape_classes


def vs_memcpy(m: Measurement) -> float:
    return m.speedup(MEMCPY)


def vs_fresh_memcpy(m: Measurement) -> float:
    return m.speedup(MEMCPY_FRESH)


def vs_best_baseline(m: Measurement) -> float:
    return m.speedup(m.best_baseline)


def memcpy_goal(m: Measurement) -> float | None:
    """The fraction of warm memcpy `m` should reach, or None below MEMCPY_GOAL_BYTES (a class's
    output lands near the size asked for, not on it: 10% below still counts)."""
    return GOALS[m.kind] if m.size >= 0.9 * MEMCPY_GOAL_BYTES else None


def goal_met(m: Measurement) -> bool:
    goal = memcpy_goal(m)
    return (goal is None or vs_memcpy(m) >= goal) and vs_best_baseline(m) >= BASELINE_GOAL


def goal_text(m: Measurement) -> str:
    goal = memcpy_goal(m)
    best = f">= {BASELINE_GOAL:g}x best"
    return best if goal is None else f">= {goal:g}x warm, {best}"


def baseline_columns(results: Results) -> list[str]:
    """Every baseline measured, in order of first appearance, each THP variant after the rest."""
    names: list[str] = []
    for m in results.measurements:
        names += [n for n in m.baselines if n not in names]
    return [n for n in names if not n.endswith(THP)] + [n for n in names if n.endswith(THP)]


def _bound(m: Measurement) -> str:
    """The traffic bound against warm memcpy where a memcpy goal applies (Note [traffic bound])."""
    return f"{m.traffic.bound:.2f}" if m.traffic is not None and memcpy_goal(m) is not None else ""


def _gbps(m: Measurement, name: str) -> str:
    return f"{m.gbps(name):.1f}" if name in m.seconds else ""


def table(results: Results) -> list[str]:
    """The one table: every class at every size, ascend_ops, the reference, every baseline,
    the memcpy ceilings, and the ratios."""
    baselines = baseline_columns(results)
    header = (["op", "class", "kind", "size", "load", "**ascend_ops**", "cpu_reference"]
              + baselines + ["memcpy warm", "memcpy fresh", "x warm", "x fresh", "bound",
                             "x best baseline", "goal", "met"])
    lines = ["| " + " | ".join(header) + " |",
             "|" + "---|" * 4 + "---:|" * (len(header) - 7) + "---|---|"]
    for m in sorted(results.measurements, key=_order):
        cells = [m.op, m.key, KIND_TITLES[m.kind], size_text(m.size), _load(m.load),
                 f"**{m.gbps(OURS):.1f}**", _gbps(m, REFERENCE),
                 *[_gbps(m, b) for b in baselines],
                 f"{m.gbps(MEMCPY):.1f}", f"{m.gbps(MEMCPY_FRESH):.1f}", f"{vs_memcpy(m):.2f}",
                 f"{vs_fresh_memcpy(m):.2f}", _bound(m),
                 f"{vs_best_baseline(m):.2f} ({m.best_baseline})",
                 goal_text(m),
                 "yes" if goal_met(m) else "**no**"]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def tiny_table(results: Results) -> list[str]:
    lines = ["| op | call | ascend_ops us/call | clone | clone us/call | ratio | goal | met "
             "| empty custom op us/call (ratio) |",
             "|---|---|---:|---|---:|---:|---|---|---:|"]
    for t in results.tiny:
        lines.append(f"| {t.op} | `{t.call}` | {t.ours_us:.1f} | `{t.clone_call}` "
                     f"| {t.clone_us:.2f} | {t.ratio:.1f}x | <= {TINY_GOAL:g}x "
                     f"| {'yes' if t.ratio <= TINY_GOAL else '**no**'} "
                     f"| {t.floor_us:.1f} ({t.floor_us / t.clone_us:.1f}x) |")
    return lines


def markdown(results: Results) -> str:
    mc = results.machine
    thp = (f"The `{THP}` columns are the torch baselines run again in a separate process with "
           f"`{THP_ENV}=1` (torch's own huge-page option), taking turns with ascend_ops there; "
           f"their ratios pair them with ascend_ops' rounds of that process."
           if mc.get("torch_thp_run") else f"This run left out the `{THP_ENV}=1` torch run.")
    lines = [
        "# ascend-ops CPU benchmark",
        "",
        "<!-- written by `python scripts/bench.py` (`ascend-ops-dev bench`); do not edit -->",
        "",
        f"Machine: **{mc['cores']} cores** ({mc['usable_cores']} usable), {mc['cpu']}, "
        f"{mc['system']}; Python {mc['python']}, torch {mc['torch']} "
        f"({mc['torch_threads']} threads, OMP_WAIT_POLICY={mc['omp_wait_policy']}), "
        f"numpy {mc['numpy']}; CPU backend `{mc['backend']}`, compiled fast path "
        f"{mc.get('fast_path', 'unknown')}; "
        f"{mc['date']}. Load average (1 min) before / after: "
        f"{_load(mc.get('load_before'))} / {_load(mc.get('load_after'))}; **load** is the "
        f"load average right after each row was measured.",
        "",
        "Every workload moves float32 data. **size** is the output's bytes; **GB/s** is (bytes "
        "read + bytes written) / median time, after a warm-up call, of the implementations "
        "taking turns round after round. `ascend_ops` is `torch.ops.ascend_ops.<op>` on CPU "
        "tensors; `cpu_reference` the numpy oracle; the baselines are the expressions a user "
        "would write instead (each op spec's `bench:` key), with the copy that makes the result "
        "contiguous. **memcpy warm** copies the same bytes into a buffer allocated once (the "
        "ceiling: the fastest of glibc's memmove and the native copy on every core, with "
        "ordinary and with non-temporal stores), **memcpy fresh** into a new buffer each call "
        "(fresh pages of ascend_ops' allocator or torch's, the faster), which an op pays when no "
        "freed output of its size can be reused (ascend_ops keeps freed large outputs for that: "
        "its calls here write reused buffers). **bound** is a traffic model of the most a copy of "
        "the class can reach against warm memcpy once its data leaves the caches: memory moves "
        "whole 64-byte lines, and a copy that touches r bytes of input lines per output byte "
        "and writes with ordinary stores (each line read before it is written) moves r + 2 "
        "bytes per output byte where memcpy moves 2, or r + 1 with non-temporal stores; the "
        "part of a workload that stays in the last-level cache can take a copy past it. "
        "Ratios (x ...) "
        "are medians of the round-by-round ratios of the same run. " + thp + " Goals: at least "
        "the best baseline at every size; from " + size_text(MEMCPY_GOAL_BYTES) + " on, "
        + ", ".join(f"{KIND_TITLES[kind]} >= {goal}x warm memcpy" for kind, goal in GOALS.items())
        + f"; a tiny call <= {TINY_GOAL:g}x `x[...].clone()`.",
        "",
        "## Throughput, GB/s",
        "",
        *table(results),
        "",
        "## Per-call overhead (tiny tensors)",
        "",
        "**empty custom op**: the op's schema registered the way the package registers its ops "
        "(torch.library, Python CPU kernel, fake kernel, autograd) with a kernel that returns "
        "its input: what torch's dispatch of that signature costs, the floor of any Python "
        "custom op.",
        "",
        *tiny_table(results),
        "",
        "## Shape classes",
        "",
        "| op | class | kind | what | shapes (largest size) |",
        "|---|---|---|---|---|",
    ]
    largest: dict[tuple[str, str], Measurement] = {}
    for m in sorted(results.measurements, key=_order):
        if m.size >= largest.get((m.op, m.key), m).size:
            largest[(m.op, m.key)] = m
    for m in largest.values():
        lines.append(f"| {m.op} | {m.key} | {KIND_TITLES[m.kind]} | {m.title} | `{m.shape}` |")
    lines += ["", "## Closing note", "", *closing_note(results), ""]
    return "\n".join(lines)


def closing_note(results: Results) -> list[str]:
    """Which goals are missed, by how much, and what the measurements say about why."""
    missed = [m for m in sorted(results.measurements, key=_order) if not goal_met(m)]
    slow_tiny = [t for t in results.tiny if t.ratio > TINY_GOAL]
    if not missed and not slow_tiny:
        return ["Every goal is met: every class is at least as fast as the best baseline at "
                "every size and reaches its fraction of memcpy on large outputs, and tiny calls "
                "stay within "
                f"{TINY_GOAL:g}x `x[...].clone()`."]
    out = []
    for m in missed:
        reasons = []
        goal = memcpy_goal(m)
        if goal is not None and vs_memcpy(m) < goal:
            reasons.append(f"{vs_memcpy(m):.2f}x memcpy, goal {goal:g}x "
                           f"(short by {goal - vs_memcpy(m):.2f}x)")
            t = m.traffic
            if t is not None:
                stores = "non-temporal" if t.streamed else "ordinary"
                reach = (f"{vs_memcpy(m) / t.bound:.2f} of it" if vs_memcpy(m) < t.bound
                         else "all of it")
                reasons.append(f"it touches {t.lines_read:.2f} bytes of input cache lines per "
                               f"output byte and writes with {stores} stores, so the traffic "
                               f"model bounds it at {t.bound:.2f}x warm memcpy"
                               + (" (below the goal)" if t.bound < goal else "")
                               + f", and it reaches {reach}")
        if vs_best_baseline(m) < BASELINE_GOAL:
            reasons.append(f"{vs_best_baseline(m):.2f}x the best baseline "
                           f"(`{m.best_baseline}`, {m.gbps(m.best_baseline):.1f} GB/s)")
        out.append(f"- **{m.op} {m.key}, {size_text(m.size)}** misses: " + "; ".join(reasons) + ".")
    for t in slow_tiny:
        out.append(f"- **{t.op} tiny** misses: {t.ours_us:.1f} us per call is {t.ratio:.1f}x "
                   f"`{t.clone_call}` ({t.clone_us:.2f} us), goal {TINY_GOAL:g}x. The same "
                   f"signature with a kernel that returns its input (the dispatch floor) already "
                   f"costs {t.floor_us:.1f} us, {t.floor_us / t.clone_us:.1f}x; the other "
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
    keys = [(c.op, c.key) for c in shape_classes()]
    return (keys.index((m.op, m.key)) if (m.op, m.key) in keys else len(keys), m.size)


def _load(value) -> str:
    return f"{value:.1f}" if isinstance(value, (int, float)) else "n/a"


def as_json(results: Results) -> str:
    data = {
        "machine": results.machine,
        "measurements": [{**dataclasses.asdict(m), "gbps": {n: m.gbps(n) for n in m.seconds},
                          "vs_memcpy": vs_memcpy(m), "vs_memcpy_fresh": vs_fresh_memcpy(m),
                          "vs_best_baseline": vs_best_baseline(m),
                          "goal": memcpy_goal(m), "met": goal_met(m)}
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

    series = [OURS, REFERENCE, *baseline_columns(results), MEMCPY_FRESH, MEMCPY]
    palette = plt.get_cmap("tab10").colors
    colors = {name: ("#000000" if name == MEMCPY else "#8c8c8c" if name == MEMCPY_FRESH
                     else "#d62728" if name == OURS else palette[(k + 4) % len(palette)])
              for k, name in enumerate(series)}
    sizes = sorted({m.requested for m in results.measurements})
    panels = len(sizes) + (1 if results.tiny else 0)
    fig, axes = plt.subplots(panels, 1, figsize=(13, 4.2 * panels), squeeze=False)
    for ax, size in zip(axes[:, 0], sizes):
        rows = sorted((m for m in results.measurements if m.requested == size), key=_order)
        width = 0.8 / len(series)
        for k, name in enumerate(series):
            values = [m.gbps(name) if name in m.seconds else 0.0 for m in rows]
            ax.bar([i + (k - len(series) / 2 + 0.5) * width for i in range(len(rows))],
                   values, width, label=name, color=colors[name])
        ax.set_xticks(range(len(rows)), [f"{m.op}\n{m.key}" for m in rows], fontsize=7)
        ax.set_ylabel("GB/s (read + written)")
        ax.set_title(f"output about {size_text(size)} per call, float32, "
                     f"{results.machine['cores']} cores")
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=6, ncol=min(len(series), 6), loc="upper right")
    if results.tiny:
        ax = axes[-1, 0]
        xs = range(len(results.tiny))
        ax.bar([x - 0.27 for x in xs], [t.ours_us for t in results.tiny], 0.27, label=OURS,
               color=colors[OURS])
        ax.bar(list(xs), [t.floor_us for t in results.tiny], 0.27,
               label="empty custom op (same signature, returns x)", color="#e6a0a0")
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


def write(results: Results, out_dir: Path) -> list[Path]:
    """bench.md, bench.png and bench.json in `out_dir`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = [out_dir / "bench.md", out_dir / "bench.json", out_dir / "bench.png"]
    paths[0].write_text(markdown(results), encoding="utf-8")
    paths[1].write_text(as_json(results), encoding="utf-8")
    chart(results, paths[2])
    return paths
