"""strided_slice_grad on TensorFlow's corpus (`tf_cases()`: shapes, masks, negative and huge
strides) through Huawei's AscendC implementation in CPU-debug mode (`ascend_ops_dev.cpudebug`), on
both layouts of its framework (asc-tools' sources in ../shared/cann-headers, CANN 8.1's toolkit in
../shared/cann-8.1/toolkit): bit for bit against the emulator and cpu_reference, the output
starting as 0xA5 bytes. The calls TF refuses never reach a launch: the generated host code, which
plans here as on the simulator, refuses them with the reference's message
(tests/ascend_ops/sim/test_gradient_kernels.py). Arch 2201 (both write modes); the gradient ops'
quick corpus on every arch is `ascend-ops-dev cpudebug --quick --op strided_slice_grad`."""
from __future__ import annotations

import numpy as np
import pytest

import cpu_reference
from ascend_ops import OpArgumentError
from ascend_ops_gen.spec import project_root, specs
from ascend_ops_support import TF_CASE_DTYPE, case_id, grad_args, tf_cases

try:
    from ascend_ops_dev.cann import cann_check
    from ascend_ops_dev.cpudebug import build, run as cases
    from ascend_ops_dev.sim import corpus
except ImportError:  # pragma: no cover - the tool is part of a checkout
    build = None

pytestmark = pytest.mark.skipif(build is None, reason="the CPU-debug tool is part of a checkout")

LAYOUTS = {"asc-tools": None, "tikicpulib": project_root() / ".." / "shared" / "cann-8.1" / "toolkit"}
DTYPE = str(TF_CASE_DTYPE).removeprefix("torch.")
TAG = build.Variant().tag if build is not None else ""


def _forward_error(case) -> str | None:
    try:
        cpu_reference.strided_slice(np.zeros(case.shape, np.int8), *case.args, **case.kwargs)
    except OpArgumentError as error:
        return str(error)
    return None


def _runs(product) -> list:
    """The runs of the calls TF accepts."""
    accepted = []
    for case in tf_cases():
        if _forward_error(case) is not None:
            continue
        grad = corpus.Case("strided_slice_grad", case_id(case), tuple(case.shape),
                           (list(case.shape), *grad_args(case)), tuple(case.kwargs.items()))
        accepted.append(corpus.Run(grad, product, DTYPE))
    return accepted


@pytest.fixture(scope="module", params=sorted(LAYOUTS))
def launcher_2201(request):
    try:
        headers = cann_check.find_headers(LAYOUTS[request.param], project_root())
    except cann_check.HeadersNotFound as e:
        pytest.skip(f"no CANN headers: {e}")
    return build.build_arch(2201, headers).launcher


def test_tf_gradients_through_ascendc_match_the_emulator_and_the_reference(launcher_2201):
    product = next(p for p in specs().products if p.key == "atlas-a2")
    accepted = _runs(product)
    assert len(accepted) > 50
    target = cases.Target(product, product.simulated_soc)
    outcomes, _ = cases.run_all([(r, target) for r in accepted], {(2201, TAG): launcher_2201},
                                 variant_tag=TAG)
    failures = [f"{o.run.label}: {'; '.join(o.problems)}" for o in outcomes if not o.ok]
    assert not failures, "\n".join(failures[:10])
    assert {o.mode for o in outcomes} >= {"write-burst", "write-scalar"}


def test_control_a_wrong_reference_is_a_difference(launcher_2201, monkeypatch):
    # The comparison above can fail: cpu_reference's gradient with its last byte flipped.
    product = next(p for p in specs().products if p.key == "atlas-a2")
    run = _runs(product)[0]
    real = cpu_reference.strided_slice_grad

    def flipped(*args, **kwargs):
        out = real(*args, **kwargs).copy()
        out.reshape(-1).view(np.uint8)[-1] ^= 1
        return out

    monkeypatch.setattr(cpu_reference, "strided_slice_grad", flipped)
    [outcome], _ = cases.run_all([(run, cases.Target(product, product.simulated_soc))],
                                 {(2201, TAG): launcher_2201}, variant_tag=TAG)
    assert outcome.problems and all("differs from cpu_reference" in p for p in outcome.problems), outcome.problems
