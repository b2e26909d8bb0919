"""The op reference pages, `docs/ops/<op>.md` and their index, generated from the specs.

`op_page(op, spec_set)` is a function of the spec alone: summary, signature, description,
parameters, the product support table in ATB's layout (product line | supported | notes)
with a dtype matrix, worked examples and errors. The examples' outputs and the errors' messages
are computed by cpu_reference while the page is built, so the page shows what the reference
does, not what someone typed; the examples are doctests (tests/ascend_ops_dev/test_docs.py runs
them through `ascend_ops`). `pages(spec_set)` lists every file; `ascend-ops-dev docs` writes them
through the codegen's FileManager, or checks them (`--check`).
"""
from __future__ import annotations

import math
import textwrap

import numpy as np

import cpu_reference

from ascend_ops_gen.codegen.file_manager import GENERATED_MARK, GeneratedFile
from ascend_ops_gen.schema import gradient_signature, python_signature
from ascend_ops_gen.spec import REQUIRED, AttrType, ErrorExample, Example, GradientKernel, OpSpec, SpecSet

from ascend_ops.runtime.dtypes import to_numpy
from ascend_ops.runtime.errors import OpArgumentError, SpecError
from ascend_ops.tools.examples import example_dtypes, example_input, example_inputs, gradient_example_call

DOCS_DIR = "docs"
OPS_DIR = "ops"  # under DOCS_DIR; every file in it is generated
TOOL_MARK = "by ascend-ops-dev docs"
MAX_LISTED_VALUES = 64  # larger results show their shape and first values
WRAP = 96

_TYPE_NAMES = {AttrType.INT: "int", AttrType.INT_LIST: "int[]",
               AttrType.OPTIONAL_INT_LIST: "int[] or None", AttrType.STR: "str", AttrType.FLOAT: "float",
               AttrType.INT_ROWS: "int[][]"}


def header(source: str) -> str:
    return f"<!-- {GENERATED_MARK}{source} {TOOL_MARK}; do not edit -->"


def pages(spec_set: SpecSet) -> list[GeneratedFile]:
    """Every generated docs file, paths relative to `docs/`."""
    files = [GeneratedFile(f"{OPS_DIR}/{op.name}.md", op_page(op, spec_set), op.file)
             for op in spec_set.ops]
    files.append(GeneratedFile(f"{OPS_DIR}/README.md", index_page(spec_set), "op_specs/"))
    return files


def index_page(spec_set: SpecSet) -> str:
    lines = [header("op_specs/"), "# Op reference", "",
             "One page per op, generated from its spec in `op_specs/` by `ascend-ops-dev docs`.", "",
             "| op | summary | semantics |", "|---|---|---|"]
    lines += [f"| [`{op.name}`]({op.name}.md) | {_cell(op.summary)} | {_cell(op.semantics)} |"
              for op in spec_set.ops]
    return "\n".join(lines) + "\n"


def op_page(op: OpSpec, spec_set: SpecSet) -> str:
    sections = [
        [header(op.file), f"# {op.name}", "", op.summary, "",
         f"Semantics: {op.semantics}. CANN op type `{op.op_type}`. "
         f"Spec: [`{op.file}`](../../{op.file}).", "",
         "```python", *_signatures(op), "```"],
        ["## Description", "", op.doc.strip()],
        _parameters(op),
        _support(op, spec_set),
        _examples(op),
        _errors(op),
        _gradient(op),
    ]
    return "\n\n".join("\n".join(s) for s in sections if s) + "\n"


def _signatures(op: OpSpec) -> list[str]:
    params = str(python_signature(op))
    return [f"ascend_ops.{op.name}{params} -> Tensor",
            f"torch.ops.ascend_ops.{op.name}{params} -> Tensor",
            f"cpu_reference.{op.name}{params} -> numpy.ndarray"]


