// Note [cost model]
// What an AI core's work costs in time: the figures the planner weighs its choices by (copy
// units, the core count: copy_cost.h) and the NPU model turns the simulator's counts into
// modeled time with (dev/ascend_ops_dev/benchmarks/npu_model.py reads this file; the product's
// memory bandwidth comes from op_specs/products.yaml). Huawei documents none of the per-
// instruction figures for the AI core's scalar unit, so each is marked ASSUMED with its reason, or
// DOCUMENTED with its source; the model's ratios move with them, its before / after comparisons
// much less. Each constant is one line `constexpr double kName = value;  // ASSUMED: reason`
// (or DOCUMENTED), the reason continuing on the comment lines below it; the model parses them.
#ifndef ASCEND_KERNELS_COMMON_COST_MODEL_H
#define ASCEND_KERNELS_COMMON_COST_MODEL_H

#ifdef ASCEND_OPS_KERNEL_TU
#error "cost_model.h is host code, which a kernel translation unit must not include (Note [kernel translation unit] in build_arch.h)"
#endif

namespace ascend_ops {

constexpr double kDmaIssueNs = 100.0;         // ASSUMED: MTE descriptor set-up and issue of one DataCopy
constexpr double kVectorIssueNs = 30.0;       // ASSUMED: one count-mode vector instruction (Gather, Adds,
                                              // TransDataTo5HD) issued and its repeats started, for the
                                              // small counts the kernels use
constexpr double kAddressListNs = 100.0;      // ASSUMED: the scalar unit's work for one TransDataTo5HD
                                              // beyond its issue: 32 UB block addresses computed and
                                              // written into the four VA registers (the API copies both
                                              // lists into register arrays): ~130 scalar instructions
                                              // at ~1.5 GHz
constexpr double kGmScalarNs = 200.0;         // ASSUMED: a scalar GM access through the data cache, a miss
                                              // in these kernels (each touches a line once)
constexpr double kDivModNs = 40.0;            // ASSUMED: a 64-bit integer division or modulo on an in-order
                                              // scalar unit without a hardware divider pipeline: tens of
                                              // cycles at ~1.5 GHz
constexpr double kMulHighNs = 8.0;            // ASSUMED: MulHigh (scalar_cost.h): two 64-bit multiplies, a
                                              // mask, three shifts and an add, about ten scalar cycles at
                                              // ~1.5 GHz: pipelined instructions, unlike a division
constexpr double kUbScalarNs = 4.0;           // ASSUMED: GetValue / SetValue on UB: a few scalar cycles each
constexpr double kLoopIterationNs = 6.0;      // ASSUMED: the index bookkeeping of one per-row / per-unit
                                              // iteration (compares, additions, a branch): about ten
                                              // scalar instructions
constexpr double kBlockLaunchNs = 20.0;       // ASSUMED: what each launched block adds to a launch: the
                                              // task scheduler starts a kernel's blocks on their cores one
                                              // after another, and each reads its tiling and fills its
                                              // instruction cache; Huawei gives launch overhead only as a
                                              // whole. A block is worth launching while it saves more
                                              // (Note [core count] in copy_cost.h)
constexpr double kCoreBandwidthGbps = 128.0;  // ASSUMED: what one core's DMA engines move GM <-> UB, about
                                              // 64 bytes a cycle at ~2 GHz: a core alone moves far less
                                              // than the device's memory delivers, so small copies gain
                                              // from a few cores, and 13 of A2's 48 reach its 1.6 TB/s

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COST_MODEL_H
