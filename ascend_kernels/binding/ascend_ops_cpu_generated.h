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

constexpr int32_t kFastProductCount = 5;
inline constexpr const char* kFastProductKeys[kFastProductCount] = {"atlas-a3", "atlas-a2", "atlas-training", "atlas-inference", "atlas-200i-500-a2"};
// The sha256 of the op_specs/*.yaml files this table was generated from (python/ascend_ops/cpu/
// compiled.py compares it with the specs in use before loading an extension built from it).
inline constexpr const char* kFastSpecsDigest = "667d96be06a8fc07349c4a938d56f563d5d38de07aba161c3873e646cf41bdb4";

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

// depth_to_space: CheckDepthToSpaceDtype (op_specs/depth_to_space.yaml:46) with the attributes in spec order.
inline ascend_ops::Status CheckDepthToSpaceDtypeFromAttributes(const char* dtype, const ascend_ops::OpAttrValue* attrs)
{
    return ascend_ops::CheckDepthToSpaceDtype(dtype, attrs[0].value, attrs[1].text, attrs[2].text);
}

// space_to_depth: CheckSpaceToDepthDtype (op_specs/space_to_depth.yaml:45) with the attributes in spec order.
inline ascend_ops::Status CheckSpaceToDepthDtypeFromAttributes(const char* dtype, const ascend_ops::OpAttrValue* attrs)
{
    return ascend_ops::CheckSpaceToDepthDtype(dtype, attrs[0].value, attrs[1].text, attrs[2].text);
}

inline constexpr FastOpSpec kFastOps[] = {
    // depth_to_space (op_specs/depth_to_space.yaml)
    {"depth_to_space", "depth_to_space(Tensor x, int block_size, *, str data_format=\"NHWC\", str mode=\"DCR\") -> Tensor", ascend_ops::kMaxViewDims, BackwardRule::kInverse, "space_to_depth", &CheckDepthToSpaceDtypeFromAttributes,
     {"float16 float32 bfloat16 int8 uint8 int16 int32 int64 uint32 bool", "float16 float32 bfloat16 int8 uint8 int16 int32 int64 uint32 bool", "float16 float32 bfloat16 int8 uint8 int16 int32 int64 uint32 bool", "float16 float32 int8 uint8 int16 int32 int64 uint32 bool", "float16"}},
    // slice (op_specs/slice.yaml)
    {"slice", "slice(Tensor x, int[] offsets, int[] size) -> Tensor", 8, BackwardRule::kScatter, nullptr, nullptr,
     {"float16 float32 int8 bool int32 uint32 bfloat16", "float16 float32 int8 bool int32 uint32 bfloat16", "float16 float32 int8 bool int32 uint32 bfloat16", "float16 float32 int8 bool int32 uint32", "float16"}},
    // space_to_depth (op_specs/space_to_depth.yaml)
    {"space_to_depth", "space_to_depth(Tensor x, int block_size, *, str data_format=\"NHWC\", str mode=\"DCR\") -> Tensor", ascend_ops::kMaxViewDims, BackwardRule::kInverse, "depth_to_space", &CheckSpaceToDepthDtypeFromAttributes,
     {"float16 float32 bfloat16 int8 uint8 int16 int32 int64 uint32 bool", "float16 float32 bfloat16 int8 uint8 int16 int32 int64 uint32 bool", "float16 float32 bfloat16 int8 uint8 int16 int32 int64 uint32 bool", "float16 float32 int8 uint8 int16 int32 int64 uint32 bool", "float16"}},
    // strided_slice (op_specs/strided_slice.yaml)
    {"strided_slice", "strided_slice(Tensor x, int[] begin, int[] end, int[]? strides=None, *, int begin_mask=0, int end_mask=0, int ellipsis_mask=0, int new_axis_mask=0, int shrink_axis_mask=0) -> Tensor", ascend_ops::kMaxViewDims, BackwardRule::kScatter, nullptr, nullptr,
     {"float16 float32 bfloat16 int8 uint8 int16 int32 int64 uint32 bool", "float16 float32 bfloat16 int8 uint8 int16 int32 int64 uint32 bool", "float16 float32 bfloat16 int8 uint8 int16 int32 int64 uint32 bool", "float16 float32 int8 uint8 int16 int32 int64 uint32 bool", "float16"}},
};
inline constexpr int32_t kFastOpCount = 4;

}  // namespace ascend_ops_fast

#endif  // ASCEND_KERNELS_BINDING_ASCEND_OPS_CPU_GENERATED_H
