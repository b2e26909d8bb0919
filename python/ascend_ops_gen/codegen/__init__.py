"""Code generation: `op_specs/` -> `ascend_kernels/` (torchgen's layering).

    model (ascend_ops_gen.spec)  ->  cpp.py (C++ spellings), copy_tiling.py / op_views.py (what the
    engine headers declare)  ->  pure emitters (host.py, kernel.py, project.py; templates/)  ->
    gen.py (the driver)  ->  file_manager.py (the only writer)

Entry points: `ascend-ops-dev generate [--check]` / `python -m ascend_ops_gen.codegen` (cli.py).
The product reads the files written here and never imports this package; the wheel leaves it out.
Nothing here imports torch or the `ascend_ops` runtime (see ascend_ops_gen). The syntax check
of the generated code, `python -m ascend_ops_dev.kernel_checks.host_check`, compiles it with the
simulator's defines and so lives with the runtime's tools.
"""
from .cli import add_arguments, main, run
from .gen import CodegenError, generate, generated_files

__all__ = ["CodegenError", "add_arguments", "generate", "generated_files", "main", "run"]
