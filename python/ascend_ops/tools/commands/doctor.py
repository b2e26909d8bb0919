"""`ascend-ops doctor`: what this machine runs, and what to do about each problem.

torch and torch_npu (versions, whether they match, whether torch_npu imports), the CANN
libraries, the NPU and its product line, the op package and its torch binding, one real aclnn
call through the binding when an NPU is there (Note [doctor's aclnn call]), the route each op
takes on npu and on CPU tensors, the CPU backend and its build cache. Exit code 0 when nothing
blocks the routes this machine takes; 1 otherwise.
"""
from __future__ import annotations

import argparse
import ctypes
import importlib.metadata
import importlib.util
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass

HELP = "say which route each op takes on npu and CPU tensors, and what to do about any problem"

OK, NOTE, WARN, FAIL = "ok", "note", "warn", "FAIL"  # FAIL: blocks a route this machine takes
CANN_ENV_HINT = ("source the CANN environment first: `source /usr/local/Ascend/ascend-toolkit/"
                 "set_env.sh` (or <CANN>/set_env.sh)")


@dataclass(frozen=True)
class Finding:
    level: str
    topic: str
    text: str
    fix: str = ""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser  # no options


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def _base(version: str) -> str:
    """'2.13.0.post1+cpu' -> '2.13.0' (torch_npu X.Y.Z[.postN] requires torch X.Y.Z)."""
    return ".".join(version.split("+")[0].split(".")[:3])


def torch_findings() -> tuple[list[Finding], bool]:
    """(findings, whether torch_npu imported) for torch, torch_npu and CANN."""
    import torch

    from ...npu import dispatch
    from ...sim import device as sim_device

    out = [Finding(OK, "torch", f"torch {torch.__version__}")]
    installed = importlib.util.find_spec("torch_npu") is not None
    imported = False
    if sim_device.is_enabled():
        out.append(Finding(NOTE, "torch_npu", "not used: the simulated npu device "
                           f"({sim_device.SIM_NPU_ENV}=1) owns the npu device in this process"))
        return out, imported
    if not installed:
        out.append(Finding(NOTE, "torch_npu", "not installed: npu tensors are not available "
                           "(torch refuses the device string \"npu\"), every op runs on CPU tensors",
                           f"on an Atlas machine: {dispatch.torch_npu_install_hint()}; without an "
                           f"NPU, {sim_device.SIM_NPU_ENV}=1 gives a simulated npu device"))
        return out, imported
    version = _version("torch_npu") or _version("torch-npu")
    error = dispatch.torch_npu_import_error()
    if version is None:
        out.append(Finding(WARN, "torch_npu", "installed without package metadata (version "
                           "unknown)", "install torch_npu with pip"))
    elif _base(version) != _base(torch.__version__):
        out.append(Finding(FAIL, "torch_npu", f"torch_npu {version} is built for torch "
                           f"{_base(version)}, this is torch {torch.__version__}",
                           f"{dispatch.torch_npu_install_hint()}, or the torch that torch_npu "
                           f"{version} requires"))
    else:
        out.append(Finding(OK, "torch_npu", f"torch_npu {version} matches torch"))
    if error:
        fix = CANN_ENV_HINT if ".so" in error else "reinstall torch_npu for this torch and CANN"
        out.append(Finding(FAIL, "torch_npu", f"`import torch_npu` fails: {error}", fix))
    else:
        imported = "torch_npu" in sys.modules
        out.append(Finding(OK, "torch_npu", "`import torch_npu` works"))
    out += cann_findings(blocking=True)
    return out, imported


def cann_findings(blocking: bool) -> list[Finding]:
    level = FAIL if blocking else WARN
    out = []
    home = os.environ.get("ASCEND_HOME_PATH")
    if not home:
        out.append(Finding(level, "CANN", "ASCEND_HOME_PATH is not set", CANN_ENV_HINT))
    elif not os.path.isdir(home):
        out.append(Finding(level, "CANN", f"ASCEND_HOME_PATH={home} is not a folder",
                           CANN_ENV_HINT))
    else:
        out.append(Finding(OK, "CANN", f"ASCEND_HOME_PATH={home}"))
    try:
        ctypes.CDLL("libascendcl.so")
        out.append(Finding(OK, "CANN", "libascendcl.so loads"))
    except OSError as e:
        out.append(Finding(level, "CANN", f"libascendcl.so does not load: {e}", CANN_ENV_HINT))
    return out


