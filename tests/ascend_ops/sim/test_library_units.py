"""What the simulator libraries are built from (ascend_ops.sim.library.units): the host units are
the same objects for every NPU arch and see no arch macro, as CANN compiles op_host; each arch
compiles the engine's kernels (view and gradient ops) as one unit, under its own macros, and each custom op's kernel
apart."""
from __future__ import annotations

from ascend_ops_gen.spec import specs

from ascend_ops.sim import library


def _archs() -> list[int]:
    return sorted({p.npu_arch for p in specs().products})


def test_the_host_units_are_shared_by_every_arch_and_see_no_arch_macro():
    per_arch = {a: library.units(a) for a in _archs()}
    shared = set.intersection(*(set(u) for u in per_arch.values()))
    ops = specs().kernel_ops()  # the gradient ops' OpDefs too
    assert sorted(str(u.source.relative_to(u.source.parents[2])) for u in shared if u.source != library.LAUNCHER) \
        == sorted(f"{op.name}/op_host/{op.name}.cpp" for op in ops)
    assert library.LAUNCHER in {u.source for u in shared}
    for unit in shared:
        assert not any(name.startswith(("__NPU_ARCH__", "__CCE_AICORE__", "__DAV_")) for name, _ in unit.defines)


def test_each_arch_compiles_its_kernels_under_its_own_macros():
    custom = [op for op in specs().ops if op.is_custom]
    views = [op for op in specs().kernel_ops() if not op.is_custom]  # the engine's: view and gradient ops
    kernels = {}
    for arch in _archs():
        own = [u for u in library.units(arch) if dict(u.defines).get("__NPU_ARCH__") == str(arch)]
        assert len(own) == (1 if views else 0) + len(custom)
        assert dict(own[0].defines) == {"ASCEND_SIM_TILING_TYPE": "ascend_ops::CopyTiling",
                                         **library.arch_defines(arch)}
        text = own[0].source.read_text()
        assert [line for line in text.splitlines() if line.startswith("#include")] == \
            [f'#include "{(library.project_root() / "ascend_kernels" / op.name / "op_kernel" / f"{op.name}.cpp").resolve()}"'
             for op in sorted(views, key=lambda o: o.name)]
        kernels[arch] = own
    assert len({tuple(k) for k in kernels.values()}) == len(kernels)  # no two archs share a kernel unit
