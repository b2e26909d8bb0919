"""`ascend-ops-dev check-npu`: check the torch binding without an NPU or CANN.

1. Signatures: the aclnn headers the binding compiles against (`--aclnn-headers DIR`: op_build's
   output; else the ones Note [aclnn rules], ascend_ops_gen/codegen/aclnn.py, predicts) declare
   what CANN's rules make of each generated OpDef; the binding includes every one of them, and
   every aclnn call in it names one of their APIs.
2. Compile: `g++ -fsyntax-only` of the binding against the installed torch's headers, those of
   the torch_npu wheel built for it (`pip download --no-deps torch_npu==<torch version>`, cached,
   never installed: without CANN an installed torch_npu breaks `import torch`) and the aclnn
   headers; `--torch-npu RELEASE` or `--paired-with CANN` (the release torch_npu's own table pairs
   with the installed torch and that CANN) picks another release, and `--acl-headers DIR` puts a
   CANN toolkit's acl headers ahead of the ones torch_npu bundles. The binding proves at compile time that each call passes what its header declares
   (Note [aclnn call check]), so a wrong argument fails here. A result is cached by the hash of
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

from ascend_ops_dev.binding.torch_npu_wheel import (release_for_cann, torch_npu_wheel, unpacked_headers, wheel_dir,
                                                    wheel_metadata)

HELP = "compile-check the torch binding against the real torch_npu headers, and its aclnn signatures"
_CALL = re.compile(r"\bASCEND_OPS_ACLNN\(\s*\"\w+\",\s*kVendor,\s*(?P<name>aclnn\w+)\s*,")
_INCLUDE = re.compile(r'^#include "(?P<name>aclnn_\w+\.h)"', re.M)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--source", type=Path, default=None, metavar="FILE",
                        help="the binding source to check (default: the generated "
                             "ascend_kernels/binding/ascend_ops_npu.cpp)")
    parser.add_argument("--no-cache", action="store_true",
                        help="compile even if this exact compile has a cached result")
    parser.add_argument("--wheel-dir", type=Path, default=None, metavar="DIR",
                        help="where the torch_npu wheel is downloaded and unpacked (default: the "
                             "package's cache folder)")
    parser.add_argument("--torch-npu", default=None, metavar="RELEASE",
                        help="compile against this torch_npu release (e.g. 2.6.0rc1; default: the "
                             "newest release made for the installed torch)")
    parser.add_argument("--paired-with", default=None, metavar="CANN",
                        help="compile against the torch_npu release that torch_npu's own table "
                             "pairs with the installed torch and this CANN (e.g. 8.1); when there "
                             "is none, say so and exit 0")
    parser.add_argument("--acl-headers", type=Path, default=None, metavar="DIR",
                        help="a CANN toolkit's include folder, searched before the acl headers "
                             "torch_npu bundles (e.g. <toolkit>/aarch64-linux/include)")
    parser.add_argument("--aclnn-headers", type=Path, default=None, metavar="DIR",
                        help="the aclnn_*.h CANN's op_build generated (default: the ones the aclnn "
                             "rules predict)")


# --- 1. signatures -------------------------------------------------------------------------------

def signature_problems(binding_text: str, opdefs: dict[str, str], headers: dict[str, str]) -> list[str]:
    """Disagreements between the aclnn headers (file name -> text), the aclnn API CANN generates from
    each OpDef source (label -> text), and the binding's includes and calls. Pure."""
    from ascend_ops_gen.codegen.aclnn import (AclnnError, aclnn_api, expected_prototypes,
                                              header_name, parse_opdef, parse_prototypes)

    problems = []
    declared = parse_prototypes("\n".join(headers[name] for name in sorted(headers)))
    included = set(_INCLUDE.findall(binding_text))
    expected_names = set()
    for label, text in sorted(opdefs.items()):
        try:
            op_type, arguments = parse_opdef(text, label)
            api = aclnn_api(op_type, arguments)
        except AclnnError as e:
            problems.append(str(e))
            continue
        header = header_name(op_type)
        if header not in headers:
            problems.append(f"{label}: no {header} among the aclnn headers")
        if header not in included:
            problems.append(f"{label}: the binding does not include {header}")
        for name, params in expected_prototypes(api).items():
            expected_names.add(name)
            got = declared.get(name)
            if got is None:
                problems.append(f"{label}: the aclnn headers declare no {name}")
            elif got != params:
                problems.append(
                    f"{label}: the aclnn header's {name} differs from what CANN generates from the "
                    f"OpDef:\n    OpDef:  ({', '.join(map(str, params))})\n"
                    f"    header: ({', '.join(map(str, got))})")
    for name in sorted(set(declared) - expected_names):
        problems.append(f"the aclnn headers declare {name}, which no OpDef generates")
    calls = _CALL.findall(binding_text)
    for name in calls:
        if f"{name}GetWorkspaceSize" not in expected_names:
            problems.append(f"the binding calls {name}, which no OpDef generates")
    if not calls:
        problems.append("the binding makes no aclnn call")
    return problems


def header_texts(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(Path(folder).glob("aclnn_*.h"))}


