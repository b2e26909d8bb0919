"""The driver: read op_specs/ and the engine headers, run every emitter, hand the files to the
FileManager. `generated_files` is pure; `generate` does the I/O.
"""
from __future__ import annotations

import contextlib
import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from ..errors import SpecError
from ..spec import OpSpec, ShapeRuleKind, SpecSet, load_specs
from . import (binding, cpu_aclnn_ops, custom_op, engine_names, fast_path, host, kernel, limits, op_views,
               project, runtime_tables, sim_abi, view_dispatch)
from .copy_tiling import TilingHeaderError, TilingLayout, load_copy_tiling
from .file_manager import FileManager, GeneratedFile, Problem, Report
from .op_views import ViewBuilderError, bind_attributes, bind_dtype_check

# What is generated, relative to the output folder (`ascend_kernels/`):
#
# CMakeLists.txt, CMakePresets.json                  the CANN project (all ops, all products)
# common/products_generated.h                        product facts for host C++ (products.yaml): the
#                                                    ProductInfo / SocEntry structs and their rows
# common/arch_traits_generated.h                     the per-architecture facts kernels build by:
#                                                    ArchTraits, its rows, ASCEND_OPS_ARCH_* macros
# common/copy_tiling_data_generated.h                CopyTilingData, the BEGIN_TILING_DATA_DEF
#                                                    twin of CopyTiling (common/copy_tiling.h)
# common/copy_tiling_twin_generated.h                LoadCopyTiling (common/copy_tiling.h)
# <op>/<op>_limits_generated.h                       the op's limits (max_rank, limits:) for C++
# <op>/op_host/<op>_tiling.h                         CopyTilingData registered for the OpType
# <op>/op_host/<op>.cpp                              OpDef, AddConfig per product, view glue
# <op>/op_host/CMakeLists.txt, <op>/op_kernel/CMakeLists.txt
# <op>/op_kernel/<op>.cpp                            the kernel entry
# binding/ascend_ops_npu.cpp                         the torch binding of every op's aclnn API
# binding/ascend_ops_cpu_generated.h                 per-op facts for the compiled CPU fast path
# binding/op_view_dispatch_generated.h               every op's view builder by the op's name
# binding/host_aclnn/                                the CPU aclnn runtime's op functions and the
#                                                    predicted aclnn headers (simulated npu device)
# <op>/op_sim/<op>.cpp                               a custom op's kernel unit of the simulator
# ../cpu_reference/_op_limits.py                     the ops' limits for the numpy reference
# ../python/ascend_ops/sim/abi.py                    ctypes mirrors of sim_abi.h and CopyTiling,
# ../python/ascend_ops/sim/sim_abi_mirrors_generated.h   and their static_assert proof (sim_abi.py)
# ../python/ascend_ops/sim/cann_names.py             CANN names the simulator passes
#                                                    (runtime_tables.py)
# ../python/ascend_ops/npu/binding_names.py          the binding's names and aclnn headers
# ../python/ascend_ops_gen/spec/engine_names_generated.py  the identifiers of common/'s hand-written
#                                                    headers, which the spec loader keeps from ops
#
# The product (python/ascend_ops) runs none of this: what it needs of the specs and the headers is
# in the files above, which `generate --check` keeps current (the last five only when the product
# package sits beside the output folder, as in a checkout).
#
# The hand-written part of a view op is its view builder and dtype rule, `<op>/<op>_view.h`; its
# spec declares how they take the attributes and the generated op_host source checks them at compile
# time (Note [attribute binding] in op_views.py); op_host/ and op_kernel/ beside it are generated. A
# custom op (kind: custom) has its Compute (and Load) in `<op>/<op>_compute.h` and, with `shape:
# infer_shape`, its shape rule in `<op>/<op>_shape.h` (custom_op.py); the view-only files (the view
# dispatch, the CPU fast path's table) leave it out.

COPY_TILING_HEADER = "common/copy_tiling.h"
# Hand-written folders of ascend_kernels/; an op folder may not take their names.
RESERVED_DIRS = ("binding", "build", "build_out", "cmake", "common", "sim")


class CodegenError(ValueError):
    """Generation failed; the message names the spec (or header) location to fix."""


# Errors that already name the file and line to fix.
LOCATED_ERRORS = (SpecError, TilingHeaderError, ViewBuilderError, CodegenError,
                  fast_path.FastPathError, sim_abi.AbiError)


