"""The runtime: what every call goes through, whatever device runs it.

`registration` defines `torch.ops.ascend_ops.*` from the op specs (schemas, per-device kernels,
fake kernels, autograd), `arguments` checks every argument against its spec, `products` holds the
product facts and the active product's dtype rule, `api` makes the public functions, `errors` the
exception classes; `op_pieces` finds each op's hand-written Python pieces, `torch_views` runs an
op as torch view operations, `dtypes` maps torch and numpy dtypes, `build_cache` compiles C++
once into the build cache.
"""