def device_findings(torch_npu_imported: bool) -> list[Finding]:
    import torch

    from ...sim import device as sim_device
    from ...runtime.products import product

    if sim_device.is_enabled():
        soc = torch.npu.get_device_name()
        return [Finding(OK, "NPU", f"simulated npu device, SoC {soc}, product line "
                        f"{product(soc).key} ({product(soc).title})")]
    if not torch_npu_imported:
        return [Finding(NOTE, "NPU", "none visible (torch_npu is not imported)")]
    try:
        if not torch.npu.is_available():
            return [Finding(WARN, "NPU", "torch_npu sees no NPU", "check the driver: npu-smi info")]
        soc = torch.npu.get_device_name()
    except Exception as e:  # noqa: BLE001 - reported, not raised
        return [Finding(WARN, "NPU", f"cannot query the NPU: {type(e).__name__}: {e}",
                        "check the driver: npu-smi info")]
    try:
        p = product(soc)
    except Exception:  # noqa: BLE001
        return [Finding(WARN, "NPU", f"{torch.npu.device_count()} NPU(s), SoC {soc}, which no "
                        "product line of op_specs/products.yaml lists",
                        "add the SoC to op_specs/products.yaml")]
    return [Finding(OK, "NPU", f"{torch.npu.device_count()} NPU(s), SoC {soc}, product line "
                    f"{p.key} ({p.title})")]


def package_findings(torch_npu_imported: bool) -> list[Finding]:
    from ...npu import dispatch, binding as npu_binding
    from ...sim import device as sim_device

    if sim_device.is_enabled():
        why = dispatch.custom_kernels_unavailable(simulated=True)
        if why:
            return [Finding(WARN, "kernels", why, "install g++")]
        return [Finding(OK, "kernels", "the simulator runs the package's AscendC kernels")]
    record = npu_binding.read_build_record()
    where = npu_binding.install_dir()
    out = []
    if record is None:
        out.append(Finding(NOTE if not torch_npu_imported else WARN, "op package",
                           f"not built (nothing in {where})",
                           f"on an Atlas machine, {npu_binding.build_hint()}"))
    else:
        out.append(Finding(OK, "op package", f"built in {where} with CANN {record.cann} for torch "
                           f"{record.torch}, torch_npu {record.torch_npu}"))
        found = npu_binding.kernel_discovery()  # Note [kernel discovery]
        if found.way is None:
            out.append(Finding(WARN, "op package", f"CANN cannot find its kernels: {found.detail}",
                               f"before the first NPU operator: {found.export_line}"))
        else:
            out.append(Finding(OK, "op package", f"CANN finds it through {found.way}: {found.detail}; "
                               f"{npu_binding.DISCOVERY_RULE}"))
    why = dispatch.custom_kernels_unavailable(simulated=False)
    if why is None:
        out.append(Finding(OK, "binding", "loaded: npu tensors run the package's AscendC kernels"))
    elif torch_npu_imported:
        out.append(Finding(WARN, "binding", why, npu_binding.build_hint()))
    return out


# Note [doctor's aclnn call]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~
# With the binding loaded and an NPU visible (or on the simulated npu device, whose binding runs
# over the CPU aclnn runtime), doctor makes one real call through it: the first worked example
# of a view op that reads (op order, then example order; one input, as every shipped op) whose
# dtype the NPU's product line supports, on the current npu device, through
# torch.ops.ascend_ops_npu (aclnn<OpType>GetWorkspaceSize, then aclnn<OpType> on the stream),
# its attributes as the schema takes them (an int[][] flattened). Copying the result to the host
# waits for the launch; the result must equal cpu_reference's bit for bit. A call that raises
# reports the aclnn status its message names (aclnn_call.h writes "aclnnStatus N"). The binding
# is a parameter, so that the same function runs in CI on the host build of the binding and the
# CPU aclnn runtime (tests/ascend_ops_dev/binding).
_STATUS = re.compile(r"aclnnStatus (-?\d+)")


@dataclass(frozen=True)
class AclnnCall:
    """What doctor's aclnn call did (Note [doctor's aclnn call])."""

    passed: bool
    status: int | None  # 0: both aclnn calls succeeded; else the failing one's, when its error named it
    text: str


def call_example(product=None):
    """The (op, example) of Note [doctor's aclnn call] for `product` (None: any dtype): the first
    worked example of a view op that reads (one input; every package has the shipped ones)."""
    from ...runtime.products import supported_dtypes
    from ascend_ops_gen.spec import specs

    for op in (op for op in specs().ops if op.reads_a_view):
        dtypes = supported_dtypes(op, product) if product is not None else None
        for example in op.examples:
            if example.dtype != "bfloat16" and (dtypes is None or example.dtype in dtypes):  # numpy has no bf16
                return op, example
    raise LookupError("no worked example of the specs has a dtype this product line supports")


def _bytes(t):
    import torch

    return t.detach().cpu().contiguous().reshape(-1).view(torch.uint8)


