// @generated from op_specs/depth_to_space.yaml by ascend-ops generate; do not edit
//
// The CANN custom op of `depth_to_space`: OpType AscendDepthToSpace
//
// Its OpDef with one AI Core configuration per product line, shape and dtype inference, and the
// tiling function. The op's semantics live in the engine (ascend_kernels/common/): the view
// builder makes the view of the input, PlanStridedCopy plans the copy for the SoC, and the
// kernel entry in ../op_kernel/ runs the plan. View builder: BuildDepthToSpaceView
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "depth_to_space_tiling.h"
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

// AscendDepthToSpaceTilingData must lay out exactly as CopyTiling: same fields, same offsets, no padding.
static_assert(sizeof(ascend_ops::CopyTiling) == 288, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, shape) == 0, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, stride) == 64, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, offset) == 128, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, totalElems) == 136, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, hullLo) == 144, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, hullHi) == 152, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, splitGranule) == 160, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, granulesPerCore) == 168, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, granuleRemainder) == 176, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, tileElems) == 184, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, rowsPerTile) == 192, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, unitElems) == 200, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, unitsPerTile) == 208, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, windowElems) == 216, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, windowLo) == 224, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, blockSlotBytes) == 232, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, unitSlotBytes) == 236, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, mode) == 240, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, elemBytes) == 244, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, unitBytes) == 248, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, blockDim) == 252, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, rank) == 256, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, unitDim) == 260, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, countDim) == 264, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, usePad) == 268, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, useVectorGather) == 272, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, inBufBytes) == 276, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, outBufBytes) == 280, "CopyTiling changed: run `ascend-ops generate`");
static_assert(offsetof(ascend_ops::CopyTiling, tableBytes) == 284, "CopyTiling changed: run `ascend-ops generate`");

