// Keyword and entry macros of AscendC kernels, as the CPU build needs them.
//
// Address-space and function qualifiers are empty, as in CANN's own CPU debug mode. One
// consequence carries over: overloads that differ only by __gm__ / __ubuf__ collide.
#ifndef ASCEND_KERNELS_SIM_KERNEL_MACROS_H
#define ASCEND_KERNELS_SIM_KERNEL_MACROS_H

#include <cstdint>

#include "sim_context.h"

#define __global__
#define __aicore__
#define __host_aicore__
#define __gm__
#define __ubuf__
#define __vector__
#define __inout_pipe__(pipe)

#define GM_ADDR __gm__ uint8_t*

// The kernels' counting points of Note [scalar cost] (common/scalar_cost.h), counted here. A host
// test build that includes the engine's headers first has them empty there.
#undef ASCEND_OPS_COUNT_DIV_MOD
#undef ASCEND_OPS_COUNT_MUL_HIGH
#undef ASCEND_OPS_COUNT_LOOP
#define ASCEND_OPS_COUNT_DIV_MOD() ::ascend_sim::detail::CountDivMod()
#define ASCEND_OPS_COUNT_MUL_HIGH() ::ascend_sim::detail::CountMulHigh()
#define ASCEND_OPS_COUNT_LOOP() ::ascend_sim::detail::CountLoopIteration()

// Every simulated core is a vector core.
#define ASCEND_IS_AIV (true)
#define ASCEND_IS_AIC (false)

// Kernel type pinning: the simulator remembers the default type, which split chips need to be
// vector-only (products.yaml kernel_type_required); per-key types only steer the device compiler.
#define KERNEL_TASK_TYPE_DEFAULT(type) ::ascend_sim::detail::DeclareKernelType(static_cast<int>(type))
#define KERNEL_TASK_TYPE(key, type)
#define REGISTER_TILING_DEFAULT(type)

// Compares with the key given to ascend_sim::Simulator::SetTilingKey.
#define TILING_KEY_IS(key) (::ascend_sim::detail::ActiveTilingKey() == static_cast<uint64_t>(key))

// CANN derives GET_TILING_DATA's struct from the tiling class registered for the op; the
// simulator build names it instead: -DASCEND_SIM_TILING_TYPE=CopyTiling.
#ifdef ASCEND_SIM_TILING_TYPE
#define GET_TILING_DATA(var, tiling) \
    ASCEND_SIM_TILING_TYPE var;      \
    ::ascend_sim::detail::LoadTilingData(&(var), (tiling), "GET_TILING_DATA")
#else
#define GET_TILING_DATA(var, tiling) \
    static_assert(sizeof(char) == 0, "GET_TILING_DATA needs the build to define ASCEND_SIM_TILING_TYPE=<tiling struct>")
#endif

#define GET_TILING_DATA_WITH_STRUCT(type, var, tiling) \
    type var;                                           \
    ::ascend_sim::detail::LoadTilingData(&(var), (tiling), "GET_TILING_DATA_WITH_STRUCT")

#endif  // ASCEND_KERNELS_SIM_KERNEL_MACROS_H
