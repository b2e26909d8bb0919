"""`__aicore__` discipline: every function a kernel entry can reach carries a device qualifier.

On bisheng, the Ascend compiler, a function without `__aicore__` is a host function, and
`__aicore__` code may call only `__aicore__` (or `[host, aicore]`) functions. g++ in AscendC's
CPU-debug mode, and the simulator, expand `__aicore__` to nothing and cannot see a violation. This
check parses each generated op_kernel with libclang (against the simulator's AscendC headers) and
walks the calls from the `__global__` entry through the project's own code (`ascend_kernels/`
outside `sim/`), by the rules above `check_kernel`."""
from __future__ import annotations

import argparse
import functools
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

# What makes a function callable from a kernel: __aicore__, the entry's __global__, and the
# engine's macro for planning code host and kernels share (strided_view.h: __host_aicore__ where
# AscendC's headers are seen).
QUALIFIERS = frozenset({"__aicore__", "__global__", "ASCEND_OPS_HOST_AICORE"})
SIM_DIR = "sim"


class AicoreCheckError(RuntimeError):
    """libclang is missing or cannot parse a kernel source; the message says which and why."""


@dataclass(frozen=True)
class Violation:
    function: str      # qualified name
    location: str      # file:line of its declaration
    reached_from: str  # the function whose body reaches it
    rule: str

    def __str__(self) -> str:
        return f"{self.location}: {self.function} ({self.rule}), reached from {self.reached_from}"


def _cindex():
    try:
        import clang.cindex as cindex
    except ImportError as e:
        raise AicoreCheckError("the __aicore__ check needs libclang's Python binding: pip install "
                               "'libclang>=18' (the test extra of pyproject.toml installs it)") from e
    return cindex


