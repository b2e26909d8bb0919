"""The op specs' model and the code generator of ascend-ops, apart from its runtime.

    spec/      the frozen model of `op_specs/*.yaml` and its loader: the core schema (loader.py,
               fields.py, products.py) and the test / bench / export keys (corpus_keys.py,
               bench_keys.py, export_keys.py)
    schema.py  each op's torch schema and Python signature, from its spec
    codegen/   `op_specs/` -> `ascend_kernels/` (`ascend-ops-dev generate`, `python -m ascend_ops_gen.codegen`)

This package never imports torch nor `ascend_ops` (the runtime, which registers
`torch.ops.ascend_ops.*` when imported): the generator must run, and name a missing piece,
while the runtime cannot import, as torchgen runs without `torch`. The runtime imports the
specs and schemas from here, never the generator: it reads the files `codegen/` wrote, and the
wheel leaves `codegen/` out.
"""