def _gradient(op: OpSpec) -> list[str]:
    """The gradient op the spec declares (`backward: {scatter: ...}`), if any."""
    gradient = op.backward.gradient if op.backward is not None else None
    if gradient is None:
        return []
    params = str(gradient_signature(op))
    return ["## Gradient op", "", f"`{gradient.name}`: {gradient.summary} Semantics: "
            f"{gradient.semantics}. CANN op type `{gradient.op_type}`.", "",
            "```python", f"ascend_ops.{gradient.name}{params} -> Tensor",
            f"torch.ops.ascend_ops.{gradient.name}{params} -> Tensor",
            f"cpu_reference.{gradient.name}{params} -> numpy.ndarray", "```", "",
            f"The result has `shape` and `dy`'s dtype: zeros, with `dy` at the elements "
            f"`{op.name}` reads from an input of `shape`. The arguments are checked as `{op.name}` "
            f"checks them, then `dy`'s shape against its result's (`shape of dy was [..] instead "
            f"of [..]`); `dy`'s dtypes, per product line, are `{op.name}`'s. The slices' backward "
            f"calls it. {_gradient_kernel(op, gradient)}",
            *_gradient_examples(op)]


def _gradient_kernel(op: OpSpec, gradient) -> str:
    """How the gradient op runs, by its `kernel:`."""
    cpu = ("On the CPU the selected backend runs it (the native one writes `dy` into the view and zeros "
           "around it, in one pass over the result).")
    if gradient.kernel is GradientKernel.NONE:
        return (f"{cpu} No AscendC kernel is generated for it (`kernel: none`): on an NPU it runs as torch "
                f"view ops (zeros, then a copy into their view).")
    return (f"{cpu} Its AscendC kernel (`kernel: engine`, `ascend_kernels/{gradient.name}/`) is the engine's "
            f"write direction: the output zero-filled and `dy` written into `{op.name}`'s view of it, each "
            f"core owning a range of the output; npu tensors (through the binding) and the `sim` backend run "
            f"it.")


def _gradient_examples(op: OpSpec) -> list[str]:
    """Each worked example of the gradient op, its result computed by cpu_reference."""
    lines = []
    for ex in op.backward.gradient.examples:
        args, kwargs, _ = gradient_example_call(op, ex)
        *attributes, dy = args
        grad = getattr(cpu_reference, op.backward.gradient.name)(*attributes, to_numpy(dy), **kwargs)
        call = ", ".join([*map(_py, attributes), "dy", *(f"{k}={_py(v)}" for k, v in kwargs.items())])
        lines += ["", f"Example, the gradient of [`{ex.example}`](#examples): {ex.doc}", "", "```python",
                  f"dy = {_values(to_numpy(dy))}  # {dy.dtype}".replace("torch.", ""),
                  f"ascend_ops.{op.backward.gradient.name}({call})",
                  f"# -> {_values(grad)}", "```"]
    return lines


def _parameters(op: OpSpec) -> list[str]:
    lines = ["## Parameters", "", "| name | type | default | description |", "|---|---|---|---|"]
    for t in op.inputs:
        default = "`None`" if t.optional else "required"
        lines.append(f"| `{t.name}` | Tensor{_tensor_dtypes(op, t)} | {default} | {_cell(t.doc)} |")
    for a in op.attributes:
        kind = f"`{_TYPE_NAMES[a.type]}`"
        if a.inner is not None:
            kind += f", rows of {a.inner}"
        if a.value_of is not None:
            kind += f", a value of `{a.value_of}`'s dtype, exactly"
        if a.keyword_only:
            kind += ", keyword-only"
        if a.choices:
            kind += ", one of " + ", ".join(f"`{c}`" for c in a.choices)
        default = "required" if a.default is REQUIRED else f"`{_py(a.default)}`"
        lines.append(f"| `{a.name}` | {kind} | {default} | {_cell(a.doc)} |")
    lines += ["", "Returns " + "; ".join(f"`{t.name}`{_tensor_dtypes(op, t, returned=True)}: {t.doc}"
                                         for t in op.outputs)]
    return lines


def _tensor_dtypes(op: OpSpec, t, returned: bool = False) -> str:
    """A custom op's tensor's dtypes, for the parameter table: its own list, or whose it shares."""
    if not op.is_custom:
        return ""
    owner = op.dtype_owner(t.name)
    if owner is t:
        text = ", ".join(f"`{d}`" for d in op.tensor_dtypes(t.name))
    else:
        text = f"the dtype of `{owner.name}`"
    return f" ({text})" if returned else f", {text}"


