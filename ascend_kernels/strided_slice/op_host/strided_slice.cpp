// @generated from op_specs/strided_slice.yaml by ascend-ops-dev generate; do not edit
//
// The CANN custom op `strided_slice`: OpType AscendStridedSlice, view builder BuildStridedSliceView.
//
// What is the op's own: its OpDef, with one AI Core configuration per product line, and BuildView,
// which reads its attributes into its view builder (../strided_slice_view.h). Tiling, shape inference and dtype
// inference are the same for every op (common/copy_op_host.h): they build the view through
// BuildView, plan the copy for the SoC and save the plan for the kernel entry in ../op_kernel/.
#include "strided_slice_tiling.h"

#include <type_traits>

#include "../strided_slice_view.h"
#include "copy_op_host.h"

// ../strided_slice_view.h as op_specs declares it: the compiler holds the hand-written view builder to the
// signature the spec implies (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py).
static_assert(std::is_same<decltype(&ascend_ops::BuildStridedSliceView), ascend_ops::Status (*)(const ascend_ops::TensorShape&, const ascend_ops::StridedSliceArgs&, ascend_ops::TensorShape*, ascend_ops::StridedView*)>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h must declare Status BuildStridedSliceView(const TensorShape& input, const StridedSliceArgs& args, TensorShape* outShape, StridedView* view): so op_specs/strided_slice.yaml binds the attributes of strided_slice (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::begin), const int64_t*>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::begin must be of type const int64_t*, for attribute begin of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::beginSize), int64_t>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::beginSize must be of type int64_t, for attribute begin of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::end), const int64_t*>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::end must be of type const int64_t*, for attribute end of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::endSize), int64_t>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::endSize must be of type int64_t, for attribute end of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::strides), const int64_t*>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::strides must be of type const int64_t*, for attribute strides of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::stridesSize), int64_t>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::stridesSize must be of type int64_t, for attribute strides of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::beginMask), int64_t>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::beginMask must be of type int64_t, for attribute begin_mask of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::endMask), int64_t>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::endMask must be of type int64_t, for attribute end_mask of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::ellipsisMask), int64_t>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::ellipsisMask must be of type int64_t, for attribute ellipsis_mask of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::newAxisMask), int64_t>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::newAxisMask must be of type int64_t, for attribute new_axis_mask of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(ascend_ops::StridedSliceArgs::shrinkAxisMask), int64_t>::value,
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs::shrinkAxisMask must be of type int64_t, for attribute shrink_axis_mask of op_specs/strided_slice.yaml (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(!ascend_ops::AggregateTakes<ascend_ops::StridedSliceArgs, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField, ascend_ops::AnyField>(0),
              "ascend_kernels/strided_slice/strided_slice_view.h: StridedSliceArgs has a field beyond the 11 the attributes of op_specs/strided_slice.yaml fill (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");

namespace ops {

// The output shape of strided_slice and the view of its input, from its attributes in OpDef order.
static ascend_ops::Status BuildView(const ascend_ops::TensorShape& input, ascend_ops::OpAttrReader& attrs,
                                    ascend_ops::TensorShape* outShape, ascend_ops::StridedView* view)
{
    const ascend_ops::IntListAttr beginAttr = attrs.ListInt(0, "begin");
    const ascend_ops::IntListAttr endAttr = attrs.ListInt(1, "end");
    const ascend_ops::IntListAttr stridesAttr = attrs.OptionalListInt(2, "strides");
    ascend_ops::StridedSliceArgs args{};
    args.begin = beginAttr.data;
    args.beginSize = beginAttr.size;
    args.end = endAttr.data;
    args.endSize = endAttr.size;
    args.strides = stridesAttr.data;
    args.stridesSize = stridesAttr.size;
    args.beginMask = attrs.Int(3, "begin_mask");
    args.endMask = attrs.Int(4, "end_mask");
    args.ellipsisMask = attrs.Int(5, "ellipsis_mask");
    args.newAxisMask = attrs.Int(6, "new_axis_mask");
    args.shrinkAxisMask = attrs.Int(7, "shrink_axis_mask");
    return ascend_ops::BuildStridedSliceView(input, args, outShape, view);
}

// The op as copy_op_host.h sees it: the OpDef registers its tiling and shape inference by it.
static const ascend_ops::CopyOpHost kAscendStridedSlice{"AscendStridedSlice", "x", "y", BuildView, nullptr, nullptr, 0, nullptr, nullptr};

class AscendStridedSlice : public OpDef {
public:
    explicit AscendStridedSlice(const char* name) : OpDef(name)
    {
        // Every dtype of the op; each product line's configuration below narrows it.
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL}).Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL}).Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("begin").AttrType(REQUIRED).ListInt();
        this->Attr("end").AttrType(REQUIRED).ListInt();
        this->Attr("strides").AttrType(OPTIONAL).ListInt({});
        this->Attr("begin_mask").AttrType(OPTIONAL).Int(0);
        this->Attr("end_mask").AttrType(OPTIONAL).Int(0);
        this->Attr("ellipsis_mask").AttrType(OPTIONAL).Int(0);
        this->Attr("new_axis_mask").AttrType(OPTIONAL).Int(0);
        this->Attr("shrink_axis_mask").AttrType(OPTIONAL).Int(0);
        this->SetInferShape(ascend_ops::InferCopyOpShape<&kAscendStridedSlice>).SetInferDataType(ascend_ops::InferCopyOpDataType);
        this->AICore().SetTiling(ascend_ops::CopyOpTiling<&kAscendStridedSlice>);

        // atlas-a3: Atlas A3 training / inference series (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend910_93", "x", "y", {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL});
        // atlas-a2: Atlas A2 training series / Atlas 800I A2 inference (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend910b", "x", "y", {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL});
        // atlas-training: Atlas training series (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend910", "x", "y", {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL});
        // atlas-inference: Atlas inference series (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend310p", "x", "y", {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL});
        // atlas-200i-500-a2: Atlas 200I/500 A2 inference (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend310b", "x", "y", {ge::DT_FLOAT16});
    }
};

OP_ADD(AscendStridedSlice);

}  // namespace ops
