// The simulator's C ABI: run a call of an op as CANN's runtime would, through the op's generated
// host code (ascend_kernels/<op>/op_host/<op>.cpp: its OpDef, InferShape and TilingFunc) on the
// CPU bodies of the CANN host headers (ascend_kernels/sim/cann_host_stub), then launch the op's
// generated AscendC kernel on the CPU emulation of the AscendC API (ascend_kernels/sim).
//
// python/ascend_ops/sim/library.py compiles this file with every op's op_host and op_kernel
// sources into one library per NPU arch, with __NPU_ARCH__ and __CCE_AICORE__ as CANN's CPU debug
// build of that arch defines them. This file knows no op: it finds an op's OpDef through the
// OP_ADD registry by its OpType, and runs a kernel entry the caller looked up by name.
//
// The simulated SoC is a SoC of the generated product table, by name: its platform description
// and the emulator's rules both come from its entry (ascend_kernels/sim/sim_platform.h).
//
// Nothing crosses the ABI as an exception: every function returns a status code and writes a
// message into the caller's buffer.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "sim_abi.h"
#include "sim_abi_mirrors_generated.h"
#include "sim_context.h"
#include "sim_platform.h"

#include "common/util/error_manager/error_manager.h"
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/utils/type_utils.h"
#include "platform/platform_infos_def.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

#include "copy_op_host.h"
#include "copy_tiling.h"
#include "products.h"
#include "soc_info.h"
#include "strided_view.h"

// AscendSimStats (sim_abi.h) holds ascend_sim::Stats' counters, ASCEND_SIM_STATS_COUNTERS of
// sim_stats.h, in their order and each as a uint64_t, then busiestOverMean, and nothing else.
enum AscendSimCounter : size_t {
#define ASCEND_SIM_COUNTER_INDEX(type, name) kCounter_##name,
    ASCEND_SIM_STATS_COUNTERS(ASCEND_SIM_COUNTER_INDEX)
#undef ASCEND_SIM_COUNTER_INDEX
    kCounterCount
};
#define ASCEND_SIM_CHECK_COUNTER(type, name)                                                           \
    static_assert(offsetof(AscendSimStats, name) == kCounter_##name * sizeof(uint64_t) &&               \
                      std::is_same<decltype(AscendSimStats::name), uint64_t>::value,                    \
                  "AscendSimStats (sim_abi.h) does not hold counter " #name " of ASCEND_SIM_STATS_COUNTERS " \
                  "(sim_stats.h) as a uint64_t in its place");
ASCEND_SIM_STATS_COUNTERS(ASCEND_SIM_CHECK_COUNTER)
#undef ASCEND_SIM_CHECK_COUNTER
static_assert(offsetof(AscendSimStats, busiestOverMean) == kCounterCount * sizeof(uint64_t) &&
                  sizeof(AscendSimStats) == (kCounterCount + 1) * sizeof(uint64_t),
              "AscendSimStats (sim_abi.h) holds more than the counters of ASCEND_SIM_STATS_COUNTERS and busiestOverMean");


namespace {

using namespace ascend_ops;

// The tiling buffer the runtime hands a TilingFunc; CANN's is larger still, the copy needs one CopyTiling.
constexpr size_t kTilingCapacityBytes = 4096;

int32_t Report(int32_t code, const std::string& message, char* buffer, uint64_t bufferBytes)
{
    ascend_sim::CopyMessage(message, buffer, static_cast<size_t>(bufferBytes));
    return code;
}

// What the op_host reported through CANN's error-message channel (REPORT_INNER_ERROR) in this
// thread's last failed host function, as CANN's runtime keeps it for aclGetRecentErrMsg:
// "<error code>: <message>" lines (ascend_sim_reported_errors).
thread_local std::string t_reportedErrors;

// A host function's run: the error-message channel emptied before, its messages taken after.
class Capture {
public:
    Capture() { ErrorManager::GetInstance().GetRawErrorMessages(); }
    Capture(const Capture&) = delete;
    Capture& operator=(const Capture&) = delete;

