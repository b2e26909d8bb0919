// Copy a strided view (any rank, signed byte strides) into a fresh C-contiguous buffer, on all
// cores; and the other direction, a C-contiguous buffer into a strided view of a fresh output
// whose other elements become zero (the gradient ops, Note [write into a view] in copy_plan.h).
// The native CPU executor (python/ascend_ops/cpu/native_copy.py) calls it through ctypes with the
// numpy view cpu_reference builds for an op, so every op is this one copy.
//
// Elements move as raw bits (integer loads and stores of the element's size), so the result is
// the reference's `np.array(view, order="C")` bit for bit.
//
// Plan: drop size-1 dims, merge dims that are contiguous in the input, then pick the kernel by
// the innermost output axis:
//   run        its input stride is the element size: copy runs of bytes (fixed-size copies when
//              short, memcpy when long, non-temporal stores for long runs of a large output);
//   transpose  another axis is contiguous in the input: 2-D tiles between that axis and the
//              innermost one (DepthToSpace / SpaceToDepth permutations), with interleave and
//              deinterleave kernels when one side of the tile is 2, 3 or 4 long;
//   gather     otherwise: an element loop (steps, negative strides).
// Large copies are split over all cores by rows (Note [threads]); smaller ones stay on the
// calling thread. A large output asks for huge pages first (Note [fresh output pages]), and the
// executor allocates its large outputs here, 2 MiB aligned (Note [huge-page outputs]).
//
// The parts: copy_plan.h, copy_kernels.h, copy_threads.h and output_cache.h; this file holds the
// entry that runs a copy and the C ABI.
#include <algorithm>
#include <cstdint>

#include "copy_kernels.h"
#include "copy_plan.h"
#include "copy_threads.h"
#include "output_cache.h"

namespace {

bool ParseView(const int64_t* desc, Layout* layout, bool* empty)
{
    const int64_t rank = desc[0];
    const int64_t elem = desc[1];
    if (rank < 0 || rank > kMaxRank ||
        (elem != 1 && elem != 2 && elem != 4 && elem != 8 && elem != 16)) {
        return false;
    }
    *empty = !Normalise(int(rank), elem, desc + 2, desc + 2 + rank, layout);
    return true;
}

// How many threads a copy of `bytes` output bytes gets (Note [threads]).
int64_t Workers(int64_t bytes, int32_t threads, int64_t parallel_bytes)
{
    if (bytes < parallel_bytes) {
        return 1;
    }
    return std::max<int64_t>(std::min<int64_t>(threads, bytes / kBytesPerThread), 1);
}

// `store` >= 0 forces that StoreMode (tests), else StoreFor decides.
int32_t StridedCopy(const void* src, void* dst, const int64_t* desc, int32_t threads,
                    int64_t parallel_bytes, int32_t store)
{
    Layout layout;
    bool empty = false;
    if (!ParseView(desc, &layout, &empty)) {
        return -1;
    }
    if (empty) {
        return 0;
    }
    int64_t bytes = layout.elem;
    for (int i = 0; i < layout.rank; ++i) {
        bytes *= layout.dim[i].size;
    }
    const int64_t workers = Workers(bytes, threads, parallel_bytes);
    Plan plan = MakePlan(layout, int(workers));
    plan.store = store >= 0 ? StoreMode(store)
                            : StoreFor(plan, bytes >= kHugePageOutputBytes && !ReusedOutput(dst));
    if (plan.store == kStoreThroughBuffer && !RowsFitTheBuffer(plan)) {
        return -1;  // only a forced store gets here
    }
    AdviseHugePages(static_cast<char*>(dst), plan.total_bytes);
    Execute(plan, static_cast<const char*>(src), static_cast<char*>(dst), workers);
    return 0;
}

// Write dy into the view `desc` of the output, the fill elsewhere (Note [write into a view]).
int32_t StridedWrite(const void* src, void* dst, int64_t total_bytes, int64_t offset,
                     const int64_t* desc, int32_t threads, int64_t parallel_bytes, const void* fill)
{
    const int64_t rank = desc[0];
    const int64_t elem = desc[1];
    if (rank < 0 || rank > kMaxRank ||
        (elem != 1 && elem != 2 && elem != 4 && elem != 8 && elem != 16)) {
        return -1;
    }
    WritePlan plan;
    if (!MakeWritePlan(int(rank), elem, offset, desc + 2, desc + 2 + rank, total_bytes, &plan)) {
        return -1;
    }
    SetWriteFill(&plan, fill);
    AdviseHugePages(static_cast<char*>(dst), total_bytes);
    ExecuteWrite(plan, static_cast<const char*>(src), static_cast<char*>(dst),
                 Workers(total_bytes, threads, parallel_bytes));
    return 0;
}

}  // namespace

