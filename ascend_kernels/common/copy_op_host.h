// The CANN host side of every op of the package, written once.
//
// Every op is "build a view of the input, then copy it" (README.md, "AscendC kernels and the
// simulator"), so its tiling function, shape inference and dtype inference differ from another
// op's only in how the view is built. A generated op_host/<op>.cpp supplies exactly that, as a
// CopyOpHost whose buildView reads the op's attributes into its Build<Op>View (<op>/<op>_view.h), and
// its OpDef, which registers CopyOpTiling<&kOp>, InferCopyOpShape<&kOp> and InferCopyOpDataType,
// and adds one AddCopyOpConfig per product line.
//
// Only CANN's host API is used (register/, exe_graph/runtime/, platform/, tiling/platform/); the
// engine headers beside this one do the planning and know nothing of CANN.
#ifndef ASCEND_KERNELS_COMMON_COPY_OP_HOST_H
#define ASCEND_KERNELS_COMMON_COPY_OP_HOST_H

#ifdef ASCEND_OPS_KERNEL_TU
#error "copy_op_host.h is host code, which a kernel translation unit must not include (Note [kernel translation unit] in build_arch.h)"
#endif

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

// CANN's error-message channel (REPORT_INNER_ERROR), whose messages aclGetRecentErrMsg() returns.
// CANN 8.x toolkits install the header under include/experiment/metadef/; the metadef sources
// (and the simulator's stand-in) keep it under common/util/.
#if __has_include("common/util/error_manager/error_manager.h")
#include "common/util/error_manager/error_manager.h"
#else
#include "experiment/metadef/common/util/error_manager/error_manager.h"
#endif
#include "graph/types.h"
// CANN 8.1 keeps this header under include/experiment/platform/, which the op_host compile line of
// its project template (-I <toolkit>/include) does not search; later toolkits install it under
// include/.
#if __has_include("platform/platform_infos_def.h")
#include "platform/platform_infos_def.h"
#else
#include "experiment/platform/platform/platform_infos_def.h"
#endif
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

#include "copy_planner.h"
#include "copy_tiling.h"
#include "copy_tiling_data_generated.h"
#include "copy_write_planner.h"
#include "write_shapes.h"
#include "products.h"
#include "soc_info.h"
#include "status.h"
#include "strided_view.h"

namespace ascend_ops {

// An int[] attribute as the view builders take it (Note [attribute binding] in
// ascend_ops_gen/codegen/op_views.py): its elements and how many there are.
struct IntListAttr {
    const int64_t* data;
    int64_t size;
};

// Reads an op's attributes by OpDef index (the order of its this->Attr(...) calls), where they are
// passed to its view builder. A missing attribute reads as 0, "" or an empty list and is
// remembered in status(), which BuildOpView reports in place of whatever the view builder made of
// the placeholder. Function arguments are read in no fixed order, so status() names the missing
// attribute of lowest index, whatever the order.
class OpAttrReader {
public:
    explicit OpAttrReader(const gert::RuntimeAttrs& attrs) : attrs_(attrs), status_(Status::Ok()), missingIndex_(0) {}

    int64_t Int(size_t index, const char* name)
    {
        const int64_t* value = Require(attrs_.GetInt(index), index, name);
        return value != nullptr ? *value : 0;
    }

    float Float(size_t index, const char* name)
    {
        const float* value = Require(attrs_.GetFloat(index), index, name);
        return value != nullptr ? *value : 0.0F;
    }

    const char* Str(size_t index, const char* name)
    {
        const char* value = Require(attrs_.GetStr(index), index, name);
        return value != nullptr ? value : "";
    }

    IntListAttr ListInt(size_t index, const char* name)
    {
        const gert::TypedContinuousVector<int64_t>* list = Require(attrs_.GetListInt(index), index, name);
        if (list == nullptr) {
            return IntListAttr{nullptr, 0};
        }
        return IntListAttr{list->GetData(), static_cast<int64_t>(list->GetSize())};
    }

    // An int[]? attribute. An OpDef attribute cannot be absent, so the spec's "not given" is the
    // default empty list, which the view builders take as nullptr.
    IntListAttr OptionalListInt(size_t index, const char* name)
    {
        IntListAttr list = ListInt(index, name);
        if (list.size == 0) {
            list.data = nullptr;
        }
        return list;
    }

