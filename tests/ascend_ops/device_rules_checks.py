"""Checks of the dtype rules on a machine with an NPU (Note [active product]), run by
test_device_rules.py in a subprocess per product line, because the simulated npu device is
process-global and claims its product once.

`python device_rules_checks.py <product key>`, with ASCEND_OPS_SIM_NPU=1 and ASCEND_OPS_PRODUCT
naming that product: the device claims its SoC at import, then the variable is unset, so no
product is chosen; the process is an Atlas box of that line. It runs the checks in order and
prints one line, `RESULTS <json>`: check name -> "ok" or the failure's traceback.
"""
from __future__ import annotations

import ast
import doctest
import json
import os
import re
import sys
import traceback
from collections.abc import Callable, Iterator

import torch

import ascend_ops
from ascend_ops.cpu import compiled
from ascend_ops.runtime.dtypes import movable
from ascend_ops_gen.spec import project_root, specs
from ascend_ops_support import SPEC_DTYPES, VIEW_OP_NAMES, example_tensors

RESULTS_PREFIX = "RESULTS "
ROOT = project_root()
PRODUCT_ENV = "ASCEND_OPS_PRODUCT"
# The product line the checks choose for CPU tensors: float16 only, so float32 is refused.
CHOSEN = "atlas-200i-500-a2"
CHECKS: dict[str, Callable[[str], None]] = {}


def check(fn: Callable[[str], None]) -> Callable[[str], None]:
    CHECKS[fn.__name__] = fn
    return fn


def fast_copies() -> int:
    """Calls the compiled CPU kernel copied itself so far."""
    return compiled.counts()[0]


# --- README's examples -----------------------------------------------------------------------

ERROR_LINE = re.compile(r"# (\w+Error): (.*)")


