"""`ascend-ops-dev check-npu`: check the torch binding without an NPU or CANN.

1. Signatures: the aclnn headers the binding compiles against declare what CANN's rules make of
   each generated OpDef, and the binding calls only their APIs.
2. Compile: `g++ -fsyntax-only` of the binding against the installed torch's headers, those of
   the torch_npu wheel built for it and the aclnn headers: the binding proves at compile time
   that each call passes what its header declares and that its launch path is the one named.
The details are under the section headings below."""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ascend_ops_dev.binding.torch_npu_wheel import (cann_pairs, cann_release_matches, complete_folder,
                                                    release_for_cann, torch_npu_wheel, unpacked_headers, wheel_dir,
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
                        help="a CANN toolkit's include folder whose acl/ and aclnn/ headers replace the "
                             "ones torch_npu bundles (e.g. <toolkit>/aarch64-linux/include)")
    parser.add_argument("--launch", default=None, metavar="MEMBER",
                        help="force the OpCommand member the binding launches through (default: the "
                             "one the release declares, Note [launch path])")
    parser.add_argument("--aclnn-headers", type=Path, default=None, metavar="DIR",
                        help="the aclnn_*.h CANN's op_build generated (default: the ones the aclnn "
                             "rules predict)")


# --- 1. signatures -------------------------------------------------------------------------------
# The aclnn headers the binding compiles against (`--aclnn-headers DIR`: op_build's output; else the
# ones Note [aclnn rules], ascend_ops_gen/codegen/aclnn.py, predicts) declare what CANN's rules make
# of each generated OpDef; the binding includes every one of them, and every aclnn call in it names
# one of their APIs.

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

# --- 3. another CANN's acl headers ---------------------------------------------------------------

# Note [acl overlay]
# ~~~~~~~~~~~~~~~~~~
# torch_npu's headers reach the acl headers two ways: as `acl/acl.h` (through
# include/third_party/acl/inc, which op-plugin's build puts on the path) and by their path inside
# the wheel, `third_party/acl/inc/acl/acl.h` (through include/; torch_npu 2.6.0rc1's headers do
# this in 40 places). A CANN include folder put first on the path replaces only the first kind (on
# 2.6.0rc1, 7 of the acl headers the binding's compile opens still came from the wheel), and also
# shadows the GE headers torch_npu bundles beside them (graph/, ge/), which are not acl's. So
# `--acl-headers DIR` builds an overlay folder that holds only links named `acl`, `aclnn` and
# `third_party/acl/inc/acl` to DIR's own, puts it first on the path, and compiles with -H: every
# acl or aclnn header in the include trace must resolve into DIR (neither torch_npu's bundled copy
# nor the package's stand-in aclnn/acl_meta.h), else the check fails naming them.
_OVERLAY_LINKS = ("acl", "aclnn", "third_party/acl/inc/acl")
_TRACE_LINE = re.compile(r"^\.+ (?P<path>\S+)$")
_ACL_HEADER = re.compile(r"/(?:acl|aclnn)/(?!inc/)")  # not torch_npu's third_party/acl/inc/<GE folder>
_GUARDS = "Multiple include guards may be useful for:"
CANN_VERSION_HEADER = "version/cann_version.h"


def cann_version_of(include: Path) -> str | None:
    """The CANN release an include folder is from (its version/cann_version.h), if it says."""
    try:
        text = (Path(include) / CANN_VERSION_HEADER).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    m = re.search(r'#define\s+CANN_VERSION_STR\s+"([^"]+)"', text)
    return m[1] if m else None


def acl_overlay(include: Path) -> Path:
    """The overlay folder of Note [acl overlay] for CANN include folder `include` (made once,
    atomically, in the build cache)."""
    from ascend_ops.runtime.build_cache import cache_dir

    include = Path(include).resolve()
    links = _OVERLAY_LINKS

    def link(tmp: Path) -> str:
        for name in links:
            target = include / Path(name).name
            if target.is_dir():
                (tmp / name).parent.mkdir(parents=True, exist_ok=True)
                (tmp / name).symlink_to(target, target_is_directory=True)
        return str(include)

    key = "\0".join([str(include), *links])
    return complete_folder(cache_dir() / f"acl_overlay-{hashlib.sha256(key.encode()).hexdigest()[:16]}", link)


def acl_headers_read(output: str) -> list[str]:
    """The acl and aclnn headers in a `g++ -H` include trace, as the compiler opened them."""
    return sorted({m["path"] for line in output.splitlines() if (m := _TRACE_LINE.match(line))
                   and _ACL_HEADER.search(m["path"])})


def foreign_acl_headers(read: list[str], include: Path) -> list[str]:
    """Those of `read` that are not in CANN include folder `include` (Note [acl overlay])."""
    root = Path(include).resolve()
    return [p for p in read if not Path(p).resolve().is_relative_to(root)]


def _without_trace(output: str) -> str:
    lines = output.splitlines()
    if _GUARDS in lines:  # -H's closing list of header paths
        cut = lines.index(_GUARDS)
        lines = lines[:cut] + [ln for ln in lines[cut + 1:] if not ln.startswith("/")]
    return "\n".join(ln for ln in lines if not _TRACE_LINE.match(ln))


