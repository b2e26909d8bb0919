$header
"""The simulator library's C ABI structs (sim_abi.h) and the engine's CopyTiling (copy_tiling.h) as
ctypes classes. sim_abi_mirrors_generated.h, which launcher.cpp includes, asserts LAYOUTS of the C++
structs; library.py compares the sizes with those the library reports when it loads."""
from __future__ import annotations

import ctypes
$classes


# Class name -> (size in bytes, offset of each field), as the proof header asserts them.
LAYOUTS = {
    $layouts
}

__all__ = [$names]