    // The status code and message of a failed host function, which `*rejectedBy` names: the
    // rejection's kind (LastRejection) and its reason, the first reported message without the
    // OpType and node it starts with (RejectionPrefix), which for bad arguments is cpu_reference's
    // message.
    int32_t Failure(const char* function, const char* opType, const char** rejectedBy, char* message,
                    uint64_t messageBytes) const
    {
        *rejectedBy = function;
        const std::vector<error_message::ErrorItem> items = ErrorManager::GetInstance().GetRawErrorMessages();
        t_reportedErrors.clear();
        for (const error_message::ErrorItem& item : items) {
            t_reportedErrors += (t_reportedErrors.empty() ? "" : "\n") + item.error_id + ": " + item.error_message;
        }
        if (items.empty()) {
            return Report(kSimHostError, std::string(function) + " failed without saying why", message, messageBytes);
        }
        std::string reason = items.front().error_message;
        const std::string prefix = RejectionPrefix(opType, opType);
        if (reason.compare(0, prefix.size(), prefix) == 0) {
            reason.erase(0, prefix.size());
        }
        const int32_t code = LastRejection() == Rejection::kArguments ? kSimArgumentError
                             : LastRejection() == Rejection::kPlanner ? kSimPlanError
                                                                      : kSimHostError;
        return Report(code, reason, message, messageBytes);
    }
};

const AscendSimAttr* GivenAttr(const AscendSimAttr* attrs, int32_t count, const std::string& name)
{
    for (int32_t i = 0; i < count; ++i) {
        if (attrs[i].name != nullptr && name == attrs[i].name) {
            return &attrs[i];
        }
    }
    return nullptr;
}

// The call's attributes in OpDef order, each the given value or else the OpDef's default.
bool BuildRuntimeAttrs(const ops::OpDef& def, const AscendSimAttr* attrs, int32_t count, gert::RuntimeAttrs* out,
                       std::string* why)
{
    int32_t used = 0;
    for (const ops::OpAttrDef& attr : def.GetAttrs()) {
        const AscendSimAttr* given = GivenAttr(attrs, count, attr.GetName());
        used += given != nullptr ? 1 : 0;
        if (given == nullptr && !attr.HasDefault()) {
            *why = def.GetOpType() + ": attribute " + attr.GetName() + " is required and has no default";
            return false;
        }
        switch (attr.GetKind()) {
            case ops::AttrKind::kInt:
                out->AppendInt(given != nullptr ? given->value : attr.GetIntDefault());
                break;
            case ops::AttrKind::kFloat: {
                const uint32_t bits = static_cast<uint32_t>(given != nullptr ? given->value : 0);
                float value = attr.GetFloatDefault();
                if (given != nullptr) {
                    std::memcpy(&value, &bits, sizeof(value));
                }
                out->AppendFloat(value);
                break;
            }
            case ops::AttrKind::kString:
                if (given != nullptr && given->text == nullptr) {
                    *why = def.GetOpType() + ": attribute " + attr.GetName() + " is a string and got none";
                    return false;
                }
                out->AppendStr(given != nullptr ? given->text : attr.GetStringDefault());
                break;
            case ops::AttrKind::kListInt:
                if (given != nullptr && (given->size < 0 || (given->size > 0 && given->data == nullptr))) {
                    *why = def.GetOpType() + ": attribute " + attr.GetName() + " has " +
                           std::to_string(given->size) + " elements and no data";
                    return false;
                }
                out->AppendListInt(given != nullptr ? std::vector<int64_t>(given->data, given->data + given->size)
                                                    : attr.GetListIntDefault());
                break;
            default:
                *why = def.GetOpType() + ": attribute " + attr.GetName() + " has a kind the simulator cannot pass";
                return false;
        }
    }
    if (used != count) {
        *why = def.GetOpType() + ": " + std::to_string(count - used) + " of the given attributes are not in its OpDef";
        return false;
    }
    return true;
}

gert::StorageShape ToStorageShape(const gert::Shape& shape)
{
    gert::StorageShape storage;
    storage.MutableOriginShape() = shape;
    storage.MutableStorageShape() = shape;
    return storage;
}

gert::CompileTimeTensorDesc Desc(ge::DataType type)
{
    gert::CompileTimeTensorDesc desc;
    desc.SetDataType(type);
    desc.SetOriginFormat(ge::FORMAT_ND);
    desc.SetStorageFormat(ge::FORMAT_ND);
    return desc;
}

// A kernel entry of `sizeof...(I)` GM_ADDR parameters, called with args[0..).
template <size_t... I>
void CallEntry(void* kernel, uint8_t* const* args, std::index_sequence<I...>)
{
    using Entry = void (*)(decltype(static_cast<void>(I), static_cast<uint8_t*>(nullptr))...);
    reinterpret_cast<Entry>(kernel)(args[I]...);
}

template <size_t... N>
void CallEntryOfArity(void* kernel, const std::vector<uint8_t*>& args, std::index_sequence<N...>)
{
    // One arm per arity 1..kSimMaxTensors + 2 (the tensors, workspace and tiling).
    using Caller = void (*)(void*, uint8_t* const*);
    static const Caller callers[] = {[](void* k, uint8_t* const* a) { CallEntry(k, a, std::make_index_sequence<N + 1>()); }...};
    callers[args.size() - 1](kernel, args.data());
}

}  // namespace

