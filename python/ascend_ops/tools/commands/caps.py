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


def support_table(op: OpSpec, lines: tuple[Product, ...]) -> str:
    """ATB's "product support" table layout for one op: product, supported, dtypes, then notes."""
    dtypes = specs().dtype_names
    rows = [["product", "SoC names", "supported", *dtypes]]
    notes = []
    for p in lines:
        allowed = op.supported_dtypes(p)
        rule = op.rule_for(p)
        rows.append([p.key, _soc_range(p), "yes" if allowed else "no",
                     *("x" if d in allowed else ("." if d in op.dtypes else " ") for d in dtypes)])
        if rule.why:
            notes.append(f"  {p.key}: {rule.why}")
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for k, r in enumerate(rows):
        out.append("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
        if k == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out + notes)


def _soc_range(p: Product) -> str:
    names = p.soc_versions
    return names[0] if len(names) == 1 else f"{names[0]} .. {names[-1]} ({len(names)})"


def run(args: argparse.Namespace) -> int:
    ops = [specs().op(args.op)] if args.op else list(specs().ops)
    lines = (product(args.product),) if args.product else products()
    for i, op in enumerate(ops):
        if i:
            print()
        print(f"{op.name} ({op.semantics}; {op.file})")
        print(support_table(op, lines))
    print("\nx = supported, . = declared by the op but not on this product, "
          "blank = not declared by the op")
    return 0
