"""`ascend-ops caps`: which dtypes each op supports on each Atlas product line."""
from __future__ import annotations

import argparse
from ascend_ops_gen.spec import OpSpec, Product, specs

from ...runtime.products import product, products

HELP = "print the op x product x dtype support matrix (from op_specs/)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--op", choices=[o.name for o in specs().ops],
                        help="only this op (default: every op)")
    parser.add_argument("--product", metavar="KEY_OR_SOC",
                        help="only this product line, by key (atlas-a2) or SoC name (Ascend910B2)")


def support_table(ops: list[OpSpec], lines: tuple[Product, ...]) -> str:
    """One op x product x dtype matrix: a row per op and product line, a column per dtype, then
    each product line's SoC names and the reasons of its dtype rule, once."""
    dtypes = specs().dtype_names
    rows = [["op", "product", *dtypes]]
    for op in ops:
        for i, p in enumerate(lines):
            allowed = op.supported_dtypes(p)
            rows.append([op.name if i == 0 else "", p.key,
                         *("x" if d in allowed else ("." if d in op.dtypes else " ") for d in dtypes)])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for k, r in enumerate(rows):
        out.append("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
        if k == 0:
            out.append("  ".join("-" * w for w in widths))
    out.append("")
    for p in lines:
        whys = sorted({op.rule_for(p).why for op in ops if op.rule_for(p).why})
        out.append(f"{p.key}: {_soc_range(p)}" + "".join(f"; {why}" for why in whys))
    return "\n".join(out)


def _soc_range(p: Product) -> str:
    names = p.soc_versions
    return names[0] if len(names) == 1 else f"{names[0]} .. {names[-1]} ({len(names)})"


def run(args: argparse.Namespace) -> int:
    ops = [specs().op(args.op)] if args.op else list(specs().ops)
    lines = (product(args.product),) if args.product else products()
    print("dtype support by op and product line")
    print(support_table(ops, lines))
    print()
    for op in ops:
        print(f"{op.name}: {op.semantics} ({op.file})")
    print("\nx = supported, . = declared by the op but not on this product line, "
          "blank = not declared by the op")
    return 0
