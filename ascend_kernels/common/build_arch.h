// The NPU architecture a kernel build targets, and what it offers, at compile time. CANN's compiler
// (and the simulator build) define __NPU_ARCH__; the facts come from op_specs/products.yaml through
// the generated table, so a kernel instantiates only the AscendC APIs its architecture has: an API
// the architecture lacks does not compile there (the training series has no GM->UB DataCopyPad
// with DataCopyExtParams) or is marked "unsupported API on current device" (DataCopyPad on the
// inference series). Where an API is not even declared, `#if` on the generated ASCEND_OPS_ARCH_*
// macros (arch_traits_generated.h) keeps the code from being parsed.
//
// Note [kernel translation unit]
// A kernel's translation unit (op_kernel/<op>.cpp) holds device code only: bisheng's device pass
// parses all of it, and host code there (stdio, <cmath>, double, the planner, the product table of
// strings) is what it may refuse. The generated kernel entry defines ASCEND_OPS_KERNEL_TU before
// its includes; the engine's host-only headers (copy_planner.h, cost_model.h, copy_op_host.h,
// status.h, soc_info.h, products.h, products_generated.h, view_builder.h, block_rearrangement.h) stop such
// a build with #error, so every kernel compile (the simulator's, CPU-debug's, `ascend-ops
// check-cann` on each architecture against each toolkit, CANN's) checks it. The kernel reads the
// architecture facts from arch_traits_generated.h and the shared engine from copy_grid.h;
// tests/ascend_kernels/test_kernel_tu.py checks that the headers it reaches include no host library
// header and name no floating-point type.
#ifndef ASCEND_KERNELS_COMMON_BUILD_ARCH_H
#define ASCEND_KERNELS_COMMON_BUILD_ARCH_H

#include <cstdint>

#include "arch_traits_generated.h"

#if defined(__NPU_ARCH__) && defined(ASCEND_OPS_HOST_ONLY_BUILD)
#error "include kernel_operator.h before the engine headers: their planning functions saw neither __host_aicore__ nor __aicore__"
#endif

namespace ascend_ops {

// Index into kArchs of architecture `npuArch`, or -1.
constexpr int32_t FindArch(int32_t npuArch)
{
    for (int32_t i = 0; i < kArchCount; ++i) {
        if (kArchs[i].npuArch == npuArch) {
            return i;
        }
    }
    return -1;
}

#ifdef __NPU_ARCH__
constexpr int32_t kBuildArchIndex = FindArch(__NPU_ARCH__);
static_assert(kBuildArchIndex >= 0, "__NPU_ARCH__ is the npu_arch of no product line of op_specs/products.yaml");
constexpr ArchTraits kBuildArch = kArchs[kBuildArchIndex < 0 ? 0 : kBuildArchIndex];
#else
// No architecture: a host test build of the engine (tests/ascend_kernels' driver) that runs every product
// line's tilings in one binary on the emulator, which refuses at run time an API the simulated SoC
// lacks. It compiles what any architecture offers. CANN's builds and the simulator's define
// __NPU_ARCH__.
constexpr ArchTraits kBuildArch = kAnyArch;
#endif

// DataCopyPad moves units of T on this architecture.
template <typename T>
constexpr bool kBuildPads =
    kBuildArch.dataCopyPad && sizeof(T) <= static_cast<uint32_t>(kBuildArch.dataCopyPadMaxElemBytes);

// Gather rearranges units of T in UB on this architecture.
template <typename T>
constexpr bool kBuildGathers = kBuildArch.gather && (sizeof(T) == 2 || sizeof(T) == 4 ||
                                                     (sizeof(T) == 1 && kBuildArch.gather8Bit));

// TransDataTo5HD's 16-bit transpose rearranges units of T, as one or two 16-bit lanes, on this
// architecture (Note [block transposes] in copy_grid.h).
template <typename T>
constexpr bool kBuildTransposes = kBuildArch.transpose16Bit && (sizeof(T) == 2 || sizeof(T) == 4);

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_BUILD_ARCH_H
