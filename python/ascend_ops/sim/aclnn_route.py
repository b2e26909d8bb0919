"""The simulated npu device's custom route: the torch binding an Atlas box builds
(ascend_kernels/binding/ascend_ops_npu.cpp), compiled for host memory (ASCEND_OPS_BINDING_HOST,
Note [device seam]) and linked against the package's CPU aclnn runtime (aclnn/), which runs each
op's InferShape, TilingFunc and kernel in the simulator of the claimed SoC. Only what sits below
the aclnn API is a stand-in. Both libraries are built once into the build cache, the runtime laid
out as an installed op package and found by the binding's own lookup (Note [own aclnn lookup]).
"""
from __future__ import annotations

import ctypes
import json
import os
import shutil
import threading
from dataclasses import dataclass
from pathlib import Path

from ascend_ops_gen.spec import project_root

from ..runtime import build_cache, torch_extension

__all__ = ["HostBinding", "build", "load", "loaded", "counts", "CUSTOM_OPP_ENV"]

HERE = Path(__file__).resolve().parent / "aclnn"
RUNTIME_SOURCE = HERE / "cpu_aclnn.cpp"
STAND_IN_HEADERS = HERE / "include"    # aclnn/acl_meta.h
ACL_ABI_HEADERS = HERE / "acl_abi"     # acl/acl_base.h, acl/acl_rt.h
GENERATED = "ascend_kernels/binding/host_aclnn"  # cpu_aclnn_ops.cpp, op_api/aclnn_<op>.h
NPU_HEADERS = "ascend_kernels/npu"     # the binding's own: aclnn_call.h, host_device.h
ENGINE_HEADERS = "ascend_kernels/common"
HOST_STUB = "ascend_kernels/sim/cann_host_stub"  # graph/types.h
CUSTOM_OPP_ENV = "ASCEND_CUSTOM_OPP_PATH"
INSTALL_DIR = "sim_npu_opp"  # under the build cache: the op package the simulated device loads


def predicted_headers() -> Path:
    """The aclnn headers Note [aclnn rules] predicts CANN's op_build writes (generated)."""
    return project_root() / GENERATED / "op_api"


def runtime_library(*, aclnn_headers: Path | None = None, acl_headers: Path | None = None,
                    flags: tuple[str, ...] = ()) -> Path:
    """The CPU aclnn runtime, built against `aclnn_headers` (default: the predicted ones) and
    `acl_headers` (default: the package's acl_abi/)."""
    from . import library as sim_library

    root = project_root()
    return build_cache.build(
        "cpu_aclnn", [RUNTIME_SOURCE, root / GENERATED / "cpu_aclnn_ops.cpp"],
        # The simulator's graph/types.h before acl_headers, which may hold one of their own.
        include_dirs=[HERE, STAND_IN_HEADERS, aclnn_headers or predicted_headers(), root / HOST_STUB,
                      Path(sim_library.__file__).parent, acl_headers or ACL_ABI_HEADERS],
        flags=["-O2", *flags, "-ldl"],
        announce="building the CPU aclnn runtime (g++, seconds, once: cached by content)")


def binding_library(runtime: Path, *, aclnn_headers: Path | None = None, acl_headers: Path | None = None,
                    source: Path | None = None, npu_headers: Path | None = None) -> Path:
    """The binding built for host memory, linked against `runtime`. `source` / `npu_headers` replace
    the generated binding and ascend_kernels/npu (tests)."""
    import torch

    from ..npu.binding import binding_cxx_standard, binding_source

    root = project_root()
    standard = binding_cxx_standard(Path(torch.__file__).parent / "include")[0]
    # Torch's standard for the binding, as on an Atlas box; -O2 (the cache's) for glue code.
    flags = [standard if f.startswith("-std=") else f for f in torch_extension.torch_flags() if f != "-O3"]
    return build_cache.build(
        "ascend_ops_npu_host", [source or binding_source()],
        include_dirs=[npu_headers or root / NPU_HEADERS, STAND_IN_HEADERS, aclnn_headers or predicted_headers(),
                      acl_headers or ACL_ABI_HEADERS, root / ENGINE_HEADERS],
        flags=[*flags, "-Wl,--no-as-needed", str(runtime), "-ldl"],
        defines={"ASCEND_OPS_BINDING_HOST": "1",
                 "ASCEND_OPS_TORCH_VERSION": torch.__version__.split("+")[0]},
        announce="building the torch binding for host memory (g++, about a minute, once: cached by content)")


