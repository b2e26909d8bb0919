// @generated from op_specs/demo_window.yaml by ascend-ops-dev generate; do not edit
//
// The CANN custom op `demo_window`: OpType DemoWindow, view builder BuildDemoWindowView.
//
// What is the op's own: its OpDef, with one AI Core configuration per product line, and BuildView,
// which reads its attributes into its view builder (../demo_window_view.h). Tiling, shape inference and dtype
// inference are the same for every op (common/copy_op_host.h): they build the view through
// BuildView, plan the copy for the SoC and save the plan for the kernel entry in ../op_kernel/.
#include "demo_window_tiling.h"

#include <type_traits>

#include "../demo_window_view.h"
#include "copy_op_host.h"

// ../demo_window_view.h as op_specs declares it: the compiler holds the hand-written view builder to the
// signature the spec implies (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py).
static_assert(std::is_same<decltype(&ascend_ops::BuildDemoWindowView), ascend_ops::Status (*)(const ascend_ops::TensorShape&, const ascend_ops::DemoWindowArgs&, ascend_ops::TensorShape*, ascend_ops::StridedView*)>::value,
              "ascend_kernels/demo_window/demo_window_view.h must declare Status BuildDemoWindowView(const TensorShape& input, const DemoWindowArgs& args, TensorShape* outShape, StridedView* view): so op_specs/demo_window.yaml binds the attributes of demo_window (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::DemoWindowArgs::begin), const int64_t*>::value,
              "ascend_kernels/demo_window/demo_window_view.h: DemoWindowArgs::begin must be of type const int64_t*, for attribute begin of op_specs/demo_window.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::DemoWindowArgs::beginSize), int64_t>::value,
              "ascend_kernels/demo_window/demo_window_view.h: DemoWindowArgs::beginSize must be of type int64_t, for attribute begin of op_specs/demo_window.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::DemoWindowArgs::step), const int64_t*>::value,
              "ascend_kernels/demo_window/demo_window_view.h: DemoWindowArgs::step must be of type const int64_t*, for attribute step of op_specs/demo_window.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::DemoWindowArgs::stepSize), int64_t>::value,
              "ascend_kernels/demo_window/demo_window_view.h: DemoWindowArgs::stepSize must be of type int64_t, for attribute step of op_specs/demo_window.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::DemoWindowArgs::size), int64_t>::value,
              "ascend_kernels/demo_window/demo_window_view.h: DemoWindowArgs::size must be of type int64_t, for attribute size of op_specs/demo_window.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::DemoWindowArgs::layout), const char*>::value,
              "ascend_kernels/demo_window/demo_window_view.h: DemoWindowArgs::layout must be of type const char*, for attribute layout of op_specs/demo_window.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(!ascend_ops::AggregateTakes<ascend_ops::DemoWindowArgs, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField>(0),
              "ascend_kernels/demo_window/demo_window_view.h: DemoWindowArgs has a field beyond the 6 the attributes of op_specs/demo_window.yaml fill (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");

namespace ops {

// The output shape of demo_window and the view of its input, from its attributes in OpDef order.
static ascend_ops::Status BuildView(const ascend_ops::TensorShape& input, ascend_ops::OpAttrReader& attrs,
                                    ascend_ops::TensorShape* outShape, ascend_ops::StridedView* view)
{
    const ascend_ops::IntListAttr beginAttr = attrs.ListInt(0, "begin");
    const ascend_ops::IntListAttr stepAttr = attrs.OptionalListInt(1, "step");
    ascend_ops::DemoWindowArgs args{};
    args.begin = beginAttr.data;
    args.beginSize = beginAttr.size;
    args.step = stepAttr.data;
    args.stepSize = stepAttr.size;
    args.size = attrs.Int(2, "size");
    args.layout = attrs.Str(3, "layout");
    return ascend_ops::BuildDemoWindowView(input, args, outShape, view);
}

// The op as copy_op_host.h sees it: the OpDef registers its tiling and shape inference by it.
static const ascend_ops::CopyOpHost kDemoWindow{"DemoWindow", "x", "y", BuildView, nullptr, nullptr, 0, nullptr, nullptr};

class DemoWindow : public OpDef {
public:
    explicit DemoWindow(const char* name) : OpDef(name)
    {
        // Every dtype of the op; each product line's configuration below narrows it.
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_INT64}).Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_INT64}).Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("begin").AttrType(REQUIRED).ListInt();
        this->Attr("step").AttrType(OPTIONAL).ListInt({});
        this->Attr("size").AttrType(OPTIONAL).Int(-1);
        this->Attr("layout").AttrType(OPTIONAL).String("NHWC");
        this->SetInferShape(ascend_ops::InferCopyOpShape<&kDemoWindow>).SetInferDataType(ascend_ops::InferCopyOpDataType);
        this->AICore().SetTiling(ascend_ops::CopyOpTiling<&kDemoWindow>);

        // split-line: A split-architecture line (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend910b", "x", "y", {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_INT64});
        // coupled-line: A coupled line without bfloat16 (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend310p", "x", "y", {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_INT64});
        // small-line: A one-core line, float16 only (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend310b", "x", "y", {ge::DT_FLOAT16, ge::DT_INT8});
    }
};

OP_ADD(DemoWindow);

}  // namespace ops
