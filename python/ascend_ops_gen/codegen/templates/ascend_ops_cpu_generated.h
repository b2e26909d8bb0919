$header
//
// Per op, for the compiled CPU fast path (python/ascend_ops/cpu/src/ascend_ops_fast.cpp): its torch
// schema, rank limit, backward rule, dtype rule and the dtypes each product line supports (by
// their op_specs/ names, space-separated, in kFastProductKeys order).
#ifndef ASCEND_KERNELS_BINDING_ASCEND_OPS_CPU_GENERATED_H
#define ASCEND_KERNELS_BINDING_ASCEND_OPS_CPU_GENERATED_H

#include <cstdint>

#include "op_view_dispatch_generated.h"

namespace ascend_ops_fast {

constexpr int32_t kFastProductCount = $product_count;
inline constexpr const char* kFastProductKeys[kFastProductCount] = {$product_keys};
// The sha256 of the op_specs/*.yaml files this table was generated from (python/ascend_ops/cpu/
// compiled.py compares it with the specs in use before loading an extension built from it).
inline constexpr const char* kFastSpecsDigest = $specs_digest;

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

$dtype_rules
inline constexpr FastOpSpec kFastOps[] = {
    $entries
};
inline constexpr int32_t kFastOpCount = $op_count;

}  // namespace ascend_ops_fast

#endif  // ASCEND_KERNELS_BINDING_ASCEND_OPS_CPU_GENERATED_H