def vendor_layout(install: Path, runtime: Path, aclnn_headers: Path) -> Path:
    """`<install>/vendors/<vendor>` as the op package installs it, holding the CPU runtime as its
    op API library; returns the vendor folder."""
    from ..npu.binding import VENDOR_HEADERS, VENDOR_SET_ENV, op_api_library, vendor_name

    vendor = Path(install) / "vendors" / vendor_name()
    library = vendor / op_api_library()
    for folder in (library.parent, vendor / VENDOR_HEADERS, (vendor / VENDOR_SET_ENV).parent):
        folder.mkdir(parents=True, exist_ok=True)
    if not library.is_symlink() or library.resolve() != Path(runtime).resolve():
        library.unlink(missing_ok=True)
        library.symlink_to(runtime)  # one file: the binding links it and dlopens it, sharing its state
    for header in sorted(Path(aclnn_headers).glob("aclnn_*.h")):
        shutil.copyfile(header, vendor / VENDOR_HEADERS / header.name)
    (vendor / VENDOR_SET_ENV).write_text(
        f'export {CUSTOM_OPP_ENV}="{vendor}${{{CUSTOM_OPP_ENV}:+:${{{CUSTOM_OPP_ENV}}}}}"\n', encoding="utf-8")
    return vendor


def put_first(vendor: Path) -> None:
    """Put `vendor` first on ASCEND_CUSTOM_OPP_PATH (for the binding's lookup and the runtime's
    vendor collection, which read it at their first call)."""
    entries = [e for e in os.environ.get(CUSTOM_OPP_ENV, "").split(":") if e]
    os.environ[CUSTOM_OPP_ENV] = ":".join([str(vendor), *[e for e in entries if e != str(vendor)]])