def opdef_sources(kernels_dir: Path) -> dict[str, str]:
    return {f"{kernels_dir.name}/{p.relative_to(kernels_dir)}": p.read_text(encoding="utf-8")
            for p in sorted(kernels_dir.glob("*/op_host/*.cpp"))}


# --- 2. the torch_npu wheel: torch_npu_wheel.py ----------------------------------------------------

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


def _digest(command: list[str], source: Path, headers: list[Path]) -> str:
    from ascend_ops.runtime.build_cache import compiler

    h = hashlib.sha256()
    h.update("\0".join([compiler()[1], *command]).encode())
    for path in [source, *(p for folder in headers for p in sorted(folder.rglob("*.h")))]:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:24]


def compile_binding(source: Path, torch_npu_root: Path, aclnn_headers: Path, *, use_cache: bool = True,
                    acl_include: Path | None = None) -> CompileResult:
    """The syntax-only compile of `source` against torch, torch_npu and `aclnn_headers` (with the
    stand-in aclnn/acl_meta.h of ascend_ops_dev/binding/include), and `acl_include`'s acl headers
    before torch_npu's own when given."""
    from ascend_ops_dev.binding.cpu_aclnn import NPU_HEADERS, STAND_IN_HEADERS
    from ascend_ops.runtime.build_cache import cache_dir, progress
    from ascend_ops.npu.binding import ENGINE_HEADERS, compile_command
    from ascend_ops_gen.spec import project_root

    includes = [aclnn_headers, STAND_IN_HEADERS]
    command = compile_command(source, torch_npu_root, includes, acl_include=acl_include)
    read = [project_root() / ENGINE_HEADERS, project_root() / NPU_HEADERS, aclnn_headers,
            *([acl_include / "acl"] if acl_include is not None else [])]
    record = cache_dir() / "check_npu" / f"{_digest(command, source, read)}.json"
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
    from ascend_ops.npu.binding import binding_source, torch_version
    from ascend_ops_gen.spec import project_root

    source = args.source or binding_source()
    if not source.is_file():
        print(f"ascend-ops-dev check-npu: error: {source} is missing; run `ascend-ops-dev generate`",
              file=sys.stderr)
        return 2
    from ascend_ops_dev.binding.cpu_aclnn import predicted_headers

    aclnn_headers = args.aclnn_headers or predicted_headers()
    problems = signature_problems(source.read_text(encoding="utf-8"),
                                  opdef_sources(project_root() / "ascend_kernels"), header_texts(aclnn_headers))
    if problems:
        print(f"ascend-ops-dev check-npu: {len(problems)} aclnn signature problem(s) in {source}:",
              file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        return 1
    print(f"ascend-ops-dev check-npu: {source.name} includes the aclnn headers of {aclnn_headers}, which "
          f"declare what CANN generates from every OpDef")
    version = torch_version()
    if args.acl_headers is not None and not (args.acl_headers / "acl" / "acl.h").is_file():
        print(f"ascend-ops-dev check-npu: error: --acl-headers {args.acl_headers} holds no acl/acl.h "
              f"(give a CANN toolkit's include folder)", file=sys.stderr)
        return 2
    folder = wheel_dir(args.wheel_dir)
    release = args.torch_npu
    try:
        if args.paired_with:
            newest = torch_npu_wheel(version, folder)
            paired = release_for_cann(version, args.paired_with, wheel_metadata(newest))
            if paired is None:
                print(f"ascend-ops-dev check-npu: no torch_npu release is made for torch {version} and "
                      f"CANN {args.paired_with} (the table in {newest.name}'s METADATA): nothing to compile")
                return 0
            release = paired[0]
            print(f"ascend-ops-dev check-npu: torch_npu {release} is made for torch {version} and "
                  f"CANN {paired[1]} (the table in {newest.name}'s METADATA)")
        root = unpacked_headers(torch_npu_wheel(version, folder, release))
    except (RuntimeError, OSError, zipfile.BadZipFile) as e:
        print(f"ascend-ops-dev check-npu: error: {e}", file=sys.stderr)
        return 2
    result = compile_binding(source, root, aclnn_headers, use_cache=not args.no_cache,
                             acl_include=args.acl_headers)
    how = "cached result of the same compile" if result.cached else "compiled"
    acl = f"the acl headers of {args.acl_headers}" if args.acl_headers else "its bundled acl headers"
    if not result.ok:
        print(f"ascend-ops-dev check-npu: {source.name} does not compile against torch {version}, "
              f"{root.parent.name} and {acl} ({how}):\n{result.errors()}\n$ {' '.join(result.command)}",
              file=sys.stderr)
        return 1
    print(f"ascend-ops-dev check-npu: {source.name} compiles against torch {version}, "
          f"{root.parent.name} and {acl}, launching through OpCommand::{launch_path(root)} ({how})")
    return 0


def launch_path(torch_npu_root: Path) -> str:
    """The entry point Note [launch path] (ascend_kernels/npu/launch_path.h) takes with this torch_npu:
    RunOpApiV2 where its OpCommand declares one, else RunOpApi."""
    header = torch_npu_root / "include/torch_npu/csrc/framework/OpCommand.h"
    return "RunOpApiV2" if re.search(r"\bRunOpApiV2\s*\(", header.read_text(encoding="utf-8")) else "RunOpApi"
