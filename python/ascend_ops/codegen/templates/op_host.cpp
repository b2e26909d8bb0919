$header
//
// The CANN custom op of `$op_name`: OpType $op_type
//
// Its OpDef with one AI Core configuration per product line, shape and dtype inference, and the
// tiling function. The op's semantics live in the engine (ascend_kernels/common/): the view
// builder makes the view of the input, PlanStridedCopy plans the copy for the SoC, and the
// kernel entry in ../op_kernel/ runs the plan. View builder: $builder
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "$tiling_header"
#include "platform/platform_infos_def.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

#include "copy_planner.h"
#include "copy_tiling.h"
#include "op_views.h"
#include "products_generated.h"
#include "soc_info.h"
#include "status.h"
#include "strided_view.h"

namespace optiling {

// $tiling_class must lay out exactly as CopyTiling: same fields, same offsets, no padding.
static_assert(sizeof(ascend_ops::CopyTiling) == $tiling_size, "CopyTiling changed: run `ascend-ops generate`");
$offset_asserts

namespace {

// Reports why the op was rejected; CANN turns the failed status into the caller's error.
ge::graphStatus Reject(const char* nodeName, const char* message)
{
    std::fprintf(stderr, "[$op_type] %s: %s\n", nodeName != nullptr ? nodeName : "$op_name", message);
    return ge::GRAPH_FAILED;
}

// Unknown dims (-1) or an unknown rank (-2) appear during graph compilation of dynamic shapes.
bool IsUnknownShape(const gert::Shape& shape)
{
    for (size_t i = 0; i < shape.GetDimNum(); ++i) {
        if (shape.GetDim(i) < 0) {
            return true;
        }
    }
    return false;
}

ascend_ops::Status ToTensorShape(const gert::Shape& shape, ascend_ops::TensorShape* out)
{
    if (shape.GetDimNum() > static_cast<size_t>(ascend_ops::kMaxViewDims)) {
        return ascend_ops::Status::Error("$input has %zu dims; at most %d are supported", shape.GetDimNum(),
                                         ascend_ops::kMaxViewDims);
    }
    out->rank = static_cast<int32_t>(shape.GetDimNum());
    for (size_t i = 0; i < shape.GetDimNum(); ++i) {
        out->dims[i] = shape.GetDim(i);
    }
    return ascend_ops::Status::Ok();
}

// The output shape of $op_name and the view of its input `$input`, from the attributes in OpDef
// order (RuntimeAttrs indexes).
ascend_ops::Status BuildView(const gert::Shape& $input, const gert::RuntimeAttrs* attrs, ascend_ops::TensorShape* outShape,
                             ascend_ops::StridedView* view)
{
    if (attrs == nullptr) {
        return ascend_ops::Status::Error("$op_name has no attributes");
    }
    $read_attrs
    ascend_ops::TensorShape input;
    const ascend_ops::Status status = ToTensorShape($input, &input);
    if (!status.ok) {
        return status;
    }
    $call_builder
}

// Element size of each dtype $op_name declares (op_specs/products.yaml); 0 for any other.
uint32_t ElementBytes(ge::DataType dtype)
{
    switch (dtype) {
        $dtype_cases
        default:
            return 0;
    }
}

// What the SoC offers: the product line from the generated table (by the platform's SoC name),
// the launch cores and UB size from the platform.
ascend_ops::Status ReadSocInfo(fe::PlatFormInfos* platformInfo, std::string* socName, ascend_ops::SocInfo* soc)
{
    if (platformInfo == nullptr) {
        return ascend_ops::Status::Error("the tiling context has no platform description");
    }
    std::string shortSocName;
    platformInfo->GetPlatformRes("version", "SoC_version", *socName);
    platformInfo->GetPlatformRes("version", "Short_SoC_version", shortSocName);
    const ascend_ops::ProductInfo* product = ascend_ops::FindProduct(socName->c_str(), shortSocName.c_str());
    if (product == nullptr) {
        return ascend_ops::Status::Error("SoC '%s' (%s) is not in any product line of op_specs/products.yaml",
                                         socName->c_str(), shortSocName.c_str());
    }
    platform_ascendc::PlatformAscendC platform(platformInfo);
    const uint32_t cores = product->architecture == ascend_ops::LaunchArchitecture::kSplit ? platform.GetCoreNumAiv()
                                                                                             : platform.GetCoreNum();
    uint64_t ubBytes = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubBytes);
    *soc = ascend_ops::MakeSocInfo(*product, socName->c_str(), static_cast<int32_t>(cores), static_cast<int64_t>(ubBytes));
    return ascend_ops::Status::Ok();
}

}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const char* node = context->GetNodeName();
    const gert::StorageShape* xShape = context->GetInputShape(0);
    const gert::CompileTimeTensorDesc* xDesc = context->GetInputDesc(0);
    if (xShape == nullptr || xDesc == nullptr) {
        return Reject(node, "input $input has no shape or no description");
    }
    const uint32_t elemBytes = ElementBytes(xDesc->GetDataType());
    if (elemBytes == 0) {
        return Reject(node, "the dtype of $input is not one of the dtypes in $spec_file");
    }
    ascend_ops::TensorShape outShape;
    ascend_ops::StridedView view;
    ascend_ops::Status status = BuildView(xShape->GetStorageShape(), context->GetAttrs(), &outShape, &view);
    if (!status.ok) {
        return Reject(node, status.message);
    }
    std::string socName;
    ascend_ops::SocInfo soc;
    status = ReadSocInfo(context->GetPlatformInfo(), &socName, &soc);
    if (!status.ok) {
        return Reject(node, status.message);
    }
    ascend_ops::CopyTiling plan;
    status = ascend_ops::PlanStridedCopy(view, elemBytes, soc, &plan);
    if (!status.ok) {
        return Reject(node, status.message);
    }

    $tiling_class tiling;
    $set_fields
    context->SetBlockDim(plan.blockDim);
    context->SetTilingKey(ascend_ops::CopyTilingKey(plan));
    gert::TilingData* raw = context->GetRawTilingData();
    tiling.SaveToBuffer(raw->GetData(), raw->GetCapacity());
    raw->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetLibApiWorkSpaceSize();
    return ge::GRAPH_SUCCESS;
}

}  // namespace optiling

