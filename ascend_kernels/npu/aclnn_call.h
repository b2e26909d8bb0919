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
// the task queue) sits behind four names: DeviceScope, CurrentStream, Workspace and Enqueue.
// npu_device.h implements them with torch_npu; cpu_device.h (ASCEND_OPS_BINDING_CPU; the development package's, dev/ascend_ops_dev/binding/) with the CPU,
// so that the same binding runs in CI against the package's CPU aclnn runtime.
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
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <ATen/ATen.h>

#include "acl/acl_rt.h"
#include "aclnn/acl_meta.h"

#if defined(ASCEND_OPS_BINDING_CPU)
#include "cpu_device.h"
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

// The aclnn descriptors of one call, destroyed together after its launch.
class Descriptors {
public:
    Descriptors() = default;
    Descriptors(const Descriptors&) = delete;
    Descriptors& operator=(const Descriptors&) = delete;
    ~Descriptors()
    {
        for (const aclTensor* t : tensors_) {
            aclDestroyTensor(t);
        }
        for (const aclIntArray* a : arrays_) {
            aclDestroyIntArray(a);
        }
    }

    // A tensor as op-plugin's ConvertType describes it: view dims, strides and offset over its
    // whole storage, format ND.
    const aclTensor* Convert(const at::Tensor& t)
    {
        const std::vector<int64_t> dims = t.sizes().vec();
        const std::vector<int64_t> strides = t.strides().vec();
        const int64_t storage = static_cast<int64_t>(t.storage().nbytes() / t.element_size());
        aclTensor* made = aclCreateTensor(dims.data(), dims.size(), AclDataType(t.scalar_type()), strides.data(),
                                          t.storage_offset(), ACL_FORMAT_ND, &storage, 1,
                                          const_cast<void*>(t.storage().data()));
        TORCH_CHECK(made != nullptr, "aclCreateTensor failed: ", aclGetRecentErrMsg());
        tensors_.push_back(made);
        return made;
    }

    // A list, empty included: an absent optional list travels as a non-null empty array.
    const aclIntArray* Convert(at::IntArrayRef values)
    {
        aclIntArray* made = aclCreateIntArray(values.data(), values.size());
        TORCH_CHECK(made != nullptr, "aclCreateIntArray failed: ", aclGetRecentErrMsg());
        arrays_.push_back(made);
        return made;
    }

    int64_t Convert(int64_t value) { return value; }
    char* Convert(char* text) { return text; }

private:
    std::vector<const aclTensor*> tensors_;
    std::vector<const aclIntArray*> arrays_;
};

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

// One aclnn call for `op` with input `x`: the device scope of x's device, the descriptors, the
// workspace size (a rejection by the op's host code raises ValueError with its message, before
// anything is launched), the workspace, then the launch on x's device's stream.
template <typename GetWorkspaceSize, typename Launch, typename... Args>
void RunAclnn(const char* op, const char* api, const char* vendor, const at::Tensor& x, Args&... args)
{
    CheckAclnnCall<GetWorkspaceSize, Args...>();
    DeviceScope scope(x);
    auto descriptors = std::make_shared<Descriptors>();
    auto converted = std::make_tuple(descriptors->Convert(args)...);
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
        const std::string why = std::string(op) + ": " + workspaceApi + " rejected the call (aclnnStatus " +
                                std::to_string(status) + "): " + recent;
        TORCH_CHECK_VALUE(!IsArgumentStatus(status), why);
        TORCH_CHECK(false, why);
    }
    at::Tensor workspace = workspaceSize > 0 ? Workspace(workspaceSize, x) : at::Tensor();
    aclrtStream stream = CurrentStream(x);
    Enqueue(api, [=]() -> int {
        (void)descriptors;  // kept alive until the launch ran
        return launch(workspace.defined() ? workspace.data_ptr() : nullptr, workspaceSize, executor, stream);
    });
}

}  // namespace ascend_ops_npu

// `api` is the aclnn name from the generated header; `x` the input whose device the call runs on;
// the rest the call's arguments in API order.
#define ASCEND_OPS_ACLNN(op, vendor, api, x, ...) \
    ::ascend_ops_npu::RunAclnn<decltype(api##GetWorkspaceSize), decltype(api)>(op, #api, vendor, x, __VA_ARGS__)

#endif  // ASCEND_OPS_BINDING_ACLNN_CALL_H
