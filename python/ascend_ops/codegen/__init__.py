"""The code generator under the runtime's name, plus the check that compiles its output.

The generator is `ascend_ops_gen.codegen`, which imports neither torch nor this package; run it
as `ascend-ops generate`, `python -m ascend_ops_gen.codegen` or `python -m ascend_ops.codegen`.
Its modules are this package's submodules too -- the same module objects, so
`ascend_ops.codegen.copy_tiling` is `ascend_ops_gen.codegen.copy_tiling` -- for the runtime
modules that read the engine headers and the generated code the generator's way.
`host_check` belongs here rather than there: it compiles the generated kernels with the
simulator's per-architecture defines, which the runtime owns.
"""
import importlib
import pkgutil
import sys

import ascend_ops_gen.codegen as _generator
from ascend_ops_gen.codegen import *  # noqa: F401,F403
from ascend_ops_gen.codegen import __all__  # noqa: F401

for _module in pkgutil.iter_modules(_generator.__path__):
    if _module.name != "__main__":
        sys.modules[f"{__name__}.{_module.name}"] = importlib.import_module(
            f"{_generator.__name__}.{_module.name}")
del _module