namespace ge {

static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    if (x == nullptr || y == nullptr) {
        return optiling::Reject(context->GetNodeName(), "$input or $output has no shape");
    }
    if (optiling::IsUnknownShape(*x)) {
        y->SetDimNum(0);
        y->AppendDim(-2);  // unknown rank; the tiling function sees the real shape
        return GRAPH_SUCCESS;
    }
    ascend_ops::TensorShape outShape;
    ascend_ops::StridedView view;
    const ascend_ops::Status status = optiling::BuildView(*x, context->GetAttrs(), &outShape, &view);
    if (!status.ok) {
        return optiling::Reject(context->GetNodeName(), status.message);
    }
    if (outShape.rank > static_cast<int32_t>(gert::Shape::kMaxDimNum)) {
        return optiling::Reject(context->GetNodeName(), "the output has more dims than a gert::Shape holds");
    }
    y->SetDimNum(0);
    for (int32_t i = 0; i < outShape.rank; ++i) {
        y->AppendDim(outShape.dims[i]);
    }
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    return context->SetOutputDataType(0, context->GetInputDataType(0));
}

}  // namespace ge

namespace ops {

class $op_type : public OpDef {
public:
    explicit $op_type(const char* name) : OpDef(name)
    {
        // Every dtype of the op; each product line's configuration below narrows it.
        this->Input("$input")
            .ParamType(REQUIRED)
            .DataType({$all_dtypes})
            .Format({$all_formats});
        this->Output("$output")
            .ParamType(REQUIRED)
            .DataType({$all_dtypes})
            .Format({$all_formats});
        $attrs
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);

        $configs
    }
};

OP_ADD($op_type);

}  // namespace ops
