// How the torch binding calls the op package's aclnn API: its own lookup of the package's
// libcust_opapi.so, the conversion of torch arguments to aclnn descriptors, the device scope, and
// the two calls (aclnn<Op>GetWorkspaceSize, then aclnn<Op> on the stream). Hand-written; the
// generated ascend_ops_npu.cpp includes it after the aclnn headers CANN generated for the ops.
//
// Note [own aclnn lookup]
// ~~~~~~~~~~~~~~~~~~~~~~~
// op-plugin's EXEC_NPU_CMD(_EXT) looks aclnn symbols up in a copy of ASCEND_CUSTOM_OPP_PATH taken
// when libtorch_npu.so loads, which torch's device-backend autoload does at `import torch`, before
// this package can add its op package to the variable. So the binding resolves the symbols itself,
// as vllm-ascend's adapter does: at the first call of each API it reads the variable as it is
// then, opens `<entry>/op_api/lib/libcust_opapi.so` of each entry in order, then that of
// `$ASCEND_OPP_PATH/vendors/<vendor>` (the default install, named in vendors/config.ini), and
// takes the first that exports the symbol. Nothing is read at load time, so the order of imports
// does not matter here. (CANN's runtime reads the variable once per process, at its first aclnn
// call, to find the kernels: Note [kernel discovery] in python/ascend_ops/npu/binding.py.)
//
// Note [device seam]
// ~~~~~~~~~~~~~~~~~~
// What the binding takes from torch_npu (the stream of the current device, the caching allocator,
// the task queue, a tensor's NPU format and its cast to ND) sits behind DeviceScope, CurrentStream,
// Workspace, Enqueue, NpuFormat and CastToNd. npu_device.h implements them with torch_npu;
// host_device.h (ASCEND_OPS_BINDING_HOST) with host memory, deferring every launch to a queue thread
// as torch_npu's task queue does: there the same binding runs against the package's CPU aclnn
// runtime, as the simulated npu device's custom route (ascend_ops.sim.aclnn_route) and, on CPU
// tensors, in the development checks.
//
// Note [launch contract]
// ~~~~~~~~~~~~~~~~~~~~~~
// The launch follows op-plugin's EXEC_NPU_CMD (Ascend/op-plugin 517f2e7d,
// op_plugin/utils/op_api_common.h:383-403, EXEC_NPU_CMD_V1):
// - The workspace is a tensor of torch_npu's caching allocator held by the calling scope (the
//   `workspace_tensor` local, lines 384-387); the queued lambda captures its address only (line
//   389). The caching allocator is stream-ordered, so the block the scope frees is reused only by
//   work queued after this launch. A lambda that owned the tensor would free it on the task queue's
//   thread, whenever torch_npu releases the queue's copy of the lambda (Ascend/pytorch 9e73e708,
//   torch_npu/csrc/framework/OpParamMaker.cpp:674 CopyFunc copies it into the queue's slot, :820
//   ReleaseParamFunc drops it).
// - The descriptors are destroyed inside the lambda, after aclnn<Op> returned (line 396,
//   ReleaseConvertTypes): the executor reads them at the launch, which may run after this function
//   returned. Until GetWorkspaceSize succeeded they belong to the calling scope.
// - The launch's status is checked inside the lambda, with aclGetRecentErrMsg() (line 395,
//   NPU_CHECK_ERROR, which reads it through c10_npu_get_error_message): the message is per thread
//   and the launch runs on the queue's thread, where nothing else reads it. With the task queue on,
//   torch_npu catches the lambda's exception there and logs its text (OpParamMaker.cpp:543-564,
//   ExecFuncOpApi), then raises its own error at the next enqueue (torch_npu/csrc/core/npu/
//   NPUQueue.cpp:587-592, "The Inner error is reported as above"); with the queue off
//   (TASK_QUEUE_ENABLE=0, ASCEND_LAUNCH_BLOCKING=1) the lambda runs inside the call
//   (torch_npu/csrc/framework/OpCommand.cpp:267, RunOpApiV2 -> OpCommandImpl::RunOpApi) and its
//   RuntimeError, with the runtime's message, reaches the caller there.
// - No workspace is allocated when GetWorkspaceSize asks for none (line 385), which is the case
//   for every kernel of the package (Note [system workspace] in common/copy_op_host.h).
// host_device.h runs every launch on its own thread after the calling scope has ended, so a
// binding that breaks one of these rules fails there (tests/ascend_ops_dev/binding/test_launch_contract.py,
// and on the simulated npu device tests/ascend_ops/sim_npu_checks.py).
#ifndef ASCEND_OPS_BINDING_ACLNN_CALL_H
#define ASCEND_OPS_BINDING_ACLNN_CALL_H

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <ATen/ATen.h>

