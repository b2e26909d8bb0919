"""`ascend-ops check-npu`: check the torch binding without an NPU or CANN.

1. Signatures: the aclnn prototypes the binding declares equal what CANN's generator makes of
   each generated OpDef (Note [aclnn rules], ascend_ops_gen/codegen/aclnn.py), and every aclnn call
   in the binding names one of them.
2. Compile: `g++ -fsyntax-only` of the binding against the installed torch's headers and those
   of the torch_npu wheel built for it (`pip download --no-deps torch_npu==<torch version>`,
   cached, never installed: without CANN an installed torch_npu breaks `import torch`). The
   binding proves at compile time that each call passes what its prototype takes (Note [aclnn
   call check]), so a wrong argument count fails here. A result is cached by the hash of
   everything the compile reads, so a repeated run costs nothing; `--no-cache` compiles again.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

HELP = "compile-check the torch binding against the real torch_npu headers, and its aclnn signatures"
WHEEL_PROJECT = "torch_npu"
_CALL = re.compile(r"\bASCEND_OPS_EXEC_ACLNN\(\s*(?P<name>aclnn\w+)\s*,")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--source", type=Path, default=None, metavar="FILE",
                        help="the binding source to check (default: the generated "
                             "ascend_kernels/binding/ascend_ops_npu.cpp)")
    parser.add_argument("--no-cache", action="store_true",
                        help="compile even if this exact compile has a cached result")
    parser.add_argument("--wheel-dir", type=Path, default=None, metavar="DIR",
                        help="where the torch_npu wheel is downloaded and unpacked (default: the "
                             "package's cache folder)")


# --- 1. signatures -------------------------------------------------------------------------------

def signature_problems(binding_text: str, opdefs: dict[str, str]) -> list[str]:
    """Disagreements between the binding's aclnn prototypes and calls and the aclnn API CANN
    generates from each OpDef source (label -> text). Pure."""
    from ascend_ops_gen.codegen.aclnn import (AclnnError, aclnn_api, expected_prototypes,
                                              parse_opdef, parse_prototypes)

    problems = []
    declared = parse_prototypes(binding_text)
    expected_names = set()
    for label, text in sorted(opdefs.items()):
        try:
            op_type, arguments = parse_opdef(text, label)
            api = aclnn_api(op_type, arguments)
        except AclnnError as e:
            problems.append(str(e))
            continue
        for name, params in expected_prototypes(api).items():
            expected_names.add(name)
            got = declared.get(name)
            if got is None:
                problems.append(f"{label}: the binding declares no {name}")
            elif got != params:
                problems.append(
                    f"{label}: the binding's {name} differs from what CANN generates from the "
                    f"OpDef:\n    OpDef:   ({', '.join(map(str, params))})\n"
                    f"    binding: ({', '.join(map(str, got))})")
    for name in sorted(set(declared) - expected_names):
        problems.append(f"the binding declares {name}, which no OpDef generates")
    calls = _CALL.findall(binding_text)
    for name in calls:
        if f"{name}GetWorkspaceSize" not in expected_names:
            problems.append(f"the binding calls {name}, which no OpDef generates")
    if not calls:
        problems.append("the binding makes no aclnn call")
    return problems


def opdef_sources(kernels_dir: Path) -> dict[str, str]:
    return {f"{kernels_dir.name}/{p.relative_to(kernels_dir)}": p.read_text(encoding="utf-8")
            for p in sorted(kernels_dir.glob("*/op_host/*.cpp"))}


# --- 2. the torch_npu wheel ----------------------------------------------------------------------

def wheel_dir(override: Path | None = None) -> Path:
    from ...runtime.build_cache import cache_dir

    path = Path(override) if override else cache_dir() / WHEEL_PROJECT
    path.mkdir(parents=True, exist_ok=True)
    return path


def _cached_wheel(folder: Path, version: str) -> Path | None:
    wheels = sorted(folder.glob(f"{WHEEL_PROJECT}-{version}-*.whl")) + \
        sorted(folder.glob(f"{WHEEL_PROJECT}-{version}.post*-*.whl"))
    return wheels[-1] if wheels else None


def torch_npu_wheel(version: str, folder: Path) -> Path:
    """The torch_npu wheel for torch `version` (torch_npu X.Y.Z[.postN] requires torch X.Y.Z),
    downloaded once with pip."""
    found = _cached_wheel(folder, version)
    if found:
        return found
    from ...runtime.build_cache import progress

    progress(f"downloading the {WHEEL_PROJECT} {version} wheel (headers only are used; it is "
             f"not installed) into {folder}")
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--disable-pip-version-check", "-q", "-d", str(folder),
               f"{WHEEL_PROJECT}=={version}.*"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    found = _cached_wheel(folder, version)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"`{' '.join(command)}` failed: {(done.stderr or done.stdout).strip()}"
                           f"\nno {WHEEL_PROJECT} wheel matches torch {version} (each "
                           f"{WHEEL_PROJECT} release requires one torch release)")
    return found


def unpacked_headers(wheel: Path) -> Path:
    """The wheel's `torch_npu/` folder with its `include/` unpacked (once, atomically)."""
    target = wheel.with_suffix("")  # <folder>/torch_npu-2.13.0-cp311-...
    root = target / WHEEL_PROJECT
    if (target / ".complete").is_file():
        return root
    tmp = Path(tempfile.mkdtemp(dir=wheel.parent, prefix=".unpack-"))
    with zipfile.ZipFile(wheel) as z:
        members = [m for m in z.namelist() if m.startswith(f"{WHEEL_PROJECT}/include/")]
        z.extractall(tmp, members)
    (tmp / ".complete").write_text(f"{len(members)} files\n", encoding="utf-8")
    try:
        os.replace(tmp, target)
    except OSError:  # another process unpacked it first
        shutil.rmtree(tmp, ignore_errors=True)
    return root