    const Status& status() const { return status_; }

private:
    template <typename T>
    T* Require(T* value, size_t index, const char* name)
    {
        if (value == nullptr && (status_.ok || index < missingIndex_)) {
            status_ = Status::Error("attribute %s (index %zu) is missing", name, index);
            missingIndex_ = index;
        }
        return value;
    }

    const gert::RuntimeAttrs& attrs_;
    Status status_;
    size_t missingIndex_;  // of the attribute status_ names
};

// An op's view glue (generated per op): reads the op's attributes and calls its Build<Op>View,
// which yields the op's output shape and the view of the input the kernel copies into it.
using BuildOpViewFunc = Status (*)(const TensorShape& input, OpAttrReader& attrs, TensorShape* outShape,
                                   StridedView* view);

// A write op's output shape (a gradient's `shape` attribute: Note [write modes] in
// copy_write_planner.h), from its attributes.
using ReadOutputShapeFunc = Status (*)(OpAttrReader& attrs, TensorShape* outShape);

// The op_specs/ name of a ge::DataType, for messages.
inline const char* DtypeNameOf(ge::DataType type)
{
    switch (type) {
        case ge::DT_FLOAT16: return "float16";
        case ge::DT_FLOAT: return "float32";
        case ge::DT_BF16: return "bfloat16";
        case ge::DT_INT8: return "int8";
        case ge::DT_UINT8: return "uint8";
        case ge::DT_INT16: return "int16";
        case ge::DT_INT32: return "int32";
        case ge::DT_INT64: return "int64";
        case ge::DT_UINT32: return "uint32";
        case ge::DT_BOOL: return "bool";
        case ge::DT_UNDEFINED: return "absent";
        default: return "another dtype";
    }
}

// float32 `value` as a float16's bits, when a float16 holds it exactly.
inline bool ExactHalfBits(float value, uint64_t* bits)
{
    uint32_t f = 0;
    std::memcpy(&f, &value, sizeof(f));
    const uint64_t sign = (f >> 16) & 0x8000U;
    const int32_t exponent = static_cast<int32_t>((f >> 23) & 0xFFU) - 127;
    const uint32_t mantissa = f & 0x7FFFFFU;
    if (exponent == 128) {  // NaN (a quiet one) or an infinity
        *bits = sign | (mantissa != 0 ? 0x7E00U : 0x7C00U);
        return true;
    }
    if (exponent == -127 && mantissa == 0) {  // a zero
        *bits = sign;
        return true;
    }
    if (exponent > 15 || exponent < -24) {
        return false;
    }
    if (exponent >= -14) {  // a normal float16: 10 bits of mantissa
        *bits = sign | (static_cast<uint64_t>(exponent + 15) << 10) | (mantissa >> 13);
        return (mantissa & 0x1FFFU) == 0;
    }
    const uint32_t full = mantissa | 0x800000U;  // a subnormal float16: multiples of 2^-24
    const int32_t shift = -exponent - 1;
    *bits = sign | (full >> shift);
    return (full & ((1U << shift) - 1U)) == 0;
}

// float32 `value` as the bits of a tensor of `type` (zero-extended), when that dtype holds it
// exactly (Note [float attributes] in spec/model.py).
inline bool ExactBits(float value, ge::DataType type, uint64_t* bits)
{
    uint32_t f = 0;
    std::memcpy(&f, &value, sizeof(f));
    const bool nan = value != value;
    const bool integral = std::isfinite(value) && std::floor(value) == value;
    auto whole = [&](double low, double high, uint64_t mask) {
        const double v = static_cast<double>(value);
        if (!integral || v < low || v > high) {
            return false;
        }
        *bits = static_cast<uint64_t>(static_cast<int64_t>(v)) & mask;
        return true;
    };
    switch (type) {
        case ge::DT_FLOAT: *bits = f; return true;
        case ge::DT_FLOAT16: return ExactHalfBits(value, bits);
        case ge::DT_BF16:
            *bits = nan ? ((f >> 16) | 0x40U) : (f >> 16);
            return nan || (f & 0xFFFFU) == 0;
        case ge::DT_INT8: return whole(-128.0, 127.0, 0xFFU);
        case ge::DT_UINT8: return whole(0.0, 255.0, 0xFFU);
        case ge::DT_INT16: return whole(-32768.0, 32767.0, 0xFFFFU);
        case ge::DT_INT32: return whole(-2147483648.0, 2147483647.0, 0xFFFFFFFFU);
        case ge::DT_UINT32: return whole(0.0, 4294967295.0, 0xFFFFFFFFU);
        case ge::DT_INT64: return whole(-9223372036854775808.0, 9223372036854774784.0, ~0ULL);
        case ge::DT_BOOL: return whole(0.0, 1.0, 0xFFU);
        default: return false;
    }
}

// A filling op's fill (Note [filling view ops] in ascend_ops_gen/spec/model.py): its float
// attribute `name` as the bits of one element of `type`, which must hold it exactly; refused with
// the words of cpu_reference's exact_value.
inline Status FillBits(float value, const char* name, ge::DataType type, const char* input, uint64_t* bits)
{
    if (!ExactBits(value, type, bits)) {
        const char* dtype = DtypeNameOf(type);
        return Status::Error("%s = %.9g is not exactly representable in %s (the dtype of %s); give a value %s holds "
                             "exactly", name, static_cast<double>(value), dtype, input, dtype);
    }
    return Status::Ok();
}

// A filling op's fill from its attributes (generated per op), as FillBits gives it.
using ReadFillFunc = Status (*)(OpAttrReader& attrs, ge::DataType type, uint64_t* bits);

// An op's dtype rule (generated per op from its Check<Op>Dtype in <op>/<op>_view.h): the input's dtype,
// by its op_specs/ name, against the op's attributes.
using CheckOpDtypeFunc = Status (*)(const char* dtype, OpAttrReader& attrs);

// A dtype of the op and its op_specs/ name.
struct DtypeName {
    ge::DataType type;
    const char* name;
};

// What the shared host code knows of one op. CANN registers plain functions, so an op's instance
// is a template argument: CopyOpTiling<&kOp> is the tiling function of the op kOp describes. A pointer,
// not a reference: C++11 (the standard CANN 8.1 compiles op_host with) takes the address of a
// `static const` object as a template argument but not the object itself.
struct CopyOpHost {
    const char* opType;  // the OpType, "AscendSlice": starts every rejection message
    const char* input;   // the OpDef's input and output names, "x" and "y": named in messages
    const char* output;
    BuildOpViewFunc buildView;
    CheckOpDtypeFunc checkDtype;  // nullptr: every dtype of the OpDef takes every valid argument
    const DtypeName* dtypeNames;  // the op's dtypes, for checkDtype
    size_t dtypeCount;
    // A write op (Note [write modes] in copy_write_planner.h): its output shape, of which
    // buildView makes the view its input is written into; nullptr: the op reads a view of its input.
    ReadOutputShapeFunc readOutputShape;
    // A filling op (Note [filling view ops] in ascend_ops_gen/spec/model.py): its fill, and buildView
    // gives its output shape and the view of its output its input is written into; nullptr: a
    // gradient fills with zeros, a read has no fill.
    ReadFillFunc readFill;
};

// What rejected a call: its arguments (the view builder or the dtype rule: the caller's mistake),
// the context the runtime built (no shape, no platform, a short tiling buffer), or the planner
// (no plan for valid arguments).
enum class Rejection { kArguments, kContext, kPlanner };

// What rejected this thread's last rejected call. CANN sees the failed status and the reported
// message; the simulator also tells the caller's mistakes from the rest by it.
inline Rejection& LastRejection()
{
    static thread_local Rejection what = Rejection::kArguments;
    return what;
}

// The error code of every rejection: the one aclnn reports its inner errors (561xxx) with, in
// CANN's inner-error form (two characters, then 9999).
constexpr const char* kRejectionErrorCode = "EZ9999";

// What starts every rejection message: the OpType and the node, "[AscendSlice] AscendSlice: ".
inline std::string RejectionPrefix(const char* opType, const char* nodeName)
{
    return std::string("[") + opType + "] " + (nodeName != nullptr ? nodeName : opType) + ": ";
}

// Reports why the op was rejected through CANN's error-message channel, where the caller reads it
// (aclGetRecentErrMsg); CANN turns the failed status into the caller's error.
inline ge::graphStatus Reject(const CopyOpHost& op, const char* nodeName, const Status& why,
                              Rejection what = Rejection::kArguments)
{
    LastRejection() = what;
    REPORT_INNER_ERROR(kRejectionErrorCode, "%s%s", RejectionPrefix(op.opType, nodeName).c_str(), why.message);
    return ge::GRAPH_FAILED;
}

// Unknown dims (-1) or an unknown rank (-2) appear while a graph with dynamic shapes compiles;
// the tiling function only ever sees known shapes.
inline bool IsUnknownShape(const gert::Shape& shape)
{
    for (size_t i = 0; i < shape.GetDimNum(); ++i) {
        if (shape.GetDim(i) < 0) {
            return true;
        }
    }
    return false;
}

inline Status ToTensorShape(const gert::Shape& shape, const char* name, TensorShape* out)
{
    if (shape.GetDimNum() > static_cast<size_t>(kMaxViewDims)) {
        return Status::Error("%s has %zu dims; at most %d are supported", name, shape.GetDimNum(), kMaxViewDims);
    }
    out->rank = static_cast<int32_t>(shape.GetDimNum());
    for (size_t i = 0; i < shape.GetDimNum(); ++i) {
        out->dims[i] = shape.GetDim(i);
    }
    return Status::Ok();
}

// The output shape of `op` and the view its kernel copies, for an input of shape `input`: what
// both the tiling function and shape inference start from. A read op's view is of its input; a
// write op's (readOutputShape, readFill) of its output.
inline Status BuildOpView(const CopyOpHost& op, const gert::Shape& input, const gert::RuntimeAttrs* attrs,
                          TensorShape* outShape, StridedView* view)
{
    if (attrs == nullptr) {
        return Status::Error("%s has no attributes", op.opType);
    }
    TensorShape inputShape;
    const Status status = ToTensorShape(input, op.input, &inputShape);
    if (!status.ok) {
        return status;
    }
    OpAttrReader reader(*attrs);
    if (op.readOutputShape == nullptr) {
        Status built = op.buildView(inputShape, reader, outShape, view);
        if (built.ok && op.readFill != nullptr) {  // a filling op: its input is written into the view
            TensorShape viewShape;
            viewShape.rank = view->rank;
            for (int32_t d = 0; d < view->rank; ++d) {
                viewShape.dims[d] = view->shape[d];
            }
            built = CheckWriteInputShape(op.input, inputShape, viewShape);
        }
        return reader.status().ok ? built : reader.status();
    }
    // A write op: the view of its output shape must have its input's shape.
    Status built = op.readOutputShape(reader, outShape);
    TensorShape viewShape;
    if (built.ok) {
        built = op.buildView(*outShape, reader, &viewShape, view);
    }
    if (built.ok) {
        built = CheckWriteInputShape(op.input, inputShape, viewShape);
    }
    return reader.status().ok ? built : reader.status();
}

// The op's dtype rule for an input of dtype `type`, where it has one (Note [dtype rules] in
// ascend_ops_gen/codegen/op_views.py).
inline Status CheckOpDtype(const CopyOpHost& op, ge::DataType type, const gert::RuntimeAttrs* attrs)
{
    if (op.checkDtype == nullptr) {
        return Status::Ok();
    }
    if (attrs == nullptr) {
        return Status::Error("%s has no attributes", op.opType);
    }
    const char* name = nullptr;
    for (size_t i = 0; i < op.dtypeCount; ++i) {
        name = op.dtypeNames[i].type == type ? op.dtypeNames[i].name : name;
    }
    if (name == nullptr) {
        return Status::Error("the dtype (ge::DataType %d) of %s is none of the op's dtypes", static_cast<int>(type),
                             op.input);
    }
    OpAttrReader reader(*attrs);
    const Status checked = op.checkDtype(name, reader);
    return reader.status().ok ? checked : reader.status();
}

// What the SoC offers the planner. The product line comes from the generated table, looked up by
// the SoC name the platform reports; the core counts and the UB size come from the platform
// itself, so a SoC of a known line with fewer cores is served right. LaunchCores and
// UsableUbBytes (products.h) turn them into the launch cores and the UB budget, by the same rules
// as for the table's SoCs. `socName` keeps the name SocInfo points to.
inline Status ReadSocInfo(fe::PlatFormInfos* platformInfo, std::string* socName, SocInfo* soc)
{
    if (platformInfo == nullptr) {
        return Status::Error("the tiling context has no platform description");
    }
    std::string shortSocName;
    platformInfo->GetPlatformRes("version", "SoC_version", *socName);
    platformInfo->GetPlatformRes("version", "Short_SoC_version", shortSocName);
    const ProductInfo* product = FindProduct(socName->c_str(), shortSocName.c_str());
    if (product == nullptr) {
        return Status::Error("SoC '%s' (%s) is not in any product line of op_specs/products.yaml", socName->c_str(),
                             shortSocName.c_str());
    }
    platform_ascendc::PlatformAscendC platform(platformInfo);
    const int32_t cores = LaunchCores(*product, static_cast<int32_t>(platform.GetCoreNum()),
                                      static_cast<int32_t>(platform.GetCoreNumAiv()));
    uint64_t ubBytes = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubBytes);
    *soc = MakeSocInfo(*product, socName->c_str(), cores, static_cast<int64_t>(ubBytes));
    return Status::Ok();
}

