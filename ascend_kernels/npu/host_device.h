// The host side of the binding's device seam (Note [device seam] in aclnn_call.h), for running the
// binding against the package's CPU aclnn runtime on host memory: the simulated npu device's tensors
// (PrivateUse1, the custom route of ascend_ops.sim) and CPU tensors (the development checks). A task
// queue with a thread of its own, a stream-ordered workspace from the device's allocator, the
// device's current stream, and NPU formats as tags on storages.
//
// Note [host task queue]
// ~~~~~~~~~~~~~~~~~~~~~~
// torch_npu's task queue (TASK_QUEUE_ENABLE) runs an enqueued launch later, on its own thread, and
// destroys the lambda there. The host queue does the same, deterministically: Enqueue only queues,
// and the queue's thread runs what was queued when the call's DeviceScope ends, that is after
// every other local of the call (the workspace tensor, the descriptors the scope still owns) is
// gone; the scope waits for it, so that results are there when the op returns (the simulated
// device's other kernels run at once, on the calling thread). Hence, in CI:
// - a descriptor destroyed by the calling scope is gone at the launch, which the CPU aclnn
//   runtime refuses, naming it;
// - the launch's aclGetRecentErrMsg() is that of the queue's thread: a status read anywhere but
//   inside the lambda misses the runtime's message (a lambda that returns a failing status without
//   raising gets the queue's own error, which names the API only, as torch_npu's does);
// - the workspace is freed in stream order: a free from the calling scope is queued behind the
//   launch, as the caching allocator reuses a block only for work queued after it; a free on the
//   queue's thread (a lambda that owned the tensor) is an error, raised at the end of the call;
//   and a launch whose call's workspace was freed before it ran (a tensor the calling scope let go
//   before Enqueue: its free is queued first) is refused on the queue's thread, naming its API.
// An exception of the lambda is raised at the end of the call that queued it (torch_npu raises its
// own error at the next enqueue instead, Note [launch contract]).
//
// Asking for the stream outside a DeviceScope of the input's device fails, naming the device: the
// host stand-in of "the current device's stream is not the input's".
#ifndef ASCEND_OPS_BINDING_HOST_DEVICE_H
#define ASCEND_OPS_BINDING_HOST_DEVICE_H

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include <ATen/ATen.h>
#include <ATen/DeviceGuard.h>
#include <c10/core/Allocator.h>
#include <c10/core/DeviceGuard.h>
#include <c10/core/impl/VirtualGuardImpl.h>
#include <torch/library.h>

namespace ascend_ops_npu {

inline bool& OnQueueThread()
{
    static thread_local bool onQueue = false;
    return onQueue;
}

// Note [host task queue].
class LaunchQueue {
public:
    // Never destroyed: its thread runs until the process ends.
    static LaunchQueue& Get()
    {
        static LaunchQueue* queue = new LaunchQueue();
        return *queue;
    }

    void Push(std::string api, std::function<int()> task)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        tasks_.push_back(Task{std::move(api), std::move(task)});
        ++pushed_;
    }

    // Runs everything queued on the queue's thread and waits for it; the first failure since the
    // last run, if any.
    std::exception_ptr RunQueued()
    {
        std::unique_lock<std::mutex> lock(mutex_);
        released_ = pushed_;
        ready_.notify_all();
        ready_.wait(lock, [&] { return done_ == released_; });
        return std::exchange(failure_, nullptr);
    }

    // A failure found on the queue's thread, outside a task's run.
    void Fail(std::exception_ptr failure)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!failure_) {
            failure_ = std::move(failure);
        }
    }

private:
    struct Task {
        std::string api;
        std::function<int()> launch;
    };

    LaunchQueue() { std::thread([this] { Work(); }).detach(); }

    void Work()
    {
        OnQueueThread() = true;
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            ready_.wait(lock, [&] { return done_ < released_; });
            Task task = std::move(tasks_.front());
            tasks_.pop_front();
            lock.unlock();
            std::exception_ptr failure;
            try {
                const int status = task.launch();
                TORCH_CHECK(status == 0, "the task queue's launch of ", task.api, " returned ", status);
            } catch (...) {
                failure = std::current_exception();
            }
            task.launch = nullptr;  // the lambda, and whatever it owns, dies on this thread
            lock.lock();
            if (failure && !failure_) {
                failure_ = failure;
            }
            ++done_;
            ready_.notify_all();
        }
    }

    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<Task> tasks_;
    uint64_t pushed_ = 0;
    uint64_t released_ = 0;
    uint64_t done_ = 0;
    std::exception_ptr failure_;
};