def _support(op: OpSpec, spec_set: SpecSet) -> list[str]:
    lines = ["## Product support", "", "| Product line | Supported | Notes |", "|---|---|---|"]
    for p in spec_set.products:
        supported = op.supported_dtypes(p)
        why = op.rule_for(p).why
        lines.append(f"| {p.doc_title} ({p.title}) | {'√' if supported else '×'} "
                     f"| {_cell(why) if why else '-'} |")
    keys = [p.key for p in spec_set.products]
    title = "Data types" if not op.is_custom else \
        f"Data types of `{op.inputs[0].name}` and the tensors that share them"
    lines += ["", f"{title} (√ supported, × not on that product line):", "",
              "| dtype | " + " | ".join(f"`{k}`" for k in keys) + " |",
              "|---|" + "---|" * len(keys)]
    for dtype in op.dtypes:
        marks = ["√" if dtype in op.supported_dtypes(p) else "×" for p in spec_set.products]
        lines.append(f"| `{dtype}` | " + " | ".join(marks) + " |")
    if not op.is_custom:
        lines += ["", "npu tensors obey their NPU's product line; CPU tensors only a product chosen on "
                      "purpose (`target_product`, `ASCEND_OPS_PRODUCT`). With none chosen "
                      "(`ascend_ops.current_product(\"cpu\")` is None), the CPU path accepts every "
                      "fixed-size dtype, also on a machine with an NPU."]
        return lines
    for owner in op.dtype_groups()[1:]:
        lines += ["", f"Data types of `{owner.name}` and the tensors that share them:", "",
                  "| dtype | " + " | ".join(f"`{k}`" for k in keys) + " |", "|---|" + "---|" * len(keys)]
        for dtype in op.tensor_dtypes(owner.name):
            marks = ["√" if any(dict(c)[owner.name] == dtype for c in op.combinations(p)) else "×"
                     for p in spec_set.products]
            lines.append(f"| `{dtype}` | " + " | ".join(marks) + " |")
    lines += ["", "A product line's rule (the NPU's for npu tensors, a product chosen on purpose for "
                  "CPU tensors) applies to every tensor; on every path (no product chosen included) "
                  "the tensors take these dtypes only."]
    return lines


# --- examples and errors, computed by cpu_reference ------------------------------------------------

def _examples(op: OpSpec) -> list[str]:
    lines = ["## Examples", "",
             "The outputs below are what `cpu_reference` computed when this page was generated; "
             "each block is a doctest."]
    for k, ex in enumerate(op.examples):
        result = _reference_result(op, ex)
        lines += ["", f"### {ex.name}", "", ex.doc, "", "```python"]
        if k == 0:
            lines.append(">>> import torch, ascend_ops")
        names, out = _tensor_names(op)
        lines += [f">>> {name} = {expression}" for name, expression in zip(names, _input_expressions(op, ex))]
        lines += [f">>> {out} = {_call(op, names, ex.args)}",
                  f">>> {out}.shape", f"torch.Size({list(result.shape)})"]
        if result.size <= MAX_LISTED_VALUES:
            lines += [f">>> {out}.tolist()", *_wrapped(repr(_values(result)))]
        else:
            lines += [f">>> {out}.flatten()[:8].tolist()  # the first 8 of {result.size} values",
                      *_wrapped(repr(_values(result.reshape(-1)[:8])))]
        lines.append("```")
    return lines


def _tensor_names(op: OpSpec) -> tuple[list[str], str]:
    """The example's variables: its inputs (x for a view op; a custom op's tensor names, of the
    inputs the example gives) and its first output (y; a custom op's output name)."""
    if not op.is_custom:
        return ["x"], "y"
    inputs = [t.name for t in op.inputs]
    out = op.outputs[0].name
    return inputs, out if out not in inputs else f"{out}_out"


def _input_expressions(op: OpSpec, ex) -> list[str | None]:
    if not op.is_custom:
        return [_input_expression(ex.input, ex.dtype)]
    values, dtypes = dict(ex.inputs), example_dtypes(op, ex)
    return [_input_expression(values[t.name], dtypes[t.name]) if t.name in values else "None" for t in op.inputs]