// The plan into the launch's tiling buffer, as the CopyTilingData every op registers, so the
// kernel's GET_TILING_DATA reads it back field for field.
inline Status SaveCopyTiling(CopyTiling& plan, gert::TilingData* raw)
{
    if (raw == nullptr) {
        return Status::Error("the tiling context has no tiling buffer");
    }
    optiling::CopyTilingData tiling;
    optiling::SetCopyTilingData(plan, &tiling);
    if (tiling.GetDataSize() > raw->GetCapacity()) {
        return Status::Error("the tiling data takes %zu bytes; the tiling buffer holds %zu", tiling.GetDataSize(),
                             raw->GetCapacity());
    }
    tiling.SaveToBuffer(raw->GetData(), raw->GetCapacity());
    raw->SetDataSize(tiling.GetDataSize());
    return Status::Ok();
}

// Note [system workspace]
// ~~~~~~~~~~~~~~~~~~~~~~~
// A TilingFunc's workspace request is what aclnn<Op>GetWorkspaceSize reports and the caller
// allocates for every call. AscendC reserves the first RESERVED_WORKSPACE bytes of it as the system
// workspace (16 MiB on the 910B family: PlatformAscendC::GetLibApiWorkSpaceSize) for what its own
// code keeps in GM: the Matmul client/server messages of a kernel running on cube and vector cores
// (kfc_comm.h's SysWorkspaceDesc; CANN's kernel wrapper calls matmul::clearWorkspace on a mix
// kernel: asc-devkit tools/build/asc_op_compile_base/asc_op_compiler/compile_op.py
// _gen_set_workspace_codes), HCCL contexts (mc2), and the GM overflow check of an `oom` debug
// build (GetSysWorkSpacePtr in the basic API's data_copy_impl.h). The package's kernels, copy
// engine and custom pipeline alike, are vector-only (KERNEL_TYPE_AIV_ONLY where the arch needs the
// declaration), call no Matmul, HCCL or cross-core sync API, and take no scratch of their own, so
// every TilingFunc asks for nothing and the binding allocates nothing (Note [launch contract] in
// ascend_kernels/npu/aclnn_call.h). A kernel that starts using one of those APIs must ask for
// GetLibApiWorkSpaceSize() plus its own bytes.
constexpr size_t kNoWorkspace = 0;

