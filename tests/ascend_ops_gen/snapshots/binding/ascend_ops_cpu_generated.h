// @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
//
// Per op, for the compiled CPU fast path (python/ascend_ops/cpu/src/ascend_ops_fast.cpp): its torch
// schema, rank limit, backward rule, dtype rule and the dtypes each product line supports (by
// their op_specs/ names, space-separated, in kFastProductKeys order).
#ifndef ASCEND_KERNELS_BINDING_ASCEND_OPS_CPU_GENERATED_H
#define ASCEND_KERNELS_BINDING_ASCEND_OPS_CPU_GENERATED_H

#include <cstdint>

#include "op_view_dispatch_generated.h"

namespace ascend_ops_fast {

constexpr int32_t kFastProductCount = 3;
inline constexpr const char* kFastProductKeys[kFastProductCount] = {"split-line", "coupled-line", "small-line"};
// The sha256 of the op_specs/*.yaml files this table was generated from (python/ascend_ops/cpu/
// compiled.py compares it with the specs in use before loading an extension built from it).
inline constexpr const char* kFastSpecsDigest = "171e05603e8d50e915815811c1fbd4eacb88f9d4c250f1d127ea89a8c4cc1beb";

enum class BackwardRule { kNone, kScatter, kInverse };

struct FastOpSpec {
    const char* name;
    const char* schema;
    int32_t maxRank;
    BackwardRule backward;
    const char* inverse;  // the op whose forward is the backward (kInverse), else nullptr
    ascend_ops::Status (*checkDtype)(const char* dtype, const ascend_ops::OpAttrValue* attrs);
    const char* productDtypes[kFastProductCount];
};

inline constexpr FastOpSpec kFastOps[] = {
    // demo_window (op_specs/demo_window.yaml)
    {"demo_window", "demo_window(Tensor x, int[] begin, int[]? step=None, int size=-1, *, str layout=\"NHWC\") -> Tensor", 6, BackwardRule::kNone, nullptr, nullptr,
     {"float16 float32 bfloat16 int8 int64", "float16 float32 int8 int64", "float16 int8"}},
};
inline constexpr int32_t kFastOpCount = 1;

}  // namespace ascend_ops_fast

#endif  // ASCEND_KERNELS_BINDING_ASCEND_OPS_CPU_GENERATED_H
