"""CPU tensors: the executors that move their data.

`backends` chooses the executor per call (native, reference or sim); `native_copy` is the
default one, cpu_reference's canonicalisation followed by one multi-threaded C++ strided copy
(`src/strided_copy.cpp`) with its output cache; `compiled` is the compiled CPU kernel, a torch
extension (`src/ascend_ops_fast.cpp`) that runs that copy without Python in between.
"""