// The tiling function of `op`: the view of its input, planned for this SoC by PlanStridedCopy (a
// write op's view of its output: by PlanStridedWrite) and saved for the kernel, which runs on plan.blockDim cores and picks its element-size instance by
// the tiling key. The OpDef admits only the spec's dtypes, so the element size comes from CANN.
template <const CopyOpHost* kOp>
ge::graphStatus CopyOpTiling(gert::TilingContext* context)
{
    const CopyOpHost& op = *kOp;
    const char* node = context->GetNodeName();
    const gert::StorageShape* inputShape = context->GetInputShape(0);
    const gert::CompileTimeTensorDesc* inputDesc = context->GetInputDesc(0);
    if (inputShape == nullptr || inputDesc == nullptr) {
        return Reject(op, node, Status::Error("input %s has no shape or no description", op.input),
                      Rejection::kContext);
    }
    const int elemBytes = ge::GetSizeByDataType(inputDesc->GetDataType());
    if (elemBytes <= 0) {
        return Reject(op, node, Status::Error("the dtype (ge::DataType %d) of %s has no element size",
                                              static_cast<int>(inputDesc->GetDataType()), op.input));
    }
    Status status = CheckOpDtype(op, inputDesc->GetDataType(), context->GetAttrs());
    if (!status.ok) {
        return Reject(op, node, status);
    }
    TensorShape outShape;
    StridedView view;
    status = BuildOpView(op, inputShape->GetStorageShape(), context->GetAttrs(), &outShape, &view);
    if (!status.ok) {
        return Reject(op, node, status);
    }
    std::string socName;
    SocInfo soc;
    status = ReadSocInfo(context->GetPlatformInfo(), &socName, &soc);
    if (!status.ok) {
        return Reject(op, node, status, Rejection::kContext);
    }
    uint64_t fillBits = 0;  // a gradient's zeros
    if (op.readFill != nullptr) {
        OpAttrReader reader(*context->GetAttrs());
        status = op.readFill(reader, inputDesc->GetDataType(), &fillBits);
        if (!status.ok || !reader.status().ok) {
            return Reject(op, node, status.ok ? reader.status() : status);
        }
    }
    CopyTiling plan;
    status = op.readOutputShape == nullptr && op.readFill == nullptr
                 ? PlanStridedCopy(view, static_cast<uint32_t>(elemBytes), soc, &plan)
                 : PlanStridedWrite(view, NumElements(outShape), static_cast<uint32_t>(elemBytes), fillBits, soc,
                                    &plan);
    if (!status.ok) {
        return Reject(op, node, status, Rejection::kPlanner);
    }
    status = SaveCopyTiling(plan, context->GetRawTilingData());
    if (!status.ok) {
        return Reject(op, node, status, Rejection::kContext);
    }
    context->SetBlockDim(plan.blockDim);
    context->SetTilingKey(CopyTilingKey(plan));
    context->GetWorkspaceSizes(1)[0] = kNoWorkspace;
    return ge::GRAPH_SUCCESS;
}