@functools.lru_cache(maxsize=None)
def _builtin_include_dir(cxx: str = "g++") -> str | None:
    """The compiler's own header folder (stddef.h, stdarg.h): the libclang wheel ships none."""
    try:
        out = subprocess.run([cxx, "-print-file-name=include"], capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return None
    path = out.stdout.strip()
    return path if path and Path(path, "stddef.h").is_file() else None


def parse_args(out_dir: Path, npu_arch: int) -> list[str]:
    from ascend_ops_dev.kernel_checks.host_check import SIM_TILING_TYPE
    from ascend_ops.sim.library import arch_defines

    args = ["-x", "c++", "-std=c++17", f"-I{out_dir / SIM_DIR}", f"-I{out_dir / 'common'}",
            f"-DASCEND_SIM_TILING_TYPE={SIM_TILING_TYPE}"]
    args += [f"-D{k}={v}" for k, v in arch_defines(npu_arch).items()]
    builtin = _builtin_include_dir()
    if builtin is not None:
        args += ["-isystem", builtin]
    return args


# The rules of the walk:
#
# - every project function or method reached must be declared with one of QUALIFIERS, read from
#   its source tokens (the macros expand to nothing here);
# - a call may leave the project only for the AscendC API (the simulator's headers stand in for
#   them); a function of the C or C++ library reached from kernel code is a violation (a host
#   function on the device).
#
# Templates are walked uninstantiated, so a call whose callee depends on a template parameter is
# resolved by name, to every project function of that name, and naming a project class makes its
# member functions reachable: the check may call more code reachable than is, never less.
def check_kernel(source: Path, out_dir: Path, npu_arch: int) -> list[Violation]:
    """The violations of one op_kernel source built for `npu_arch` (a custom op's through the
    simulator's translation unit of it, which declares its tiling struct)."""
    from ascend_ops_dev.kernel_checks.host_check import kernel_unit

    cindex = _cindex()
    K = cindex.CursorKind
    out_dir = Path(out_dir).resolve()
    tu = cindex.Index.create().parse(str(kernel_unit(source, out_dir)), args=parse_args(out_dir, npu_arch))
    errors = [str(d) for d in tu.diagnostics if d.severity >= cindex.Diagnostic.Error]
    if errors:
        raise AicoreCheckError(f"{source}: libclang cannot parse it for NPU arch {npu_arch}:\n  " +
                               "\n  ".join(errors[:5]))
    sim_dir = out_dir / SIM_DIR
    texts: dict[str, list[str]] = {}

    def in_project(cursor) -> bool:
        f = cursor.location.file
        if f is None:
            return False
        path = Path(f.name).resolve()
        return path.is_relative_to(out_dir) and not path.is_relative_to(sim_dir)

    def in_api(cursor) -> bool:
        f = cursor.location.file
        return f is not None and Path(f.name).resolve().is_relative_to(sim_dir)

    def qualified(cursor) -> bool:
        """A qualifier token between the start of the declaration's first line and its name."""
        start, name = cursor.extent.start, cursor.location
        lines = texts.setdefault(start.file.name, Path(start.file.name).read_text(encoding="utf-8").split("\n"))
        head = lines[start.line - 1:name.line]
        head[-1] = head[-1][:name.column - 1]
        words = " ".join(head).replace("(", " ").replace(")", " ").split()
        return any(w in QUALIFIERS for w in words)

    functions = (K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR, K.DESTRUCTOR,
                 K.CONVERSION_FUNCTION)
    classes = (K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION)

    def project_cursors(parent) -> Iterable:
        """The declarations of the project's files, descending only into its own scopes."""
        for c in parent.get_children():
            if not in_project(c):
                continue
            yield c
            if c.kind in (K.NAMESPACE, K.LINKAGE_SPEC, *classes):
                yield from project_cursors(c)

    # Every project function definition, by name, for calls templates leave unresolved.
    declared = list(project_cursors(tu.cursor))
    by_name: dict[str, list] = {}
    for c in declared:
        if c.kind in functions and c.is_definition():
            by_name.setdefault(c.spelling, []).append(c)

    def implicit(c) -> bool:
        """A special member the compiler declares: it sits where its class's name does."""
        parent = c.semantic_parent
        return parent is not None and parent.kind in classes and c.location == parent.location

    def definition(c):
        d = c.get_definition()
        return d if d is not None else c

    def referenced(c) -> Iterable:
        """The functions (and classes) a body cursor refers to."""
        if c.kind == K.OVERLOADED_DECL_REF:
            lib = cindex.conf.lib
            for i in range(lib.clang_getNumOverloadedDecls(c)):
                yield lib.clang_getOverloadedDecl(c, i)
            return
        ref = c.referenced
        if ref is not None and ref != c:
            yield ref
        elif c.kind in (K.MEMBER_REF_EXPR, K.DECL_REF_EXPR, K.CALL_EXPR) and c.spelling in by_name:
            yield from by_name[c.spelling]  # dependent: every project function of that name

    entries = [c for c in declared if c.kind == K.FUNCTION_DECL and c.is_definition()
               and Path(c.location.file.name).resolve() == Path(source).resolve()]
    violations: list[Violation] = []
    seen: set[str] = set()
    queue = [(e, "the kernel entry") for e in entries]

    def key(c) -> str:
        return f"{c.location.file.name}:{c.location.line}:{c.location.column}:{c.spelling}"

    def where(c) -> str:
        return f"{Path(c.location.file.name).resolve().relative_to(out_dir.parent)}:{c.location.line}"

    def name(c) -> str:
        parts = []
        while c is not None and c.kind != K.TRANSLATION_UNIT:
            if c.spelling:
                parts.append(c.spelling)
            c = c.semantic_parent
        return "::".join(reversed(parts))

    while queue:
        fn, parent = queue.pop()
        if key(fn) in seen:
            continue
        seen.add(key(fn))
        if fn.kind in classes:
            for member in fn.get_children():
                if member.kind in functions and not implicit(member):
                    queue.append((definition(member), name(fn)))
            continue
        if not qualified(fn):
            violations.append(Violation(name(fn), where(fn), parent,
                                        "no __aicore__: a host function on bisheng"))
        for c in fn.walk_preorder():
            for ref in referenced(c):
                if ref.kind not in functions and ref.kind not in classes:
                    continue
                if ref.location.file is None or implicit(ref) or ref.spelling.startswith("__builtin_"):
                    continue  # compiler-generated members and builtins serve host and device alike
                if in_project(ref):
                    queue.append((definition(ref), name(fn)))
                elif not in_api(ref) and ref.kind in functions:
                    v = Violation(name(ref), f"{ref.location.file.name}:{ref.location.line}", name(fn),
                                  "a C/C++ library function: a host function on bisheng")
                    if v not in violations:
                        violations.append(v)
    return violations


def check(out_dir: Path, ops: Sequence[str] | None = None) -> dict[tuple[str, int], list[Violation]]:
    """Every op_kernel source of `out_dir`, once per NPU arch of the specs beside it."""
    from ascend_ops_dev.kernel_checks.host_check import kernel_archs, kernel_sources

    archs = kernel_archs(out_dir)
    found: dict[tuple[str, int], list[Violation]] = {}
    for source in kernel_sources(out_dir):
        op = source.parent.parent.name
        if ops is not None and op not in ops:
            continue
        for arch in archs:
            found[op, arch] = check_kernel(source, out_dir, arch)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ascend_ops_dev.kernel_checks.aicore_check",
                                     description="Check that every function a kernel reaches carries __aicore__.")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="the ascend_kernels folder (default: the checkout's)")
    parser.add_argument("--op", action="append", metavar="OP", help="only this op's kernel (repeatable)")
    args = parser.parse_args(argv)
    out_dir = args.out
    if out_dir is None:
        from ascend_ops_gen.spec import project_root
        out_dir = project_root() / "ascend_kernels"
    try:
        found = check(out_dir, args.op)
    except AicoreCheckError as e:
        print(f"aicore_check: error: {e}", file=sys.stderr)
        return 2
    bad = {k: v for k, v in found.items() if v}
    for (op, arch), violations in bad.items():
        print(f"{op} (NPU arch {arch}):")
        for v in violations:
            print(f"  {v}")
    print(f"aicore_check: {len(found) - len(bad)} of {len(found)} kernel builds reach only __aicore__ code")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
