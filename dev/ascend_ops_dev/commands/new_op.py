"""`ascend-ops-dev new-op NAME [--kind custom|view]`: write an op's starting pieces into the checkout
(ascend_ops_dev.new_op), without importing ascend_ops."""
from __future__ import annotations

import argparse
import sys

HELP = "start a new op: write its spec, its reference and its Compute (or view builder), which fail loudly until written"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", metavar="NAME", help="the op's name, snake_case (its spec is op_specs/NAME.yaml)")
    parser.add_argument("--kind", choices=("custom", "view"), default="custom",
                        help="custom: a generated pipeline around a Compute of yours (the default); view: a "
                             "strided view of one input, copied by the data-movement engine")
    parser.add_argument("--op-type", metavar="OP_TYPE",
                        help="the CANN OpType (default: Ascend followed by NAME in CamelCase)")


def run(args: argparse.Namespace) -> int:
    from ascend_ops_dev.new_op.write import NewOpError, write_new_op

    try:
        written = write_new_op(args.name, args.kind, args.op_type)
    except NewOpError as e:
        print(f"ascend-ops-dev new-op: error: {e}", file=sys.stderr)
        return 2
    for path in written.files:
        print(f"  wrote    {path}")
    print(f"ascend-ops-dev new-op: {args.name} ({args.kind}): {len(written.files)} files; next: {written.next_steps}")
    return 0
