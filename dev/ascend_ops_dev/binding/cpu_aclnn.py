"""The torch binding, built and run on the CPU against the package's CPU aclnn runtime.

The pieces, each built once and cached by content:

    aclnn headers   the aclnn_<op>.h CANN's op_build generated (`headers=`), or, where it has not
                    run, the ones Note [aclnn rules] predicts (aclnn.emit_header)
    runtime         cpu_aclnn.cpp (beside this file) + every op's aclnn functions, generated
                    into the build cache (cpu_aclnn_ops.py), against those headers, the stand-in aclnn/acl_meta.h and the torch_npu wheel's
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
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ascend_ops_gen.spec import REQUIRED, AttrType, project_root, specs

from ascend_ops.runtime import build_cache

HERE = Path(__file__).resolve().parent
RUNTIME_SOURCE = HERE / "cpu_aclnn.cpp"
RUNTIME_HEADERS = HERE  # cpu_aclnn.h, and cpu_device.h: the binding's device seam on the CPU
STAND_IN_HEADERS = HERE / "include"  # aclnn/acl_meta.h
NPU_HEADERS = "ascend_kernels/npu"  # the binding's own: aclnn_call.h, npu_device.h
HOST_STUB = "ascend_kernels/sim/cann_host_stub"   # graph/types.h
CUSTOM_OPP_ENV = "ASCEND_CUSTOM_OPP_PATH"


def acl_include_dir() -> Path:
    """The real acl headers (acl/acl_base.h, acl/acl_rt.h) of the torch_npu wheel matching torch."""
    from ascend_ops_dev.binding.torch_npu_wheel import torch_npu_wheel, unpacked_headers, wheel_dir
    from ascend_ops.npu.binding import torch_version

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


def runtime_ops_source() -> Path:
    """Every op's aclnn functions on the runtime (cpu_aclnn_ops.py), generated from the specs into
    the build cache (cached by content)."""
    from ascend_ops_gen.codegen.project import specs_glob

    from ascend_ops_dev.binding.cpu_aclnn_ops import emit_cpu_aclnn_ops

    text = emit_cpu_aclnn_ops(specs(), specs_glob(specs()))
    return _content_folder("cpu_aclnn_ops", {"cpu_aclnn_ops.cpp": text}) / "cpu_aclnn_ops.cpp"


def runtime_library(headers: Path) -> Path:
    from ascend_ops.sim import library as sim_library

    root = project_root()
    return build_cache.build(
        "cpu_aclnn", [RUNTIME_SOURCE, runtime_ops_source()],
        # The simulator's graph/types.h before the wheel's, which has one of its own.
        include_dirs=[RUNTIME_HEADERS, STAND_IN_HEADERS, headers, root / HOST_STUB,
                      Path(sim_library.__file__).parent, acl_include_dir()],  # sim_abi.h
        flags=["-Wall", "-Wextra", "-Werror", "-ldl"],
        announce="building the CPU aclnn runtime (g++, seconds, once: cached by content)")


def binding_library(headers: Path, runtime: Path, *, source: Path | None = None,
                    npu_headers: Path | None = None) -> Path:
    """The binding built for the CPU side of the device seam, linked against `runtime`.
    `source` / `npu_headers` replace the generated binding and ascend_kernels/npu (tests)."""
    import torch

    from ascend_ops.npu.binding import binding_cxx_standard, binding_source

    root = project_root()
    torch_dir = Path(torch.__file__).parent
    abi = int(torch.compiled_with_cxx11_abi())
    standard = binding_cxx_standard(torch_dir / "include")[0]
    flags = [standard, f"-D_GLIBCXX_USE_CXX11_ABI={abi}", "-DASCEND_OPS_BINDING_CPU",
             f"-DASCEND_OPS_TORCH_VERSION={torch.__version__.split('+')[0]}",
             "-isystem", str(torch_dir / "include"),
             "-isystem", str(torch_dir / "include/torch/csrc/api/include"),
             "-isystem", sysconfig.get_paths()["include"],
             "-Wl,--no-as-needed", str(runtime), f"-L{torch_dir / 'lib'}", "-ltorch", "-ltorch_cpu", "-lc10",
             f"-Wl,-rpath,{torch_dir / 'lib'}", "-ldl"]
    return build_cache.build(
        "ascend_ops_npu_cpu", [source or binding_source()],
        include_dirs=[npu_headers or root / NPU_HEADERS, RUNTIME_HEADERS, STAND_IN_HEADERS, headers, acl_include_dir(),
                      root / "ascend_kernels" / "common"],
        flags=flags,
        announce="building the torch binding against the CPU aclnn runtime (g++, about a minute, once: "
                 "cached by content)")


def vendor_layout(install: Path, runtime: Path, headers: Path) -> Path:
    """`<install>/vendors/<vendor>` as the op package installs it, holding the CPU runtime as its
    op API library; returns the vendor folder."""
    from ascend_ops.npu.binding import VENDOR_HEADERS, VENDOR_SET_ENV, op_api_library, vendor_name

    vendor = Path(install) / "vendors" / vendor_name()
    library = vendor / op_api_library()
    for folder in (library.parent, vendor / VENDOR_HEADERS, (vendor / VENDOR_SET_ENV).parent):
        folder.mkdir(parents=True, exist_ok=True)
    library.unlink(missing_ok=True)
    library.symlink_to(runtime)  # one file: the binding links it and dlopens it, sharing its state
    for header in sorted(Path(headers).glob("aclnn_*.h")):
        shutil.copyfile(header, vendor / VENDOR_HEADERS / header.name)
    (vendor / VENDOR_SET_ENV).write_text(
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
             npu_headers: Path | None = None, put_first: bool = True) -> "CpuBinding":
        """Build (or take from the cache) the runtime and the binding, lay out the vendor folder
        under `install`, put it first on ASCEND_CUSTOM_OPP_PATH (unless not `put_first`: the caller
        decides where it goes) and load the binding."""
        import torch

        headers = copy_headers(headers) if headers is not None else predicted_headers()
        runtime_path = runtime_library(headers)
        binding_path = binding_library(headers, runtime_path, source=source, npu_headers=npu_headers)
        vendor = vendor_layout(install, runtime_path, headers)
        if put_first:
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
        from ascend_ops.runtime.products import product
        from ascend_ops.sim.library import library_path

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

    def fail_next(self, status: int, message: str) -> None:
        """Make the next GetWorkspaceSize return `status`, with `message` as aclGetRecentErrMsg."""
        self.runtime.ascend_ops_cpu_aclnn_fail_next.argtypes = [ctypes.c_int32, ctypes.c_char_p]
        self.runtime.ascend_ops_cpu_aclnn_fail_next(status, message.encode())

    def fail_next_launch(self, status: int, message: str) -> None:
        """Make the next aclnn<Op> return `status` before it launches, with `message` as the
        aclGetRecentErrMsg of the thread it runs on."""
        self.runtime.ascend_ops_cpu_aclnn_fail_next_launch.argtypes = [ctypes.c_int32, ctypes.c_char_p]
        self.runtime.ascend_ops_cpu_aclnn_fail_next_launch(status, message.encode())

    def add_workspace(self, size: int) -> None:
        """Make every later GetWorkspaceSize report `size` bytes more than the TilingFunc asked for
        (0 undoes it), as for a kernel that needs a workspace."""
        self.runtime.ascend_ops_cpu_aclnn_add_workspace.argtypes = [ctypes.c_uint64]
        self.runtime.ascend_ops_cpu_aclnn_add_workspace(size)


# ---- what GetWorkspaceSize must receive ---------------------------------------------------------

def acl_dtype_values() -> dict[str, int]:
    """aclDataType's enumerators, read from the real acl header the runtime is built against."""
    text = (acl_include_dir() / "acl" / "acl_base_rt.h").read_text(encoding="utf-8")
    return {m[1]: int(m[2]) for m in re.finditer(r"\b(ACL_\w+)\s*=\s*(\d+)", text)}