@dataclass(frozen=True)
class EngineApi:
    """What the codegen reads from the hand-written engine headers."""

    tiling: TilingLayout
    view_headers: frozenset[str]  # the op folders that hold a hand-written <op>_view.h
    kernels_label: str            # "ascend_kernels": where the op folders are, for messages
    hand_written: frozenset[str] = frozenset()  # every file of the op folders, relative to them
    # sim_abi.h's structs, when the product package sits beside the output folder (else None)
    sim_abi: tuple[sim_abi.MirrorStruct, ...] | None = None
    identifiers: frozenset[str] = frozenset()  # of common/'s hand-written headers

    def require(self, op: OpSpec, path: str, what: str) -> None:
        """A custom op's hand-written piece `path` (relative to ascend_kernels/), or an error naming it."""
        if path not in self.hand_written:
            raise ViewBuilderError(f"{op.loc}: op {op.name} needs {what} in {self.kernels_label}/{path}, which "
                                   f"does not exist (its signature: Note [custom op hooks] in "
                                   f"ascend_ops_gen/codegen/custom_op.py; docs/adding-an-op.md)")

    def view_header(self, op: OpSpec) -> str:
        """Where `op`'s view builder is expected, for messages."""
        return f"{self.kernels_label}/{view_header_path(op.name)}"

    def bind(self, op: OpSpec):
        """The op's view builder and bound attributes as its spec declares them (op_views.py), once
        its hand-written header is known to exist; the compiler checks the header against them."""
        if op.name not in self.view_headers:
            raise ViewBuilderError(f"{op.loc}: op {op.name} needs `inline Status "
                                   f"{op_views.builder_name(op)}(const TensorShape& input, <attributes>, "
                                   f"TensorShape* outShape, StridedView* view)` in {self.view_header(op)}, "
                                   f"which does not exist")
        return bind_attributes(op)


def view_header_path(op_name: str) -> str:
    """The op's hand-written view builder and dtype rule, relative to ascend_kernels/."""
    return f"{op_name}/{op_name}_view.h"


@contextlib.contextmanager
def generating(what: str, where: object) -> Iterator[None]:
    """Re-raise anything unexpected with the location being generated (torchgen's `context`)."""
    try:
        yield
    except LOCATED_ERRORS:
        raise
    except Exception as e:  # noqa: BLE001 - re-raised with the location
        raise CodegenError(f"{where}: while generating {what}: {type(e).__name__}: {e}") from e


def generated_files(specs: SpecSet, engine: EngineApi) -> list[GeneratedFile]:
    """Every file the generator owns, with its content. Pure."""
    files: list[GeneratedFile] = []
    products = project.products_file(specs)
    with generating("the project files", products):
        files += [
            GeneratedFile("CMakeLists.txt", project.emit_top_cmake(specs), project.specs_glob(specs)),
            GeneratedFile("CMakePresets.json", project.emit_cmake_presets(specs), products),
            GeneratedFile("common/products_generated.h",
                          project.emit_products_header(specs), products),
            GeneratedFile("common/arch_traits_generated.h",
                          project.emit_arch_traits_header(specs), products),
            GeneratedFile("common/copy_tiling_data_generated.h",
                          host.emit_tiling_data(engine.tiling), engine.tiling.header),
            GeneratedFile("common/copy_tiling_twin_generated.h",
                          kernel.emit_tiling_loader(engine.tiling), engine.tiling.header),
        ]
    for op in specs.kernel_ops():
        with generating(f"op {op.name}", op.loc):
            files += _custom_op_files(op, specs, engine) if op.is_custom else _op_files(op, specs, engine)
    view_specs = view_ops(specs)
    with generating("the torch binding", project.specs_glob(specs)):
        views = [(op, *engine.bind(op)) for op in view_specs.ops]
        gradients = [(op, *engine.bind(specs.op(op.forward))) for op in specs.kernel_ops() if op.forward]
        files.append(GeneratedFile(binding.BINDING_PATH,
                                   binding.emit_binding(specs, views + gradients, project.specs_glob(specs),
                                                        project.VENDOR_NAME),
                                   project.specs_glob(specs)))
    files += host_aclnn_files(specs)
    with generating("the view builder dispatch", project.specs_glob(specs)):
        files.append(GeneratedFile(view_dispatch.DISPATCH_PATH,
                                   view_dispatch.emit_view_dispatch(view_specs, views, project.specs_glob(specs)),
                                   project.specs_glob(specs)))
    files.append(fast_path_file(specs, engine))
    files += runtime_files(specs, engine)
    with generating("the ops' limits for cpu_reference", project.specs_glob(specs)):
        files.append(GeneratedFile(limits.REFERENCE_LIMITS_PATH, limits.emit_reference_limits(specs, project.specs_glob(specs)),
                                   project.specs_glob(specs)))
    return sorted(files, key=lambda f: f.path)