@dataclass
class HostBinding:
    """The loaded host build of the binding and its CPU aclnn runtime."""

    runtime: ctypes.CDLL
    runtime_path: Path
    binding_path: Path
    vendor: Path
    headers: Path
    soc: str = ""  # the SoC the calls run on (`select`)

    @classmethod
    def open(cls, install: Path, *, aclnn_headers: Path | None = None, acl_headers: Path | None = None,
             runtime_flags: tuple[str, ...] = (), source: Path | None = None, npu_headers: Path | None = None,
             put_vendor_first: bool = True) -> "HostBinding":
        """Build (or take from the cache) the runtime and the binding, lay out the vendor folder
        under `install`/<the runtime's build>, put it first on ASCEND_CUSTOM_OPP_PATH (unless not `put_vendor_first`:
        the caller decides where it goes) and load the binding. A process holds one binding."""
        import torch

        headers = aclnn_headers or predicted_headers()
        runtime_path = runtime_library(aclnn_headers=headers, acl_headers=acl_headers, flags=runtime_flags)
        binding_path = binding_library(runtime_path, aclnn_headers=headers, acl_headers=acl_headers,
                                       source=source, npu_headers=npu_headers)
        # One folder per runtime build: processes of other checkouts (or of older sources) that
        # share the build cache lay out their own runtime, never over this one's.
        vendor = vendor_layout(Path(install) / runtime_path.stem, runtime_path, headers)
        if put_vendor_first:
            put_first(vendor)
        runtime = build_cache.load_built(runtime_path)
        runtime.ascend_ops_cpu_aclnn_init.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                                                      ctypes.c_uint64]
        runtime.ascend_ops_cpu_aclnn_calls.argtypes = [ctypes.c_char_p, ctypes.c_uint64]
        runtime.ascend_ops_cpu_aclnn_calls.restype = ctypes.c_uint64
        runtime.ascend_ops_cpu_aclnn_record.argtypes = [ctypes.c_int32]
        runtime.ascend_ops_cpu_aclnn_counts.argtypes = [ctypes.POINTER(ctypes.c_uint64)] * 2
        runtime.ascend_ops_cpu_aclnn_times.argtypes = [ctypes.POINTER(ctypes.c_uint64)] * 3
        torch.ops.load_library(str(binding_path))
        return cls(runtime, runtime_path, binding_path, vendor, headers)

    def select(self, soc: str) -> None:
        """Run the following calls on SoC `soc`, in the simulator library of its NPU arch."""
        from ..runtime.products import product
        from .library import library_path

        message = ctypes.create_string_buffer(1024)
        path = library_path(product(soc).npu_arch)
        if self.runtime.ascend_ops_cpu_aclnn_init(str(path).encode(), soc.encode(), message, len(message)) != 0:
            raise RuntimeError(f"the CPU aclnn runtime refused {path} / {soc}: {message.value.decode()}")
        self.soc = soc

    def counts(self) -> tuple[int, int]:
        """(calls planned by GetWorkspaceSize, kernels launched) since the process started."""
        plans, launches = ctypes.c_uint64(), ctypes.c_uint64()
        self.runtime.ascend_ops_cpu_aclnn_counts(ctypes.byref(plans), ctypes.byref(launches))
        return plans.value, launches.value

    def times(self) -> tuple[float, float, float]:
        """Seconds spent since the process started in GetWorkspaceSize (InferShape and TilingFunc),
        in aclnn<Op>, and of that in the simulated kernel."""
        ns = [ctypes.c_uint64() for _ in range(3)]
        self.runtime.ascend_ops_cpu_aclnn_times(*map(ctypes.byref, ns))
        return tuple(n.value * 1e-9 for n in ns)

    def record(self, on: bool = True) -> None:
        """Keep a record of every later call (`calls`), or stop."""
        self.runtime.ascend_ops_cpu_aclnn_record(int(on))

    def calls(self) -> list[dict]:
        """The calls recorded since the last `reset`."""
        size = self.runtime.ascend_ops_cpu_aclnn_calls(None, 0)
        buffer = ctypes.create_string_buffer(size)
        self.runtime.ascend_ops_cpu_aclnn_calls(buffer, size)
        return json.loads(buffer.value.decode())

    def reset(self) -> None:
        self.runtime.ascend_ops_cpu_aclnn_reset()


def build(soc: str) -> Path:
    """Compile the runtime, the binding and the simulator library of `soc`'s NPU arch into the
    build cache, if they are not there yet; the binding's path."""
    from ..runtime.products import product
    from .library import library_path

    library_path(product(soc).npu_arch)
    return binding_library(runtime_library())


_loaded: HostBinding | None = None
_loading = threading.Lock()


def load(soc: str, **kwargs) -> HostBinding:
    """The simulated device's binding, for SoC `soc` (built and loaded at the first call; `kwargs`
    go to HostBinding.open then: tests load a defective binding this way)."""
    global _loaded
    if _loaded is None:
        with _loading:
            if _loaded is None:
                opened = HostBinding.open(build_cache.cache_dir() / INSTALL_DIR, **kwargs)
                opened.select(soc)
                _loaded = opened
    return _loaded


def loaded() -> HostBinding | None:
    return _loaded


def counts() -> tuple[int, int]:
    """(calls planned, kernels launched) through the route; (0, 0) before it is loaded."""
    return _loaded.counts() if _loaded is not None else (0, 0)
