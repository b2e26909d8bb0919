// @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
//
// Every op's view builder by the op's name, its attributes in spec order, for callers that
// hold attribute values without the op's C++ types. Each entry calls Build<Op>View as the
// op's OpDef BuildView does.
#ifndef ASCEND_KERNELS_BINDING_OP_VIEW_DISPATCH_GENERATED_H
#define ASCEND_KERNELS_BINDING_OP_VIEW_DISPATCH_GENERATED_H

#include <cstdint>

#include "../depth_to_space/depth_to_space_view.h"
#include "../slice/slice_view.h"
#include "../space_to_depth/space_to_depth_view.h"
#include "../strided_slice/strided_slice_view.h"

namespace ascend_ops {

// One attribute: `value` of an int, `data` and `size` of an int[] or int[]? (size 0: None) or
// of an int[][] (flattened), `text` of a str, `real` of a float.
struct OpAttrValue {
    int64_t value;
    const int64_t* data;
    int64_t size;
    const char* text;
    float real;
};

struct OpViewEntry {
    const char* op;         // the spec's op name
    const char* attrKinds;  // per attribute in spec order: i int, l int[], int[]? or int[][], s str,
                            // f float
    Status (*build)(const OpAttrValue* attrs, const TensorShape& input, TensorShape* outShape,
                    StridedView* view);
};

// depth_to_space (op_specs/depth_to_space.yaml)
inline Status BuildDepthToSpaceViewFromAttributes(const OpAttrValue* attrs, const TensorShape& input,
    TensorShape* outShape, StridedView* view)
{
    return ascend_ops::BuildDepthToSpaceView(input, attrs[0].value, attrs[1].text, attrs[2].text, outShape, view);
}

// slice (op_specs/slice.yaml)
inline Status BuildSliceViewFromAttributes(const OpAttrValue* attrs, const TensorShape& input,
    TensorShape* outShape, StridedView* view)
{
    return ascend_ops::BuildSliceView(input, attrs[0].data, attrs[0].size, attrs[1].data, attrs[1].size, outShape,
                                      view);
}

// space_to_depth (op_specs/space_to_depth.yaml)
inline Status BuildSpaceToDepthViewFromAttributes(const OpAttrValue* attrs, const TensorShape& input,
    TensorShape* outShape, StridedView* view)
{
    return ascend_ops::BuildSpaceToDepthView(input, attrs[0].value, attrs[1].text, attrs[2].text, outShape, view);
}

// strided_slice (op_specs/strided_slice.yaml)
inline Status BuildStridedSliceViewFromAttributes(const OpAttrValue* attrs, const TensorShape& input,
    TensorShape* outShape, StridedView* view)
{
    ascend_ops::StridedSliceArgs args{};
    args.begin = attrs[0].data;
    args.beginSize = attrs[0].size;
    args.end = attrs[1].data;
    args.endSize = attrs[1].size;
    args.strides = attrs[2].data;
    args.stridesSize = attrs[2].size;
    args.beginMask = attrs[3].value;
    args.endMask = attrs[4].value;
    args.ellipsisMask = attrs[5].value;
    args.newAxisMask = attrs[6].value;
    args.shrinkAxisMask = attrs[7].value;
    return ascend_ops::BuildStridedSliceView(input, args, outShape, view);
}

inline constexpr OpViewEntry kOpViews[] = {
    {"depth_to_space", "iss", &BuildDepthToSpaceViewFromAttributes},
    {"slice", "ll", &BuildSliceViewFromAttributes},
    {"space_to_depth", "iss", &BuildSpaceToDepthViewFromAttributes},
    {"strided_slice", "llliiiii", &BuildStridedSliceViewFromAttributes},
};
inline constexpr int32_t kOpViewCount = 4;

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_BINDING_OP_VIEW_DISPATCH_GENERATED_H
