"""`ascend_ops.sim.simulate`: one call of an op of either kind on numpy arrays, through its generated
kernel on the simulator: a view op's by runner.simulate, a custom op's by custom_runner.simulate_op
(its inputs in spec order: `simulate("add", x, y, product="atlas-a2")`)."""
from __future__ import annotations

from ascend_ops_gen.spec import specs

from . import custom_runner, runner


def simulate(op_name: str, *inputs, product=None, seed: int = 0, **kwargs):
    """(the output, or a tuple of a custom op's outputs, and the kernel's statistics)."""
    if specs().op(op_name).is_custom:
        return custom_runner.simulate_op(op_name, *inputs, product=product, seed=seed, **kwargs)
    return runner.simulate(op_name, *inputs, product=product, seed=seed, **kwargs)
