// The read-write locks of the CPU-debug launcher (its print lock and process lock, whose classes
// the framework's headers declare): one pthread rwlock shared by every core of a launch, made in
// anonymous shared memory before the cores fork. Used by model.cpp and framework_standin.cpp.
#ifndef ASCEND_OPS_CPUDEBUG_PROCESS_SHARED_LOCK_H
#define ASCEND_OPS_CPUDEBUG_PROCESS_SHARED_LOCK_H

#include <pthread.h>
#include <sys/mman.h>

#include <csignal>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace ascend_ops_cpudebug {

inline void InitSharedRwLock(pthread_rwlock_t& lock, pthread_rwlockattr_t& attr)
{
    pthread_rwlockattr_init(&attr);
    pthread_rwlockattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
    pthread_rwlock_init(&lock, &attr);
}

inline void DestroySharedRwLock(pthread_rwlock_t& lock, pthread_rwlockattr_t& attr)
{
    pthread_rwlock_destroy(&lock);
    pthread_rwlockattr_destroy(&attr);
}

// Memory for one lock object that every process forked later shares; stops the launch if none.
inline void* SharedLockMemory(size_t bytes, const char* what)
{
    void* shared = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        std::printf("[ERROR] cpudebug: %s: mmap failed\n", what);
        std::fflush(stdout);
        raise(SIGABRT);
        std::abort();
    }
    return shared;
}

inline void UnmapSharedLock(void* shared, size_t bytes) { munmap(shared, bytes); }

}  // namespace ascend_ops_cpudebug

#endif  // ASCEND_OPS_CPUDEBUG_PROCESS_SHARED_LOCK_H