def readme_sections(*titles: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    sections = {part.split("\n", 1)[0]: part for part in text.split("\n## ")}
    return "\n".join(sections[t] for t in titles)


def expected_error(comments: list[str]) -> tuple[str, list[str]] | None:
    """(error class name, the message's pieces around each "...") that the comment lines right
    after a statement announce (`# OpArgumentError: ...`, continued on the next comment lines), or
    None when they announce none."""
    match = ERROR_LINE.fullmatch(comments[0]) if comments else None
    if match is None:
        return None
    message = " ".join([match.group(2)] + [line.removeprefix("#").strip() for line in comments[1:]])
    return match.group(1), [piece.strip() for piece in message.split("...") if piece.strip()]


def statements(block: str) -> Iterator[tuple[ast.stmt, tuple[str, list[str]] | None]]:
    """Each top-level statement of a code block with the error its comments announce."""
    tree = ast.parse(block)
    lines = block.splitlines()
    for i, node in enumerate(tree.body):
        stop = tree.body[i + 1].lineno - 1 if i + 1 < len(tree.body) else len(lines)
        comments = []
        for line in lines[node.end_lineno:stop]:
            if not line.strip().startswith("#"):
                break
            comments.append(line.strip())
        yield node, expected_error(comments)


def run_statement(node: ast.stmt, error: tuple[str, list[str]] | None, namespace: dict) -> None:
    code = compile(ast.Module([node], type_ignores=[]), "README.md", "exec")
    where = f"README.md: {ast.unparse(node)[:80]!r}"
    if error is None:
        exec(code, namespace)
        return
    name, pieces = error
    try:
        exec(code, namespace)
    except Exception as e:  # noqa: BLE001 - compared with what README announces
        assert type(e).__name__ == name, f"{where} raised {type(e).__name__}: {e}; README says {name}"
        at = 0
        for piece in pieces:
            found = str(e).find(piece, at)
            assert found >= 0, f"{where}: {piece!r} is not in the message {str(e)!r}"
            at = found + len(piece)
    else:
        raise AssertionError(f"{where} raised nothing; README says {name}")


@check
def the_device_claims_the_product(key: str) -> None:
    assert torch.npu.get_device_name() == ascend_ops.product(key).simulated_soc
    assert PRODUCT_ENV not in os.environ


@check
def current_product_names_each_devices_rule(key: str) -> None:
    for device in (None, "npu", "npu:0", torch.device("npu", 0)):
        assert ascend_ops.current_product(device).key == key, device
    for device in ("cpu", torch.device("cpu"), "meta"):
        assert ascend_ops.current_product(device) is None, device


@check
def readme_examples_run_on_cpu_tensors(key: str) -> None:
    # The install check's one-liner (its first example), then "Using the ops" and "Device
    # capabilities", statement by statement, each raising exactly what its comment announces.
    one_liner = re.search(r'python -c "(.*)"', readme_sections("Installing")).group(1)
    exec(one_liner, {})
    namespace: dict = {}
    blocks = re.findall(r"```python\n(.*?)```", readme_sections("Using the ops", "Device capabilities"), re.S)
    ran = announced = 0
    for block in blocks:
        for node, error in statements(block):
            run_statement(node, error, namespace)
            ran, announced = ran + 1, announced + (error is not None)
    assert len(blocks) == 4 and ran > 20 and announced >= 4, (len(blocks), ran, announced)


@check
def docs_examples_run_on_cpu_tensors(key: str) -> None:
    for op in specs().ops:
        page = ROOT / "docs" / "ops" / f"{op.name}.md"
        blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
        test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, page.name, str(page), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
        runner.run(test, out=lambda text: sys.stderr.write(text))
        result = runner.summarize(verbose=False)
        assert result.attempted > 0 and result.failed == 0, (page.name, result)


def movable_dtypes() -> list[torch.dtype]:
    seen: list[torch.dtype] = []
    for value in vars(torch).values():
        if isinstance(value, torch.dtype) and movable(value) and value not in seen:
            seen.append(value)
    return seen


@check
def cpu_calls_take_every_fixed_size_dtype(key: str) -> None:
    for name in VIEW_OP_NAMES:
        ex = specs().op(name).examples[0]
        x, = example_tensors(name, ex)
        for dtype in movable_dtypes():
            y = getattr(ascend_ops, name)(x.to(dtype), **ex.kwargs)
            assert y.device.type == "cpu" and y.dtype == dtype, (name, dtype, y.device, y.dtype)


@check
def the_fast_path_copies_cpu_calls_itself(key: str) -> None:
    # Its cached process default must not be an NPU's product: with one, this int64 call would
    # be relayed to Python (which accepts it too) instead of copied.
    assert compiled.fast_path_active() == (os.environ.get(compiled.FAST_ENV) != "0")
    before = fast_copies()
    y = ascend_ops.slice(torch.arange(12).reshape(3, 4), [1, 1], [2, 2])
    assert y.tolist() == [[5, 6], [9, 10]]
    copied = fast_copies() - before
    assert copied == (1 if compiled.fast_path_active() else 0), f"the fast path copied {copied} of 1 call"


@check
def npu_calls_obey_the_devices_product(key: str) -> None:
    for name in VIEW_OP_NAMES:
        ex = specs().op(name).examples[0]
        x, = example_tensors(name, ex)
        for dtype_name in (*SPEC_DTYPES, "float64"):
            on_npu = x.to(getattr(torch, dtype_name)).npu()
            where = f"{name} {dtype_name} on {key}"
            if ascend_ops.is_supported(name, dtype_name, key):
                y = getattr(ascend_ops, name)(on_npu, **ex.kwargs)
                assert y.device.type == "npu", where
                continue
            for call in (getattr(ascend_ops, name), getattr(torch.ops.ascend_ops, name)):
                try:
                    call(on_npu, **ex.kwargs)
                except ascend_ops.UnsupportedDtypeError as e:
                    assert f"{name} does not support {dtype_name} on {key} (" in str(e), (where, str(e))
                else:
                    raise AssertionError(f"{where}: accepted on the npu device")


@check
def a_chosen_product_binds_cpu_tensors(key: str) -> None:
    x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    refusal = f"slice does not support float32 on {CHOSEN} ("

    def refused() -> None:
        try:
            ascend_ops.slice(x, [1, 1], [2, 2])
        except ascend_ops.UnsupportedDtypeError as e:
            assert refusal in str(e), str(e)
        else:
            raise AssertionError(f"float32 accepted on the CPU with {CHOSEN} chosen")

    with ascend_ops.target_product(CHOSEN):
        refused()
    os.environ[PRODUCT_ENV] = CHOSEN
    try:
        refused()
        assert ascend_ops.current_product("cpu").key == CHOSEN
        assert ascend_ops.current_product("npu").key == key  # the device comes before the variable
    finally:
        del os.environ[PRODUCT_ENV]
    before = fast_copies()  # the fast path's cached default follows the variable back
    assert ascend_ops.slice(x, [1, 1], [2, 2]).tolist() == [[5.0, 6.0], [9.0, 10.0]]
    copied = fast_copies() - before
    assert copied == (1 if compiled.fast_path_active() else 0), f"the fast path copied {copied} of 1 call"


def main() -> None:
    key = sys.argv[1]
    del os.environ[PRODUCT_ENV]  # claimed by the device at import; from here on nothing is chosen
    results = {}
    for name, fn in CHECKS.items():
        try:
            fn(key)
            results[name] = "ok"
        except Exception:  # noqa: BLE001 - reported per check
            results[name] = traceback.format_exc()
    print(RESULTS_PREFIX + json.dumps(results), flush=True)


if __name__ == "__main__":
    main()
