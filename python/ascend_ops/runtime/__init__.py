"""The runtime: what every call goes through, whatever device runs it. It imports no backend
(`cpu`, `npu`, `sim`): they build on it, and `ascend_ops.registration` wires them to the ops.

`arguments` checks every argument against its spec, `products` holds the product facts and the
dtype rule of the product that binds each device, `call_context` the backend and product each
call reads, `errors` the exception classes; `reference_functions` finds each op's hand-written
Python pieces, `torch_views` runs an op as torch view operations, `autograd` its derivatives,
`dtypes` maps torch and numpy dtypes, `build_cache` compiles C++ once into the build cache.
"""