// Shape inference of `op`. While shapes are unknown the output's rank is too (new and shrink axes
// can change it), so it is inferred as unknown rank (-2) and the tiling function sees the truth.
template <const CopyOpHost* kOp>
ge::graphStatus InferCopyOpShape(gert::InferShapeContext* context)
{
    const CopyOpHost& op = *kOp;
    const gert::Shape* input = context->GetInputShape(0);
    gert::Shape* output = context->GetOutputShape(0);
    if (input == nullptr || output == nullptr) {
        return Reject(op, context->GetNodeName(), Status::Error("%s or %s has no shape", op.input, op.output),
                      Rejection::kContext);
    }
    if (IsUnknownShape(*input)) {
        output->SetDimNum(0);
        output->AppendDim(-2);
        return ge::GRAPH_SUCCESS;
    }
    TensorShape outShape;
    StridedView view;
    const Status status = BuildOpView(op, *input, context->GetAttrs(), &outShape, &view);
    if (!status.ok) {
        return Reject(op, context->GetNodeName(), status);
    }
    if (outShape.rank > static_cast<int32_t>(gert::Shape::kMaxDimNum)) {
        return Reject(op, context->GetNodeName(),
                      Status::Error("%s has %d dims; a gert::Shape holds at most %zu", op.output, outShape.rank,
                                    gert::Shape::kMaxDimNum));
    }
    output->SetDimNum(0);
    for (int32_t i = 0; i < outShape.rank; ++i) {
        output->AppendDim(outShape.dims[i]);
    }
    return ge::GRAPH_SUCCESS;
}

