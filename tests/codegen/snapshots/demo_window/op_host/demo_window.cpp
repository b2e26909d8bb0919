// @generated from op_specs/demo_window.yaml by ascend-ops generate; do not edit
//
// The CANN custom op of `demo_window`: OpType DemoWindow
//
// Its OpDef with one AI Core configuration per product line, shape and dtype inference, and the
// tiling function. The op's semantics live in the engine (ascend_kernels/common/): the view
// builder makes the view of the input, PlanStridedCopy plans the copy for the SoC, and the
// kernel entry in ../op_kernel/ runs the plan. View builder: BuildDemoWindowView
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "demo_window_tiling.h"
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

// DemoWindowTilingData must lay out exactly as CopyTiling: same fields, same offsets, no padding.
static_assert(sizeof(ascend_ops::CopyTiling) == 56, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, shape) == 0, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, totalElems) == 32, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, elemBytes) == 40, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, rank) == 44, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, flags) == 48, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, mode) == 52, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, pad) == 53, "CopyTiling changed: run `ascend-ops generate`");

namespace {

// Reports why the op was rejected; CANN turns the failed status into the caller's error.
ge::graphStatus Reject(const char* nodeName, const char* message)
{
    std::fprintf(stderr, "[DemoWindow] %s: %s\n", nodeName != nullptr ? nodeName : "demo_window", message);
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
        return ascend_ops::Status::Error("x has %zu dims; at most %d are supported", shape.GetDimNum(),
                                         ascend_ops::kMaxViewDims);
    }
    out->rank = static_cast<int32_t>(shape.GetDimNum());
    for (size_t i = 0; i < shape.GetDimNum(); ++i) {
        out->dims[i] = shape.GetDim(i);
    }
    return ascend_ops::Status::Ok();
}

// The output shape of demo_window and the view of its input `x`, from the attributes in OpDef
// order (RuntimeAttrs indexes).
ascend_ops::Status BuildView(const gert::Shape& x, const gert::RuntimeAttrs* attrs, ascend_ops::TensorShape* outShape,
                             ascend_ops::StridedView* view)
{
    if (attrs == nullptr) {
        return ascend_ops::Status::Error("demo_window has no attributes");
    }
    const gert::TypedContinuousVector<int64_t>* beginAttr = attrs->GetListInt(0);
    const gert::TypedContinuousVector<int64_t>* stepAttr = attrs->GetListInt(1);
    const int64_t* sizeAttr = attrs->GetInt(2);
    const char* layoutAttr = attrs->GetStr(3);
    if (beginAttr == nullptr) {
        return ascend_ops::Status::Error("attribute begin (index 0) is missing");
    }
    if (stepAttr == nullptr) {
        return ascend_ops::Status::Error("attribute step (index 1) is missing");
    }
    if (sizeAttr == nullptr) {
        return ascend_ops::Status::Error("attribute size (index 2) is missing");
    }
    if (layoutAttr == nullptr) {
        return ascend_ops::Status::Error("attribute layout (index 3) is missing");
    }
    ascend_ops::TensorShape input;
    const ascend_ops::Status status = ToTensorShape(x, &input);
    if (!status.ok) {
        return status;
    }
    ascend_ops::DemoWindowArgs args{};
    args.begin = beginAttr->GetData();
    args.beginSize = static_cast<int64_t>(beginAttr->GetSize());
    args.step = stepAttr->GetSize() == 0 ? nullptr : stepAttr->GetData();
    args.stepSize = static_cast<int64_t>(stepAttr->GetSize());
    args.size = *sizeAttr;
    args.layout = layoutAttr;
    return ascend_ops::BuildDemoWindowView(input, args, outShape, view);
}

// Element size of each dtype demo_window declares (op_specs/products.yaml); 0 for any other.
uint32_t ElementBytes(ge::DataType dtype)
{
    switch (dtype) {
        case ge::DT_FLOAT16:
            return 2;
        case ge::DT_FLOAT:
            return 4;
        case ge::DT_BF16:
            return 2;
        case ge::DT_INT8:
            return 1;
        case ge::DT_INT64:
            return 8;
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
        return Reject(node, "input x has no shape or no description");
    }
    const uint32_t elemBytes = ElementBytes(xDesc->GetDataType());
    if (elemBytes == 0) {
        return Reject(node, "the dtype of x is not one of the dtypes in op_specs/demo_window.yaml");
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

    DemoWindowTilingData tiling;
    tiling.set_shape(plan.shape);
    tiling.set_totalElems(plan.totalElems);
    tiling.set_elemBytes(plan.elemBytes);
    tiling.set_rank(plan.rank);
    tiling.set_flags(plan.flags);
    tiling.set_mode(plan.mode);
    tiling.set_pad(plan.pad);
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
        return optiling::Reject(context->GetNodeName(), "x or y has no shape");
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

class DemoWindow : public OpDef {
public:
    explicit DemoWindow(const char* name) : OpDef(name)
    {
        // Every dtype of the op; each product line's configuration below narrows it.
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("begin").AttrType(REQUIRED).ListInt();
        this->Attr("step").AttrType(OPTIONAL).ListInt({});
        this->Attr("size").AttrType(OPTIONAL).Int(-1);
        this->Attr("layout").AttrType(OPTIONAL).String("NHWC");
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);

        // split-line: A split-architecture line (op_specs/products.yaml)
        {
            OpAICoreConfig config;
            config.Input("x")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_INT64})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.Output("y")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_INT64})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.DynamicCompileStaticFlag(true)
                .DynamicFormatFlag(false)
                .DynamicRankSupportFlag(true)
                .DynamicShapeSupportFlag(true)
                .NeedCheckSupportFlag(false)
                .PrecisionReduceFlag(true);
            this->AICore().AddConfig("ascend910b", config);
        }
        // coupled-line: A coupled line without bfloat16 (op_specs/products.yaml)
        {
            OpAICoreConfig config;
            config.Input("x")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_INT64})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.Output("y")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_INT64})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.DynamicCompileStaticFlag(true)
                .DynamicFormatFlag(false)
                .DynamicRankSupportFlag(true)
                .DynamicShapeSupportFlag(true)
                .NeedCheckSupportFlag(false)
                .PrecisionReduceFlag(true);
            this->AICore().AddConfig("ascend310p", config);
        }
        // small-line: A one-core line, float16 only (op_specs/products.yaml)
        {
            OpAICoreConfig config;
            config.Input("x")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_INT8})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND});
            config.Output("y")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_INT8})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND});
            config.DynamicCompileStaticFlag(true)
                .DynamicFormatFlag(false)
                .DynamicRankSupportFlag(true)
                .DynamicShapeSupportFlag(true)
                .NeedCheckSupportFlag(false)
                .PrecisionReduceFlag(true);
            this->AICore().AddConfig("ascend310b", config);
        }
    }
};

OP_ADD(DemoWindow);

}  // namespace ops
