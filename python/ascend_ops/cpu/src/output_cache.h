// The native copy's memory: huge-page advice for fresh outputs (Note [fresh output pages]), the
// 2 MiB aligned allocator of large outputs handed to torch as DLPack tensors (Note [huge-page
// outputs]), and the cache of freed large outputs (Note [output cache]).
#ifndef ASCEND_OPS_NATIVE_COPY_OUTPUT_CACHE_H
#define ASCEND_OPS_NATIVE_COPY_OUTPUT_CACHE_H

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

#include "copy_plan.h"

// Included by strided_copy.cpp alone: everything here has internal linkage.
namespace {

// Note [fresh output pages]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// The output is a fresh allocation; above glibc's mmap threshold its pages are mapped on first
// touch, one fault per 4 KiB page, which on virtual machines costs more than the copy itself.
// Asking for transparent huge pages before the first write (what torch does under
// THP_MEM_ALLOC_ENABLE=1) makes that one fault per 2 MiB. It is only advice: where THP is off,
// or the range is already mapped, nothing changes.
void AdviseHugePages(char* dst, int64_t bytes)
{
#ifdef MADV_HUGEPAGE
    if (bytes < kAdviseHugePagesBytes) {
        return;
    }
    const uintptr_t mask = ~uintptr_t(kHugePage - 1);
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(dst) + kHugePage - 1) & mask;
    const uintptr_t end = (reinterpret_cast<uintptr_t>(dst) + bytes) & mask;
    if (end > begin) {
        madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
    }
#else
    (void)dst;
    (void)bytes;
#endif
}

// Note [huge-page outputs]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// A buffer of kHugePage bytes or more from this allocator is 2 MiB aligned and advised
// MADV_HUGEPAGE before anything writes it, so every one of its pages can be a transparent huge
// page (with THP in `madvise` mode nothing else asks for them); the first write to each page
// is the copy, in whichever of the copy's threads reaches it first. Where the advice does not
// exist, only the alignment remains. The buffer reaches torch as a DLPack tensor whose deleter
// frees it, so the output is an ordinary tensor that releases its memory when the last
// reference goes.
//
// The executor takes its outputs from here from kHugePageOutputBytes on, not from 2 MiB:
// below glibc's largest mmap threshold (32 MiB) a freed block is reused, already mapped, and
// an aligned allocation defeats that (glibc gives the aligned block's memory back at each
// free). Measured on the benchmark machine, allocate + fill + free in a loop: 4 MiB 187 us with
// malloc, 477 us 2 MiB aligned and advised; 16 MiB 910 / 2234 us; 64 MiB, where malloc maps
// fresh 4 KiB pages every time, 94.6 / 26.0 ms. torch under THP_MEM_ALLOC_ENABLE=1 aligns
// from 2 MiB on and so pays the first two prices.
struct DLDevice {
    int32_t device_type;  // 1: kDLCPU
    int32_t device_id;
};

struct DLDataType {
    uint8_t code;  // 1: kDLUInt
    uint8_t bits;
    uint16_t lanes;
};

struct DLTensor {
    void* data;
    DLDevice device;
    int32_t ndim;
    DLDataType dtype;
    int64_t* shape;
    int64_t* strides;  // null: compact row-major
    uint64_t byte_offset;
};

struct DLManagedTensor {
    DLTensor dl_tensor;
    void* manager_ctx;
    void (*deleter)(DLManagedTensor*);
};

// The DLManagedTensor and the shape it points to, freed together.
struct OutputTensor {
    DLManagedTensor managed;
    int64_t length;
    bool cached;
};