# --- 4. the compile ------------------------------------------------------------------------------
# `g++ -fsyntax-only` of the binding against the installed torch's headers, those of the torch_npu
# wheel built for it (`pip download --no-deps torch_npu==<torch version>`, cached, never installed:
# without CANN an installed torch_npu breaks `import torch`) and the aclnn headers; `--torch-npu
# RELEASE` or `--paired-with CANN` (the release torch_npu's own table pairs with the installed torch
# and that CANN) picks another release, and `--acl-headers DIR` compiles with a CANN toolkit's acl
# headers in place of the ones torch_npu bundles, proving from the include trace that every acl
# header read was DIR's (Note [acl overlay]). The binding proves at compile time that each call
# passes what its header declares (Note [aclnn call check]), so a wrong argument fails here, and
# that the launch path named is the one it compiles (Note [launch path]); on a release without
# RunOpApiV2 the compile with it forced must fail (`--launch` forces a member by hand). A result is
# cached by the hash of everything the compile reads, so a repeated run costs nothing; `--no-cache`
# compiles again.

@dataclass(frozen=True)
class CompileResult:
    command: tuple[str, ...]
    returncode: int
    output: str
    cached: bool
    acl_read: tuple[str, ...] = ()  # with acl headers given: the acl headers the compile opened

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
                    acl_include: Path | None = None, launch: str | None = None,
                    expect_launch: str | None = None) -> CompileResult:
    """The syntax-only compile of `source` against torch, torch_npu and `aclnn_headers` (with the
    stand-in aclnn/acl_meta.h of ascend_ops/sim/aclnn/include). `acl_include`: a CANN include
    folder whose acl headers replace torch_npu's (Note [acl overlay]). `launch` forces the
    OpCommand member, `expect_launch` has the compile prove which one it chooses (Note [launch
    path], ascend_kernels/npu/launch_path.h)."""
    from ascend_ops_dev.binding.cpu_aclnn import NPU_HEADERS, STAND_IN_HEADERS
    from ascend_ops.runtime.build_cache import cache_dir, progress
    from ascend_ops.npu.binding import ENGINE_HEADERS, compile_command
    from ascend_ops_gen.spec import project_root

    includes = [aclnn_headers, STAND_IN_HEADERS]
    overlay = acl_overlay(acl_include) if acl_include is not None else None
    command = compile_command(source, torch_npu_root, includes, acl_include=overlay)
    command[1:1] = [*(["-H"] if overlay else []),
                    *([f"-DASCEND_OPS_NPU_LAUNCH={launch}"] if launch else []),
                    *([f"-DASCEND_OPS_NPU_EXPECT_LAUNCH={expect_launch}"] if expect_launch else [])]
    read = [project_root() / ENGINE_HEADERS, project_root() / NPU_HEADERS, aclnn_headers,
            *(Path(acl_include).resolve() / d for d in ("acl", "aclnn")
              if acl_include is not None and (Path(acl_include) / d).is_dir())]
    record = cache_dir() / "check_npu" / f"{_digest(command, source, read)}.json"
    if use_cache and record.is_file():
        data = json.loads(record.read_text(encoding="utf-8"))
        return CompileResult(tuple(command), data["returncode"], data["output"], True,
                             tuple(data.get("acl_read", ())))
    progress(f"compiling {source.name} against torch and {torch_npu_root.parent.name} headers")
    done = subprocess.run(["nice", "-n", "10", *command] if shutil.which("nice") else command,
                          capture_output=True, text=True, check=False)
    output = done.stdout + done.stderr
    result = CompileResult(tuple(command), done.returncode, _without_trace(output), False,
                           tuple(acl_headers_read(output)) if overlay else ())
    record.parent.mkdir(parents=True, exist_ok=True)
    tmp = record.with_suffix(".tmp")
    tmp.write_text(json.dumps({"returncode": result.returncode, "output": result.output,
                               "acl_read": list(result.acl_read)}), encoding="utf-8")
    os.replace(tmp, record)
    return result


# --- 5. the command ------------------------------------------------------------------------------

def _minor(version: str) -> str:
    return ".".join(re.split(r"[.a-z]", version)[:2])


