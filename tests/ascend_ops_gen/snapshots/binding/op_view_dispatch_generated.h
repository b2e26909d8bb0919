// @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
//
// Every op's view builder by the op's name, its attributes in spec order, for callers that
// hold attribute values without the op's C++ types. Each entry calls Build<Op>View as the
// op's OpDef BuildView does.
#ifndef ASCEND_KERNELS_BINDING_OP_VIEW_DISPATCH_GENERATED_H
#define ASCEND_KERNELS_BINDING_OP_VIEW_DISPATCH_GENERATED_H

#include <cstdint>

#include "../demo_window/demo_window_view.h"

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

// demo_window (op_specs/demo_window.yaml)
inline Status BuildDemoWindowViewFromAttributes(const OpAttrValue* attrs, const TensorShape& input,
    TensorShape* outShape, StridedView* view)
{
    ascend_ops::DemoWindowArgs args{};
    args.begin = attrs[0].data;
    args.beginSize = attrs[0].size;
    args.step = attrs[1].data;
    args.stepSize = attrs[1].size;
    args.size = attrs[2].value;
    args.layout = attrs[3].text;
    return ascend_ops::BuildDemoWindowView(input, args, outShape, view);
}

inline constexpr OpViewEntry kOpViews[] = {
    {"demo_window", "llis", &BuildDemoWindowViewFromAttributes},
};
inline constexpr int32_t kOpViewCount = 1;

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_BINDING_OP_VIEW_DISPATCH_GENERATED_H
