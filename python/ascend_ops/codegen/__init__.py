"""Code generation: `op_specs/` -> `ascend_kernels/` (torchgen's layering).

    model (ascend_ops.spec)  ->  cpp.py (C++ spellings), copy_tiling.py / op_views.py (what the
    engine headers declare)  ->  pure emitters (host.py, kernel.py, project.py; templates/)  ->
    gen.py (the driver)  ->  file_manager.py (the only writer)

Entry points: `ascend-ops generate [--check]` / `python -m ascend_ops.codegen` (cli.py) and
`python -m ascend_ops.codegen.host_check` (syntax check of the generated host code).
"""
from .cli import add_arguments, main, run
from .gen import CodegenError, generate, generated_files

__all__ = ["CodegenError", "add_arguments", "generate", "generated_files", "main", "run"]