inline std::optional<c10::Device>& ScopedDevice()
{
    static thread_local std::optional<c10::Device> device;
    return device;
}

// Whether a workspace block was freed (in stream order: when its free ran on the queue).
using ReleasedFlag = std::shared_ptr<std::atomic<bool>>;

// The workspaces of the call in progress on this thread (its DeviceScope's), or null.
inline std::vector<ReleasedFlag>*& CallWorkspaces()
{
    static thread_local std::vector<ReleasedFlag>* workspaces = nullptr;
    return workspaces;
}

// The device of a call, current for its scope; at its end the call's queued launches run (Note
// [host task queue]), and a failure among them is raised unless the call is already failing.
class DeviceScope {
public:
    explicit DeviceScope(const at::Tensor& x)
        : guard_(at::device_of(x)), previous_(ScopedDevice()), previousWorkspaces_(CallWorkspaces()),
          exceptions_(std::uncaught_exceptions())
    {
        ScopedDevice() = x.device();
        CallWorkspaces() = &workspaces_;
    }
    ~DeviceScope() noexcept(false)
    {
        ScopedDevice() = previous_;
        CallWorkspaces() = previousWorkspaces_;
        const std::exception_ptr failure = LaunchQueue::Get().RunQueued();
        if (failure && std::uncaught_exceptions() == exceptions_) {
            std::rethrow_exception(failure);
        }
    }
    DeviceScope(const DeviceScope&) = delete;
    DeviceScope& operator=(const DeviceScope&) = delete;

private:
    c10::OptionalDeviceGuard guard_;
    std::optional<c10::Device> previous_;
    std::vector<ReleasedFlag> workspaces_;
    std::vector<ReleasedFlag>* previousWorkspaces_;
    int exceptions_;
};

// The current stream of x's device, as the token the CPU aclnn runtime records (one per stream id;
// its value means nothing else).
inline aclrtStream CurrentStream(const at::Tensor& x)
{
    const std::optional<c10::Device>& scoped = ScopedDevice();
    TORCH_CHECK(scoped.has_value() && *scoped == x.device(), "ascend_ops_npu: the aclnn call for a tensor on ",
                x.device(), " asked for the current stream ",
                scoped.has_value() ? "inside a device guard of " + scoped->str() : std::string("without a device guard"),
                "; every call must hold a DeviceScope of its input's device");
    const c10::Stream stream = c10::impl::VirtualGuardImpl(x.device().type()).getStream(x.device());
    static std::mutex mutex;
    static auto* tokens = new std::unordered_map<c10::StreamId, char>();
    std::lock_guard<std::mutex> lock(mutex);
    return &(*tokens)[stream.id()];
}

// The stream-ordered release of a workspace block (Note [host task queue]).
inline void FreeWorkspace(c10::DataPtr* block, const ReleasedFlag& released)
{
    if (!OnQueueThread()) {
        LaunchQueue::Get().Push("free", [block, released]() -> int {
            *released = true;
            delete block;
            return 0;
        });
        return;
    }
    *released = true;
    delete block;
    try {
        TORCH_CHECK(false, "ascend_ops_npu: the workspace was freed on the task queue's thread, when the launch's "
                           "lambda was destroyed: the lambda owned it; the calling scope must hold the workspace "
                           "and the lambda capture its address only (Note [launch contract])");
    } catch (...) {
        LaunchQueue::Get().Fail(std::current_exception());
    }
}