def aclnn_call(device: str, binding: Callable[[str], Callable] | None = None, product=None) -> AclnnCall:
    """One call of Note [doctor's aclnn call] on `device` through `binding` (op name -> callable;
    default: the loaded torch binding)."""
    import torch

    import cpu_reference
    from ...npu import dispatch
    from ...runtime.arguments import CallChecker
    from ..examples import example_input

    op, example = call_example(product)
    x = example_input(example.input, example.dtype)
    what = (f"{op.name} example '{example.name}' ({tuple(x.shape)} {example.dtype}) on {device} through "
            f"aclnn{op.op_type}")
    expected = torch.from_numpy(getattr(cpu_reference, op.name)(x.numpy(), **example.kwargs))
    try:
        args, kwargs = CallChecker(op)((x.to(device),), dict(example.kwargs))  # as the schema takes them
        got = (binding or dispatch.on_binding)(op.name)(*args, **kwargs).cpu()
    except Exception as e:  # noqa: BLE001 - the failure is the finding
        m = _STATUS.search(str(e))
        return AclnnCall(False, int(m[1]) if m else None,
                         f"{what}: {'aclnn status ' + m[1] if m else 'failed'}: {type(e).__name__}: "
                         f"{str(e).strip().splitlines()[0]}")
    if got.dtype != expected.dtype or got.shape != expected.shape or not torch.equal(_bytes(got), _bytes(expected)):
        return AclnnCall(False, 0, f"{what}: aclnn status 0, but the result differs from cpu_reference "
                                   f"({got.dtype} {tuple(got.shape)} {got.flatten()[:8].tolist()}, expected "
                                   f"{expected.dtype} {tuple(expected.shape)} {expected.flatten()[:8].tolist()})")
    return AclnnCall(True, 0, f"{what}: aclnn status 0, the result equals cpu_reference's bit for bit")


def call_findings(torch_npu_imported: bool) -> list[Finding]:
    """Doctor's aclnn call (Note [doctor's aclnn call]), or why it made none."""
    import torch

    from ...npu import dispatch
    from ...runtime.products import current_product
    from ...sim import device as sim_device

    if sim_device.is_enabled():
        unavailable = dispatch.custom_kernels_unavailable(simulated=True)
        if unavailable is not None:
            return [Finding(NOTE, "aclnn call", f"not made: {unavailable}")]
        try:
            dispatch.load_simulated_binding()
        except Exception as e:  # noqa: BLE001 - the failure is the finding
            return [call_finding(AclnnCall(False, None, f"the simulated device's binding cannot load: "
                                                        f"{type(e).__name__}: {e}"))]
        return [call_finding(aclnn_call("npu", product=current_product("npu")))]
    if not torch_npu_imported:
        return [Finding(NOTE, "aclnn call", "not made: no NPU (torch_npu is not imported)")]
    unavailable = dispatch.custom_kernels_unavailable(simulated=False)
    if unavailable is not None:
        return [Finding(NOTE, "aclnn call", f"not made: the binding is not loaded ({unavailable})")]
    try:
        if not torch.npu.is_available():
            return [Finding(NOTE, "aclnn call", "not made: torch_npu sees no NPU")]
    except Exception as e:  # noqa: BLE001 - reported, not raised
        return [Finding(NOTE, "aclnn call", f"not made: cannot query the NPU: {type(e).__name__}: {e}")]
    return [call_finding(aclnn_call("npu", product=current_product("npu")))]


def call_finding(done: AclnnCall) -> Finding:
    """The finding of doctor's aclnn call: a failed call blocks the custom route."""
    from ...npu import dispatch

    if done.passed:
        return Finding(OK, "aclnn call", done.text)
    return Finding(FAIL, "aclnn call", done.text,
                   f"the package's kernels do not run right on this NPU: {dispatch.KERNELS_ENV}=torch_npu "
                   f"keeps npu tensors on torch_npu's own ops meanwhile")


def route_findings() -> list[Finding]:
    from ...npu import binding as npu_binding, dispatch
    from ...sim import device as sim_device
    from ...cpu.backends import current_backend
    from ascend_ops_gen.spec import specs

    out = []
    simulated = sim_device.is_enabled()
    has_npu = simulated or "torch_npu" in sys.modules
    try:
        forced = dispatch.forced_route()
    except ValueError as e:
        return [Finding(FAIL, "routes", str(e), f"unset {dispatch.KERNELS_ENV} or fix its value")]
    unavailable = dispatch.custom_kernels_unavailable(simulated)
    if not has_npu:
        npu_route = "no npu tensors here"
    elif forced == "torch_npu":
        npu_route = f"torch_npu composition (forced by {dispatch.KERNELS_ENV})"
    elif unavailable is None:
        npu_route = "custom AscendC kernel (aclnn" + (", over the CPU aclnn runtime and the simulator)"
                                                     if simulated else ")")
    elif forced == "custom":
        out.append(Finding(FAIL, "routes", f"{dispatch.KERNELS_ENV}=custom, but the custom kernels "
                           f"cannot run: {unavailable}", f"unset {dispatch.KERNELS_ENV}, or build "
                           f"them: {npu_binding.build_hint()}"))
        npu_route = "none: every npu call fails"
    else:
        npu_route = f"torch_npu composition ({unavailable})"
    try:
        cpu = current_backend()
    except ValueError as e:
        out.append(Finding(FAIL, "routes", str(e), "fix ASCEND_OPS_BACKEND"))
        cpu = "none"
    for op in specs().ops:
        out.append(Finding(OK if not npu_route.startswith("none") else FAIL, "routes",
                           f"{op.name}: npu -> {npu_route}; cpu -> {cpu} backend"))
    return out


