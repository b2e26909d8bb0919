// @generated from op_specs/space_to_depth.yaml by ascend-ops-dev generate; do not edit
//
// The CANN custom op `space_to_depth`: OpType AscendSpaceToDepth, view builder BuildSpaceToDepthView.
//
// What is the op's own: its OpDef, with one AI Core configuration per product line, and BuildView,
// which reads its attributes into its view builder (../space_to_depth_view.h). Tiling, shape inference and dtype
// inference are the same for every op (common/copy_op_host.h): they build the view through
// BuildView, plan the copy for the SoC and save the plan for the kernel entry in ../op_kernel/.
#include "space_to_depth_tiling.h"

#include <type_traits>

#include "../space_to_depth_view.h"
#include "copy_op_host.h"

// ../space_to_depth_view.h as op_specs declares it: the compiler holds the hand-written view builder to the
// signature the spec implies (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py).
static_assert(std::is_same<decltype(&ascend_ops::BuildSpaceToDepthView), ascend_ops::Status (*)(const ascend_ops::TensorShape&, int64_t, const char*, const char*, ascend_ops::TensorShape*, ascend_ops::StridedView*)>::value,
              "ascend_kernels/space_to_depth/space_to_depth_view.h must declare Status BuildSpaceToDepthView(const TensorShape& input, int64_t blockSize, const char* dataFormat, const char* mode, TensorShape* outShape, StridedView* view): so op_specs/space_to_depth.yaml binds the attributes of space_to_depth (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py)");
static_assert(std::is_same<decltype(&ascend_ops::CheckSpaceToDepthDtype), ascend_ops::Status (*)(const char*, int64_t, const char*, const char*)>::value,
              "ascend_kernels/space_to_depth/space_to_depth_view.h must declare Status CheckSpaceToDepthDtype(const char* dtype, int64_t blockSize, const char* dataFormat, const char* mode): so view_builder.dtype_check of op_specs/space_to_depth.yaml declares it (Note [dtype rules] in ascend_ops_gen/codegen/op_views.py)");

namespace ops {

// The output shape of space_to_depth and the view of its input, from its attributes in OpDef order.
static ascend_ops::Status BuildView(const ascend_ops::TensorShape& input, ascend_ops::OpAttrReader& attrs,
                                    ascend_ops::TensorShape* outShape, ascend_ops::StridedView* view)
{
    return ascend_ops::BuildSpaceToDepthView(input, attrs.Int(0, "block_size"), attrs.Str(1, "data_format"),
                                             attrs.Str(2, "mode"), outShape, view);
}

// The dtype rule of space_to_depth (CheckSpaceToDepthDtype, ../space_to_depth_view.h), for the input's dtype by its op_specs/ name.
static ascend_ops::Status CheckDtype(const char* dtype, ascend_ops::OpAttrReader& attrs)
{
    return ascend_ops::CheckSpaceToDepthDtype(dtype, attrs.Int(0, "block_size"), attrs.Str(1, "data_format"),
                                              attrs.Str(2, "mode"));
}

// The dtypes of space_to_depth by their op_specs/ names, for CheckDtype.
static const ascend_ops::DtypeName kDtypeNames[] = {{ge::DT_FLOAT16, "float16"}, {ge::DT_FLOAT, "float32"}, {ge::DT_BF16, "bfloat16"}, {ge::DT_INT8, "int8"}, {ge::DT_UINT8, "uint8"}, {ge::DT_INT16, "int16"}, {ge::DT_INT32, "int32"}, {ge::DT_INT64, "int64"}, {ge::DT_UINT32, "uint32"}, {ge::DT_BOOL, "bool"}};

// The op as copy_op_host.h sees it: the OpDef registers its tiling and shape inference by it.
static const ascend_ops::CopyOpHost kAscendSpaceToDepth{"AscendSpaceToDepth", "x", "y", BuildView, CheckDtype, kDtypeNames, 10, nullptr, nullptr};

class AscendSpaceToDepth : public OpDef {
public:
    explicit AscendSpaceToDepth(const char* name) : OpDef(name)
    {
        // Every dtype of the op; each product line's configuration below narrows it.
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL}).Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL}).Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("block_size").AttrType(REQUIRED).Int();
        this->Attr("data_format").AttrType(OPTIONAL).String("NHWC");
        this->Attr("mode").AttrType(OPTIONAL).String("DCR");
        this->SetInferShape(ascend_ops::InferCopyOpShape<&kAscendSpaceToDepth>).SetInferDataType(ascend_ops::InferCopyOpDataType);
        this->AICore().SetTiling(ascend_ops::CopyOpTiling<&kAscendSpaceToDepth>);

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

OP_ADD(AscendSpaceToDepth);

}  // namespace ops
