"""The files `ascend-ops-dev new-op` writes: an op's spec, its reference and its kernel code (a
custom op's Compute, a view op's view builder), each from templates/, each loading, generating and
building as it is, and failing loudly wherever it runs until written: the reference raises
NotImplementedError, the Compute stops the simulator (NotWrittenYet, common/custom_op_kernel.h),
the view builder refuses every call. Nothing existing is overwritten."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ascend_ops_gen.codegen.code_template import CodeTemplate
from ascend_ops_gen.codegen.gen import RESERVED_DIRS
from ascend_ops_gen.spec import project_root
from ascend_ops_gen.spec.reserved_names import pascal, reserved_name_problem

TEMPLATES = Path(__file__).resolve().parent / "templates"
_NAME = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
_OP_TYPE = re.compile(r"^[A-Z][A-Za-z0-9]*$")


class NewOpError(ValueError):
    """The op cannot be started: a bad name, or a piece of it exists already."""


@dataclass(frozen=True)
class Written:
    files: tuple[str, ...]  # relative to the checkout
    next_steps: str


def pieces(name: str, kind: str) -> list[tuple[str, str]]:
    """(template, path relative to the checkout) of each file an op of `kind` starts with."""
    if kind == "custom":
        return [("custom.yaml", f"op_specs/{name}.yaml"), ("custom_reference.py", f"cpu_reference/{name}.py"),
                ("custom_compute.h", f"ascend_kernels/{name}/{name}_compute.h")]
    return [("view.yaml", f"op_specs/{name}.yaml"), ("view_reference.py", f"cpu_reference/{name}.py"),
            ("view.h", f"ascend_kernels/{name}/{name}_view.h")]


def write_new_op(name: str, kind: str, op_type: str | None = None, root: Path | None = None) -> Written:
    """Write the starting pieces of op `name` into the checkout `root` (the package's own by default)."""
    root = Path(root) if root is not None else project_root()
    if not _NAME.match(name):
        raise NewOpError(f"op name {name!r} must be snake_case (lower-case words joined by _), as the spec's `op`")
    if name in RESERVED_DIRS:
        raise NewOpError(f"op name {name!r} would put its folder on the hand-written ascend_kernels/{name}/; "
                         f"choose another")
    op_type = op_type or f"Ascend{pascal(name)}"
    if not _OP_TYPE.match(op_type):
        raise NewOpError(f"--op-type {op_type!r} must be CamelCase (a C++ class name: the OpDef)")
    for value, what in ((name, "op name"), (op_type, "--op-type")):
        problem = reserved_name_problem(value, what)
        if problem:
            raise NewOpError(problem)
    files = pieces(name, kind)
    existing = [path for _, path in files if (root / path).exists()]
    if existing:
        raise NewOpError(f"{', '.join(existing)} exists already; new-op writes a new op's pieces and "
                         f"overwrites nothing")
    values = {"name": name, "op_type": op_type, "guard": name.upper(), "compute": f"Compute{pascal(name)}",
              "builder": f"Build{pascal(name)}View"}
    for template, path in files:
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        text = CodeTemplate((TEMPLATES / template).read_text(encoding="utf-8"), template).substitute(values)
        target.write_text(text, encoding="utf-8")
    code = files[2][1]
    return Written(tuple(path for _, path in files),
                   f"say what {name} computes in {files[0][1]}, write {files[1][1]} and {code}, then run "
                   f"`ascend-ops-dev generate` (docs/adding-an-op.md)")
