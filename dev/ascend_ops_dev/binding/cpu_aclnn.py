"""The simulated npu device's binding and CPU aclnn runtime (ascend_ops.sim.aclnn_route), built
against real headers (the torch_npu wheel's acl headers; op_build's aclnn headers where given, else
the predicted ones) and run on CPU tensors for the checks: `CpuBinding.open(install)` builds, lays
out the vendor folder and loads it, recording every call, with the runtime's failure hooks; and
what GetWorkspaceSize must receive for a corpus case.
"""
from __future__ import annotations

import ctypes
import hashlib
import json
import re
import struct
from pathlib import Path

from cpu_reference.arguments import int_rows
from ascend_ops_gen.schema import flat_rows
from ascend_ops_gen.spec import REQUIRED, AttrType, specs

from ascend_ops.runtime import build_cache
from ascend_ops.sim import aclnn_route
from ascend_ops.sim.aclnn_route import CUSTOM_OPP_ENV, NPU_HEADERS, STAND_IN_HEADERS  # noqa: F401 - re-exported

RUNTIME_FLAGS = ("-Wall", "-Wextra", "-Werror")


def acl_include_dir() -> Path:
    """The real acl headers (acl/acl_base.h, acl/acl_rt.h) of the torch_npu wheel matching torch."""
    from ascend_ops_dev.binding.torch_npu_wheel import torch_npu_wheel, unpacked_headers, wheel_dir
    from ascend_ops.npu.binding import torch_version

    return unpacked_headers(torch_npu_wheel(torch_version(), wheel_dir())) / "include/third_party/acl/inc"


def predicted_headers() -> Path:
    """The folder of the aclnn headers Note [aclnn rules] predicts for every op."""
    return aclnn_route.predicted_headers()


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
    return aclnn_route.runtime_library(aclnn_headers=headers, acl_headers=acl_include_dir(), flags=RUNTIME_FLAGS)


def binding_library(headers: Path, runtime: Path, *, source: Path | None = None,
                    npu_headers: Path | None = None) -> Path:
    """The binding built for host memory against the real acl headers, linked against `runtime`.
    `source` / `npu_headers` replace the generated binding and ascend_kernels/npu (tests)."""
    return aclnn_route.binding_library(runtime, aclnn_headers=headers, acl_headers=acl_include_dir(),
                                       source=source, npu_headers=npu_headers)


vendor_layout = aclnn_route.vendor_layout


class CpuBinding(aclnn_route.HostBinding):
    """The loaded binding and runtime, recording every call, with the runtime's failure hooks."""

    @classmethod
    def open(cls, install: Path, *, headers: Path | None = None, source: Path | None = None,
             npu_headers: Path | None = None, put_first: bool = True) -> "CpuBinding":
        """Build (or take from the cache) the runtime and the binding against the real acl headers
        and `headers` (op_build's output folder; default: the predicted headers), lay out the vendor
        folder under `install`, put it first on ASCEND_CUSTOM_OPP_PATH (unless not `put_first`) and
        load the binding."""
        opened = super().open(install, aclnn_headers=copy_headers(headers) if headers is not None else None,
                              acl_headers=acl_include_dir(), runtime_flags=RUNTIME_FLAGS, source=source,
                              npu_headers=npu_headers, put_vendor_first=put_first)
        opened.record(True)
        return opened

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
        elif a.type is AttrType.INT_ROWS:  # flattened, as the schema and aclIntArray carry it
            records.append({"name": a.name, "kind": "int_array", "values": flat_rows(int_rows(a.name, value, a.inner))})
        elif a.type is AttrType.FLOAT:  # a float32's bits (CANN's float attribute)
            records.append({"name": a.name, "kind": "float",
                            "bits": struct.unpack("<I", struct.pack("<f", float(value)))[0]})
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
    args, kwargs = _schema_values(specs().op(run.case.op), run.case.args, kwargs)
    x = torch_input(x_np)
    binding.reset()
    try:
        got = on_binding(run.case.op)(x, *args, **kwargs)
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


def _schema_values(op, args: tuple, kwargs: dict) -> tuple[tuple, dict]:
    """A call's attributes as the binding's schema takes them: int[][] rows flattened (schema.flat_rows)."""
    def value(a, v):
        return flat_rows(int_rows(a.name, v, a.inner)) if a.type is AttrType.INT_ROWS else v
    return (tuple(value(a, v) for a, v in zip(op.attributes, args)),
            {k: value(op.attribute(k), v) for k, v in kwargs.items()})


def _check_custom_run(binding: "CpuBinding", run, seed: int) -> str:
    """check_run for a custom op's case: every output bit for bit, and what GetWorkspaceSize received."""
    import numpy as np

    import cpu_reference
    from ascend_ops.npu.dispatch import on_custom_binding
    from ascend_ops_dev.sim import corpus

    arrays = corpus.custom_inputs(run, seed)
    kwargs = dict(run.case.kwargs)
    expected = getattr(cpu_reference, run.case.op)(*arrays, *run.case.args, **kwargs)
    args, kwargs = _schema_values(specs().op(run.case.op), run.case.args, kwargs)
    expected = expected if isinstance(expected, tuple) else (np.asarray(expected),)
    inputs = [torch_input(np.asarray(a)) for a in arrays]
    binding.reset()
    try:
        got = on_custom_binding(run.case.op)(*inputs, *args, **kwargs)
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
    problems = argument_problems(calls[0], expected_arguments(run.case.op, inputs, list(got), args, kwargs))
    return f"{run.label}: {problems[0]}" if problems else ""