# torch dtype -> aclDataType enumerator (the binding's AclDataType, aclnn_call.h, says the same).
ACL_NAMES = {"float16": "ACL_FLOAT16", "float32": "ACL_FLOAT", "float64": "ACL_DOUBLE", "bfloat16": "ACL_BF16",
             "int8": "ACL_INT8", "uint8": "ACL_UINT8", "int16": "ACL_INT16", "uint16": "ACL_UINT16",
             "int32": "ACL_INT32", "uint32": "ACL_UINT32", "int64": "ACL_INT64", "uint64": "ACL_UINT64",
             "bool": "ACL_BOOL"}


def tensor_record(name: str, kind: str, t: torch.Tensor) -> dict:
    return {"name": name, "kind": kind, "shape": list(t.shape), "strides": list(t.stride()),
            "offset": t.storage_offset(), "dtype": acl_dtype_values()[ACL_NAMES[str(t.dtype).removeprefix("torch.")]], "format": 2,
            "storage": [t.untyped_storage().nbytes() // t.element_size()]}


def expected_arguments(op_name: str, x, out, args: tuple, kwargs: dict) -> list[dict]:
    """What aclnn<Op>GetWorkspaceSize must receive for a call, from the spec: the inputs (`x`, or a
    custom op's list of them), every attribute in OpDef order with its value (a default where the
    call gives none; an absent list as an empty array), the outputs (`out`, or a list). ACL_FORMAT_ND
    is 2 (acl_base_rt.h)."""
    op = specs().op(op_name)
    given = dict(zip((a.name for a in op.attributes), args)) | kwargs
    inputs = x if isinstance(x, (list, tuple)) else [x]
    outs = out if isinstance(out, (list, tuple)) else [out]
    records = [tensor_record(t.name, "input", tensor) for t, tensor in zip(op.inputs, inputs)]
    for a in op.attributes:
        value = given.get(a.name, None if a.default is REQUIRED else a.default)
        if a.type in (AttrType.INT_LIST, AttrType.OPTIONAL_INT_LIST):
            records.append({"name": a.name, "kind": "int_array", "values": list(value or [])})
        elif a.type is AttrType.INT:
            records.append({"name": a.name, "kind": "int", "value": int(value)})
        else:
            records.append({"name": a.name, "kind": "string", "value": value})
    return records + [tensor_record(t.name, "output", tensor) for t, tensor in zip(op.outputs, outs)]


def argument_problems(recorded: dict, expected: list[dict], *, attributes_only: bool = False) -> list[str]:
    got = recorded["args"]
    if attributes_only:
        got, expected = ([a for a in args if a["kind"] not in ("input", "output")] for args in (got, expected))
    problems = [f"argument {i} ({e['name']}): got {g}, expected {e}" for i, (g, e) in enumerate(zip(got, expected))
                if g != e]
    if len(got) != len(expected):
        problems.append(f"{len(got)} arguments, expected {len(expected)}")
    return problems


# ---- one corpus case through the binding ----------------------------------------------------------

def torch_input(a):
    """A numpy array (bfloat16 from ml_dtypes included) as a torch tensor with the same bits."""
    import ml_dtypes
    import numpy as np
    import torch

    if a.dtype == np.dtype(ml_dtypes.bfloat16):
        return torch.from_numpy(a.view(np.int16).copy()).view(torch.bfloat16)
    return torch.from_numpy(a.copy())


def torch_bits(t):
    """The bits of a CPU tensor as an unsigned integer numpy array."""
    import torch

    from ascend_ops_dev.sim import corpus

    return corpus.bits((t.view(torch.int16) if t.dtype == torch.bfloat16 else t).numpy())


def check_run(binding: "CpuBinding", run, seed: int) -> str:
    """One case of the corpus (`ascend_ops_dev.sim.corpus.Run`) through the binding on the selected
    SoC: "" when the result equals cpu_reference's bit for bit and GetWorkspaceSize received what
    the spec says, else what went wrong."""
    import numpy as np

    import cpu_reference
    from ascend_ops.npu.dispatch import on_binding
    from ascend_ops_dev.sim import corpus

    if run.dtypes:  # a custom op
        return _check_custom_run(binding, run, seed)
    x_np = corpus.input_array(run.case.shape, run.dtype, seed)
    kwargs = dict(run.case.kwargs)
    expected = getattr(cpu_reference, run.case.op)(x_np, *run.case.args, **kwargs)
    x = torch_input(x_np)
    binding.reset()
    try:
        got = on_binding(run.case.op)(x, *run.case.args, **kwargs)
    except Exception as e:  # noqa: BLE001 - what went wrong is the answer
        return f"{run.label}: {type(e).__name__}: {e}"
    if tuple(got.shape) != expected.shape:
        return f"{run.label}: shape {tuple(got.shape)}, cpu_reference {expected.shape}"
    if not np.array_equal(torch_bits(got), corpus.bits(expected)):
        return f"{run.label}: bits differ from cpu_reference"
    calls = binding.calls()
    if not calls:  # an empty result launches nothing
        return ""
    problems = argument_problems(calls[0], expected_arguments(run.case.op, x, got, run.case.args, kwargs))
    return f"{run.label}: {problems[0]}" if problems else ""


def _check_custom_run(binding: "CpuBinding", run, seed: int) -> str:
    """check_run for a custom op's case: every output bit for bit, and what GetWorkspaceSize received."""
    import numpy as np

    import cpu_reference
    from ascend_ops.npu.dispatch import on_custom_binding
    from ascend_ops_dev.sim import corpus

    arrays = corpus.custom_inputs(run, seed)
    kwargs = dict(run.case.kwargs)
    expected = getattr(cpu_reference, run.case.op)(*arrays, *run.case.args, **kwargs)
    expected = expected if isinstance(expected, tuple) else (np.asarray(expected),)
    inputs = [torch_input(np.asarray(a)) for a in arrays]
    binding.reset()
    try:
        got = on_custom_binding(run.case.op)(*inputs, *run.case.args, **kwargs)
    except Exception as e:  # noqa: BLE001 - what went wrong is the answer
        return f"{run.label}: {type(e).__name__}: {e}"
    got = got if isinstance(got, tuple) else (got,)
    for g, e in zip(got, expected):
        if tuple(g.shape) != e.shape:
            return f"{run.label}: shape {tuple(g.shape)}, cpu_reference {e.shape}"
        if not np.array_equal(torch_bits(g), corpus.bits(np.asarray(e))):
            return f"{run.label}: bits differ from cpu_reference"
    calls = binding.calls()
    if not calls:  # an empty result launches nothing
        return ""
    problems = argument_problems(calls[0], expected_arguments(run.case.op, inputs, list(got), run.case.args, kwargs))
    return f"{run.label}: {problems[0]}" if problems else ""