_STALE_SHOWN = 10  # stale cache entries listed one by one; the rest are counted


def _size(path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def cpu_findings() -> list[Finding]:
    from ...runtime import build_cache
    from ...cpu import native_copy
    from ...cpu.backends import BACKEND_ENV

    out = [Finding(OK, "cpu", f"build cache {build_cache.cache_dir()}")]
    for entry, problem in build_cache.damaged_entries():
        out.append(Finding(WARN, "cpu", f"damaged build cache entry {entry}: {problem} (never "
                           "loaded; the next build of it replaces it)", f"remove {entry}"))
    stale = build_cache.stale_entries()
    for entry, why in stale[:_STALE_SHOWN]:
        out.append(Finding(NOTE, "cpu", f"stale build cache entry {entry}: {why}; no build uses "
                           "it", f"remove {entry}"))
    if len(stale) > _STALE_SHOWN:
        size = sum(_size(entry) for entry, _ in stale)
        out.append(Finding(NOTE, "cpu", f"... and {len(stale) - _STALE_SHOWN} more stale build "
                           f"cache entries ({len(stale)} in all, {size >> 20} MiB)",
                           f"remove them from {build_cache.cache_dir()}"))
    try:
        library = native_copy.library()
        where = getattr(library, "_name", library)
        out.append(Finding(OK, "cpu", f"native backend builds and loads ({where}"
                           + (", the copy compiled into the fast path)"
                              if where == native_copy.fast_path_library() else ")")))
        limit = native_copy.output_cache_limit()
        out.append(Finding(OK, "cpu", f"output cache: freed outputs of "
                           f"{native_copy.huge_page_output_bytes() >> 20} MiB and more are kept for "
                           f"reuse up to {limit >> 20} MiB ({native_copy.OUTPUT_CACHE_ENV}; 0 turns "
                           f"it off), holding {native_copy.cached_output_bytes() >> 20} MiB now"))
    except build_cache.NativeBuildError as e:
        asked = os.environ.get(BACKEND_ENV, "").strip() == "native"
        out.append(Finding(FAIL if asked else WARN, "cpu", f"the native backend does not build: "
                           f"{str(e).splitlines()[0]}", "install g++ (CPU calls use the numpy "
                           "reference meanwhile)"))
    except ValueError as e:  # a bad ASCEND_OPS_OUTPUT_CACHE_MB
        out.append(Finding(FAIL, "cpu", str(e), f"unset {native_copy.OUTPUT_CACHE_ENV} or give "
                           "it a whole number of MiB"))
    from ...cpu import compiled

    if compiled.fast_path_active():
        out.append(Finding(OK, "cpu", "active CPU path: the compiled C++ kernel (plugged into the one "
                           "registration; the Python kernels take what it leaves)"))
    else:
        first_use = ("; the first native call builds it in the background"
                     if compiled.builds_on_first_use() else "")
        out.append(Finding(NOTE, "cpu", f"active CPU path: the Python kernels (slower tiny calls), since "
                           f"the compiled kernel is {compiled.unavailable_reason()}{first_use}",
                           f"ascend-ops build (unless {compiled.FAST_ENV}=0 is set)"))
    return out


def findings() -> list[Finding]:
    found, imported = torch_findings()
    return (found + device_findings(imported) + package_findings(imported) + call_findings(imported)
            + route_findings() + cpu_findings())


def run(args: argparse.Namespace) -> int:
    del args
    found = findings()
    for f in found:
        print(f"[{f.level:4}] {f.topic:10} {f.text}")
        if f.fix and f.level != OK:
            print(f"{'':18}-> {f.fix}")
    blocking = [f for f in found if f.level == FAIL]
    if blocking:
        print(f"ascend-ops doctor: {len(blocking)} problem(s) block the routes above")
        return 1
    print("ascend-ops doctor: nothing blocks the routes above")
    return 0