extern "C" {

// Copy the view `desc` = {rank, element bytes, shape[rank], byte strides[rank]} whose first
// element is at `src` into the C-contiguous buffer `dst`, on up to `threads` threads.
// Returns 0, or -1 for a rank above 64 or an element size other than 1, 2, 4, 8 or 16.
int32_t ascend_ops_strided_copy(const void* src, void* dst, const int64_t* desc, int32_t threads)
{
    return StridedCopy(src, dst, desc, threads, kParallelBytes, -1);
}

// The same, splitting copies of `parallel_bytes` and more over threads (negative: as
// ascend_ops_strided_copy does) and writing the output the way `store` says (0 ordinary stores,
// 1 streamed runs, 2 through a streamed buffer, -1 as ascend_ops_strided_copy decides): lets
// tests run every path on small inputs. Also -1 when the plan's rows cannot go through the
// buffer (Note [streaming stores]).
int32_t ascend_ops_strided_copy_split_from(const void* src, void* dst, const int64_t* desc,
                                           int32_t threads, int64_t parallel_bytes, int32_t store)
{
    if (store < -1 || store > kStoreThroughBuffer) {
        return -1;
    }
    return StridedCopy(src, dst, desc, threads, parallel_bytes < 0 ? kParallelBytes : parallel_bytes,
                       store);
}

// Write the C-contiguous `src` (dy) into the view `desc` (as above; its shape is dy's) whose
// first element is `offset` bytes into the C-contiguous output `dst` of `total_bytes` bytes, and
// set every other element of the output to `fill` (one element's bytes; nullptr: zeros), on up
// to `threads` threads (Note [write into a view]).
// Returns 0, or -1 for a descriptor ascend_ops_strided_copy refuses or a view the write does not
// take: one that writes an element twice or outside the output.
int32_t ascend_ops_strided_write(const void* src, void* dst, int64_t total_bytes, int64_t offset,
                                 const int64_t* desc, int32_t threads, const void* fill)
{
    return StridedWrite(src, dst, total_bytes, offset, desc, threads, kParallelBytes, fill);
}

// The same, splitting writes of `parallel_bytes` and more over threads: lets tests split small
// outputs.
int32_t ascend_ops_strided_write_split_from(const void* src, void* dst, int64_t total_bytes,
                                            int64_t offset, const int64_t* desc, int32_t threads,
                                            int64_t parallel_bytes, const void* fill)
{
    return StridedWrite(src, dst, total_bytes, offset, desc, threads,
                        parallel_bytes < 0 ? kParallelBytes : parallel_bytes, fill);
}

// How ascend_ops_strided_copy writes the output of `desc` (0, 1, 2 as above) when `fresh` says
// whether the copy is the first write to the output's pages; -1 for a descriptor it refuses.
int32_t ascend_ops_strided_copy_store(const int64_t* desc, int32_t fresh)
{
    Layout layout;
    bool empty = false;
    if (!ParseView(desc, &layout, &empty)) {
        return -1;
    }
    return empty ? kStoreDirect : StoreFor(MakePlan(layout, 1), fresh != 0);
}

// The kernel `ascend_ops_strided_copy` would pick for `desc` (0 empty, 1 run, 2 transpose,
// 3 gather), or -1 as above: lets tests prove that every kernel is exercised.
int32_t ascend_ops_strided_copy_kernel(const int64_t* desc)
{
    Layout layout;
    bool empty = false;
    if (!ParseView(desc, &layout, &empty)) {
        return -1;
    }
    return empty ? kEmpty : MakePlan(layout, 1).kernel;
}

// An output buffer of `bytes` bytes (Note [huge-page outputs]): 2 MiB aligned and advised
// MADV_HUGEPAGE from 2 MiB on, 64-byte aligned below; from the output cache from
// ascend_ops_output_huge_page_bytes() on (Note [output cache]). Null when `bytes` <= 0 or memory
// is short. Give it back with ascend_ops_output_free(buffer, bytes).
void* ascend_ops_output_alloc(int64_t bytes)
{
    return AllocateOutput(bytes, true);
}

void ascend_ops_output_free(void* buffer, int64_t bytes)
{
    FreeOutput(buffer, bytes, true);
}

// The output size from which the native executor allocates here rather than through torch
// (Note [huge-page outputs]).
int64_t ascend_ops_output_huge_page_bytes(void)
{
    return kHugePageOutputBytes;
}

// The same buffer as a DLPack tensor (a `DLManagedTensor*`, DLPack's unversioned ABI): `bytes`
// uint8 elements on the CPU whose deleter frees the buffer; hand it to the consumer (e.g.
// torch.from_dlpack) at once. `cached` 0 maps fresh pages and unmaps them at the end, whatever
// the size (what the benchmark's fresh-memcpy ceiling measures). Null when the buffer cannot be
// allocated.
void* ascend_ops_output_dlpack(int64_t bytes, int32_t cached)
{
    void* data = AllocateOutput(bytes, cached != 0);
    if (data == nullptr) {
        return nullptr;
    }
    OutputTensor* t = new (std::nothrow) OutputTensor;
    if (t == nullptr) {
        FreeOutput(data, bytes, cached != 0);
        return nullptr;
    }
    t->length = bytes;
    t->cached = cached != 0;
    t->managed.dl_tensor = DLTensor{data, DLDevice{1, 0}, 1, DLDataType{1, 8, 1}, &t->length,
                                    nullptr, 0};
    t->managed.manager_ctx = nullptr;
    t->managed.deleter = DeleteOutputTensor;
    return &t->managed;
}

// The output cache's limit in bytes; `limit` >= 0 sets it first (freeing cached buffers that no
// longer fit: 0 empties and turns off the cache), and the old limit is returned.
int64_t ascend_ops_output_cache_limit(int64_t limit)
{
    return Cache().SetLimit(limit);
}

// How many seconds a freed output waits for reuse before the cache gives it back; `seconds` >= 0
// sets it first, and the old value is returned.
double ascend_ops_output_cache_idle_seconds(double seconds)
{
    return Cache().SetIdleSeconds(seconds);
}

// Bytes of freed outputs the cache holds now.
int64_t ascend_ops_output_cached_bytes(void)
{
    return Cache().CachedBytes();
}

// How many outputs were handed a cached buffer so far.
int64_t ascend_ops_output_cache_reuses(void)
{
    return Cache().Reuses();
}

}  // extern "C"
