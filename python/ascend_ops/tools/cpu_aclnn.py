"""The torch binding, built and run on the CPU against the package's CPU aclnn runtime.

The pieces, each built once and cached by content:

    aclnn headers   the aclnn_<op>.h CANN's op_build generated (`headers=`), or, where it has not
                    run, the ones Note [aclnn rules] predicts (aclnn.emit_header)
    runtime         ascend_kernels/npu/cpu_aclnn.cpp + the generated binding/cpu_aclnn_ops.cpp,
                    against those headers, the stand-in aclnn/acl_meta.h and the torch_npu wheel's
                    real acl headers: the ACL / aclnn C functions the binding calls, running each
                    op's InferShape, TilingFunc and kernel in the simulator library of one NPU arch
    vendor layout   <root>/vendors/<vendor>/op_api/{include,lib/libcust_opapi.so} (the runtime)
                    and bin/set_env.bash, as an installed op package lays it out
    binding         ascend_kernels/binding/ascend_ops_npu.cpp compiled and linked with
                    ASCEND_OPS_BINDING_CPU against torch and the runtime (for aclCreateTensor &c.,
                    which libnnopbase provides on an Atlas machine); it finds the aclnn functions
                    itself in ASCEND_CUSTOM_OPP_PATH (Note [own aclnn lookup])

`CpuBinding.open(product)` does it all and loads the binding (torch.ops.ascend_ops_npu.<op> on
CPU tensors); `select(soc)` switches the SoC (and so the simulator library) the calls run on.
"""
from __future__ import annotations

import ctypes
import hashlib
import json
import os
import shutil
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence
from ascend_ops_gen.spec import project_root, specs

from ..runtime import build_cache

RUNTIME_SOURCE = "ascend_kernels/npu/cpu_aclnn.cpp"
RUNTIME_OPS_SOURCE = "ascend_kernels/binding/cpu_aclnn_ops.cpp"
NPU_HEADERS = "ascend_kernels/npu"
STAND_IN_HEADERS = "ascend_kernels/npu/include"  # aclnn/acl_meta.h
HOST_STUB = "ascend_kernels/sim/cann_host_stub"   # graph/types.h
CUSTOM_OPP_ENV = "ASCEND_CUSTOM_OPP_PATH"
OP_API_LIBRARY = "libcust_opapi.so"


def acl_include_dir() -> Path:
    """The real acl headers (acl/acl_base.h, acl/acl_rt.h) of the torch_npu wheel matching torch."""
    from .torch_npu_wheel import torch_npu_wheel, unpacked_headers, wheel_dir
    from ..npu.binding import torch_version

    return unpacked_headers(torch_npu_wheel(torch_version(), wheel_dir())) / "include/third_party/acl/inc"


def predicted_headers() -> Path:
    """A folder of the aclnn headers Note [aclnn rules] predicts for every op (cached by content)."""
    from ascend_ops_gen.codegen.aclnn import emit_header, header_name
    from ascend_ops_gen.codegen.binding import aclnn_apis

    files = {header_name(api.op_type): emit_header(api) for api in aclnn_apis(specs())}
    return _content_folder("aclnn_predicted", files)


def _content_folder(name: str, files: dict[str, str]) -> Path:
    digest = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    folder = build_cache.cache_dir() / f"{name}-{digest}"
    if not (folder / ".complete").is_file():
        folder.mkdir(parents=True, exist_ok=True)
        for file_name, text in files.items():
            (folder / file_name).write_text(text, encoding="utf-8")
        (folder / ".complete").write_text("", encoding="utf-8")
    return folder


def copy_headers(source: Path) -> Path:
    """The aclnn_*.h of `source` (op_build's output folder), copied into a folder cached by content."""
    files = {p.name: p.read_text(encoding="utf-8") for p in sorted(Path(source).glob("aclnn_*.h"))}
    if not files:
        raise FileNotFoundError(f"{source} holds no aclnn_*.h")
    return _content_folder("aclnn_generated", files)


def runtime_library(headers: Path) -> Path:
    root = project_root()
    return build_cache.build(
        "cpu_aclnn", [root / RUNTIME_SOURCE, root / RUNTIME_OPS_SOURCE],
        # The simulator's graph/types.h before the wheel's, which has one of its own.
        include_dirs=[root / NPU_HEADERS, root / STAND_IN_HEADERS, headers, root / HOST_STUB,
                      Path(__file__).parents[1] / "sim", acl_include_dir()],
        flags=["-Wall", "-Wextra", "-Werror", "-ldl"],
        announce="building the CPU aclnn runtime (g++, seconds, once: cached by content)")