def host_aclnn_files(specs: SpecSet) -> list[GeneratedFile]:
    """What the simulated npu device's CPU aclnn runtime compiles from the specs: every op's aclnn
    functions and the aclnn headers Note [aclnn rules] predicts (cpu_aclnn_ops.py)."""
    source = project.specs_glob(specs)
    with generating("the CPU aclnn runtime's op functions", source):
        files = [GeneratedFile(cpu_aclnn_ops.CPU_ACLNN_OPS_PATH, cpu_aclnn_ops.emit_cpu_aclnn_ops(specs, source),
                               source)]
        files += [GeneratedFile(path, text, source)
                  for path, text in cpu_aclnn_ops.predicted_headers(specs, source).items()]
    return files


def view_ops(specs: SpecSet) -> SpecSet:
    """`specs` with its view ops only: what the engine's files (the binding, the view dispatch, the
    CPU fast path) cover."""
    return dataclasses.replace(specs, ops=tuple(op for op in specs.ops if not op.is_custom))


def fast_path_file(specs: SpecSet, engine: EngineApi) -> GeneratedFile:
    """The compiled CPU fast path's per-op table (the view ops'). Pure; the fast path also compares
    it with the file on disk before loading an extension built from that file."""
    with generating("the CPU fast path table", project.specs_glob(specs)):
        view_specs = view_ops(specs)  # the views that read: a filling op's kernels are Python's
        view_specs = dataclasses.replace(view_specs, ops=tuple(op for op in view_specs.ops if op.reads_a_view))
        checks = []
        for op in view_specs.ops:
            _, bound = engine.bind(op)
            checks.append((op, bind_dtype_check(op, bound)))
        return GeneratedFile(fast_path.FAST_PATH_HEADER,
                             fast_path.emit_fast_path_header(view_specs, checks, project.specs_glob(specs)),
                             project.specs_glob(specs))


def runtime_files(specs: SpecSet, engine: EngineApi) -> list[GeneratedFile]:
    """What the product reads instead of running an emitter: each custom op's simulator unit and,
    with the product beside the output folder, the ctypes mirrors and their proof, and the name
    tables of the simulator and the binding."""
    glob = project.specs_glob(specs)
    files = [GeneratedFile(custom_op.sim_unit_path(op), custom_op.emit_custom_sim_unit(op), op.file)
             for op in specs.ops if op.is_custom]
    if engine.sim_abi is None:
        return files
    with generating("the simulator's ctypes mirrors", sim_abi.ABI_HEADER.removeprefix("../")):
        structs = (*engine.sim_abi, sim_abi.copy_tiling_struct(engine.tiling))
        source = f"{sim_abi.ABI_HEADER.removeprefix('../')} and {engine.tiling.header}"
        files += [GeneratedFile(sim_abi.MIRRORS_PATH, sim_abi.emit_mirrors(structs, source), source),
                  GeneratedFile(sim_abi.PROOF_PATH, sim_abi.emit_proof(structs, source), source)]
    with generating("the runtime's name tables", glob):
        files += [GeneratedFile(runtime_tables.SIM_NAMES_PATH, runtime_tables.emit_sim_names(specs, glob), glob),
                  GeneratedFile(runtime_tables.NPU_NAMES_PATH, runtime_tables.emit_npu_names(specs, glob), glob)]
    source = f"{engine.kernels_label}/{engine_names.ENGINE_DIR}/*.h"
    with generating("the engine's identifiers", source):
        files.append(GeneratedFile(engine_names.NAMES_PATH, engine_names.emit_engine_names(engine.identifiers, source), source))
    return files


def _check_folder_name(op: OpSpec) -> None:
    if op.name in RESERVED_DIRS:
        raise CodegenError(f"{op.loc}: op name {op.name!r} would put its folder on the hand-written "
                           f"ascend_kernels/{op.name}/; rename the op")


def _op_folder(op: OpSpec, tiling: Callable[[], str], host_source: Callable[[], str],
               kernel_source: Callable[[], str]) -> list[GeneratedFile]:
    """The generated files of `op`'s folder, either kind: its limits header (if it has limits),
    op_host/ (tiling header, source, CMake) and op_kernel/ (source, CMake)."""
    host_dir, kernel_dir = f"{op.name}/op_host", f"{op.name}/op_kernel"

    def file(path: str, emit: Callable[[], str]) -> GeneratedFile:
        return GeneratedFile(path, emit(), op.file)

    # A gradient op's view builder is its view op's, which includes its view op's limits.
    limit_files = [file(limits.limits_header_path(op), lambda: limits.emit_limits_header(op))] \
        if limits.op_limits(op) and not op.forward else []
    return limit_files + [
        file(f"{host_dir}/{host.tiling_header_name(op)}", tiling),
        file(f"{host_dir}/{op.name}.cpp", host_source),
        file(f"{host_dir}/CMakeLists.txt", lambda: host.emit_host_cmake(op)),
        file(f"{kernel_dir}/{op.name}.cpp", kernel_source),
        file(f"{kernel_dir}/CMakeLists.txt", lambda: kernel.emit_kernel_cmake(op)),
    ]