// A workspace from the allocator of x's device, released in stream order when the tensor dies.
inline at::Tensor Workspace(uint64_t bytes, const at::Tensor& x)
{
    c10::Allocator* allocator = c10::GetAllocator(x.device().type());
    TORCH_CHECK(allocator != nullptr, "ascend_ops_npu: ", x.device(), " has no allocator for a workspace");
    c10::DataPtr memory = allocator->allocate(bytes);
    TORCH_CHECK(memory.get() != nullptr, "ascend_ops_npu: no memory for a workspace of ", bytes, " bytes");
    auto* block = new c10::DataPtr(std::move(memory));
    auto released = std::make_shared<std::atomic<bool>>(false);
    if (CallWorkspaces() != nullptr) {
        CallWorkspaces()->push_back(released);
    }
    return at::for_blob(block->get(), {static_cast<int64_t>(bytes)})
        .deleter([block, released](void*) { FreeWorkspace(block, released); })
        .target_device(x.device())
        .options(x.options().dtype(at::kByte))
        .make_tensor();
}

// Queues `launch`; on the queue's thread it runs only if no workspace of its call was freed before.
inline void Enqueue(const char* api, std::function<int()> launch)
{
    std::vector<ReleasedFlag> workspaces = CallWorkspaces() != nullptr ? *CallWorkspaces() : std::vector<ReleasedFlag>{};
    LaunchQueue::Get().Push(api, [api, workspaces, launch = std::move(launch)]() -> int {
        for (const ReleasedFlag& released : workspaces) {
            TORCH_CHECK(!*released, "ascend_ops_npu: the workspace of ", api, " was freed before its launch ran: the "
                        "calling scope must hold the workspace tensor until the launch is queued (Note [launch "
                        "contract])");
        }
        return launch();
    });
}

// ---- NPU formats as tags on CPU storages (Note [private formats] in aclnn_call.h) ----------------

// A storage laid out in a private format: the tag keeps the storage alive, so that its address is
// never reused by an untagged one.
struct FormatTag {
    c10::Storage storage;
    int64_t format;
    std::vector<int64_t> logicalSizes;  // the tensor's (ND) sizes
    std::vector<int64_t> storageSizes;  // the layout's, as torch_npu's get_npu_storage_sizes
};

inline std::mutex& FormatTagsMutex()
{
    static std::mutex mutex;
    return mutex;
}

inline std::unordered_map<const c10::StorageImpl*, FormatTag>& FormatTags()
{
    static auto* tags = new std::unordered_map<const c10::StorageImpl*, FormatTag>();
    return *tags;
}

inline std::optional<FormatTag> TagOf(const at::Tensor& x)
{
    std::lock_guard<std::mutex> lock(FormatTagsMutex());
    const auto found = FormatTags().find(x.storage().unsafeGetStorageImpl());
    return found == FormatTags().end() ? std::nullopt : std::optional<FormatTag>(found->second);
}

inline int64_t NpuFormat(const at::Tensor& x)
{
    const std::optional<FormatTag> tag = TagOf(x);
    return tag ? tag->format : ACL_FORMAT_ND;
}

inline std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& sizes)
{
    std::vector<int64_t> strides(sizes.size(), 1);
    for (size_t i = sizes.size(); i-- > 1;) {
        strides[i - 1] = strides[i] * std::max<int64_t>(sizes[i], 1);
    }
    return strides;
}

// The dims of a batch-led tensor: the batch dims in place, then `tail` (counted from the first
// dim after them).
inline std::vector<int64_t> Reordered(size_t batch, std::initializer_list<int64_t> tail)
{
    std::vector<int64_t> order;
    for (size_t i = 0; i < batch; ++i) {
        order.push_back(static_cast<int64_t>(i));
    }
    for (const int64_t t : tail) {
        order.push_back(static_cast<int64_t>(batch) + t);
    }
    return order;
}

