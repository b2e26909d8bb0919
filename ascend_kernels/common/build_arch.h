// The NPU architecture a kernel build targets, and what it offers, at compile time: the arch of
// Note [build arch]; the facts come from op_specs/products.yaml through the generated table, so a
// kernel instantiates only the AscendC APIs its architecture has: an API the architecture lacks
// does not compile there (the training series has no GM->UB DataCopyPad with DataCopyExtParams) or
// is marked "unsupported API on current device" (DataCopyPad on the inference series). Where an
// API is not even declared, `#if` on the generated ASCEND_OPS_ARCH_* macros
// (arch_traits_generated.h) keeps the code from being parsed.
//
// Note [kernel translation unit]
// A kernel's translation unit (op_kernel/<op>.cpp) holds device code only: bisheng's device pass
// parses all of it, and host code there (stdio, <cmath>, double, the planner, the product table of
// strings) is what it may refuse. The generated kernel entry defines ASCEND_OPS_KERNEL_TU before
// its includes; the engine's host-only headers (copy_planner.h and the planner's plan_view.h,
// copy_cost.h, gather_units.h, transpose_choice.h; cost_model.h, copy_op_host.h, status.h,
// soc_info.h, products.h, products_generated.h, view_builder.h, block_rearrangement.h) stop such
// a build with #error, so every kernel compile (the simulator's, CPU-debug's, `ascend-ops
// check-cann` on each architecture against each toolkit, CANN's) checks it. The kernel reads the
// architecture facts from arch_traits_generated.h and the shared engine from copy_grid.h;
// tests/ascend_kernels/test_kernel_tu.py checks that the headers it reaches include no host library
// header and name no floating-point type.
//
// Note [build arch]
// Every compiler of a kernel names its arch, but not by one macro. bisheng from CANN 8.5 on, and
// asc-devkit's CPU-debug line (cmake/asc/asc_modules/CMakeASCInformation.cmake, `-D__NPU_ARCH__=`),
// define __NPU_ARCH__: four digits, the AI Core (IP core) then its configuration. CANN 8.1's
// compilers define __CCE_AICORE__, the AI Core alone (100, 200, 220, 300; its AscendC headers pick
// their implementation by it, e.g. basic_api/interface/kernel_operator_vec_binary_intf.h:30-40, and
// tikicpulib's CPU-debug targets define it, lib/cmake/targets-tikicpulib.cmake:70), and no
// __NPU_ARCH__. ASCEND_OPS_NPU_ARCH (arch_traits_generated.h) is __NPU_ARCH__ where defined, else
// the npu_arch whose __CCE_AICORE__ it is: products.yaml gives each arch its value in
// cpu_debug_defines, and the loader refuses two archs of one value, which only the configuration
// (a sub-version: 300 is 3002 with __DAV_M300__ and 3003 with __DAV_L300__ in asc-tools'
// cpudebug/CMakeLists.txt:80-82) would tell apart; the toolkits that know such archs define
// __NPU_ARCH__. A build with neither macro stops here: it would compile for no arch (kAnyArch),
// with APIs the target may lack. Only a host test build of every product line at once asks for
// that, by defining ASCEND_OPS_ANY_ARCH_BUILD (the emulator's headers do: it refuses at run time
// an API the simulated SoC lacks). Code that depends on the arch tests
// ASCEND_OPS_NPU_ARCH or the ASCEND_OPS_ARCH_* macros, never __NPU_ARCH__ itself; `ascend-ops-dev
// check-cann` preprocesses every kernel on each toolkit without -D__NPU_ARCH__ and checks that it
// is the same code as with it.
#ifndef ASCEND_KERNELS_COMMON_BUILD_ARCH_H
#define ASCEND_KERNELS_COMMON_BUILD_ARCH_H

#include <cstdint>

#include "arch_traits_generated.h"

#if defined(ASCEND_OPS_NPU_ARCH) && defined(ASCEND_OPS_HOST_ONLY_BUILD)
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

#if defined(ASCEND_OPS_NPU_ARCH)
constexpr int32_t kBuildArchIndex = FindArch(ASCEND_OPS_NPU_ARCH);
static_assert(kBuildArchIndex >= 0, "__NPU_ARCH__ is the npu_arch of no product line of op_specs/products.yaml");
constexpr ArchTraits kBuildArch = kArchs[kBuildArchIndex < 0 ? 0 : kBuildArchIndex];
#elif defined(ASCEND_OPS_ANY_ARCH_BUILD)
// A host test build of the engine for every product line (Note [build arch]): what any
// architecture offers; the emulator refuses at run time an API the simulated SoC lacks.
constexpr ArchTraits kBuildArch = kAnyArch;
#else
#error "no NPU arch: the compiler defined neither __NPU_ARCH__ nor __CCE_AICORE__ (Note [build arch]); pass -D__NPU_ARCH__=<npu_arch of op_specs/products.yaml>"
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
