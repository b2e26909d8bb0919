$header
//
// The layout of the ctypes mirrors in python/ascend_ops/sim/abi.py (generated with this header):
// each field's type and offset and each struct's size, asserted of the C++ structs. launcher.cpp
// includes it, so a struct edited without `ascend-ops-dev generate` fails the simulator's build.
#ifndef ASCEND_OPS_SIM_ABI_MIRRORS_GENERATED_H
#define ASCEND_OPS_SIM_ABI_MIRRORS_GENERATED_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "copy_tiling.h"
#include "sim_abi.h"

$asserts

#endif  // ASCEND_OPS_SIM_ABI_MIRRORS_GENERATED_H
