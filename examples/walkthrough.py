"""What each example model goes through, checking every result as it goes.

1. eager on the CPU, its ascend_ops layer compared bit for bit with the torch expression it replaces;
2. torch.compile;
3. the simulated `npu` device, with an inference-series product active (Ascend310P3), where
   bfloat16 must be refused, and torch.compile of the ascend_ops layer there;
4. one training step, its gradients compared bit for bit with the torch expression's;
5. ONNX export (standard ONNX, ATC's opset), checked with onnx.checker and run by onnxruntime and
   onnx.reference.

A check that fails raises, so the script exits non-zero. Wherever an executor computes a layer,
the ascend_ops layer's output is compared bit for bit with the op run eagerly on that executor's
own input to the layer; convolutions and activations, whose rounding may differ between
executors, are compared with a tolerance. The last line printed is a JSON summary.
"""
from __future__ import annotations

import copy
import json
import os
import sys

# The examples need the onnx extra; without it, one line saying so before any work.
try:
    import onnx
    import onnxruntime
    import onnxscript  # noqa: F401  (ascend_ops.onnx's exporter)
    from onnx.reference import ReferenceEvaluator
except ImportError as e:
    sys.exit(f"the examples need the onnx extra ({e.name} missing): pip install \"ascend-ops[onnx]\" "
             f"(from a checkout: pip install -e \".[onnx]\")")

# The simulated npu device claims the SoC of this product; both must be set before the import.
os.environ.setdefault("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")
os.environ.setdefault("ASCEND_OPS_SIM_NPU", "1")
os.environ.setdefault("ASCEND_OPS_PRODUCT", "atlas-inference")

import numpy as np  # noqa: E402
import torch  # noqa: E402

import ascend_ops  # noqa: E402
import ascend_ops.onnx  # noqa: E402

SUMMARY_PREFIX = "summary: "
_SAME_SIZE_INT = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


class AscendLayer(torch.nn.Module):
    """`ascend_ops.<op>(x, *args, **kwargs)` as a layer."""

    def __init__(self, op: str, *args, **kwargs) -> None:
        super().__init__()
        self.op, self.args, self.kwargs = op, args, kwargs

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return getattr(ascend_ops, self.op)(x, *self.args, **self.kwargs)

    def extra_repr(self) -> str:
        return ", ".join([self.op, *map(repr, self.args), *(f"{k}={v!r}" for k, v in self.kwargs.items())])


class EveryLayer(torch.nn.Module):
    """Runs a Sequential and returns every layer's output, so each can be checked."""

    def __init__(self, model: torch.nn.Sequential) -> None:
        super().__init__()
        self.model = model

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
        outputs = []
        for layer in self.model:
            x = layer(x)
            outputs.append(x)
        return tuple(outputs)


def same_bits(a: torch.Tensor, b: torch.Tensor) -> bool:
    a, b = a.detach().cpu().contiguous(), b.detach().cpu().contiguous()
    return a.shape == b.shape and a.dtype == b.dtype and torch.equal(
        a.view(_SAME_SIZE_INT[a.element_size()]), b.view(_SAME_SIZE_INT[b.element_size()]))


def check_layers(model: torch.nn.Sequential, x: torch.Tensor, outputs, eager_outputs, where: str) -> None:
    """ascend_ops layers: bit for bit with the op on the same input; other layers: close to eager."""
    inputs = [x, *outputs[:-1]]
    for i, (layer, layer_input, output) in enumerate(zip(model, inputs, outputs)):
        output = torch.as_tensor(output).cpu()
        if isinstance(layer, AscendLayer):
            expected = layer(torch.as_tensor(layer_input).cpu())
            if not same_bits(output, expected):
                raise AssertionError(f"{where}: layer {i} ({layer.op}) differs from ascend_ops.{layer.op}")
        else:
            torch.testing.assert_close(output, eager_outputs[i], rtol=1e-4, atol=1e-5,
                                       msg=lambda m: f"{where}: layer {i} ({layer}): {m}")


def run_eager(model, x, reference_layer: torch.nn.Module) -> list[torch.Tensor]:
    outputs = list(EveryLayer(model)(x))
    i = next(k for k, layer in enumerate(model) if isinstance(layer, AscendLayer))
    layer_input = x if i == 0 else outputs[i - 1]
    if not same_bits(outputs[i], reference_layer(layer_input)):
        raise AssertionError(f"eager: {model[i]} differs from {reference_layer}")
    print(f"eager:         {tuple(x.shape)} -> {tuple(outputs[-1].shape)}; "
          f"{model[i].op} is bit for bit {reference_layer}")
    return outputs


def run_compiled(model, x, eager_outputs) -> None:
    outputs = torch.compile(EveryLayer(model))(x)
    check_layers(model, x, outputs, eager_outputs, "torch.compile")
    print(f"torch.compile: every layer as eager ({_layer_summary(model)})")