// `x` laid out in FRACTAL_NZ, as a tensor of x's sizes over that storage, tagged with the format:
// what torch_npu.npu_format_cast(x, 29) gives on an NPU. FRACTAL_NZ of (..., m, n) is
// (..., ceil(n / c0), ceil(m / 16), 16, c0), zero-padded, c0 elements making 32 bytes.
inline at::Tensor ToPrivateFormat(const at::Tensor& x, int64_t format)
{
    TORCH_CHECK_VALUE(format == ACL_FORMAT_FRACTAL_NZ, "to_private_format: the host seam lays out FRACTAL_NZ (",
                      static_cast<int>(ACL_FORMAT_FRACTAL_NZ), ") only, not ", format);
    TORCH_CHECK_VALUE(x.dim() >= 2, "to_private_format: FRACTAL_NZ needs 2 dims or more, x has ", x.dim());
    const int64_t c0 = std::max<int64_t>(32 / static_cast<int64_t>(x.element_size()), 1);
    const int64_t m = x.size(-2);
    const int64_t n = x.size(-1);
    const int64_t rows = (m + 15) / 16 * 16;
    const int64_t cols = (n + c0 - 1) / c0 * c0;
    std::vector<int64_t> batch(x.sizes().begin(), x.sizes().end() - 2);
    std::vector<int64_t> padded = batch;
    padded.insert(padded.end(), {rows, cols});
    at::Tensor staged = at::zeros(padded, x.options());
    staged.narrow(-2, 0, m).narrow(-1, 0, n).copy_(x);
    std::vector<int64_t> blocked = batch;
    blocked.insert(blocked.end(), {rows / 16, 16, cols / c0, c0});
    const at::Tensor nz = staged.reshape(blocked).permute(Reordered(batch.size(), {2, 0, 1, 3})).contiguous();
    const std::vector<int64_t> sizes = x.sizes().vec();
    at::Tensor tagged = at::empty({0}, x.options());
    tagged.set_(nz.storage(), 0, sizes, ContiguousStrides(sizes));
    std::lock_guard<std::mutex> lock(FormatTagsMutex());
    FormatTags()[nz.storage().unsafeGetStorageImpl()] = FormatTag{nz.storage(), format, sizes, nz.sizes().vec()};
    return tagged;
}

// x cast to ND, as npu_format_cast(x, ACL_FORMAT_ND): a fresh untagged tensor.
inline at::Tensor CastToNd(const at::Tensor& x)
{
    const std::optional<FormatTag> tag = TagOf(x);
    if (!tag) {
        return x;
    }
    TORCH_CHECK(tag->format == ACL_FORMAT_FRACTAL_NZ, "CastToNd: the host seam casts FRACTAL_NZ only");
    TORCH_CHECK(x.storage_offset() == 0 && x.sizes().vec() == tag->logicalSizes,
                "CastToNd: a view into a FRACTAL_NZ storage is not modelled");
    const size_t batch = tag->logicalSizes.size() - 2;
    const int64_t m = tag->logicalSizes[batch];
    const int64_t n = tag->logicalSizes[batch + 1];
    at::Tensor nz = at::empty({0}, x.options());
    nz.set_(x.storage(), 0, tag->storageSizes, ContiguousStrides(tag->storageSizes));
    std::vector<int64_t> padded(tag->logicalSizes.begin(), tag->logicalSizes.end() - 2);
    const int64_t rows = tag->storageSizes[batch + 1] * 16;
    const int64_t cols = tag->storageSizes[batch] * tag->storageSizes[batch + 3];
    padded.insert(padded.end(), {rows, cols});
    const at::Tensor blocked = nz.permute(Reordered(batch, {1, 2, 0, 3})).reshape(padded);
    return blocked.narrow(-2, 0, m).narrow(-1, 0, n).contiguous();
}

}  // namespace ascend_ops_npu

// What tests need of the seam: a tensor in a private format, and the format a tensor is in.
TORCH_LIBRARY(ascend_ops_host_device, m)
{
    m.def("to_private_format(Tensor x, int format) -> Tensor");
    m.def("npu_format(Tensor x) -> int");
}

TORCH_LIBRARY_IMPL(ascend_ops_host_device, CPU, m)
{
    m.impl("to_private_format", &ascend_ops_npu::ToPrivateFormat);
    m.impl("npu_format", &ascend_ops_npu::NpuFormat);
}

TORCH_LIBRARY_IMPL(ascend_ops_host_device, PrivateUse1, m)
{
    m.impl("to_private_format", &ascend_ops_npu::ToPrivateFormat);
    m.impl("npu_format", &ascend_ops_npu::NpuFormat);
}

#endif  // ASCEND_OPS_BINDING_HOST_DEVICE_H