// Note [output cache]
// ~~~~~~~~~~~~~~~~~~~
// A page's first write costs a fault and the kernel's zeroing of the page. Measured on the
// 2-core benchmark machine, a 256 MiB two-thread memcpy runs at 48 GB/s into a buffer written
// before, 15.5 GB/s into fresh huge pages and 6 GB/s into fresh 4 KiB pages: a large output's
// fresh pages cost twice its copy. A program that calls an op on large tensors again and again
// (a model's forward pass) frees an output of the same size each time, so freed buffers of
// kHugePageOutputBytes and more are kept and handed to the next output of their size (rounded
// up to a huge page), whose copy then writes pages that are already mapped, as torch's device
// allocators cache their blocks. The cache is bounded: it holds at most `limit` bytes
// (kDefaultCacheBytes unless set, never more than CacheCap, an eighth of physical memory;
// native_copy.py sets ASCEND_OPS_OUTPUT_CACHE_MB's value when it loads the library; 0 turns the
// cache off), gives
// the least recently freed buffer back first, and gives back any buffer not reused for
// kCacheIdleSeconds (unless set) at the next allocation or free. An output is written whole by
// its copy before anyone reads it, so what a reused buffer held never shows (nor would it from
// malloc, which reuses memory the same way). An allocation that fails gives every cached
// buffer back and tries once more before reporting the shortage.
constexpr int64_t kDefaultCacheBytes = int64_t(1) << 30;
constexpr double kCacheIdleSeconds = 10.0;

int64_t RoundUpToHugePage(int64_t bytes)
{
    return (bytes + kHugePage - 1) & ~(kHugePage - 1);
}

// `bytes` 2 MiB aligned and advised MADV_HUGEPAGE from a huge page on, 64-byte aligned below
// (Note [huge-page outputs]); null when memory is short.
void* AllocateAligned(int64_t bytes)
{
    const size_t alignment = bytes >= kHugePage ? size_t(kHugePage) : size_t(64);
    void* p = nullptr;
    if (posix_memalign(&p, alignment, size_t(bytes)) != 0) {
        return nullptr;
    }
#ifdef MADV_HUGEPAGE
    if (bytes >= kHugePage) {
        madvise(p, size_t(RoundUpToHugePage(bytes)), MADV_HUGEPAGE);
    }
#endif
    return p;
}

// The most the cache may hold: an eighth of physical memory (kDefaultCacheBytes when the
// system does not say). A larger limit asked for is capped at it (README, "Output cache").
int64_t CacheCap()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? int64_t(pages) / 8 * page : kDefaultCacheBytes;
}

int64_t DefaultCacheLimit()
{
    return std::min<int64_t>(kDefaultCacheBytes, CacheCap());
}

class OutputCache {
public:
    // A buffer of at least `bytes` (a huge-page multiple): a cached one if one fits exactly.
    void* Take(int64_t bytes)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto now = Clock::now();
        DropIdle(now);
        for (auto it = free_.rbegin(); it != free_.rend(); ++it) {
            if (it->bytes == bytes) {
                void* p = it->data;
                cached_ -= it->bytes;
                free_.erase(std::next(it).base());
                live_[p] = Live{bytes, true};
                ++reused_;
                return p;
            }
        }
        void* p = AllocateAligned(bytes);
        if (p == nullptr && !free_.empty()) {  // memory is short: give the cache back, try again
            FreeAllLocked();
            p = AllocateAligned(bytes);
        }
        if (p != nullptr) {
            live_[p] = Live{bytes, false};
        }
        return p;
    }

    // Give every cached buffer back to the system (the limit stays); the bytes freed.
    int64_t Flush()
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return FreeAllLocked();
    }

    // Give `p` (from Take) back: kept for reuse when it fits the limit, else freed.
    void Give(void* p)
    {
        std::vector<void*> release;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            const auto found = live_.find(p);
            if (found == live_.end()) {  // not ours: cannot happen through the deleters
                return;
            }
            const int64_t bytes = found->second.bytes;
            live_.erase(found);
            const auto now = Clock::now();
            DropIdle(now);
            if (bytes > limit_) {
                release.push_back(p);
            } else {
                while (cached_ + bytes > limit_) {
                    release.push_back(free_.front().data);
                    cached_ -= free_.front().bytes;
                    free_.erase(free_.begin());
                }
                free_.push_back(Entry{p, bytes, now});
                cached_ += bytes;
            }
            release.insert(release.end(), idle_.begin(), idle_.end());
            idle_.clear();
        }
        for (void* q : release) {  // outside the lock: unmapping 256 MiB takes a while
            std::free(q);
        }
    }

    // Set the limit (bytes; negative leaves it), freeing what no longer fits. The old limit.
    int64_t SetLimit(int64_t limit)
    {
        std::vector<void*> release;
        int64_t old;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            old = limit_;
            if (limit < 0) {
                return old;
            }
            limit_ = std::min(limit, CacheCap());
            while (cached_ > limit_) {
                release.push_back(free_.front().data);
                cached_ -= free_.front().bytes;
                free_.erase(free_.begin());
            }
        }
        for (void* q : release) {
            std::free(q);
        }
        return old;
    }

    // Set how long a freed buffer may wait for reuse (negative leaves it). The old value.
    double SetIdleSeconds(double seconds)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        const double old = idle_seconds_;
        if (seconds >= 0) {
            idle_seconds_ = seconds;
        }
        return old;
    }

    // Whether `p` is a live buffer that Take handed out again.
    bool Reused(const void* p)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto found = live_.find(const_cast<void*>(p));
        return found != live_.end() && found->second.reused;
    }

    int64_t CachedBytes()
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return cached_;
    }

    int64_t Reuses()
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return reused_;
    }