def _op_files(op: OpSpec, specs: SpecSet, engine: EngineApi) -> list[GeneratedFile]:
    """A view op's folder, or a gradient op's (its view op's view builder and dtype rule)."""
    _check_folder_name(op)
    view_op = specs.op(op.forward) if op.forward else op
    builder, bound = engine.bind(view_op)
    dtype_check = bind_dtype_check(view_op, bound)
    return _op_folder(op, lambda: host.emit_tiling_header(op),
                      lambda: host.emit_host_source(op, specs, builder, bound, dtype_check),
                      lambda: kernel.emit_kernel_source(op, specs))


def _custom_op_files(op: OpSpec, specs: SpecSet, engine: EngineApi) -> list[GeneratedFile]:
    """A custom op's op_host/ and op_kernel/ (custom_op.py), once its hand-written pieces exist."""
    _check_folder_name(op)
    hooks = f"`{custom_op.compute_name(op)}`" + (f" and `{custom_op.load_name(op)}`" if custom_op.needs_load(op) else "")
    engine.require(op, custom_op.compute_header_path(op), f"its {hooks}")
    if op.shape_rule.kind is ShapeRuleKind.INFER_SHAPE:
        engine.require(op, custom_op.shape_header_path(op), f"its shape rule `{custom_op.infer_shape_name(op)}` "
                                                             f"(shape: infer_shape)")
    return _op_folder(op, lambda: custom_op.emit_custom_tiling_header(op),
                      lambda: custom_op.emit_custom_host_source(op, specs),
                      lambda: custom_op.emit_custom_kernel_source(op, specs))


def load_engine_api(out_dir: Path) -> EngineApi:
    label = out_dir.name
    op_dirs = [p for p in Path(out_dir).iterdir() if p.is_dir() and p.name not in RESERVED_DIRS]
    headers = frozenset(p.name for p in op_dirs if (out_dir / view_header_path(p.name)).is_file())
    hand_written = frozenset(f"{p.name}/{f.name}" for p in op_dirs for f in p.iterdir() if f.is_file())
    return EngineApi(
        tiling=load_copy_tiling(out_dir / COPY_TILING_HEADER, f"{label}/{COPY_TILING_HEADER}"),
        view_headers=headers,
        kernels_label=label,
        hand_written=hand_written,
        sim_abi=_load_sim_abi(out_dir),
        identifiers=engine_names.engine_identifiers(out_dir))


def _load_sim_abi(out_dir: Path) -> tuple[sim_abi.MirrorStruct, ...] | None:
    """sim_abi.h's structs, when the product package sits beside `out_dir`."""
    header = out_dir / sim_abi.ABI_HEADER
    if not header.parent.parent.is_dir():
        return None
    return sim_abi.load_sim_abi(header, sim_abi.ABI_HEADER.removeprefix("../"))


def owned_dirs(specs: SpecSet) -> list[str]:
    """Folders whose every file is generated: each op's op_host/ and op_kernel/ (a custom op's op_sim/
    too), and the binding's."""
    return [f"{op.name}/{part}" for op in specs.kernel_ops() for part in ("op_host", "op_kernel")] + \
        [binding.BINDING_PATH.split("/")[0]] + \
        [custom_op.sim_unit_path(op).rsplit("/", 1)[0] for op in specs.ops if op.is_custom]


@dataclass(frozen=True)
class Outcome:
    files: list[GeneratedFile]
    report: Report | None        # after writing
    problems: list[Problem]      # after checking


def generate(specs_dir: Path, out_dir: Path, *, check: bool = False) -> Outcome:
    """Generate `out_dir` (the `ascend_kernels/` folder) from `specs_dir`, or only check it."""
    specs_dir, out_dir = Path(specs_dir), Path(out_dir)
    specs = load_specs(specs_dir, specs_dir.parent)
    files = generated_files(specs, load_engine_api(out_dir))
    manager = FileManager(out_dir, owned_dirs(specs))
    if check:
        return Outcome(files, None, manager.check(files))
    return Outcome(files, manager.write(files), [])
