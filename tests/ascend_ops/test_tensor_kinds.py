"""Every tensor kind the ops do not move (sparse COO / CSR / CSC / BSR / BSC, mkldnn, nested,
quantized) gets the OpTypeError naming its kind on every path: the checked packet (compiled
fast path or Python registration), the overload `.default` (past the packet), and fake tensors;
before the dispatcher's "Could not run ... SparseCPU"."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
import torch

import ascend_ops  # noqa: F401  (registers torch.ops.ascend_ops)
from cpu_reference.errors import OpTypeError
from ascend_ops.runtime.arguments import tensor_kind

pytestmark = pytest.mark.compat  # in scripts/compat.sh's subset, on every supported torch

# (op, arguments after x) for a (2, 4, 2, 4) input, and for a 2-D (4, 4) one.
CALLS_4D = {
    "slice": ([0, 0, 0, 0], [1, 2, 2, 2]),
    "strided_slice": ([0, 0, 0, 0], [2, 4, 2, 4], [1, 2, 1, 1]),
    "depth_to_space": (2,),
    "space_to_depth": (2,),
}
CALLS_2D = {"slice": ([0, 0], [2, 2]), "strided_slice": ([0, 0], [4, 4], [2, 1])}


def _dense(rank: int) -> torch.Tensor:
    return torch.arange(64 if rank == 4 else 16, dtype=torch.float32).reshape(
        (2, 4, 2, 4) if rank == 4 else (4, 4))


KINDS = {  # name -> (how to make it from a dense tensor, its rank, what the message names)
    "sparse_coo": (lambda d: d.to_sparse(), 4, "sparse_coo"),
    "sparse_csr": (lambda d: d.to_sparse_csr(), 2, "sparse_csr"),
    "sparse_csc": (lambda d: d.to_sparse_csc(), 2, "sparse_csc"),
    "sparse_bsr": (lambda d: d.to_sparse_bsr((2, 2)), 2, "sparse_bsr"),
    "sparse_bsc": (lambda d: d.to_sparse_bsc((2, 2)), 2, "sparse_bsc"),
    "mkldnn": (lambda d: d.to_mkldnn(), 4, "mkldnn"),
    "nested": (lambda d: torch.nested.nested_tensor([d[0], d[1, :3]]), 4, "nested"),
    "quantized": (lambda d: torch.quantize_per_tensor(d, 0.5, 3, torch.quint8), 4, "quantized"),
}
CASES = [(kind, op) for kind, (_, rank, _) in KINDS.items()
         for op in (CALLS_4D if rank == 4 else CALLS_2D)]


def _call(kind: str, op: str, via: str):
    make, rank, _ = KINDS[kind]
    x = make(_dense(rank))
    args = (CALLS_4D if rank == 4 else CALLS_2D)[op]
    packet = getattr(torch.ops.ascend_ops, op)
    fn = packet if via == "packet" else packet.default
    if via == "fake":
        from torch._subclasses.fake_tensor import FakeTensorMode
        with FakeTensorMode(allow_non_fake_inputs=True) as mode:
            return fn(mode.from_tensor(x), *args)
    return fn(x, *args)


@pytest.mark.parametrize("via", ["packet", "default", "fake"])
@pytest.mark.parametrize("kind,op", CASES)
def test_every_kind_is_an_op_type_error_naming_it(kind, op, via):
    if via == "fake" and kind in ("mkldnn", "nested", "quantized"):
        pytest.skip(f"torch's FakeTensorMode cannot fake a {kind} tensor")
    with pytest.raises(OpTypeError, match=rf"{op}: x is a {KINDS[kind][2]}"):
        _call(kind, op, via)


@pytest.mark.parametrize("op", list(CALLS_4D))
def test_strided_tensors_still_run(op):
    """Negative control: a dense tensor, and a strided non-contiguous view of one, are not a
    kind the check refuses; the op runs."""
    dense = _dense(4)
    view = torch.arange(128, dtype=torch.float32).reshape(2, 4, 2, 8)[..., ::2]
    for x in (dense, view):
        assert tensor_kind(x) is None
        out = getattr(torch.ops.ascend_ops, op)(x, *CALLS_4D[op])
        assert out.layout == torch.strided


def test_the_python_registration_refuses_the_same():
    """The same checks without the compiled fast path (ASCEND_OPS_FAST=0), in one process."""
    script = ("import sys; sys.path.insert(0, sys.argv[1]); import test_tensor_kinds as t\n"
              "from ascend_ops.cpu import compiled\n"
              "assert not compiled.fast_path_active()\n"
              "bad = []\n"
              "for kind, op in t.CASES:\n"
              "    for via in ('packet', 'default'):\n"
              "        try:\n"
              "            t._call(kind, op, via); bad.append((kind, op, via, 'ran'))\n"
              "        except t.OpTypeError as e:\n"
              "            if t.KINDS[kind][2] not in str(e): bad.append((kind, op, via, str(e)))\n"
              "        except Exception as e:\n"
              "            bad.append((kind, op, via, repr(e)))\n"
              "print('BAD', bad)\n")
    env = {**os.environ, "ASCEND_OPS_FAST": "0"}
    result = subprocess.run([sys.executable, "-c", script, os.path.dirname(__file__)], env=env,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "BAD []" in result.stdout, result.stdout
