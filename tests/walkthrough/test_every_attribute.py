"""Adding any op breaks nothing: a copy of the project gets `attr_probe` (attr_probe/), a custom op
with an attribute of every type the spec loader accepts and a rule that reads its input's dtype,
beside the walkthrough's `add` (test_whole_suite.py runs the whole suite with both, its junk of
every attribute type through every path). The dtype rule is refused alike by eager calls, the
fake kernel and the simulator; an op named like a word of the engine (`tile`) is refused by
`generate` at its spec's line."""
from __future__ import annotations

import re

import pytest

from test_custom_ops import _add, _copy_project, _dev, _python, copy_with

OPS = ("add", "attr_probe")


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return copy_with(tmp_path_factory.mktemp("every_attribute"), OPS)


def test_the_fixture_has_an_attribute_of_every_type(project):
    from ascend_ops_gen.spec import AttrType, load_specs

    op = load_specs(project / "op_specs", project).op("attr_probe")
    assert {a.type for a in op.attributes} == set(AttrType)


@pytest.mark.parametrize("call, message", [
    ('1, [0], mode="wide"', "mode 'wide' needs x of float32, got float16"),
    ("1, [0], scale=131072.0", "scale = 131072 is not exactly representable in float16 (the dtype of x); "
                               "give a value float16 holds exactly"),
    ("1, [0], pairs=[[0, 1], [3, 1]]", "pairs[1] = [3, 1] must be ascending"),
    ("1, [0], pairs=[[0, 1], [3]]", "pairs[1] has 1 ints; pairs is rows of 2 ints (int[][], inner 2)"),
], ids=["dtype rule", "float of x's dtype", "rows' rule", "rows of inner ints"])
def test_a_dtype_rule_is_refused_alike_by_eager_the_fake_kernel_and_the_simulator(project, call, message):
    """A rule on a dtype, a float attribute and an int[][] attribute, each broken once on a float16 x.
    Negative control: without the reference's attr_probe_dtype_check the fake kernel, which sees
    no data, lets the call through, while eager still refuses it (the rules reference_attributes
    holds, a float's dtype and a row's length, stay on every path)."""
    _python(project, """
        import torch, ascend_ops, cpu_reference
        from torch._subclasses.fake_tensor import FakeTensorMode
        from ascend_ops.runtime import reference_functions
        from ascend_ops.sim.custom_runner import simulate_op

        x = torch.tensor([[1.5, -2.0], [3.0, 0.5]], dtype=torch.float16)
        message = "attr_probe: MESSAGE"

        def refusal(call):
            # the op's error a call raised (under torch.compile, the cause dynamo wraps)
            try:
                call()
            except Exception as e:  # noqa: BLE001 - the error is the answer
                while e is not None and not isinstance(e, ascend_ops.OpArgumentError):
                    e = e.__cause__ or e.__context__
                return str(e)
            return "accepted"

        def fake():
            with FakeTensorMode():
                torch.ops.ascend_ops.attr_probe(torch.empty(2, 2, dtype=torch.float16), CALL)

        seen = {b: refusal(lambda: ascend_ops.attr_probe(x, CALL)) for b in ("reference", "native")}
        with ascend_ops.use_backend("sim"):
            seen["sim"] = refusal(lambda: torch.ops.ascend_ops.attr_probe(x, CALL))
        seen["fake"] = refusal(fake)
        seen["simulator"] = "attr_probe: " + refusal(lambda: simulate_op("attr_probe", x.numpy(), CALL))
        compiled = torch.compile(lambda t: ascend_ops.attr_probe(t, CALL), backend="eager", fullgraph=True)
        seen["compile"] = refusal(lambda: compiled(x))
        assert set(seen.values()) == {message}, seen
        with ascend_ops.use_backend("sim"):  # the call without its broken argument runs
            assert torch.equal(ascend_ops.attr_probe(x, 1, [0], pairs=[[0, 1]]), x)

        del cpu_reference.attr_probe_dtype_check
        reference_functions.dtype_check.cache_clear()
        assert refusal(fake) == ("accepted" if "ascending" in message or "wide" in message else message)
        with ascend_ops.use_backend("reference"):
            assert refusal(lambda: ascend_ops.attr_probe(x, CALL)) == message
        print("ok")
    """.replace("CALL", call).replace("MESSAGE", message))


def test_an_op_named_like_a_word_of_the_engine_is_refused_at_its_line(tmp_path):
    project = _copy_project(tmp_path)
    _add(project, "attr_probe")
    spec = (project / "op_specs" / "attr_probe.yaml").read_text(encoding="utf-8")
    (project / "op_specs" / "attr_probe.yaml").unlink()
    (project / "op_specs" / "tile.yaml").write_text(
        spec.replace("op: attr_probe\n", "op: tile\n").replace("op_type: AscendAttrProbe\n", "op_type: AscendTile\n"),
        encoding="utf-8")
    line = (project / "op_specs" / "tile.yaml").read_text(encoding="utf-8").splitlines().index("op: tile") + 1
    result = _dev(project, "generate", check=False)
    assert (result.returncode, result.stderr.strip()) == (2, (
        f"ascend-ops-dev generate: error: op_specs/tile.yaml:{line}: op name 'tile' would be named by the "
        f"engine's code, which names no op (ascend_kernels/common/ has 'tile'); choose another"))
    refused = _dev(project, "new-op", "tile", "--kind", "custom", check=False)
    assert refused.returncode == 2 and re.search(r"op name 'tile' would be named by the engine's code", refused.stderr)


def test_with_no_product_a_view_op_moves_any_dtype_and_a_custom_op_takes_its_own(project):
    """README's rule for CPU tensors with no product chosen, on every backend."""
    _python(project, """
        import torch, ascend_ops
        x = torch.arange(6, dtype=torch.float64).reshape(2, 3)
        for backend in ("reference", "native", "sim"):
            with ascend_ops.use_backend(backend):
                assert torch.equal(ascend_ops.slice(x, [0, 1], [2, 2]), x[:, 1:3])
                try:
                    ascend_ops.attr_probe(x, 1, [0])
                except ascend_ops.UnsupportedDtypeError as e:
                    assert str(e) == "attr_probe does not support x of dtype float64; supported: float16, float32", e
                else:
                    raise SystemExit(f"{backend}: a custom op took a dtype its spec does not list")
        print("ok")
    """, ASCEND_OPS_PRODUCT="")
