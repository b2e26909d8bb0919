// The CPU aclnn runtime (cpu_aclnn.h): descriptors, the recent error, the call records, and the
// plan / launch of an op call through the simulator library.
#include "cpu_aclnn.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <unordered_set>
#include <utility>

#include "acl/acl_rt.h"
#include "graph/types.h"

struct aclTensor {
    std::vector<int64_t> dims;
    std::vector<int64_t> strides;
    int64_t offset;
    aclDataType dtype;
    aclFormat format;
    std::vector<int64_t> storageDims;
    void* data;
};

struct aclIntArray {
    std::vector<int64_t> values;
};

struct aclOpExecutor {
    std::string opType;
    std::string kernelName;
    std::vector<uint8_t> tiling;
    uint32_t blockDim;
    uint64_t tilingKey;
    uint64_t workspaceBytes;  // what the TilingFunc asked for: the launch must bring that much
    std::vector<std::string> names;         // the tensors' OpDef names, inputs then outputs
    std::vector<AscendSimTensor> tensors;   // their data (pointing into `names`), set at the launch
    std::vector<const aclTensor*> descriptors;  // read at the launch, as CANN's executor does
    int32_t inputCount;
};

namespace ascend_ops_cpu_aclnn {
namespace {

// aclDataType takes ge::DataType's values (CANN defines one from the other); the stand-in headers
// of the simulator name each with its element size.
static_assert(ACL_FLOAT == static_cast<int>(ge::DT_FLOAT) && ACL_FLOAT16 == static_cast<int>(ge::DT_FLOAT16) &&
                  ACL_BF16 == static_cast<int>(ge::DT_BF16) && ACL_INT8 == static_cast<int>(ge::DT_INT8) &&
                  ACL_INT64 == static_cast<int>(ge::DT_INT64) && ACL_BOOL == static_cast<int>(ge::DT_BOOL) &&
                  ACL_UINT32 == static_cast<int>(ge::DT_UINT32),
              "aclDataType and ge::DataType disagree");

struct DtypeFacts {
    const char* name;  // "DT_FLOAT16", as the simulator library takes it
    int64_t bytes;
};

bool Facts(aclDataType dtype, DtypeFacts* out)
{
    switch (static_cast<int>(dtype)) {
#define CPU_ACLNN_DTYPE_CASE(name, value, bytes) \
    case value:                                  \
        *out = DtypeFacts{#name, bytes};         \
        return true;
        CANN_HOST_STUB_DATA_TYPES(CPU_ACLNN_DTYPE_CASE)
#undef CPU_ACLNN_DTYPE_CASE
        default:
            return false;
    }
}

struct Runtime {
    std::mutex mutex;
    void* library = nullptr;
    AscendSimPlanOpFn plan = nullptr;
    AscendSimReportedErrorsFn reportedErrors = nullptr;
    AscendSimRunOpFn run = nullptr;
    std::string soc;
    int64_t maxDims = 0;
    int64_t tilingCapacity = 0;
    int64_t statsBytes = 0;
    uint64_t plans = 0;      // GetWorkspaceSize calls that succeeded
    uint64_t launches = 0;   // kernels launched
    // Nanoseconds spent in GetWorkspaceSize, in aclnn<Op>, and of that in the simulated kernel.
    uint64_t planNs = 0;
    uint64_t launchNs = 0;
    uint64_t kernelNs = 0;
    bool recording = false;  // ascend_ops_cpu_aclnn_record: keep every call's record in `calls`
    std::vector<std::string> calls;  // JSON objects
    // ascend_ops_cpu_aclnn_fail_next: the status and message the next GetWorkspaceSize returns.
    aclnnStatus failNextStatus = 0;
    std::string failNextMessage;
    // ascend_ops_cpu_aclnn_fail_next_launch: the status and message the next aclnn<Op> returns.
    aclnnStatus failNextLaunchStatus = 0;
    std::string failNextLaunchMessage;
    // ascend_ops_cpu_aclnn_add_workspace: bytes every GetWorkspaceSize adds to the TilingFunc's request.
    uint64_t addedWorkspace = 0;
};

Runtime& State()
{
    static Runtime runtime;
    return runtime;
}

thread_local std::string t_recentError;

// Note [vendor collection]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// The runtime stands in for CANN's nnopbase here too, as Note [kernel discovery]
// (python/ascend_ops/npu/binding.py) reads it in opbase's sources: at its first use in the process
// (a GetWorkspaceSize of ours, or NnopbaseCreateExecutorSpace, with which any other package's
// generated GetWorkspaceSize begins) it collects the vendor folders once: each ASCEND_CUSTOM_OPP_PATH
// entry that is a folder, as getenv gives the variable then, then the vendors of the `priority`
// line of $ASCEND_OPP_PATH/vendors/config.ini. Its ops are registered when one of those folders
// holds this library as its op API library (the CPU vendor layout's libcust_opapi.so); otherwise
// every GetWorkspaceSize returns ACLNN_ERR_PARAM_NULLPTR, as a generated one does when
// NnopbaseGetExecutor finds no registration. Collecting never fails here (nnopbase retries a
// failed one; on an Atlas machine the built-in packages are always there to collect).
constexpr const char* kCustomOppPathEnv = "ASCEND_CUSTOM_OPP_PATH";
constexpr const char* kOppPathEnv = "ASCEND_OPP_PATH";
constexpr const char* kOpApiLibrary = "/op_api/lib/libcust_opapi.so";

struct VendorCollection {
    std::mutex mutex;
    bool collected = false;
    std::vector<std::string> folders;
    bool registered = false;  // this runtime's ops: one of `folders` holds it
};

VendorCollection& Vendors()
{
    static VendorCollection vendors;
    return vendors;
}

std::string RealPath(const std::string& path)
{
    std::unique_ptr<char, decltype(&std::free)> real(realpath(path.c_str(), nullptr), &std::free);
    return real != nullptr ? std::string(real.get()) : std::string();
}

bool IsFolder(const std::string& path)
{
    struct stat info {};
    return stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

std::vector<std::string> Split(const std::string& text, char separator)
{
    std::vector<std::string> parts;
    std::stringstream stream(text);
    std::string part;
    while (std::getline(stream, part, separator)) {
        parts.push_back(part);
    }
    return parts;
}

// The vendors of the first line naming `priority` in a vendors/config.ini (none without one).
std::vector<std::string> ConfigVendors(const std::string& config)
{
    std::ifstream file(config);
    std::string line;
    while (std::getline(file, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) {
            line.pop_back();
        }
        const size_t equal = line.find('=');
        if (line.empty() || line[0] == '#' || line.find("priority") == std::string::npos || equal == std::string::npos) {
            continue;
        }
        return Split(line.substr(equal + 1), ',');
    }
    return {};
}

// Note [vendor collection]: once per process.
void CollectVendors()
{
    VendorCollection& v = Vendors();
    std::lock_guard<std::mutex> lock(v.mutex);
    if (v.collected) {
        return;
    }
    const char* custom = std::getenv(kCustomOppPathEnv);
    for (const std::string& entry : Split(custom != nullptr ? custom : "", ':')) {
        if (!entry.empty() && IsFolder(entry)) {
            v.folders.push_back(entry);
        }
    }
    const char* opp = std::getenv(kOppPathEnv);
    if (opp != nullptr) {
        for (const std::string& vendor : ConfigVendors(std::string(opp) + "/vendors/config.ini")) {
            v.folders.push_back(std::string(opp) + "/vendors/" + vendor);
        }
    }
    Dl_info self{};
    const std::string library = dladdr(reinterpret_cast<void*>(&CollectVendors), &self) != 0 && self.dli_fname != nullptr
                                    ? RealPath(self.dli_fname)
                                    : std::string();
    for (const std::string& folder : v.folders) {
        v.registered = v.registered || (!library.empty() && RealPath(folder + kOpApiLibrary) == library);
    }
    v.collected = true;
}

// Why this runtime's op `opType` has no registration, or "" when it has one.
std::string Unregistered(const std::string& opType)
{
    CollectVendors();
    VendorCollection& v = Vendors();
    std::lock_guard<std::mutex> lock(v.mutex);
    if (v.registered) {
        return "";
    }
    std::string folders;
    for (const std::string& folder : v.folders) {
        folders += (folders.empty() ? "" : ", ") + folder;
    }
    return "The operator package to which the " + opType + " operator belongs is not installed: it is in none " +
           "of the vendor folders collected at the process's first aclnn call (" +
           (folders.empty() ? std::string("none") : folders) + ")";
}

// The descriptors created and not yet destroyed: a launch reads its tensors' descriptors, which
// must still be alive then (Note [launch contract] in ascend_kernels/npu/aclnn_call.h).
std::mutex& LiveMutex()
{
    static std::mutex mutex;
    return mutex;
}

std::unordered_set<const aclTensor*>& LiveTensors()
{
    static std::unordered_set<const aclTensor*> live;
    return live;
}

bool Alive(const aclTensor* tensor)
{
    std::lock_guard<std::mutex> lock(LiveMutex());
    return LiveTensors().count(tensor) > 0;
}

bool Recording()
{
    Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    return r.recording;
}

void Record(const std::string& call)
{
    Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.calls.push_back(call);
}

void Count(uint64_t Runtime::*counter, uint64_t by = 1)
{
    Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.*counter += by;
}

uint64_t NsSince(std::chrono::steady_clock::time_point start)
{
    return static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
}

std::string Quoted(const std::string& text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string List(const std::vector<int64_t>& values)
{
    std::string out = "[";
    for (size_t i = 0; i < values.size(); ++i) {
        out += (i ? "," : "") + std::to_string(values[i]);
    }
    return out + "]";
}

std::string Describe(const Argument& a)
{
    std::string out = "{\"name\":" + Quoted(a.name) + ",\"kind\":";
    switch (a.kind) {
        case Argument::Kind::kInput:
        case Argument::Kind::kOutput: {
            out += a.kind == Argument::Kind::kInput ? "\"input\"" : "\"output\"";
            if (a.tensor == nullptr) {
                return out + ",\"null\":true}";
            }
            const aclTensor& t = *a.tensor;
            return out + ",\"shape\":" + List(t.dims) + ",\"strides\":" + List(t.strides) +
                   ",\"offset\":" + std::to_string(t.offset) + ",\"dtype\":" + std::to_string(t.dtype) +
                   ",\"format\":" + std::to_string(t.format) + ",\"storage\":" + List(t.storageDims) + "}";
        }
        case Argument::Kind::kIntArray:
            out += "\"int_array\"";
            return out + (a.array == nullptr ? ",\"null\":true}" : ",\"values\":" + List(a.array->values) + "}");
        case Argument::Kind::kInt:
            return out + "\"int\",\"value\":" + std::to_string(a.value) + "}";
        case Argument::Kind::kFloat:  // its float32's bits
            return out + "\"float\",\"bits\":" + std::to_string(a.value) + "}";
        case Argument::Kind::kString:
            out += "\"string\"";
            return out + (a.text == nullptr ? ",\"null\":true}" : ",\"value\":" + Quoted(a.text) + "}");
    }
    return out + "null}";
}

// Whether `t` lies in C order; one without elements does whatever its strides (a filling op's
// empty input, say), as torch holds too.
bool Contiguous(const aclTensor& t)
{
    for (const int64_t d : t.dims) {
        if (d == 0) {
            return true;
        }
    }
    int64_t expected = 1;
    for (size_t i = t.dims.size(); i-- > 0;) {
        if (t.dims[i] != 1 && t.strides[i] != expected) {
            return false;
        }
        expected *= t.dims[i];
    }
    return true;
}

int64_t Elements(const aclTensor& t)
{
    int64_t n = 1;
    for (const int64_t d : t.dims) {
        n *= d;
    }
    return n;
}

}  // namespace

Call::Call(const char* api, const char* opType, const char* kernelName)
    : api_(api), opType_(opType), kernelName_(kernelName)
{
}

Call& Call::Input(const char* name, const aclTensor* tensor)
{
    arguments_.push_back(Argument{Argument::Kind::kInput, name, tensor});
    return *this;
}

Call& Call::Output(const char* name, const aclTensor* tensor)
{
    arguments_.push_back(Argument{Argument::Kind::kOutput, name, tensor});
    return *this;
}

Call& Call::Attr(const char* name, const aclIntArray* values)
{
    arguments_.push_back(Argument{Argument::Kind::kIntArray, name, nullptr, values});
    return *this;
}

Call& Call::Attr(const char* name, int64_t value)
{
    arguments_.push_back(Argument{Argument::Kind::kInt, name, nullptr, nullptr, value});
    return *this;
}

Call& Call::Attr(const char* name, double value)
{
    const float single = static_cast<float>(value);
    uint32_t bits = 0;
    std::memcpy(&bits, &single, sizeof(bits));
    arguments_.push_back(Argument{Argument::Kind::kFloat, name, nullptr, nullptr, static_cast<int64_t>(bits)});
    return *this;
}

Call& Call::Attr(const char* name, const char* text)
{
    arguments_.push_back(Argument{Argument::Kind::kString, name, nullptr, nullptr, 0, text});
    return *this;
}

aclnnStatus Call::Fail(aclnnStatus status, const std::string& message)
{
    t_recentError = message;
    return status;
}

aclnnStatus Call::Plan(uint64_t* workspaceSize, aclOpExecutor** executor)
{
    const auto started = std::chrono::steady_clock::now();
    const bool recording = Recording();
    std::string record;
    if (recording) {
        record = "{\"api\":" + Quoted(api_) + ",\"args\":[";
        for (size_t i = 0; i < arguments_.size(); ++i) {
            record += (i ? "," : "") + Describe(arguments_[i]);
        }
        record += "]";
    }
    const aclnnStatus status = [&]() -> aclnnStatus {
        Runtime& r = State();
        if (r.plan == nullptr) {
            return Fail(kInnerError, "the CPU aclnn runtime has no simulator library (ascend_ops_cpu_aclnn_init)");
        }
        const std::string unregistered = Unregistered(opType_);
        if (!unregistered.empty()) {
            return Fail(kParamNullptr, unregistered);
        }
        if (workspaceSize == nullptr || executor == nullptr) {
            return Fail(kParamNullptr, api_ + ": workspaceSize or executor is null");
        }
        {
            std::lock_guard<std::mutex> lock(r.mutex);
            if (r.failNextStatus != 0) {
                const aclnnStatus injected = r.failNextStatus;
                r.failNextStatus = 0;
                return Fail(injected, r.failNextMessage);
            }
        }
        std::vector<const Argument*> inputs;
        std::vector<const Argument*> outputs;
        std::vector<AscendSimAttr> attrs;
        for (const Argument& a : arguments_) {
            switch (a.kind) {
                case Argument::Kind::kInput: inputs.push_back(&a); break;
                case Argument::Kind::kOutput: outputs.push_back(&a); break;
                case Argument::Kind::kIntArray:
                    if (a.array != nullptr) {  // an absent list: the OpDef's default stands in
                        attrs.push_back(AscendSimAttr{a.name.c_str(), a.array->values.data(),
                                                      static_cast<int64_t>(a.array->values.size()), 0, nullptr});
                    }
                    break;
                case Argument::Kind::kInt:
                case Argument::Kind::kFloat:  // sim_abi.h: a float's bits in value
                    attrs.push_back(AscendSimAttr{a.name.c_str(), nullptr, 0, a.value, nullptr});
                    break;
                case Argument::Kind::kString:
                    if (a.text != nullptr) {
                        attrs.push_back(AscendSimAttr{a.name.c_str(), nullptr, 0, 0, a.text});
                    }
                    break;
            }
        }
        if (inputs.empty() || outputs.empty()) {
            return Fail(kParamNullptr, api_ + ": the call names no input or no output");
        }
        // Each tensor's simulator description; the executor keeps the names its entries point into.
        std::unique_ptr<aclOpExecutor> planned(new aclOpExecutor{opType_, kernelName_, {}, 0, 0, 0, {}, {}, {},
                                                                 static_cast<int32_t>(inputs.size())});
        std::vector<const Argument*> all(inputs);
        all.insert(all.end(), outputs.begin(), outputs.end());
        std::vector<DtypeFacts> facts(all.size());
        for (size_t i = 0; i < all.size(); ++i) {
            const aclTensor* t = all[i]->tensor;
            if (t == nullptr) {
                return Fail(kParamNullptr, api_ + ": tensor " + all[i]->name + " is null");
            }
            if (!Facts(t->dtype, &facts[i])) {
                return Fail(kParamInvalid, api_ + ": tensor " + all[i]->name + " has an unknown dtype (" +
                                               std::to_string(t->dtype) + ")");
            }
            if (!Contiguous(*t)) {
                return Fail(kParamInvalid, api_ + ": the CPU runtime takes contiguous tensors only");
            }
            planned->names.push_back(all[i]->name);
            planned->descriptors.push_back(t);
        }
        for (size_t i = 0; i < all.size(); ++i) {
            const aclTensor& t = *all[i]->tensor;
            planned->tensors.push_back(AscendSimTensor{planned->names[i].c_str(), static_cast<int32_t>(t.dims.size()),
                                                       t.dims.data(), facts[i].name,
                                                       static_cast<uint8_t*>(t.data) + t.offset * facts[i].bytes,
                                                       static_cast<uint64_t>(Elements(t) * facts[i].bytes)});
        }
        std::vector<uint8_t> tiling(static_cast<size_t>(r.tilingCapacity));
        uint64_t tilingBytes = 0;
        uint32_t blockDim = 0;
        uint64_t tilingKey = 0;
        uint64_t workspaceBytes = 0;
        std::vector<int32_t> outRanks(outputs.size());
        std::vector<int64_t> outDims(static_cast<size_t>(r.maxDims) * outputs.size());
        const char* rejectedBy = nullptr;
        char message[1024] = {};
        const int32_t status = r.plan(opType_.c_str(), r.soc.c_str(), planned->tensors.data(),
                                      static_cast<int32_t>(inputs.size()), planned->tensors.data() + inputs.size(),
                                      static_cast<int32_t>(outputs.size()), attrs.data(),
                                      static_cast<int32_t>(attrs.size()), tiling.data(), &tilingBytes, &blockDim,
                                      &tilingKey, &workspaceBytes, outRanks.data(), outDims.data(), &rejectedBy,
                                      message, sizeof(message));
        if (status != kSimOk) {
            // A host function's rejection reaches the caller as CANN's runtime hands it over: what
            // the op_host reported through the error-message channel (REPORT_INNER_ERROR).
            std::string reported(static_cast<size_t>(r.reportedErrors(nullptr, 0)), '\0');
            r.reportedErrors(&reported[0], reported.size());
            reported.resize(reported.size() - 1);
            const std::string by = rejectedBy != nullptr ? std::string(rejectedBy) + ": " : "";
            return Fail(status == kSimArgumentError ? kParamInvalid : kInnerError,
                        reported.empty() ? by + message : reported);
        }
        for (size_t j = 0; j < outputs.size(); ++j) {
            const auto first = outDims.begin() + static_cast<std::ptrdiff_t>(j * static_cast<size_t>(r.maxDims));
            const std::vector<int64_t> shape(first, first + outRanks[j]);
            if (shape != outputs[j]->tensor->dims) {
                const std::string name = outputs.size() == 1 ? "out" : outputs[j]->name;
                return Fail(kParamInvalid, api_ + ": " + name + " has shape " + List(outputs[j]->tensor->dims) +
                                               ", InferShape gives " + List(shape));
            }
        }
        tiling.resize(static_cast<size_t>(tilingBytes));
        planned->tiling = std::move(tiling);
        planned->blockDim = blockDim;
        planned->tilingKey = tilingKey;
        {
            std::lock_guard<std::mutex> lock(r.mutex);
            workspaceBytes += r.addedWorkspace;
        }
        planned->workspaceBytes = workspaceBytes;
        *executor = planned.release();
        *workspaceSize = workspaceBytes;  // what the TilingFunc asked for (AscendC's library workspace)
        return kSuccess;
    }();
    if (status == kSuccess) {
        Count(&Runtime::plans);
    }
    Count(&Runtime::planNs, NsSince(started));
    if (recording) {
        if (status == kSuccess) {
            record += ",\"workspace_size\":" + std::to_string(*workspaceSize);
        }
        Record(record + ",\"status\":" + std::to_string(status) + "}");
    }
    return status;
}

aclnnStatus Launch(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                   aclrtStream stream)
{
    const auto started = std::chrono::steady_clock::now();
    const uint64_t asked = executor != nullptr ? executor->workspaceBytes : 0;
    const aclnnStatus status = [&]() -> aclnnStatus {
        Runtime& r = State();
        if (executor == nullptr) {
            t_recentError = std::string(api) + ": the executor is null";
            return kParamNullptr;
        }
        // The kernel gets the workspace GetWorkspaceSize reported (the TilingFunc's request); a
        // launch with less, or with none, would hand it memory it does not own.
        if (asked > 0 && (workspace == nullptr || workspaceSize < asked)) {
            t_recentError = std::string(api) + ": the workspace " + (workspace == nullptr ? "is null" : "holds " +
                            std::to_string(workspaceSize) + " bytes") + "; GetWorkspaceSize asked for " +
                            std::to_string(asked) + " bytes";
            delete executor;
            return kParamInvalid;
        }
        {
            std::lock_guard<std::mutex> lock(r.mutex);
            if (r.failNextLaunchStatus != 0) {
                t_recentError = r.failNextLaunchMessage;
                const aclnnStatus injected = std::exchange(r.failNextLaunchStatus, 0);
                delete executor;
                return injected;
            }
        }
        // The tensors as their descriptors give them now: a descriptor destroyed before the launch
        // is refused rather than read.
        for (size_t i = 0; i < executor->descriptors.size(); ++i) {
            const aclTensor* t = executor->descriptors[i];
            DtypeFacts facts{};
            if (!Alive(t) || !Facts(t->dtype, &facts)) {
                t_recentError = std::string(api) + ": the descriptor of tensor " + executor->names[i] +
                                " was destroyed before the launch (aclDestroyTensor must follow aclnn<Op>)";
                delete executor;
                return kParamInvalid;
            }
            executor->tensors[i] = AscendSimTensor{executor->names[i].c_str(), static_cast<int32_t>(t->dims.size()),
                                                   t->dims.data(), facts.name,
                                                   static_cast<uint8_t*>(t->data) + t->offset * facts.bytes,
                                                   static_cast<uint64_t>(Elements(*t) * facts.bytes)};
        }
        void* kernel = r.library != nullptr ? dlsym(r.library, executor->kernelName.c_str()) : nullptr;
        if (kernel == nullptr) {
            t_recentError = std::string(api) + ": the simulator library has no kernel " + executor->kernelName;
            delete executor;
            return kInnerError;
        }
        std::vector<uint8_t> stats(static_cast<size_t>(r.statsBytes));
        char message[1024] = {};
        const auto kernelStarted = std::chrono::steady_clock::now();
        const int32_t ran = r.run(kernel, executor->kernelName.c_str(), r.soc.c_str(), 0, executor->tiling.data(),
                                  executor->tiling.size(), executor->blockDim, executor->tilingKey,
                                  executor->tensors.data(), executor->inputCount,
                                  static_cast<int32_t>(executor->tensors.size()),
                                  reinterpret_cast<AscendSimStats*>(stats.data()), message, sizeof(message));
        Count(&Runtime::kernelNs, NsSince(kernelStarted));
        delete executor;  // an executor serves one launch
        if (ran != kSimOk) {
            t_recentError = std::string(api) + ": " + message;
            return kInnerError;
        }
        Count(&Runtime::launches);
        return kSuccess;
    }();
    Count(&Runtime::launchNs, NsSince(started));
    if (!Recording()) {
        return status;
    }
    Record("{\"api\":" + Quoted(api) + ",\"workspace\":" + (workspace != nullptr ? "true" : "false") +
           ",\"workspace_size\":" + std::to_string(workspaceSize) + ",\"asked\":" + std::to_string(asked) +
           ",\"stream\":" + (stream != nullptr ? "true" : "false") + ",\"status\":" + std::to_string(status) + "}");
    return status;
}

}  // namespace ascend_ops_cpu_aclnn

using ascend_ops_cpu_aclnn::State;

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData)
{
    if ((viewDimsNum > 0 && (viewDims == nullptr || stride == nullptr)) ||
        (storageDimsNum > 0 && storageDims == nullptr)) {
        ascend_ops_cpu_aclnn::t_recentError = "aclCreateTensor: dims or strides are null";
        return nullptr;
    }
    aclTensor* made = new aclTensor{std::vector<int64_t>(viewDims, viewDims + viewDimsNum),
                                    std::vector<int64_t>(stride, stride + viewDimsNum),
                                    offset,
                                    dataType,
                                    format,
                                    std::vector<int64_t>(storageDims, storageDims + storageDimsNum),
                                    tensorData};
    std::lock_guard<std::mutex> lock(ascend_ops_cpu_aclnn::LiveMutex());
    ascend_ops_cpu_aclnn::LiveTensors().insert(made);
    return made;
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size)
{
    if (size > 0 && value == nullptr) {
        ascend_ops_cpu_aclnn::t_recentError = "aclCreateIntArray: values are null";
        return nullptr;
    }
    return new aclIntArray{std::vector<int64_t>(value, value + size)};
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor)
{
    {
        std::lock_guard<std::mutex> lock(ascend_ops_cpu_aclnn::LiveMutex());
        ascend_ops_cpu_aclnn::LiveTensors().erase(tensor);
    }
    delete tensor;
    return ascend_ops_cpu_aclnn::kSuccess;
}

aclnnStatus aclDestroyIntArray(const aclIntArray* array)
{
    delete array;
    return ascend_ops_cpu_aclnn::kSuccess;
}

// The first step of every generated GetWorkspaceSize, this package's or another's: Note [vendor
// collection].
aclnnStatus NnopbaseCreateExecutorSpace(void** space)
{
    if (space == nullptr) {
        return ascend_ops_cpu_aclnn::kParamNullptr;
    }
    ascend_ops_cpu_aclnn::CollectVendors();
    if (*space == nullptr) {
        *space = &ascend_ops_cpu_aclnn::Vendors();
    }
    return ascend_ops_cpu_aclnn::kSuccess;
}

const char* aclGetRecentErrMsg()
{
    return ascend_ops_cpu_aclnn::t_recentError.c_str();
}

int32_t ascend_ops_cpu_aclnn_init(const char* simLibrary, const char* socName, char* message, uint64_t messageBytes)
{
    auto fail = [&](const std::string& why) {
        std::snprintf(message, static_cast<size_t>(messageBytes), "%s", why.c_str());
        return 1;
    };
    if (simLibrary == nullptr || socName == nullptr) {
        return fail("ascend_ops_cpu_aclnn_init needs the simulator library's path and a SoC name");
    }
    void* library = dlopen(simLibrary, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        return fail(std::string("dlopen ") + simLibrary + ": " + dlerror());
    }
    auto abi = reinterpret_cast<AscendSimAbiFn>(dlsym(library, "ascend_sim_abi"));
    auto plan = reinterpret_cast<AscendSimPlanOpFn>(dlsym(library, "ascend_sim_plan_op"));
    auto run = reinterpret_cast<AscendSimRunOpFn>(dlsym(library, "ascend_sim_run_op"));
    auto reported = reinterpret_cast<AscendSimReportedErrorsFn>(dlsym(library, "ascend_sim_reported_errors"));
    if (abi == nullptr || plan == nullptr || run == nullptr || reported == nullptr) {
        return fail(std::string(simLibrary) +
                    " is no simulator library (ascend_sim_abi / _plan_op / _run_op / _reported_errors missing)");
    }
    int64_t maxDims = 0, attrBytes = 0, socInfoBytes = 0, statsBytes = 0, capacity = 0;
    abi(&maxDims, &attrBytes, &socInfoBytes, &statsBytes, &capacity);
    if (attrBytes != static_cast<int64_t>(sizeof(AscendSimAttr)) ||
        statsBytes != static_cast<int64_t>(sizeof(AscendSimStats))) {
        return fail(std::string(simLibrary) + " was built with another sim_abi.h");
    }
    ascend_ops_cpu_aclnn::Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.library = library;
    r.plan = plan;
    r.reportedErrors = reported;
    r.run = run;
    r.soc = socName;
    r.maxDims = maxDims;
    r.tilingCapacity = capacity;
    r.statsBytes = statsBytes;
    return 0;
}

uint64_t ascend_ops_cpu_aclnn_calls(char* buffer, uint64_t bufferBytes)
{
    ascend_ops_cpu_aclnn::Runtime& r = State();
    std::string all = "[";
    {
        std::lock_guard<std::mutex> lock(r.mutex);
        for (size_t i = 0; i < r.calls.size(); ++i) {
            all += (i ? "," : "") + r.calls[i];
        }
    }
    all += "]";
    if (buffer != nullptr && bufferBytes > 0) {
        std::snprintf(buffer, static_cast<size_t>(bufferBytes), "%s", all.c_str());
    }
    return all.size() + 1;
}

// The next GetWorkspaceSize fails with `status` and `message` (aclGetRecentErrMsg), as CANN's
// runtime does for what the CPU runtime never meets itself: a kernel binary not found (561003),
// a runtime error (361001).
void ascend_ops_cpu_aclnn_fail_next(int32_t status, const char* message)
{
    ascend_ops_cpu_aclnn::Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.failNextStatus = status;
    r.failNextMessage = message != nullptr ? message : "";
}

// The next aclnn<Op> fails with `status` and `message` (aclGetRecentErrMsg of the thread it runs
// on), before it launches anything: a launch CANN's runtime refuses.
void ascend_ops_cpu_aclnn_fail_next_launch(int32_t status, const char* message)
{
    ascend_ops_cpu_aclnn::Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.failNextLaunchStatus = status;
    r.failNextLaunchMessage = message != nullptr ? message : "";
}

// Every later GetWorkspaceSize reports `bytes` more than the TilingFunc asked for, as for a kernel
// that needs a workspace (the package's kernels need none: Note [system workspace]).
void ascend_ops_cpu_aclnn_add_workspace(uint64_t bytes)
{
    ascend_ops_cpu_aclnn::Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.addedWorkspace = bytes;
}

void ascend_ops_cpu_aclnn_reset(void)
{
    ascend_ops_cpu_aclnn::Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.calls.clear();
}

void ascend_ops_cpu_aclnn_record(int32_t on)
{
    ascend_ops_cpu_aclnn::Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.recording = on != 0;
}

void ascend_ops_cpu_aclnn_counts(uint64_t* plans, uint64_t* launches)
{
    ascend_ops_cpu_aclnn::Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    *plans = r.plans;
    *launches = r.launches;
}

void ascend_ops_cpu_aclnn_times(uint64_t* planNs, uint64_t* launchNs, uint64_t* kernelNs)
{
    ascend_ops_cpu_aclnn::Runtime& r = State();
    std::lock_guard<std::mutex> lock(r.mutex);
    *planNs = r.planNs;
    *launchNs = r.launchNs;
    *kernelNs = r.kernelNs;
}

}  // extern "C"