// Dtype inference of every op: a copy's output has its input's dtype.
inline ge::graphStatus InferCopyOpDataType(gert::InferDataTypeContext* context)
{
    return context->SetOutputDataType(0, context->GetInputDataType(0));
}

// The configuration items of every op's AI Core configuration, view or custom: shapes and ranks
// are dynamic because the tiling function fits the plan to each shape at run time; the format and
// dtype lists are declared, not chosen by an op_select_format function; no op has a
// CheckSupported function to ask.
inline void SetPackageConfigItems(ops::OpAICoreConfig& config)
{
    config.DynamicCompileStaticFlag(true)
        .DynamicFormatFlag(false)
        .DynamicRankSupportFlag(true)
        .DynamicShapeSupportFlag(true)
        .NeedCheckSupportFlag(false)
        .PrecisionReduceFlag(true);
}

// One product line's AI Core configuration of a view op: its input and output take the line's
// share of the op's dtypes (op_specs/), in ND format (SetPackageConfigItems).
inline void AddCopyOpConfig(ops::OpAICoreDef& aicore, const char* soc, const char* input, const char* output,
                            const std::vector<ge::DataType>& dtypes)
{
    const std::vector<ge::Format> formats(dtypes.size(), ge::FORMAT_ND);
    ops::OpAICoreConfig config;
    config.Input(input).ParamType(ops::REQUIRED).DataType(dtypes).Format(formats);
    config.Output(output).ParamType(ops::REQUIRED).DataType(dtypes).Format(formats);
    SetPackageConfigItems(config);
    aicore.AddConfig(soc, config);
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_COPY_OP_HOST_H