extern "C" {

// Layout facts the Python side checks its ctypes mirrors against.
void ascend_sim_abi(int64_t* maxDims, int64_t* attrBytes, int64_t* socInfoBytes, int64_t* statsBytes,
                    int64_t* tilingCapacity)
{
    *maxDims = static_cast<int64_t>(gert::Shape::kMaxDimNum);
    *attrBytes = static_cast<int64_t>(sizeof(AscendSimAttr));
    *socInfoBytes = static_cast<int64_t>(sizeof(AscendSimSocInfo));
    *statsBytes = static_cast<int64_t>(sizeof(AscendSimStats));
    *tilingCapacity = static_cast<int64_t>(kTilingCapacityBytes);
}

// sizeof(AscendSimTensor), which the Python side checks its ctypes mirror against.
int64_t ascend_sim_tensor_bytes() { return static_cast<int64_t>(sizeof(AscendSimTensor)); }

const char* ascend_sim_mode_name(const void* tiling, uint64_t tilingBytes)
{
    if (tilingBytes != sizeof(ascend_ops::CopyTiling)) {
        return "unknown";
    }
    ascend_ops::CopyTiling t;
    std::memcpy(&t, tiling, sizeof(t));
    return ascend_ops::CopyModeName(t);
}

// What the generated host code's ReadSocInfo makes of the simulated platform of `socName`:
// 0, or 1 when `socName` is not in the product table, 2 when ReadSocInfo fails (message says why).
int32_t ascend_sim_soc_info(const char* socName, AscendSimSocInfo* out, char* message, uint64_t messageBytes)
{
    const SocEntry* entry = socName != nullptr ? FindSoc(socName) : nullptr;
    if (entry == nullptr) {
        return Report(1, std::string("SoC '") + (socName != nullptr ? socName : "") + "' is not in the product table",
                      message, messageBytes);
    }
    fe::PlatFormInfos platform = ascend_sim::SimulatedPlatform(*entry);
    std::string name;
    SocInfo soc{};
    const Status status = ReadSocInfo(&platform, &name, &soc);
    if (!status.ok) {
        return Report(2, status.message, message, messageBytes);
    }
    uint64_t platformUb = 0;
    platform_ascendc::PlatformAscendC(&platform).GetCoreMemSize(platform_ascendc::CoreMemType::UB, platformUb);
    *out = AscendSimSocInfo{soc.coreNum, soc.ubBytes, static_cast<int64_t>(platformUb), soc.product.key};
    return 0;
}

// Plans a call of the op registered as `opType` on SoC `socName` as CANN's runtime does: its
// inputs' shapes and ge::DataType names (an optional input left out has rank -1), and the dtype
// each output must get; the OpDef's InferShape gives the outputs' shapes (outRanks[j], and
// outDims[j * max dims ..], room for the max dims ascend_sim_abi reports), its InferDataType must
// give the outputs their dtypes, its TilingFunc (with the SoC's platform description) the tiling
// bytes (written to tiling[0..*tilingBytes), which has room for the capacity ascend_sim_abi
// reports), the block dim, the tiling key and the workspace. A rejection by the host code returns
// its own message, and `*rejectedBy` names the host function that rejected the call
// ("InferShape", "InferDataType", "TilingFunc").
int32_t ascend_sim_plan_op(const char* opType, const char* socName, const AscendSimTensor* inputs, int32_t inputCount,
                           const AscendSimTensor* outputs, int32_t outputCount, const AscendSimAttr* attrs,
                           int32_t attrCount, uint8_t* tiling, uint64_t* tilingBytes, uint32_t* blockDim,
                           uint64_t* tilingKey, uint64_t* workspaceBytes, int32_t* outRanks, int64_t* outDims,
                           const char** rejectedBy, char* message, uint64_t messageBytes)
{
    *rejectedBy = nullptr;
    t_reportedErrors.clear();
    if (opType == nullptr || !ops::OpDefFactory::IsRegistered(opType)) {
        return Report(kSimAbiError, std::string("no OpDef of OpType '") + (opType != nullptr ? opType : "") +
                                        "' is in this simulator library",
                      message, messageBytes);
    }
    const SocEntry* soc = socName != nullptr ? FindSoc(socName) : nullptr;
    if (soc == nullptr) {
        return Report(kSimAbiError,
                      std::string("SoC '") + (socName != nullptr ? socName : "") + "' is not in the product table",
                      message, messageBytes);
    }
    const ops::OpDef def = ops::OpDefFactory::OpDefCreate(opType);
    if (def.GetInferShape() == nullptr || def.GetInferDataType() == nullptr || def.GetAICore().GetTiling() == nullptr) {
        return Report(kSimAbiError, std::string(opType) + "'s OpDef registers no InferShape, InferDataType or tiling",
                      message, messageBytes);
    }
    if (inputCount != static_cast<int32_t>(def.GetInputs().size()) ||
        outputCount != static_cast<int32_t>(def.GetOutputs().size())) {
        return Report(kSimAbiError, std::string(opType) + " takes " + std::to_string(def.GetInputs().size()) +
                                        " inputs and " + std::to_string(def.GetOutputs().size()) + " outputs; the call gives " +
                                        std::to_string(inputCount) + " and " + std::to_string(outputCount),
                      message, messageBytes);
    }
    std::vector<gert::Shape> inputShapes;
    std::vector<gert::CompileTimeTensorDesc> inputDescs;
    std::vector<ge::DataType> inputTypes;
    for (int32_t i = 0; i < inputCount; ++i) {
        const AscendSimTensor& t = inputs[i];
        const char* name = t.name != nullptr ? t.name : "x";
        if (t.rank < -1 || t.rank > static_cast<int32_t>(gert::Shape::kMaxDimNum)) {
            return Report(kSimAbiError, std::string(name) + " has rank " + std::to_string(t.rank) +
                                            ": a gert::Shape holds at most " +
                                            std::to_string(gert::Shape::kMaxDimNum) + " dims",
                          message, messageBytes);
        }
        const ge::DataType type =
            t.rank < 0 ? ge::DT_UNDEFINED : ge::TypeUtils::SerialStringToDataType(t.dtype != nullptr ? t.dtype : "");
        if (t.rank >= 0 && type == ge::DT_UNDEFINED) {
            return Report(kSimAbiError, std::string("'") + (t.dtype != nullptr ? t.dtype : "") + "' (" + name +
                                            ") is no ge::DataType",
                          message, messageBytes);
        }
        gert::Shape shape;
        for (int32_t d = 0; d < t.rank; ++d) {
            shape.AppendDim(t.dims[d]);
        }
        inputShapes.push_back(shape);
        inputDescs.push_back(Desc(type));
        inputTypes.push_back(type);
    }
    std::vector<ge::DataType> outputTypes;
    std::vector<gert::CompileTimeTensorDesc> outputDescs;
    for (int32_t j = 0; j < outputCount; ++j) {
        outputTypes.push_back(ge::TypeUtils::SerialStringToDataType(outputs[j].dtype != nullptr ? outputs[j].dtype : ""));
        outputDescs.push_back(Desc(outputTypes.back()));
    }
    gert::RuntimeAttrs runtimeAttrs;
    std::string why;
    if (!BuildRuntimeAttrs(def, attrs, attrCount, &runtimeAttrs, &why)) {
        return Report(kSimAbiError, why, message, messageBytes);
    }
    Capture capture;

    gert::InferShapeContext shapeContext;
    shapeContext.SetNode(opType, opType);
    shapeContext.SetTensorDescs(inputDescs, outputDescs);
    shapeContext.SetAttrs(&runtimeAttrs);
    shapeContext.SetShapes(inputShapes, static_cast<size_t>(outputCount));
    if (def.GetInferShape()(&shapeContext) != ge::GRAPH_SUCCESS) {
        return capture.Failure("InferShape", opType, rejectedBy, message, messageBytes);
    }

    gert::InferDataTypeContext typeContext;
    typeContext.SetNode(opType, opType);
    typeContext.SetAttrs(&runtimeAttrs);
    typeContext.SetDataTypes(inputTypes, static_cast<size_t>(outputCount));
    if (def.GetInferDataType()(&typeContext) != ge::GRAPH_SUCCESS) {
        return capture.Failure("InferDataType", opType, rejectedBy, message, messageBytes);
    }
    std::vector<gert::StorageShape> outputShapes;
    for (int32_t j = 0; j < outputCount; ++j) {
        if (typeContext.GetOutputDataType(j) != outputTypes[j]) {
            return Report(kSimHostError, std::string(opType) + "'s InferDataType gave output " +
                                             (outputs[j].name != nullptr ? outputs[j].name : "y") + " another dtype than " +
                                             (outputs[j].dtype != nullptr ? outputs[j].dtype : "none"),
                          message, messageBytes);
        }
        outputShapes.push_back(ToStorageShape(*shapeContext.GetOutputShape(j)));
    }

    std::vector<gert::StorageShape> inputStorage;
    for (const gert::Shape& shape : inputShapes) {
        inputStorage.push_back(ToStorageShape(shape));
    }
    fe::PlatFormInfos platform = ascend_sim::SimulatedPlatform(*soc);
    gert::TilingData rawTiling(kTilingCapacityBytes);
    gert::TilingContext tilingContext;
    tilingContext.SetNode(opType, opType);
    tilingContext.SetTensorDescs(inputDescs, outputDescs);
    tilingContext.SetAttrs(&runtimeAttrs);
    tilingContext.SetShapes(inputStorage, outputShapes);
    tilingContext.SetTilingBuffer(&rawTiling);
    tilingContext.SetPlatformInfo(&platform);
    if (def.GetAICore().GetTiling()(&tilingContext) != ge::GRAPH_SUCCESS) {
        return capture.Failure("TilingFunc", opType, rejectedBy, message, messageBytes);
    }

    *tilingBytes = rawTiling.GetDataSize();
    std::memcpy(tiling, rawTiling.GetData(), rawTiling.GetDataSize());
    *blockDim = tilingContext.GetBlockDim();
    *tilingKey = tilingContext.GetTilingKey();
    *workspaceBytes = 0;  // the workspace the TilingFunc asked for, as aclnn's GetWorkspaceSize reports it
    for (const size_t bytes : tilingContext.GetWorkspaceSizeList()) {
        *workspaceBytes += bytes;
    }
    for (int32_t j = 0; j < outputCount; ++j) {
        const gert::Shape& shape = outputShapes[j].GetStorageShape();
        outRanks[j] = static_cast<int32_t>(shape.GetDimNum());
        for (size_t d = 0; d < shape.GetDimNum(); ++d) {
            outDims[j * gert::Shape::kMaxDimNum + d] = shape.GetDim(d);
        }
    }
    return kSimOk;
}

// What the op_host reported through CANN's error-message channel during this thread's last
// ascend_sim_plan, when a host function failed ("<error code>: <message>" lines, what CANN's
// runtime keeps for aclGetRecentErrMsg; empty otherwise), copied into buffer[0..bufferBytes); the
// bytes it takes with its NUL.
uint64_t ascend_sim_reported_errors(char* buffer, uint64_t bufferBytes)
{
    if (buffer != nullptr && bufferBytes > 0) {
        ascend_sim::CopyMessage(t_reportedErrors, buffer, static_cast<size_t>(bufferBytes));
    }
    return t_reportedErrors.size() + 1;
}

// ascend_sim_plan_op for an op of one input and one output of the input's dtype (the view ops).
int32_t ascend_sim_plan(const char* opType, const char* socName, const char* dtypeName, int32_t rank,
                        const int64_t* dims, const AscendSimAttr* attrs, int32_t attrCount, uint8_t* tiling,
                        uint64_t* tilingBytes, uint32_t* blockDim, uint64_t* tilingKey, uint64_t* workspaceBytes,
                        int32_t* outRank, int64_t* outDims, const char** rejectedBy, char* message,
                        uint64_t messageBytes)
{
    if (rank < 0) {
        *rejectedBy = nullptr;
        return Report(kSimAbiError, "x has rank " + std::to_string(rank) + ": a gert::Shape holds at most " +
                                        std::to_string(gert::Shape::kMaxDimNum) + " dims",
                      message, messageBytes);
    }
    const AscendSimTensor input{"x", rank, dims, dtypeName, nullptr, 0};
    const AscendSimTensor output{"y", 0, nullptr, dtypeName, nullptr, 0};
    return ascend_sim_plan_op(opType, socName, &input, 1, &output, 1, attrs, attrCount, tiling, tilingBytes, blockDim,
                              tilingKey, workspaceBytes, outRank, outDims, rejectedBy, message, messageBytes);
}

// Runs `kernel` (the entry named `kernelName`, whose parameters are the tensors' GM addresses in
// order, then workspace and tiling) on blocks 0..blockDim-1 of SoC `socName`, with
// tiling[0..tilingBytes) as its tiling data in GM and the tensors' data as their GM (inputs first,
// read-only; an optional input left out gets no GM: nullptr), as CANN launches it after the
// TilingFunc; `seed` orders the kernel-end data cache write-backs.
int32_t ascend_sim_run_op(void* kernel, const char* kernelName, const char* socName, uint64_t seed, const void* tiling,
                          uint64_t tilingBytes, uint32_t blockDim, uint64_t tilingKey, const AscendSimTensor* tensors,
                          int32_t inputCount, int32_t tensorCount, AscendSimStats* stats, char* message,
                          uint64_t messageBytes)
{
    const SocEntry* soc = socName != nullptr ? FindSoc(socName) : nullptr;
    if (soc == nullptr || kernel == nullptr || kernelName == nullptr) {
        return Report(kSimAbiError, "ascend_sim_run_op needs a kernel, its name and a SoC of the product table",
                      message, messageBytes);
    }
    if (tensorCount < 1 || tensorCount > kSimMaxTensors || inputCount < 0 || inputCount > tensorCount) {
        return Report(kSimAbiError, "ascend_sim_run_op takes 1 to " + std::to_string(kSimMaxTensors) +
                                        " tensors, the inputs first; got " + std::to_string(tensorCount) + " (" +
                                        std::to_string(inputCount) + " inputs)",
                      message, messageBytes);
    }
    std::string failure;
    try {
        ascend_sim::Simulator sim(ascend_sim::SimulatedSocConfig(*soc, seed));
        uint8_t* tilingGm = static_cast<uint8_t*>(const_cast<void*>(tiling));
        std::vector<uint8_t*> args;
        // GM as CANN allocates it: each tensor alone in its 512-byte-aligned blocks, so no data
        // cache line (products.yaml data_cache_line_bytes) holds bytes of two tensors. An input
        // whose blocks hold bytes of another tensor (add(x, x), or small host arrays side by side)
        // runs on a private aligned copy: inputs are read-only, so the kernel reads the same
        // values, and the emulator keeps one GM buffer per GlobalTensor. An output that shares
        // bytes with anything stays refused.
        constexpr uintptr_t kGmAlign = 512;
        std::vector<std::vector<uint8_t>> copies;
        copies.reserve(static_cast<size_t>(inputCount));
        for (int32_t i = 0; i < tensorCount; ++i) {
            const AscendSimTensor& t = tensors[i];
            uint8_t* data = static_cast<uint8_t*>(t.data);
            const uintptr_t lo = reinterpret_cast<uintptr_t>(data) / kGmAlign * kGmAlign;
            const uintptr_t hi = (reinterpret_cast<uintptr_t>(data) + t.bytes + kGmAlign - 1) / kGmAlign * kGmAlign;
            const uintptr_t at = reinterpret_cast<uintptr_t>(data);
            // Its bytes under an earlier input's (add(x, x)), under an output's (left in place:
            // AddBuffer refuses the output), or only in the same blocks as another tensor's.
            bool alias = false;
            bool underOutput = false;
            bool sharesBlock = false;
            for (int32_t j = 0; j < tensorCount && i < inputCount && data != nullptr && t.bytes != 0; ++j) {
                const uintptr_t other = reinterpret_cast<uintptr_t>(tensors[j].data);
                if (j == i || other == 0 || tensors[j].bytes == 0) {
                    continue;
                }
                const bool overlaps = other < at + t.bytes && at < other + tensors[j].bytes;
                alias |= overlaps && j < i;
                underOutput |= overlaps && j >= inputCount;
                sharesBlock |= other < hi && lo < other + tensors[j].bytes;
            }
            if (alias || (sharesBlock && !underOutput)) {
                copies.emplace_back(t.bytes + kGmAlign);
                uint8_t* aligned = reinterpret_cast<uint8_t*>(
                    (reinterpret_cast<uintptr_t>(copies.back().data()) + kGmAlign - 1) / kGmAlign * kGmAlign);
                std::memcpy(aligned, data, t.bytes);
                data = aligned;
            }
            if (data != nullptr) {
                sim.AddBuffer(t.name != nullptr ? t.name : "tensor",
                              i < inputCount ? ascend_sim::BufferRole::kInput : ascend_sim::BufferRole::kOutput, data,
                              t.bytes);
            }
            args.push_back(data);
        }
        sim.AddBuffer("tiling", ascend_sim::BufferRole::kTiling, tilingGm, tilingBytes);
        sim.SetTilingKey(tilingKey);
        args.push_back(nullptr);  // workspace: the kernels use none
        args.push_back(tilingGm);
        failure = ascend_sim::RunCatching(sim, kernelName, blockDim, [&]() {
            CallEntryOfArity(kernel, args, std::make_index_sequence<kSimMaxTensors + 2>());
        });
        if (failure.empty()) {
            const ascend_sim::Stats& s = sim.GetStats();
            AscendSimStats out{};
#define ASCEND_SIM_COPY_COUNTER(type, name) out.name = s.name;
            ASCEND_SIM_STATS_COUNTERS(ASCEND_SIM_COPY_COUNTER)
#undef ASCEND_SIM_COPY_COUNTER
            out.busiestOverMean = s.BusiestOverMean();
            *stats = out;
            return kSimOk;
        }
    } catch (const ascend_sim::SimError& e) {  // a SocConfig or buffer the emulator refuses
        failure = e.what();
    } catch (const std::exception& e) {
        failure = std::string("internal error: ") + e.what();
    }
    return Report(kSimRunError, failure, message, messageBytes);
}

// ascend_sim_run_op for a kernel of one input x and one output y (the view ops).
int32_t ascend_sim_run(void* kernel, const char* kernelName, const char* socName, uint64_t seed, const void* tiling,
                       uint64_t tilingBytes, uint32_t blockDim, uint64_t tilingKey, void* x, uint64_t xBytes, void* y,
                       uint64_t yBytes, AscendSimStats* stats, char* message, uint64_t messageBytes)
{
    const AscendSimTensor tensors[] = {{"x", 0, nullptr, nullptr, x, xBytes}, {"y", 0, nullptr, nullptr, y, yBytes}};
    return ascend_sim_run_op(kernel, kernelName, socName, seed, tiling, tilingBytes, blockDim, tilingKey, tensors, 1, 2,
                             stats, message, messageBytes);
}

}  // extern "C"