#include "acl/acl_rt.h"
#include "aclnn/acl_meta.h"

#if defined(ASCEND_OPS_BINDING_HOST)
#include "host_device.h"
#else
#include "npu_device.h"
#endif

namespace ascend_ops_npu {

constexpr const char* kCustomOppPathEnv = "ASCEND_CUSTOM_OPP_PATH";
constexpr const char* kOppPathEnv = "ASCEND_OPP_PATH";
constexpr const char* kOpApiLibrary = "/op_api/lib/libcust_opapi.so";
// aclnn's status families (aclnn/opdev/op_errno.h): 161xxx the arguments (ACLNN_ERR_PARAM_*, the
// op's InferShape or TilingFunc refused them: ACLNN_ERR_PARAM_INVALID), 361xxx the runtime
// (ACLNN_ERR_RUNTIME_*), 561xxx CANN's inner steps (ACLNN_ERR_INNER_*: tiling, kernel lookup).
// An argument status is a ValueError (OpArgumentError in Python), any other a RuntimeError; both
// carry aclGetRecentErrMsg().
constexpr bool IsArgumentStatus(aclnnStatus status)
{
    return status / 1000 == 161;
}

// Note [own aclnn lookup].
class OpApiLookup {
public:
    static OpApiLookup& Get()
    {
        static OpApiLookup lookup;
        return lookup;
    }

    void* Find(const std::string& symbol, const char* vendor)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto known = symbols_.find(symbol);
        if (known != symbols_.end()) {
            return known->second;
        }
        const char* value = std::getenv(kCustomOppPathEnv);
        std::string entries = value != nullptr ? value : "";
        const char* opp = std::getenv(kOppPathEnv);
        if (opp != nullptr && *opp != '\0') {
            entries += std::string(":") + opp + "/vendors/" + vendor;
        }
        std::string looked;
        size_t start = 0;
        while (start <= entries.size()) {
            const size_t end = std::min(entries.find(':', start), entries.size());
            const std::string entry = entries.substr(start, end - start);
            start = end + 1;
            if (entry.empty()) {
                continue;
            }
            const std::string path = entry + kOpApiLibrary;
            looked += "\n  " + path;
            if (access(path.c_str(), R_OK) != 0) {
                looked += " (absent)";
                continue;
            }
            void* handle = Open(path);
            if (handle == nullptr) {
                looked += std::string(" (dlopen: ") + dlerror() + ")";
                continue;
            }
            void* address = dlsym(handle, symbol.c_str());
            if (address != nullptr) {
                symbols_[symbol] = address;
                return address;
            }
            looked += " (does not export it)";
        }
        TORCH_CHECK(false, symbol, " not found: no ", kCustomOppPathEnv, " entry (nor $", kOppPathEnv, "/vendors/",
                    vendor, ") has a libcust_opapi.so exporting it",
                    looked.empty() ? std::string(" (neither variable is set)") : ":" + looked,
                    "\nbefore starting Python, source the op package's vendors/", vendor,
                    "/bin/set_env.bash (bash scripts/build_ascend.sh installs it; `ascend-ops doctor` prints the line)");
        return nullptr;
    }

private:
    void* Open(const std::string& path)
    {
        const auto open = handles_.find(path);
        if (open != handles_.end()) {
            return open->second;
        }
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle != nullptr) {
            handles_[path] = handle;
        }
        return handle;
    }

    std::mutex mutex_;
    std::unordered_map<std::string, void*> handles_;
    std::unordered_map<std::string, void*> symbols_;
};

// ACLNN_ERR_PARAM_NULLPTR: what a generated GetWorkspaceSize returns when CANN's runtime has no
// registration of the op, its package not being among the vendor folders it collected.
constexpr aclnnStatus kOpNotRegistered = 161001;