# --- 3. the compile ------------------------------------------------------------------------------

@dataclass(frozen=True)
class CompileResult:
    command: tuple[str, ...]
    returncode: int
    output: str
    cached: bool

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    def errors(self, limit: int = 40) -> str:
        lines = [ln for ln in self.output.splitlines()
                 if " error: " in ln or ln.startswith("error:") or "required from here" in ln]
        return "\n".join(lines[:limit]) or self.output[-4000:]


def _digest(command: list[str], source: Path, headers: Path) -> str:
    from ...runtime.build_cache import compiler

    h = hashlib.sha256()
    h.update("\0".join([compiler()[1], *command]).encode())
    for path in [source, *sorted(headers.glob("*.h"))]:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:24]


def compile_binding(source: Path, torch_npu_root: Path, *, use_cache: bool = True
                    ) -> CompileResult:
    from ...runtime.build_cache import cache_dir, progress
    from ...npu.binding import ENGINE_HEADERS, compile_command
    from ascend_ops_gen.spec import project_root

    command = compile_command(source, torch_npu_root)
    record = cache_dir() / "check_npu" / f"{_digest(command, source, project_root() / ENGINE_HEADERS)}.json"
    if use_cache and record.is_file():
        data = json.loads(record.read_text(encoding="utf-8"))
        return CompileResult(tuple(command), data["returncode"], data["output"], True)
    progress(f"compiling {source.name} against torch and torch_npu headers (about a minute)")
    done = subprocess.run(["nice", "-n", "10", *command] if shutil.which("nice") else command,
                          capture_output=True, text=True, check=False)
    result = CompileResult(tuple(command), done.returncode, done.stdout + done.stderr, False)
    record.parent.mkdir(parents=True, exist_ok=True)
    tmp = record.with_suffix(".tmp")
    tmp.write_text(json.dumps({"returncode": result.returncode, "output": result.output}),
                   encoding="utf-8")
    os.replace(tmp, record)
    return result


def run(args: argparse.Namespace) -> int:
    from ...npu.binding import binding_source, torch_version
    from ascend_ops_gen.spec import project_root

    source = args.source or binding_source()
    if not source.is_file():
        print(f"ascend-ops check-npu: error: {source} is missing; run `ascend-ops generate`",
              file=sys.stderr)
        return 2
    problems = signature_problems(source.read_text(encoding="utf-8"),
                                  opdef_sources(project_root() / "ascend_kernels"))
    if problems:
        print(f"ascend-ops check-npu: {len(problems)} aclnn signature problem(s) in {source}:",
              file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        return 1
    print(f"ascend-ops check-npu: the aclnn prototypes of {source.name} are what CANN generates "
          f"from every OpDef")
    version = torch_version()
    try:
        root = unpacked_headers(torch_npu_wheel(version, wheel_dir(args.wheel_dir)))
    except (RuntimeError, OSError, zipfile.BadZipFile) as e:
        print(f"ascend-ops check-npu: error: {e}", file=sys.stderr)
        return 2
    result = compile_binding(source, root, use_cache=not args.no_cache)
    how = "cached result of the same compile" if result.cached else "compiled"
    if not result.ok:
        print(f"ascend-ops check-npu: {source.name} does not compile against torch {version} and "
              f"{root.parent.name} ({how}):\n{result.errors()}\n$ {' '.join(result.command)}",
              file=sys.stderr)
        return 1
    print(f"ascend-ops check-npu: {source.name} compiles against torch {version} and "
          f"{root.parent.name} headers ({how})")
    return 0
