"""Every op, at every rank 0..64 and on every tensor kind, on each backend asked for: what each
call gives (result bits, or error class and message), printed as one JSON line.

    python backend_sweep.py native reference sim npu     (npu: the simulated npu device, so the
                                                          process needs ASCEND_OPS_SIM_NPU=1)

Run in a subprocess by test_backend_agreement.py, which compares the backends' answers. Inputs
have few elements (the simulator's launches are what costs).
"""
from __future__ import annotations

import json
import sys

import torch

import ascend_ops  # noqa: F401  (registers torch.ops.ascend_ops)
from ascend_ops.cpu.backends import use_backend

RESULTS_PREFIX = "SWEEP "
RANKS = range(0, 65)
NO_NPU_TENSOR = "no such npu tensor"
NEW_AXES = 29  # with an ellipsis and one more entry: TF's 31 spec entries


def dense_shape(rank: int) -> tuple[int, ...]:
    """Ones but the last two dims (2 and 4): eight elements whatever the rank."""
    return ((1,) * (rank - 2) + (2, 4))[-rank:] if rank else ()


def calls(rank: int) -> list[tuple[str, str, tuple, dict]]:
    """(name, op, args, kwargs) at this rank: identities, reversals, empties, new axes."""
    return [
        ("identity", "strided_slice", ([0], [0], [1]), {"ellipsis_mask": 1}),
        ("reverse_last", "strided_slice", ([0, 0], [0, 0], [1, -1]),
         {"ellipsis_mask": 1, "begin_mask": 2, "end_mask": 2}),
        ("empty_last", "strided_slice", ([0, 0], [0, 0], [1, 1]), {"ellipsis_mask": 1}),
        ("new_axes_identity", "strided_slice", ([0] * (NEW_AXES + 1), [0] * (NEW_AXES + 1), None),
         {"new_axis_mask": (1 << NEW_AXES) - 1, "ellipsis_mask": 1 << NEW_AXES}),
        ("new_axes_reverse", "strided_slice", ([0] * (NEW_AXES + 2), [0] * (NEW_AXES + 2),
                                               [1] * (NEW_AXES + 1) + [-1]),
         {"new_axis_mask": (1 << NEW_AXES) - 1, "ellipsis_mask": 1 << NEW_AXES,
          "begin_mask": 1 << (NEW_AXES + 1), "end_mask": 1 << (NEW_AXES + 1)}),
        ("whole", "slice", ([0] * rank, [-1] * rank), {}),
        ("first", "slice", ([0] * rank, [1] * rank), {}),
        ("d2s", "depth_to_space", (2,), {}),
        ("s2d", "space_to_depth", (2,), {"data_format": "NCHW"}),
    ]


def _dense(shape, device: str) -> torch.Tensor:
    n = torch.Size(shape).numel()
    return torch.arange(max(1, n), dtype=torch.float32)[:n].reshape(shape).to(device)


def _compressed(rank: int, device: str, layout: torch.layout, blocksize=None) -> torch.Tensor:
    """A sparse compressed tensor whose parts are on `device` (torch's own constructor, so on
    the npu device too, where no conversion kernel exists)."""
    s = _dense(dense_shape(rank), "cpu").to_sparse(layout=layout, blocksize=blocksize)
    row_major = layout in (torch.sparse_csr, torch.sparse_bsr)
    parts = ((s.crow_indices(), s.col_indices()) if row_major
             else (s.ccol_indices(), s.row_indices()))
    return torch.sparse_compressed_tensor(*(t.to(device) for t in parts), s.values().to(device),
                                          s.shape, layout=layout)


KINDS = {  # name -> input of a rank on a device (None: no such tensor of that rank)
    "dense": lambda r, d: _dense(dense_shape(r), d),
    "strided": lambda r, d: (_dense(dense_shape(r)[:-1] + (8,), d)[..., ::2] if r
                             else _dense((2,), d)[1]),
    "zero_size": lambda r, d: _dense((1,) * (r - 1) + (0,), d) if r else None,
    "sparse_coo": lambda r, d: _dense(dense_shape(r), d).to_sparse() if r else None,
    "sparse_csr": lambda r, d: _compressed(r, d, torch.sparse_csr) if r >= 2 else None,
    "sparse_csc": lambda r, d: _compressed(r, d, torch.sparse_csc) if r >= 2 else None,
    "sparse_bsr": lambda r, d: _compressed(r, d, torch.sparse_bsr, (2, 2)) if r >= 2 else None,
    "sparse_bsc": lambda r, d: _compressed(r, d, torch.sparse_bsc, (2, 2)) if r >= 2 else None,
    "mkldnn": lambda r, d: _dense(dense_shape(r), d).to_mkldnn() if r else None,
    "nested": lambda r, d: (torch.nested.nested_tensor([_dense(dense_shape(r - 1), d)] * 2)
                            if r else None),
    "quantized": lambda r, d: torch.quantize_per_tensor(_dense(dense_shape(r), d), 0.5, 3,
                                                        torch.quint8),
}


def make(kind: str, rank: int, device: str = "cpu"):
    """The input, or the error that making it on `device` gave (torch has no such tensor)."""
    try:
        return KINDS[kind](rank, device)
    except (RuntimeError, ValueError, TypeError, NotImplementedError) as e:
        return e


def _answer(fn) -> list:
    """["ok", shape, bytes as hex] or [error class, message]."""
    try:
        y = fn()
    except Exception as e:  # noqa: BLE001 - the answer is whatever happens
        return [type(e).__name__, str(e)]
    host = y.cpu() if y.device.type != "cpu" else y
    data = host.contiguous().view(-1).view(torch.uint8) if host.numel() else host.new_empty(0)
    return ["ok", list(y.shape), bytes(data.view(torch.uint8).tolist()).hex(), str(y.dtype),
            y.is_contiguous()]


def sweep(backends: list[str]) -> dict[str, dict[str, list]]:
    """{"rank/kind/call": {backend: answer}}; a kind torch cannot make on the npu device
    answers ["no such npu tensor", why]."""
    results: dict[str, dict[str, list]] = {}
    for rank in RANKS:
        for kind in KINDS:
            x = make(kind, rank)
            if x is None or isinstance(x, Exception):
                continue
            on_npu = make(kind, rank, "npu") if "npu" in backends else None
            for name, op, args, kwargs in calls(rank):
                fn = getattr(torch.ops.ascend_ops, op)
                answers = {}
                for backend in backends:
                    if backend != "npu":
                        with use_backend(backend):
                            answers[backend] = _answer(lambda: fn(x, *args, **kwargs))
                    elif isinstance(on_npu, torch.Tensor):
                        answers[backend] = _answer(lambda: fn(on_npu, *args, **kwargs))
                    else:
                        answers[backend] = [NO_NPU_TENSOR, f"{type(on_npu).__name__}: {on_npu}"]
                results[f"{rank}/{kind}/{name}"] = answers
    return results


if __name__ == "__main__":
    from ascend_ops.cpu import compiled

    print(RESULTS_PREFIX + json.dumps({"fast_path": compiled.fast_path_active(),
                                       "results": sweep(sys.argv[1:])}))
