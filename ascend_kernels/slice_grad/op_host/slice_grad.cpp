// @generated from op_specs/slice.yaml by ascend-ops-dev generate; do not edit
//
// The CANN custom op `slice_grad`: OpType AscendSliceGrad, view builder BuildSliceView.
// The gradient of `slice`: dx is zeros of its `shape` attribute with dy written into the view of it that `slice` reads (Note [write modes] in common/copy_write_planner.h).
//
// What is the op's own: its OpDef, with one AI Core configuration per product line, and BuildView,
// which reads its attributes into its view builder (../../slice/slice_view.h). Tiling, shape inference and dtype
// inference are the same for every op (common/copy_op_host.h): they build the view through
// BuildView, plan the copy for the SoC and save the plan for the kernel entry in ../op_kernel/.
#include "slice_grad_tiling.h"

#include <type_traits>

#include "../../slice/slice_view.h"
#include "copy_op_host.h"

// ../../slice/slice_view.h as op_specs declares it: the compiler holds the hand-written view builder to the
// signature the spec implies (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py).
static_assert(std::is_same<decltype(&ascend_ops::BuildSliceView), ascend_ops::Status (*)(const ascend_ops::TensorShape&, const int64_t*, int64_t, const int64_t*, int64_t, ascend_ops::TensorShape*, ascend_ops::StridedView*)>::value,
              "ascend_kernels/slice/slice_view.h must declare Status BuildSliceView(const TensorShape& input, const int64_t* offsets, int64_t offsetsSize, const int64_t* size, int64_t sizeSize, TensorShape* outShape, StridedView* view): so op_specs/slice.yaml binds the attributes of slice (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");

namespace ops {

// The shape of dx: the `shape` attribute.
static ascend_ops::Status ReadOutputShape(ascend_ops::OpAttrReader& attrs, ascend_ops::TensorShape* outShape)
{
    const ascend_ops::IntListAttr shape = attrs.ListInt(0, "shape");
    return ascend_ops::ShapeFromList(shape.data, shape.size, outShape);
}

// The output shape of slice and the view of its input, from its attributes in OpDef order.
static ascend_ops::Status BuildView(const ascend_ops::TensorShape& input, ascend_ops::OpAttrReader& attrs,
                                    ascend_ops::TensorShape* outShape, ascend_ops::StridedView* view)
{
    const ascend_ops::IntListAttr offsetsAttr = attrs.ListInt(1, "offsets");
    const ascend_ops::IntListAttr sizeAttr = attrs.ListInt(2, "size");
    return ascend_ops::BuildSliceView(input, offsetsAttr.data, offsetsAttr.size, sizeAttr.data, sizeAttr.size, outShape,
                                      view);
}

// The op as copy_op_host.h sees it: the OpDef registers its tiling and shape inference by it.
static const ascend_ops::CopyOpHost kAscendSliceGrad{"AscendSliceGrad", "dy", "dx", BuildView, nullptr, nullptr, 0, ReadOutputShape, nullptr};

class AscendSliceGrad : public OpDef {
public:
    explicit AscendSliceGrad(const char* name) : OpDef(name)
    {
        // Every dtype of the op; each product line's configuration below narrows it.
        this->Input("dy").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_BOOL, ge::DT_INT32, ge::DT_UINT32, ge::DT_BF16}).Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("dx").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_BOOL, ge::DT_INT32, ge::DT_UINT32, ge::DT_BF16}).Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("shape").AttrType(REQUIRED).ListInt();
        this->Attr("offsets").AttrType(REQUIRED).ListInt();
        this->Attr("size").AttrType(REQUIRED).ListInt();
        this->SetInferShape(ascend_ops::InferCopyOpShape<&kAscendSliceGrad>).SetInferDataType(ascend_ops::InferCopyOpDataType);
        this->AICore().SetTiling(ascend_ops::CopyOpTiling<&kAscendSliceGrad>);

        // atlas-a3: Atlas A3 training / inference series (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend910_93", "dy", "dx", {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_BOOL, ge::DT_INT32, ge::DT_UINT32, ge::DT_BF16});
        // atlas-a2: Atlas A2 training series / Atlas 800I A2 inference (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend910b", "dy", "dx", {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_BOOL, ge::DT_INT32, ge::DT_UINT32, ge::DT_BF16});
        // atlas-training: Atlas training series (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend910", "dy", "dx", {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_BOOL, ge::DT_INT32, ge::DT_UINT32, ge::DT_BF16});
        // atlas-inference: Atlas inference series (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend310p", "dy", "dx", {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_BOOL, ge::DT_INT32, ge::DT_UINT32});
        // atlas-200i-500-a2: Atlas 200I/500 A2 inference (op_specs/products.yaml)
        ascend_ops::AddCopyOpConfig(this->AICore(), "ascend310b", "dy", "dx", {ge::DT_FLOAT16});
    }
};

OP_ADD(AscendSliceGrad);

}  // namespace ops