namespace {

// Reports why the op was rejected; CANN turns the failed status into the caller's error.
ge::graphStatus Reject(const char* nodeName, const char* message)
{
    std::fprintf(stderr, "[AscendDepthToSpace] %s: %s\n", nodeName != nullptr ? nodeName : "depth_to_space", message);
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

// The output shape of depth_to_space and the view of its input `x`, from the attributes in OpDef
// order (RuntimeAttrs indexes).
ascend_ops::Status BuildView(const gert::Shape& x, const gert::RuntimeAttrs* attrs, ascend_ops::TensorShape* outShape,
                             ascend_ops::StridedView* view)
{
    if (attrs == nullptr) {
        return ascend_ops::Status::Error("depth_to_space has no attributes");
    }
    const int64_t* blockSizeAttr = attrs->GetInt(0);
    const char* dataFormatAttr = attrs->GetStr(1);
    const char* modeAttr = attrs->GetStr(2);
    if (blockSizeAttr == nullptr) {
        return ascend_ops::Status::Error("attribute block_size (index 0) is missing");
    }
    if (dataFormatAttr == nullptr) {
        return ascend_ops::Status::Error("attribute data_format (index 1) is missing");
    }
    if (modeAttr == nullptr) {
        return ascend_ops::Status::Error("attribute mode (index 2) is missing");
    }
    ascend_ops::TensorShape input;
    const ascend_ops::Status status = ToTensorShape(x, &input);
    if (!status.ok) {
        return status;
    }
    return ascend_ops::BuildDepthToSpaceView(
        input,
        *blockSizeAttr,
        dataFormatAttr,
        modeAttr,
        outShape,
        view);
}

// Element size of each dtype depth_to_space declares (op_specs/products.yaml); 0 for any other.
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
        case ge::DT_UINT8:
            return 1;
        case ge::DT_INT16:
            return 2;
        case ge::DT_INT32:
            return 4;
        case ge::DT_INT64:
            return 8;
        case ge::DT_UINT32:
            return 4;
        case ge::DT_BOOL:
            return 1;
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
        return Reject(node, "the dtype of x is not one of the dtypes in op_specs/depth_to_space.yaml");
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

    AscendDepthToSpaceTilingData tiling;
    tiling.set_shape(plan.shape);
    tiling.set_stride(plan.stride);
    tiling.set_offset(plan.offset);
    tiling.set_totalElems(plan.totalElems);
    tiling.set_hullLo(plan.hullLo);
    tiling.set_hullHi(plan.hullHi);
    tiling.set_splitGranule(plan.splitGranule);
    tiling.set_granulesPerCore(plan.granulesPerCore);
    tiling.set_granuleRemainder(plan.granuleRemainder);
    tiling.set_tileElems(plan.tileElems);
    tiling.set_rowsPerTile(plan.rowsPerTile);
    tiling.set_unitElems(plan.unitElems);
    tiling.set_unitsPerTile(plan.unitsPerTile);
    tiling.set_windowElems(plan.windowElems);
    tiling.set_windowLo(plan.windowLo);
    tiling.set_blockSlotBytes(plan.blockSlotBytes);
    tiling.set_unitSlotBytes(plan.unitSlotBytes);
    tiling.set_mode(plan.mode);
    tiling.set_elemBytes(plan.elemBytes);
    tiling.set_unitBytes(plan.unitBytes);
    tiling.set_blockDim(plan.blockDim);
    tiling.set_rank(plan.rank);
    tiling.set_unitDim(plan.unitDim);
    tiling.set_countDim(plan.countDim);
    tiling.set_usePad(plan.usePad);
    tiling.set_useVectorGather(plan.useVectorGather);
    tiling.set_inBufBytes(plan.inBufBytes);
    tiling.set_outBufBytes(plan.outBufBytes);
    tiling.set_tableBytes(plan.tableBytes);
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

class AscendDepthToSpace : public OpDef {
public:
    explicit AscendDepthToSpace(const char* name) : OpDef(name)
    {
        // Every dtype of the op; each product line's configuration below narrows it.
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("block_size").AttrType(REQUIRED).Int();
        this->Attr("data_format").AttrType(OPTIONAL).String("NHWC");
        this->Attr("mode").AttrType(OPTIONAL).String("DCR");
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);

        // atlas-a3: Atlas A3 training / inference series (op_specs/products.yaml)
        {
            OpAICoreConfig config;
            config.Input("x")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.Output("y")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.DynamicCompileStaticFlag(true)
                .DynamicFormatFlag(false)
                .DynamicRankSupportFlag(true)
                .DynamicShapeSupportFlag(true)
                .NeedCheckSupportFlag(false)
                .PrecisionReduceFlag(true);
            this->AICore().AddConfig("ascend910_93", config);
        }
        // atlas-a2: Atlas A2 training series / Atlas 800I A2 inference (op_specs/products.yaml)
        {
            OpAICoreConfig config;
            config.Input("x")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.Output("y")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.DynamicCompileStaticFlag(true)
                .DynamicFormatFlag(false)
                .DynamicRankSupportFlag(true)
                .DynamicShapeSupportFlag(true)
                .NeedCheckSupportFlag(false)
                .PrecisionReduceFlag(true);
            this->AICore().AddConfig("ascend910b", config);
        }
        // atlas-training: Atlas training series (op_specs/products.yaml)
        {
            OpAICoreConfig config;
            config.Input("x")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.Output("y")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.DynamicCompileStaticFlag(true)
                .DynamicFormatFlag(false)
                .DynamicRankSupportFlag(true)
                .DynamicShapeSupportFlag(true)
                .NeedCheckSupportFlag(false)
                .PrecisionReduceFlag(true);
            this->AICore().AddConfig("ascend910", config);
        }
        // atlas-inference: Atlas inference series (op_specs/products.yaml)
        {
            OpAICoreConfig config;
            config.Input("x")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.Output("y")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT8, ge::DT_UINT8, ge::DT_INT16, ge::DT_INT32, ge::DT_INT64, ge::DT_UINT32, ge::DT_BOOL})
                .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
            config.DynamicCompileStaticFlag(true)
                .DynamicFormatFlag(false)
                .DynamicRankSupportFlag(true)
                .DynamicShapeSupportFlag(true)
                .NeedCheckSupportFlag(false)
                .PrecisionReduceFlag(true);
            this->AICore().AddConfig("ascend310p", config);
        }
        // atlas-200i-500-a2: Atlas 200I/500 A2 inference (op_specs/products.yaml)
        {
            OpAICoreConfig config;
            config.Input("x")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16})
                .Format({ge::FORMAT_ND});
            config.Output("y")
                .ParamType(REQUIRED)
                .DataType({ge::DT_FLOAT16})
                .Format({ge::FORMAT_ND});
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

OP_ADD(AscendDepthToSpace);

}  // namespace ops