// The ASCEND_CUSTOM_OPP_PATH entry whose op API library is the one defining `function`, or "".
inline std::string CustomOppEntryDefining(const void* function)
{
    Dl_info info{};
    if (dladdr(function, &info) == 0 || info.dli_fname == nullptr) {
        return "";
    }
    const std::unique_ptr<char, decltype(&std::free)> defining(realpath(info.dli_fname, nullptr), &std::free);
    const char* value = std::getenv(kCustomOppPathEnv);
    const std::string entries = value != nullptr ? value : "";
    size_t start = 0;
    while (defining != nullptr && start <= entries.size()) {
        const size_t end = std::min(entries.find(':', start), entries.size());
        const std::string entry = entries.substr(start, end - start);
        start = end + 1;
        const std::unique_ptr<char, decltype(&std::free)> library(
            entry.empty() ? nullptr : realpath((entry + kOpApiLibrary).c_str(), nullptr), &std::free);
        if (library != nullptr && std::string(library.get()) == defining.get()) {
            return entry;
        }
    }
    return "";
}

// Note [kernel discovery]: an op found on ASCEND_CUSTOM_OPP_PATH whose GetWorkspaceSize says CANN
// has no registration of it means CANN collected its vendor folders before the package was on the
// variable. The error that says so and names both fixes, or "" for any other failure.
inline std::string NotCollectedMessage(const char* op, const std::string& api, aclnnStatus status,
                                       const void* getWorkspaceSize, const std::string& recent)
{
    const std::string vendor = status == kOpNotRegistered ? CustomOppEntryDefining(getWorkspaceSize) : "";
    if (vendor.empty()) {
        return "";
    }
    return std::string(op) + ": CANN has not loaded the op package in " + vendor + ": its runtime read " +
           kCustomOppPathEnv + " at this process's first aclnn call, before the package was on it (" + api +
           " returned aclnnStatus " + std::to_string(status) + ": " + recent + "); import ascend_ops before " +
           "any NPU operator runs, or export " + kCustomOppPathEnv + "=" + vendor + ":$" + kCustomOppPathEnv +
           " before starting Python";
}

inline aclDataType AclDataType(at::ScalarType type)
{
    switch (type) {
        case at::kHalf: return ACL_FLOAT16;
        case at::kFloat: return ACL_FLOAT;
        case at::kDouble: return ACL_DOUBLE;
        case at::kBFloat16: return ACL_BF16;
        case at::kChar: return ACL_INT8;
        case at::kByte: return ACL_UINT8;
        case at::kShort: return ACL_INT16;
        case at::kUInt16: return ACL_UINT16;
        case at::kInt: return ACL_INT32;
        case at::kUInt32: return ACL_UINT32;
        case at::kLong: return ACL_INT64;
        case at::kUInt64: return ACL_UINT64;
        case at::kBool: return ACL_BOOL;
        default: break;
    }
    TORCH_CHECK_TYPE(false, "ascend_ops_npu: dtype ", type, " has no aclDataType");
    return ACL_DT_UNDEFINED;
}

// Descriptors handed over to a launch: destroyed by DestroyDescriptors inside the queued lambda,
// after aclnn<Op> returned (Note [launch contract]). Plain addresses, copied with the lambda.
struct LaunchDescriptors {
    std::vector<const aclTensor*> tensors;
    std::vector<const aclIntArray*> arrays;
};

inline void DestroyDescriptors(const LaunchDescriptors& descriptors)
{
    for (const aclTensor* t : descriptors.tensors) {
        aclDestroyTensor(t);
    }
    for (const aclIntArray* a : descriptors.arrays) {
        aclDestroyIntArray(a);
    }
}

// The aclnn descriptors of one call: the calling scope's until Release hands them to the launch.
class Descriptors {
public:
    Descriptors() = default;
    Descriptors(const Descriptors&) = delete;
    Descriptors& operator=(const Descriptors&) = delete;
    ~Descriptors() { DestroyDescriptors(owned_); }

    // A tensor as op-plugin's ConvertType describes a tensor of a base format: view dims, strides
    // and offset over its whole storage, format ND (Note [private formats]: AclnnInput gives no
    // other).
    const aclTensor* Convert(const at::Tensor& t)
    {
        const std::vector<int64_t> dims = t.sizes().vec();
        const std::vector<int64_t> strides = t.strides().vec();
        const int64_t storage = static_cast<int64_t>(t.storage().nbytes() / t.element_size());
        aclTensor* made = aclCreateTensor(dims.data(), dims.size(), AclDataType(t.scalar_type()), strides.data(),
                                          t.storage_offset(), ACL_FORMAT_ND, &storage, 1,
                                          const_cast<void*>(t.storage().data()));
        TORCH_CHECK(made != nullptr, "aclCreateTensor failed: ", aclGetRecentErrMsg());
        owned_.tensors.push_back(made);
        return made;
    }