private:
    using Clock = std::chrono::steady_clock;
    struct Entry {
        void* data;
        int64_t bytes;
        Clock::time_point freed;
    };
    struct Live {
        int64_t bytes;
        bool reused;  // its pages were written before
    };

    int64_t FreeAllLocked()
    {
        const int64_t freed = cached_;
        for (const Entry& e : free_) {
            std::free(e.data);
        }
        for (void* q : idle_) {
            std::free(q);
        }
        free_.clear();
        idle_.clear();
        cached_ = 0;
        return freed;
    }

    // Move the buffers idle for longer than idle_seconds_ to idle_ (the caller frees them, unlocked).
    void DropIdle(Clock::time_point now)
    {
        while (!free_.empty() &&
               std::chrono::duration<double>(now - free_.front().freed).count() > idle_seconds_) {
            idle_.push_back(free_.front().data);
            cached_ -= free_.front().bytes;
            free_.erase(free_.begin());
        }
    }

    std::mutex mutex_;
    std::vector<Entry> free_;                  // least recently freed first
    std::vector<void*> idle_;                  // dropped by DropIdle, not freed yet
    std::unordered_map<void*, Live> live_;     // handed out by Take
    int64_t cached_ = 0;
    int64_t limit_ = DefaultCacheLimit();
    double idle_seconds_ = kCacheIdleSeconds;
    int64_t reused_ = 0;
};

OutputCache& Cache()
{
    static OutputCache* cache = new OutputCache;  // never destroyed: outputs may outlive exit
    return *cache;
}

bool ReusedOutput(const void* dst)
{
    return Cache().Reused(dst);
}

// A buffer for an output of `bytes`; from kHugePageOutputBytes on, `cached` takes it from the
// cache (Note [output cache]) and FreeOutput gives it back there.
void* AllocateOutput(int64_t bytes, bool cached)
{
    if (bytes <= 0) {
        return nullptr;
    }
    if (cached && bytes >= kHugePageOutputBytes) {
        return Cache().Take(RoundUpToHugePage(bytes));
    }
    void* p = AllocateAligned(bytes);
    if (p == nullptr && Cache().Flush() > 0) {  // memory is short: give the cache back, try again
        p = AllocateAligned(bytes);
    }
    return p;
}

void FreeOutput(void* p, int64_t bytes, bool cached)
{
    if (cached && bytes >= kHugePageOutputBytes) {
        Cache().Give(p);
    } else {
        std::free(p);
    }
}

void DeleteOutputTensor(DLManagedTensor* managed)
{
    OutputTensor* t = reinterpret_cast<OutputTensor*>(managed);
    FreeOutput(t->managed.dl_tensor.data, t->length, t->cached);
    delete t;
}

}  // namespace

#endif  // ASCEND_OPS_NATIVE_COPY_OUTPUT_CACHE_H