def binding_library(headers: Path, runtime: Path, *, source: Path | None = None,
                    npu_headers: Path | None = None) -> Path:
    """The binding built for the CPU side of the device seam, linked against `runtime`.
    `source` / `npu_headers` replace the generated binding and ascend_kernels/npu (tests)."""
    import torch

    from ..npu.binding import binding_source

    root = project_root()
    torch_dir = Path(torch.__file__).parent
    abi = int(torch._C._GLIBCXX_USE_CXX11_ABI)
    flags = ["-std=c++20", f"-D_GLIBCXX_USE_CXX11_ABI={abi}", "-DASCEND_OPS_BINDING_CPU",
             f"-DASCEND_OPS_TORCH_VERSION={torch.__version__.split('+')[0]}",
             "-isystem", str(torch_dir / "include"),
             "-isystem", str(torch_dir / "include/torch/csrc/api/include"),
             "-isystem", sysconfig.get_paths()["include"],
             "-Wl,--no-as-needed", str(runtime), f"-L{torch_dir / 'lib'}", "-ltorch", "-ltorch_cpu", "-lc10",
             f"-Wl,-rpath,{torch_dir / 'lib'}", "-ldl"]
    return build_cache.build(
        "ascend_ops_npu_cpu", [source or binding_source()],
        include_dirs=[npu_headers or root / NPU_HEADERS, root / STAND_IN_HEADERS, headers, acl_include_dir(),
                      root / "ascend_kernels" / "common"],
        flags=flags,
        announce="building the torch binding against the CPU aclnn runtime (g++, about a minute, once: "
                 "cached by content)")


def vendor_layout(install: Path, runtime: Path, headers: Path) -> Path:
    """`<install>/vendors/<vendor>` as the op package installs it, holding the CPU runtime as its
    op API library; returns the vendor folder."""
    from ..npu.binding import vendor_name

    vendor = Path(install) / "vendors" / vendor_name()
    (vendor / "op_api" / "lib").mkdir(parents=True, exist_ok=True)
    (vendor / "op_api" / "include").mkdir(parents=True, exist_ok=True)
    (vendor / "bin").mkdir(parents=True, exist_ok=True)
    library = vendor / "op_api" / "lib" / OP_API_LIBRARY
    library.unlink(missing_ok=True)
    library.symlink_to(runtime)  # one file: the binding links it and dlopens it, sharing its state
    for header in sorted(Path(headers).glob("aclnn_*.h")):
        shutil.copyfile(header, vendor / "op_api" / "include" / header.name)
    (vendor / "bin" / "set_env.bash").write_text(
        f'export {CUSTOM_OPP_ENV}="{vendor}${{{CUSTOM_OPP_ENV}:+:${{{CUSTOM_OPP_ENV}}}}}"\n', encoding="utf-8")
    return vendor


@dataclass
class CpuBinding:
    """The loaded CPU build of the binding and its runtime."""

    runtime: ctypes.CDLL
    runtime_path: Path
    binding_path: Path
    vendor: Path
    headers: Path

    @classmethod
    def open(cls, install: Path, *, headers: Path | None = None, source: Path | None = None,
             npu_headers: Path | None = None) -> "CpuBinding":
        """Build (or take from the cache) the runtime and the binding, lay out the vendor folder
        under `install`, put it first on ASCEND_CUSTOM_OPP_PATH and load the binding."""
        import torch

        headers = copy_headers(headers) if headers is not None else predicted_headers()
        runtime_path = runtime_library(headers)
        binding_path = binding_library(headers, runtime_path, source=source, npu_headers=npu_headers)
        vendor = vendor_layout(install, runtime_path, headers)
        entries = [e for e in os.environ.get(CUSTOM_OPP_ENV, "").split(":") if e]
        os.environ[CUSTOM_OPP_ENV] = ":".join([str(vendor), *[e for e in entries if e != str(vendor)]])
        runtime = build_cache.load_built(runtime_path)
        runtime.ascend_ops_cpu_aclnn_init.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                                                      ctypes.c_uint64]
        runtime.ascend_ops_cpu_aclnn_calls.argtypes = [ctypes.c_char_p, ctypes.c_uint64]
        runtime.ascend_ops_cpu_aclnn_calls.restype = ctypes.c_uint64
        torch.ops.load_library(str(binding_path))
        return cls(runtime, runtime_path, binding_path, vendor, headers)

    def select(self, soc: str) -> None:
        """Run the following calls on SoC `soc`, in the simulator library of its NPU arch."""
        from ..runtime.products import product
        from ..sim.library import library_path

        message = ctypes.create_string_buffer(1024)
        path = library_path(product(soc).npu_arch)
        if self.runtime.ascend_ops_cpu_aclnn_init(str(path).encode(), soc.encode(), message, len(message)) != 0:
            raise RuntimeError(f"the CPU aclnn runtime refused {path} / {soc}: {message.value.decode()}")

    def calls(self) -> list[dict]:
        """The aclnn calls recorded since the last `reset`."""
        size = self.runtime.ascend_ops_cpu_aclnn_calls(None, 0)
        buffer = ctypes.create_string_buffer(size)
        self.runtime.ascend_ops_cpu_aclnn_calls(buffer, size)
        return json.loads(buffer.value.decode())

    def reset(self) -> None:
        self.runtime.ascend_ops_cpu_aclnn_reset()


def ops_of(names: Sequence[str] | None = None) -> list[str]:
    return [op.name for op in specs().ops if names is None or op.name in names]