    // A list, empty included: an absent optional list travels as a non-null empty array.
    const aclIntArray* Convert(at::IntArrayRef values)
    {
        aclIntArray* made = aclCreateIntArray(values.data(), values.size());
        TORCH_CHECK(made != nullptr, "aclCreateIntArray failed: ", aclGetRecentErrMsg());
        owned_.arrays.push_back(made);
        return made;
    }

    int64_t Convert(int64_t value) { return value; }
    double Convert(double value) { return value; }  // a Float attribute: aclnn takes a double
    char* Convert(char* text) { return text; }

    LaunchDescriptors Release() { return std::exchange(owned_, LaunchDescriptors{}); }

private:
    LaunchDescriptors owned_;
};

// Note [private formats]
// ~~~~~~~~~~~~~~~~~~~~~~
// torch_npu keeps a tensor's NPU format beside it (NPUStorageDesc::npu_format_, read by
// at_npu::native::get_npu_format); its sizes and strides stay the logical ND ones while the storage
// holds the format's own layout (FRACTAL_NZ's 16 x C0 fractals, NC1HWC0's C0 blocks), and
// `contiguous()` does not change that. Only a base format lays the elements out as the strides
// say, which is what the kernels read: ND, NCHW, NHWC, NCDHW, the formats that are their own base
// format in torch_npu's table (Ascend/pytorch 9e73e708, torch_npu/csrc/framework/FormatHelper.cpp:
// 50-70, IsBaseFormatType at 122-124), as vllm-ascend's IsOpInputBaseFormat lists them
// (vllm-project/vllm-ascend 182b75ea, csrc/aclnn_torch_adapter/op_api_common.h:149-156; any other
// format it passes on with its storage sizes, lines 395-399). Any other input is cast to ND on the
// device first (npu_format_cast), with a log line (TORCH_WARN) once per op and format, or, with
// ASCEND_OPS_PRIVATE_FORMAT=refuse, refused with an OpArgumentError naming the format; it is never
// read as ND.
constexpr const char* kPrivateFormatEnv = "ASCEND_OPS_PRIVATE_FORMAT";

inline bool IsBaseFormat(int64_t format)
{
    return format == ACL_FORMAT_ND || format == ACL_FORMAT_NCHW || format == ACL_FORMAT_NHWC ||
           format == ACL_FORMAT_NCDHW;
}

inline std::string FormatName(int64_t format)
{
    switch (format) {
        case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
        case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
        case ACL_FORMAT_NC1HWC0_C04: return "NC1HWC0_C04";
        case ACL_FORMAT_HWCN: return "HWCN";
        case ACL_FORMAT_NDHWC: return "NDHWC";
        case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
        case ACL_FORMAT_NDC1HWC0: return "NDC1HWC0";
        case ACL_FORMAT_NC: return "NC";
        case ACL_FORMAT_NCL: return "NCL";
        default: return "aclFormat " + std::to_string(format);
    }
}

// `t` as the aclnn call reads it: in a base format (Note [private formats]) and contiguous.
inline at::Tensor AclnnInput(const at::Tensor& t, const char* op, const char* name)
{
    const int64_t format = NpuFormat(t);
    if (IsBaseFormat(format)) {
        return t.contiguous();
    }
    const char* policy = std::getenv(kPrivateFormatEnv);
    const bool refuse = policy != nullptr && std::string(policy) == "refuse";
    TORCH_CHECK_VALUE(!refuse, op, ": ", name, " is in the NPU format ", FormatName(format),
                      ", which the kernel cannot read; ", kPrivateFormatEnv,
                      "=refuse forbids the cast to ND (cast it yourself: torch_npu.npu_format_cast(", name,
                      ", 2))");
    static std::mutex mutex;
    static std::set<std::pair<std::string, int64_t>> warned;
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (warned.emplace(op, format).second) {
            TORCH_WARN(op, ": ", name, " is in the NPU format ", FormatName(format),
                       "; it is cast to ND on the device before the call (a copy; ", kPrivateFormatEnv,
                       "=refuse makes this an error)");
        }
    }
    return CastToNd(t).contiguous();
}

