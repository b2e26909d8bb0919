"""The compiler and linker flags of a C++ torch extension built against the installed torch: the
compiled CPU fast path (cpu/compiled.py) and the simulated npu device (sim/device.py)."""
from __future__ import annotations

import sysconfig
from pathlib import Path

import torch


class NoTorchHeaders(RuntimeError):
    """The installed torch ships no C++ headers, so no extension can be built against it."""


def torch_flags() -> list[str]:
    """The compiler and linker flags of an extension built against the installed torch."""
    base = Path(torch.__file__).parent
    include, lib = base / "include", base / "lib"
    if not (include / "torch" / "library.h").is_file():
        raise NoTorchHeaders(f"the installed torch has no C++ headers ({include / 'torch' / 'library.h'} "
                             f"is missing)")
    python_include = sysconfig.get_paths()["include"]
    return ["-std=c++20", "-O3", "-march=native", "-pthread", "-w",
            f"-I{include}", f"-I{include / 'torch' / 'csrc' / 'api' / 'include'}", f"-I{python_include}",
            f"-D_GLIBCXX_USE_CXX11_ABI={int(torch.compiled_with_cxx11_abi())}",
            "-Wl,--no-as-needed", f"-L{lib}", "-lc10", "-ltorch", "-ltorch_cpu", "-ltorch_python",
            f"-Wl,-rpath,{lib}"]