def run_on_npu(model, x, eager_outputs) -> dict[str, str]:
    """Each layer on the simulated npu device where that device can run it, else on the host."""
    device = torch.device("npu")
    product = ascend_ops.current_product("npu")
    print(f"npu:           simulated {torch.npu.get_device_name()}, product {product.key} ({product.title})")
    placement: dict[str, str] = {}
    outputs, h = [], x.to(device)
    for i, layer in enumerate(model):
        try:
            h = copy.deepcopy(layer).to(device)(h.to(device))
            placement[f"{i}:{type(layer).__name__}"] = h.device.type
        except NotImplementedError as e:  # an aten op the simulated device has no kernel for
            reason = str(e).splitlines()[0].split(". ")[0]
            print(f"               layer {i} ({type(layer).__name__}) runs on the host: "
                  f"the simulated npu device lacks it ({reason})")
            h = layer(h.cpu())
            placement[f"{i}:{type(layer).__name__}"] = "host"
        outputs.append(h)
    for i, layer in enumerate(model):
        if isinstance(layer, AscendLayer) and placement[f"{i}:AscendLayer"] != "npu":
            raise AssertionError(f"npu: the {layer.op} layer did not run on the npu device")
    check_layers(model, x, outputs, eager_outputs, "npu")
    print(f"               ascend_ops layers ran on npu, every layer as eager; placement {placement}")

    layer = next(layer for layer in model if isinstance(layer, AscendLayer))
    layer_input = (x if layer is model[0] else eager_outputs[list(model).index(layer) - 1]).to(device)
    try:
        layer(layer_input.to(torch.bfloat16))
    except ascend_ops.UnsupportedDtypeError as e:
        print(f"               bfloat16 refused: {type(e).__name__}: {e}")
    else:
        raise AssertionError(f"npu: {layer.op} accepted bfloat16 on {product.key}")

    compile_on_npu = {backend: compile_and_compare(layer, layer_input, backend)
                      for backend in ("inductor", "aot_eager")}
    print(f"               torch.compile of the {layer.op} layer on npu: {compile_on_npu}")
    for backend, outcome in compile_on_npu.items():
        if outcome != "as eager":
            raise AssertionError(f"npu: torch.compile(backend={backend!r}): {outcome}")
    return {"placement": placement, "compile_on_npu": compile_on_npu}


def compile_and_compare(layer, x, backend: str) -> str:
    """torch.compile with `backend` on npu tensors: "as eager", or why it fails."""
    torch._dynamo.reset()
    try:
        compiled = torch.compile(layer, backend=backend)(x)
    except Exception as e:  # noqa: BLE001 - reported, see above
        root = e
        while root.__cause__ is not None:
            root = root.__cause__
        first_line = (str(root).splitlines() or [type(root).__name__])[0]
        return f"fails: {type(e).__name__} ({first_line})"
    if not same_bits(compiled, layer(x)):
        raise AssertionError(f"npu: torch.compile(backend={backend!r}) differs from eager")
    return "as eager"


def train_one_step(model, x, target, reference_layer: torch.nn.Module) -> None:
    """One SGD step; gradients bit for bit with the same model using the torch expression."""
    twin = copy.deepcopy(model)
    i = next(k for k, layer in enumerate(model) if isinstance(layer, AscendLayer))
    twin[i] = reference_layer
    grads = []
    for m in (model, twin):
        xg = x.clone().requires_grad_()
        loss = torch.nn.functional.mse_loss(m(xg), target)
        loss.backward()
        grads.append([xg.grad, *(p.grad for p in m.parameters())])
    if not all(same_bits(a, b) for a, b in zip(*grads)):
        raise AssertionError(f"training: gradients through {model[i].op} differ from {reference_layer}'s")
    with torch.no_grad():
        before = loss.item()
        torch.optim.SGD(model.parameters(), lr=0.5).step()
        after = torch.nn.functional.mse_loss(model(x), target).item()
    if not after < before:
        raise AssertionError(f"training: loss went from {before} to {after}")
    print(f"training:      gradients (input and {len(grads[0]) - 1} parameters) bit for bit "
          f"{reference_layer}'s; one SGD step lowers the loss")


def export_onnx(model, x, eager_outputs, path: str) -> list[str]:
    model.eval()
    program = torch.onnx.export(EveryLayer(model), (x,), dynamo=True, opset_version=ascend_ops.onnx.ATC_OPSET,
                                custom_translation_table=ascend_ops.onnx.translation_table(), verbose=False)
    program.save(path)
    proto = onnx.load(path)
    onnx.checker.check_model(proto, full_check=True)
    node_types = [node.op_type for node in proto.graph.node]
    feeds = {proto.graph.input[0].name: x.numpy()}
    runtimes = {
        "onnxruntime": onnxruntime.InferenceSession(path, providers=["CPUExecutionProvider"]).run,
        "onnx.reference": ReferenceEvaluator(proto).run,
    }
    for name, run in runtimes.items():
        outputs = [torch.from_numpy(np.array(o)) for o in run(None, feeds)]
        check_layers(model, x, outputs, eager_outputs, name)
    print(f"onnx:          {os.path.basename(path)}, opset {ascend_ops.onnx.ATC_OPSET}, nodes {' '.join(node_types)}")
    print("               passes onnx.checker (full_check); onnxruntime and onnx.reference: every layer as eager")
    return node_types


def _layer_summary(model) -> str:
    return ", ".join(f"{layer.op} bit for bit" if isinstance(layer, AscendLayer) else type(layer).__name__
                     + " close" for layer in model)


def run_all(name: str, model: torch.nn.Sequential, x: torch.Tensor, reference_layer: torch.nn.Module,
            onnx_path: str) -> dict:
    torch.manual_seed(0)
    print(f"== {name}")
    print(model)
    eager_outputs = run_eager(model, x, reference_layer)
    target = torch.randn_like(eager_outputs[-1])
    run_compiled(model, x, eager_outputs)
    summary: dict = {"model": name}
    summary.update(run_on_npu(model, x, eager_outputs))
    train_one_step(model, x, target, reference_layer)
    summary["onnx_nodes"] = export_onnx(model, x, [o.detach() for o in EveryLayer(model)(x)], onnx_path)
    print(SUMMARY_PREFIX + json.dumps(summary))
    return summary