def _errors(op: OpSpec) -> list[str]:
    lines = ["## Errors", "",
             "Bad arguments raise `ascend_ops.OpArgumentError` (a `ValueError`) before any data "
             "moves; the messages name the argument, the value and the rule:", "",
             "| case | call | message |", "|---|---|---|"]
    for er in op.errors:
        call = _call(op, _input_expressions(op, er), er.args)
        lines.append(f"| {er.name} | `{_cell(call)}` | {_cell(_reference_error(op, er))} |")
    return lines


def _reference_call(op: OpSpec, ex):
    """cpu_reference's result of an example (a custom op's first output)."""
    arrays = [None if t is None else to_numpy(t) for t in example_inputs(op, ex)]
    result = getattr(cpu_reference, op.name)(*arrays, **ex.kwargs)
    return result[0] if isinstance(result, tuple) else result


def _reference_result(op: OpSpec, ex: Example) -> np.ndarray:
    try:
        result = _reference_call(op, ex)
    except OpArgumentError as e:
        raise SpecError(f"{ex.loc}: example {ex.name!r} is rejected by cpu_reference: {e}") from None
    except NotImplementedError as e:  # a reference `ascend-ops-dev new-op` started, not written yet
        raise SpecError(f"{ex.loc}: example {ex.name!r} has no page yet: {e}") from None
    if ex.output_shape is not None and tuple(result.shape) != tuple(ex.output_shape):
        raise SpecError(f"{ex.loc}: example {ex.name!r} declares output_shape "
                        f"{list(ex.output_shape)}; cpu_reference gives {list(result.shape)}")
    if ex.output is not None:
        expected = np.asarray(_lists(ex.output), dtype=np.float64)
        if expected.shape != result.shape or not np.array_equal(expected, result.astype(np.float64)):
            raise SpecError(f"{ex.loc}: example {ex.name!r} declares output {_py(ex.output)}; "
                            f"cpu_reference gives {_values(result)}")
    return result


def _reference_error(op: OpSpec, er: ErrorExample) -> str:
    try:
        _reference_call(op, er)
    except OpArgumentError as e:
        if er.message not in str(e):
            raise SpecError(f"{er.loc}: error {er.name!r} expects a message containing "
                            f"{er.message!r}; cpu_reference says {str(e)!r}") from None
        return str(e)
    raise SpecError(f"{er.loc}: error {er.name!r} is accepted by cpu_reference; it must raise")


def _values(a: np.ndarray) -> object:
    """The values as `torch.Tensor.tolist()` shows them (floats as Python floats)."""
    if a.dtype.kind in "fV":  # float16/32/64 and ml_dtypes' bfloat16
        return a.astype(np.float64).tolist()
    return a.tolist()


def _wrapped(text: str) -> list[str]:
    """Long reprs broken after commas only (the doctests normalise whitespace)."""
    return textwrap.wrap(text, WRAP, break_on_hyphens=False, break_long_words=False)


def _input_expression(value, dtype: str) -> str:
    if isinstance(value, dict):
        (kind, shape), = value.items()
        n = math.prod(shape)
        arange = f"torch.arange(1, {n + 1})" if kind == "arange_from_1" else f"torch.arange({n})"
        return f"{arange}.reshape({_py(shape)}).to(torch.{dtype})"
    return f"torch.tensor({_py(value)}, dtype=torch.{dtype})"


def _call(op: OpSpec, inputs: list[str], args) -> str:
    """`ascend_ops.<op>(x, ...)`: the inputs and required attributes positionally, the rest by
    keyword."""
    given = dict(args)
    parts = list(inputs)
    for a in op.attributes:
        if a.name not in given:
            continue
        if a.required and not a.keyword_only:
            parts.append(_py(given[a.name]))
        else:
            parts.append(f"{a.name}={_py(given[a.name])}")
    return f"ascend_ops.{op.name}({', '.join(parts)})"


def _py(value) -> str:
    """A spec value as Python source: lists for sequences, double-quoted strings."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_py(v) for v in value) + "]"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def _lists(value):
    return [_lists(v) for v in value] if isinstance(value, (list, tuple)) else value


def _cell(text: str) -> str:
    """Text for one Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")
