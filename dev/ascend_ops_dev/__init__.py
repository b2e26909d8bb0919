"""The verification gear of ascend-ops: everything that proves the package, nothing a user
imports. It is its own distribution (`dev/pyproject.toml`, installed editable by
scripts/setup.sh) and never part of the ascend-ops wheel. Each stage is one folder, its C++
beside its Python:

- `commands/`: the `ascend-ops-dev` subcommands (wired by ascend_ops.tools.cli);
- `sim/`: the verification corpus the simulator runs (`ascend-ops-dev sim`);
- `kernel_checks/`: the generated kernels and op_host files compiled against the emulator's and
  the simulator's headers, without CANN;
- `cann/`: the same files against CANN's headers and compile lines, CANN's op_build and its
  packaging flows, with stand-ins for the closed pieces;
- `binding/`: the torch binding compiled against torch_npu's headers and run on the CPU aclnn
  runtime;
- `cpudebug/`: the kernels through Huawei's AscendC implementation in CPU-debug mode;
- `benchmarks/`: `ascend-ops-dev bench`;
- `docs.py`: docs/ops/ from the specs.
"""
