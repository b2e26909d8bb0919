// The native copy's threads (Note [threads]): helper threads started once, sharing a copy's rows in
// chunks from one counter, the caller waiting only for helpers that took a chunk.
#ifndef ASCEND_OPS_NATIVE_COPY_COPY_THREADS_H
#define ASCEND_OPS_NATIVE_COPY_COPY_THREADS_H

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

#include "copy_kernels.h"
#include "copy_plan.h"

// Included by strided_copy.cpp alone: everything here has internal linkage.
namespace {

// Note [threads]
// ~~~~~~~~~~~~~~~
// Each core has its own L2 cache, and one core alone does not reach the memory bandwidth the
// machine has once a copy leaves L2 (torch's own copies use every core from about 128 KiB on).
// So copies of kParallelBytes and more are split, kBytesPerThread at least per thread, over
// helper threads that are started once and wait for the next copy (HelperThreads): starting a
// thread per copy cost more than it saved below about 2 MiB. Measured on the 2-core benchmark
// machine, 4 KiB runs into a reused buffer, one thread / two helper-thread copies / two with a
// thread started per copy: 480 KiB 58 / 54 / 83 us, 960 KiB 107 / 78 / 109 us, 1.9 MiB
// 192 / 122 / 156 us, 4 MiB 412 / 232 / 269 us. On a busy machine the OS may run a helper
// late, or not before the copy is done: rows are handed out in chunks (kMinChunkBytes to
// kChunkBytes) from a shared counter, so a late helper takes less work, and the caller waits
// only for helpers that took a chunk, never for one that has not started (see SharedCopy).
// Joining every helper instead made 4 MiB copies take 4 ms instead of 0.6 ms on that machine
// at load 6.
// What the threads of one copy share. Helpers hold it by shared_ptr, so a helper that gets to
// a copy after it is done finds no work and drops its reference: nobody waits for it.
struct SharedCopy {
    Plan plan;
    const char* src;
    char* dst;
    int64_t items;
    int64_t chunk;
    std::atomic<int64_t> next{0};    // the first row not handed out yet
    std::atomic<int32_t> active{0};  // helpers between taking their first chunk and finishing
    // A write into a view (Note [write into a view]) instead of `plan`: the items are the
    // output's cache lines.
    const WritePlan* write = nullptr;
};

constexpr int64_t kLineBytes = 64;  // a write's items: whole cache lines of the output

// Items [begin, end) of a copy: rows of its plan, or lines of a write's output.
void RunItems(const SharedCopy& c, int64_t begin, int64_t end)
{
    if (c.write == nullptr) {
        CopyItems(c.plan, c.src, c.dst, begin, end);
        return;
    }
    WriteRangeAnySize(*c.write, c.src, c.dst, begin * kLineBytes,
                      std::min(end * kLineBytes, c.write->total_bytes));
}

// Take chunks until none are left. A helper counts itself active before it takes its first
// chunk, so once the caller has seen the counter run out, every helper still writing is
// counted (all operations on `next` and `active` are sequentially consistent).
void TakeChunks(SharedCopy& c, bool helper)
{
    if (helper) {
        c.active.fetch_add(1);
    }
    for (;;) {
        const int64_t begin = c.next.fetch_add(c.chunk);
        if (begin >= c.items) {
            break;
        }
        RunItems(c, begin, std::min(c.items, begin + c.chunk));
    }
    StreamFence();
    if (helper) {
        c.active.fetch_sub(1);
    }
}

// The helper threads copies share: started on first need, kept waiting for the next copy
// (Note [threads]). A helper still busy with another copy takes a job when it is free, by which
// time the caller may have done it all: it then finds no rows left.
class HelperThreads {
public:
    void Offer(const std::shared_ptr<SharedCopy>& job, int64_t count)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        while (started_ < count) {
            try {
                std::thread([this] { Serve(); }).detach();
            } catch (const std::system_error&) {  // no more threads: fewer helpers
                break;
            }
            ++started_;
        }
        for (int64_t i = 0; i < std::min(count, started_); ++i) {
            jobs_.push_back(job);
            ready_.notify_one();
        }
    }

private:
    void Serve()
    {
        for (;;) {
            std::shared_ptr<SharedCopy> job;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                ready_.wait(lock, [this] { return !jobs_.empty(); });
                job = std::move(jobs_.front());
                jobs_.pop_front();
            }
            TakeChunks(*job, true);
        }
    }

    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::shared_ptr<SharedCopy>> jobs_;
    int64_t started_ = 0;
};

// Never destroyed (helpers wait in it until the process ends); a forked child, which has none
// of the parent's threads, starts its own.
HelperThreads* g_helpers = nullptr;

HelperThreads& Helpers()
{
    static const bool once = [] {
        g_helpers = new HelperThreads;
        pthread_atfork(nullptr, nullptr, [] { g_helpers = new HelperThreads; });
        return true;
    }();
    (void)once;
    return *g_helpers;
}

// Run the `items` of `shared` (a copy's rows or a write's lines, `total_bytes` of output) on the
// calling thread and up to `workers` - 1 helpers, in chunks.
void Share(const std::shared_ptr<SharedCopy>& shared, const char* src, char* dst, int64_t items,
           int64_t total_bytes, int64_t workers)
{
    const int64_t item_bytes = std::max<int64_t>(total_bytes / items, 1);
    // At least 8 chunks per thread, so a helper that starts late still gets a share. The huge
    // pages of a large output are faulted in by whichever thread writes them first: chunks of
    // two huge pages keep the threads off each other's pages (with 256 KiB chunks one thread
    // waited while the other zeroed the 2 MiB page both were writing).
    const int64_t chunk_bytes =
        total_bytes >= kHugePageOutputBytes
            ? kLargeChunkBytes
            : std::clamp<int64_t>(total_bytes / (workers * 8), kMinChunkBytes, kChunkBytes);
    shared->src = src;
    shared->dst = dst;
    shared->items = items;
    shared->chunk = std::max<int64_t>(chunk_bytes / item_bytes, 1);
    Helpers().Offer(shared, workers - 1);
    TakeChunks(*shared, false);
    while (shared->active.load() != 0) {  // a helper is finishing its last chunk
        std::this_thread::yield();
    }
}

void Execute(const Plan& p, const char* src, char* dst, int64_t workers)
{
    const int64_t items = ItemsOf(p);
    workers = std::min(workers, items);
    if (workers <= 1) {
        CopyItems(p, src, dst, 0, items);
        StreamFence();
        return;
    }
    auto shared = std::make_shared<SharedCopy>();
    shared->plan = p;
    Share(shared, src, dst, items, p.total_bytes, workers);
}

// The write `w` on up to `workers` threads, each chunk a range of whole cache lines of the output
// (Note [write into a view]).
void ExecuteWrite(const WritePlan& w, const char* src, char* dst, int64_t workers)
{
    const int64_t items = (w.total_bytes + kLineBytes - 1) / kLineBytes;
    workers = std::min(workers, items);
    if (workers <= 1) {
        WriteRangeAnySize(w, src, dst, 0, w.total_bytes);
        return;
    }
    auto shared = std::make_shared<SharedCopy>();
    shared->write = &w;  // the caller's, alive until every helper that took a chunk is done
    Share(shared, src, dst, items, w.total_bytes, workers);
}

}  // namespace

#endif  // ASCEND_OPS_NATIVE_COPY_COPY_THREADS_H