template <typename Function>
struct Parameters;
template <typename... Params>
struct Parameters<aclnnStatus(Params...)> {
    using type = std::tuple<Params...>;
};

// Note [aclnn call check]
// ~~~~~~~~~~~~~~~~~~~~~~~
// `GetWorkspaceSize` is the type of the function CANN's generated header declares. The converted
// arguments, followed by the workspace-size and executor outputs, must be exactly its parameter
// types, one for one: a missing, extra, reordered or mistyped argument is a compile error here
// rather than a corrupt call on the NPU.
template <typename GetWorkspaceSize, typename... Args>
constexpr void CheckAclnnCall()
{
    using Expected = typename Parameters<GetWorkspaceSize>::type;
    using Given = std::tuple<decltype(std::declval<Descriptors&>().Convert(std::declval<Args&>()))...,
                             uint64_t*, aclOpExecutor**>;
    static_assert(std::is_same_v<Expected, Given>,
                  "the arguments of this aclnn call do not match the generated header (Note [aclnn call check])");
}

// A failed aclnn status as the error its family means (IsArgumentStatus), with the runtime's message
// `recent` (aclGetRecentErrMsg(), read once).
inline void RaiseAclnnStatus(aclnnStatus status, const char* op, const std::string& api, const char* what,
                             const std::string& recent)
{
    const std::string why = std::string(op) + ": " + api + " " + what + " (aclnnStatus " + std::to_string(status) +
                            "): " + recent;
    TORCH_CHECK_VALUE(!IsArgumentStatus(status), why);
    TORCH_CHECK(false, why);
}

inline void CheckAclnnStatus(aclnnStatus status, const char* op, const std::string& api, const char* what)
{
    if (status != 0) {
        RaiseAclnnStatus(status, op, api, what, aclGetRecentErrMsg());
    }
}

// One aclnn call for `op` with input `x`: the device scope of x's device, the descriptors, the
// workspace size (a rejection by the op's host code raises ValueError with its message, before
// anything is launched), the workspace, then the launch on x's device's stream through the task
// queue (Note [launch contract]).
template <typename GetWorkspaceSize, typename Launch, typename... Args>
void RunAclnn(const char* op, const char* api, const char* vendor, const at::Tensor& x, Args&... args)
{
    CheckAclnnCall<GetWorkspaceSize, Args...>();
    DeviceScope scope(x);
    Descriptors descriptors;
    auto converted = std::make_tuple(descriptors.Convert(args)...);
    const std::string workspaceApi = std::string(api) + "GetWorkspaceSize";
    auto* getWorkspaceSize = reinterpret_cast<GetWorkspaceSize*>(OpApiLookup::Get().Find(workspaceApi, vendor));
    auto* launch = reinterpret_cast<Launch*>(OpApiLookup::Get().Find(api, vendor));
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus status = std::apply(
        [&](auto... a) { return getWorkspaceSize(a..., &workspaceSize, &executor); }, converted);
    if (status != 0) {
        const std::string recent = aclGetRecentErrMsg();
        const std::string notCollected = NotCollectedMessage(op, workspaceApi, status,
                                                             reinterpret_cast<const void*>(getWorkspaceSize), recent);
        TORCH_CHECK(notCollected.empty(), notCollected);
        RaiseAclnnStatus(status, op, workspaceApi, "rejected the call", recent);
    }
    const at::Tensor workspace = workspaceSize > 0 ? Workspace(workspaceSize, x) : at::Tensor();
    void* workspaceAddress = workspace.defined() ? workspace.data_ptr() : nullptr;
    aclrtStream stream = CurrentStream(x);
    Enqueue(api, [op, api, launch, workspaceAddress, workspaceSize, executor, stream,
                  handed = descriptors.Release()]() -> int {
        const aclnnStatus launched = launch(workspaceAddress, workspaceSize, executor, stream);
        DestroyDescriptors(handed);
        CheckAclnnStatus(launched, op, api, "failed");
        return launched;
    });
}

}  // namespace ascend_ops_npu

// `api` is the aclnn name from the generated header; `x` the input whose device the call runs on;
// the rest the call's arguments in API order.
#define ASCEND_OPS_ACLNN(op, vendor, api, x, ...) \
    ::ascend_ops_npu::RunAclnn<decltype(api##GetWorkspaceSize), decltype(api)>(op, #api, vendor, x, __VA_ARGS__)

#endif  // ASCEND_OPS_BINDING_ACLNN_CALL_H