def release_root(args: argparse.Namespace, version: str) -> Path | None:
    """The unpacked torch_npu release to compile against (None: --paired-with pairs none), saying
    which when it is not the default."""
    folder = wheel_dir(args.wheel_dir)
    release = args.torch_npu
    if release and _minor(release) != _minor(version):
        raise RuntimeError(f"torch_npu {release} is made for torch {_minor(release)}, this is torch {version}: "
                           f"its headers need their own torch's (run check-npu in a venv of that torch)")
    if args.paired_with:
        newest = torch_npu_wheel(version, folder)
        metadata = wheel_metadata(newest)
        paired = release_for_cann(version, args.paired_with, metadata)
        if paired is None:
            where = (f"the table in {newest.name}'s METADATA" if cann_pairs(metadata) else
                     f"{newest.name}'s METADATA has no table pairing releases with CANN")
            print(f"ascend-ops-dev check-npu: no torch_npu release is made for torch {version} and "
                  f"CANN {args.paired_with} ({where}): nothing to compile")
            return None
        release = paired[0]
        print(f"ascend-ops-dev check-npu: torch_npu {release} is made for torch {version} and "
              f"CANN {paired[1]} (the table in {newest.name}'s METADATA)")
    return unpacked_headers(torch_npu_wheel(version, folder, release))


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
    acl = "its bundled acl headers"
    if args.acl_headers is not None:
        if not (args.acl_headers / "acl" / "acl.h").is_file():
            print(f"ascend-ops-dev check-npu: error: --acl-headers {args.acl_headers} holds no acl/acl.h "
                  f"(give a CANN toolkit's include folder)", file=sys.stderr)
            return 2
        cann = cann_version_of(args.acl_headers)
        if args.paired_with and cann and not cann_release_matches(cann, args.paired_with):
            print(f"ascend-ops-dev check-npu: error: --acl-headers {args.acl_headers} are CANN {cann}'s, "
                  f"not CANN {args.paired_with}'s", file=sys.stderr)
            return 2
        acl = f"CANN {cann or '(version unknown)'}'s acl headers ({args.acl_headers})"
    try:
        root = release_root(args, version)
    except (RuntimeError, OSError, zipfile.BadZipFile) as e:
        print(f"ascend-ops-dev check-npu: error: {e}", file=sys.stderr)
        return 2
    if root is None:
        return 0
    path = launch_path(root)
    result = compile_binding(source, root, aclnn_headers, use_cache=not args.no_cache,
                             acl_include=args.acl_headers, launch=args.launch,
                             expect_launch=None if args.launch else path)
    how = "cached result of the same compile" if result.cached else "compiled"
    launch = f"OpCommand::{args.launch} (forced)" if args.launch else f"OpCommand::{path}"
    if not result.ok:
        print(f"ascend-ops-dev check-npu: {source.name} does not compile against torch {version}, "
              f"{root.parent.name} and {acl}, launching through {launch} ({how}):\n{result.errors()}\n"
              f"$ {' '.join(result.command)}", file=sys.stderr)
        return 1
    if args.acl_headers is not None:
        foreign = foreign_acl_headers(list(result.acl_read), args.acl_headers)
        if foreign or not any(p.endswith("acl/acl_rt.h") for p in result.acl_read):
            print(f"ascend-ops-dev check-npu: the compile against {root.parent.name} did not take its acl "
                  f"headers from {args.acl_headers} only (Note [acl overlay]); read elsewhere: "
                  f"{', '.join(foreign) or 'no acl/acl_rt.h at all'}", file=sys.stderr)
            return 1
        acl += f", which are all {len({Path(p).resolve() for p in result.acl_read})} acl headers it read"
    print(f"ascend-ops-dev check-npu: {source.name} compiles against torch {version}, "
          f"{root.parent.name} and {acl}, launching through {launch} ({how})")
    if args.launch is None and path != LAUNCH_V2:
        return forced_v2_control(source, root, aclnn_headers, args)
    return 0


LAUNCH_V2 = "RunOpApiV2"
_NOT_A_MEMBER = re.compile(rf"{LAUNCH_V2}['’] is not a member of ['‘]at_npu::native::OpCommand")


def forced_v2_control(source: Path, root: Path, aclnn_headers: Path, args: argparse.Namespace) -> int:
    """The negative control of Note [launch path] on a release without RunOpApiV2: the compile with
    it forced must fail on that name, so choosing RunOpApi is what makes the release compile."""
    forced = compile_binding(source, root, aclnn_headers, use_cache=not args.no_cache,
                             acl_include=args.acl_headers, launch=LAUNCH_V2)
    refused = next((ln.strip() for ln in forced.output.splitlines() if _NOT_A_MEMBER.search(ln)), None)
    if forced.ok or refused is None:
        print(f"ascend-ops-dev check-npu: with OpCommand::{LAUNCH_V2} forced, the compile against "
              f"{root.parent.name} did not fail on that name, so the launch path is not what makes it "
              f"compile:\n{forced.errors() if not forced.ok else '(it compiled)'}", file=sys.stderr)
        return 1
    print(f"ascend-ops-dev check-npu: with OpCommand::{LAUNCH_V2} forced it does not compile, as it must: "
          f"{refused}")
    return 0


_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def launch_path(torch_npu_root: Path) -> str:
    """The entry point Note [launch path] (ascend_kernels/npu/launch_path.h) takes with this torch_npu,
    read from its OpCommand.h (comments aside): RunOpApiV2 where it declares one, else RunOpApi. The
    compile proves the reading (ASCEND_OPS_NPU_EXPECT_LAUNCH)."""
    header = torch_npu_root / "include/torch_npu/csrc/framework/OpCommand.h"
    text = _COMMENT.sub("", header.read_text(encoding="utf-8"))
    return LAUNCH_V2 if re.search(rf"\b{LAUNCH_V2}\s*\(", text) else "RunOpApi"
