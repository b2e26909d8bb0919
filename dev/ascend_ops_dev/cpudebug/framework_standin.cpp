// Stand-in for the closed part of a CANN toolkit's CPU-debug framework, for the tikicpulib layout
// (build.py's Note [cpudebug framework layouts]): the toolkit ships the framework's headers
// (tools/tikicpulib/lib/include: stub_def.h, kern_fwk.h with ICPU_RUN_KF, kernel_print_lock.h,
// stub_fun.h) and keeps their bodies in closed libraries (the launcher's library, the API checkers'
// library, securec's libc_sec). This file defines what the launcher (launch_main.cpp's ICPU_RUN_KF)
// and the AscendC API reach of them, written from those declarations:
//   - the globals stub_def.h declares: block index and count, core type, task ratio, tiling key,
//     the launcher's process bookkeeping;
//   - GmAlloc / GmFree / CheckGmValied: GM shared by the forked cores, a guard page after it;
//   - the print lock, the core names, the backtrace of a stopped core, arch 2201's block limit;
//   - securec's memset_s, and half's conversion from int32 (a static half of the API calls it);
//   - the API checkers' entry points, which accept every call: Huawei's checkers are closed in
//     this layout and do not run (the asc-tools layout compiles and runs them).
// A launcher of the asc-tools layout links asc-tools' public sources instead of this file.
#include <execinfo.h>
#include <sys/mman.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "process_shared_lock.h"
#include "securec.h"
#include "tikicpulib.h"

// ---- the globals of stub_def.h ----
int64_t block_idx = 0;
int64_t block_num = 1;
uint64_t g_tilingKey = 0;
int32_t g_coreType = 0;  // AscendC::MIX_TYPE until set_core_type runs in a core
// Vector cores per AI core group: a vector-only launch on arch 2201 numbers its cores
// block_idx * g_taskRation + sub_block_idx (the API's GetBlockIdx).
int32_t g_taskRation = AscendC::AIV_IN_GROUP_CORE_NUM;
int32_t sub_block_idx = 0;
KernelMode g_kernelMode = KernelMode::MIX_MODE;
SocVersion g_socVersion = SocVersion::VER_MAX;
std::vector<std::string> g_tmpFileName;  // files the handler removes: GmAlloc makes none
std::vector<int32_t> g_processId;
int32_t g_mainPid = 0;
int32_t g_processNum = 0;

namespace AscendC {
const int MIX_TYPE = 0;
const int AIC_TYPE = 1;
const int AIV_TYPE = 2;

void SetKernelMode(KernelMode mode)
{
    g_kernelMode = mode;
    g_taskRation = mode == KernelMode::MIX_AIC_1_1 ? 1 : AIV_IN_GROUP_CORE_NUM;
}

std::string GetCoreName(int idx)
{
    const char* kind = g_kernelMode == KernelMode::AIV_MODE ? "AIV" : g_kernelMode == KernelMode::AIC_MODE ? "AIC"
                                                                                                            : "CORE";
    return std::string(kind) + "_" + std::to_string(idx);
}

// The launcher sizes its FFTS counter area (ICPU_RUN_KF's ffts_addr) for MAX_CORE_NUM_V220 core
// groups: on arch 2201 a launch of more blocks than that (of vector cores: twice that) has none.
void CheckBlockdimForFfts(uint64_t blkdim)
{
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 2201
    const uint64_t groups = MAX_CORE_NUM_V220;
    const uint64_t limit = g_kernelMode == KernelMode::AIV_MODE ? groups * AIV_IN_GROUP_CORE_NUM : groups;
    if (blkdim > limit) {
        std::printf("[ERROR] cpudebug framework: blockDim %lu exceeds the %lu cores of arch 2201\n",
                    static_cast<unsigned long>(blkdim), static_cast<unsigned long>(limit));
        std::fflush(stdout);
        raise(SIGABRT);
    }
#else
    (void)blkdim;
#endif
}

// ---- GM: one shared mapping per allocation, made before the cores fork ----
// [header page][user bytes, ending at the guard page][guard page, no access]: the forked cores
// see each other's writes and the parent's, and a write past the end stops the core (SIGSEGV).
namespace {
struct GmBlock {
    uint8_t* mapping;
    size_t mappingBytes;
    uint8_t* user;
    size_t userBytes;
};
std::vector<GmBlock> g_gmBlocks;

const GmBlock* FindGm(const void* at)
{
    const auto* p = static_cast<const uint8_t*>(at);
    for (const GmBlock& b : g_gmBlocks) {
        if (p >= b.user && p <= b.user + b.userBytes) {
            return &b;
        }
    }
    return nullptr;
}
}  // namespace

void* GmAlloc(size_t size)
{
    const size_t page = static_cast<size_t>(getpagesize());
    const size_t userPages = (size + page - 1) / page * page;
    const size_t total = page + userPages + page;
    void* mapping = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (mapping == MAP_FAILED) {
        std::printf("[ERROR] cpudebug framework: GmAlloc(%zu): mmap failed: %s\n", size, std::strerror(errno));
        std::fflush(stdout);
        raise(SIGABRT);
    }
    auto* base = static_cast<uint8_t*>(mapping);
    mprotect(base, page, PROT_READ);
    mprotect(base + page + userPages, page, PROT_NONE);
    uint8_t* user = base + page + userPages - size;
    g_gmBlocks.push_back({base, total, user, size});
    return user;
}

void GmFree(void* ptr)
{
    for (size_t i = 0; i < g_gmBlocks.size(); ++i) {
        if (g_gmBlocks[i].user == ptr) {
            munmap(g_gmBlocks[i].mapping, g_gmBlocks[i].mappingBytes);
            g_gmBlocks.erase(g_gmBlocks.begin() + static_cast<std::ptrdiff_t>(i));
            return;
        }
    }
    std::printf("[ERROR] cpudebug framework: GmFree of %p, which GmAlloc did not return\n", ptr);
    std::fflush(stdout);
    raise(SIGABRT);
}

// Every kernel argument must point into GM from GmAlloc.
void CheckGmValied(int argn, uint64_t* argv)
{
    for (int i = 0; i < argn; ++i) {
        if (FindGm(reinterpret_cast<const void*>(argv[i])) == nullptr) {
            std::printf("[ERROR] cpudebug framework: kernel argument %d (%#lx) is not GM from AscendC::GmAlloc\n", i,
                        static_cast<unsigned long>(argv[i]));
            std::fflush(stdout);
            raise(SIGABRT);
        }
    }
}

// Called by the launcher's signal handler in a core that stopped.
void BacktracePrint(int sig)
{
    std::printf("[ERROR] cpudebug framework: core %ld (pid %d) stopped by signal %d (%s)\n",
                static_cast<long>(block_idx), static_cast<int>(getpid()), sig, strsignal(sig));
    std::fflush(stdout);
    void* frames[64];
    backtrace_symbols_fd(frames, backtrace(frames, 64), STDOUT_FILENO);
}

// ---- the print lock (process_shared_lock.h) ----
KernelPrintLock* KernelPrintLock::printLock = nullptr;
KernelPrintLock::KernelPrintLock() { Init(); }
KernelPrintLock::~KernelPrintLock() { UnInit(); }
inline void KernelPrintLock::Init() { ascend_ops_cpudebug::InitSharedRwLock(lock, attr); }
void KernelPrintLock::UnInit() { ascend_ops_cpudebug::DestroySharedRwLock(lock, attr); }
int KernelPrintLock::Lock() { return pthread_rwlock_wrlock(&lock); }
int KernelPrintLock::Unlock() { return pthread_rwlock_unlock(&lock); }
KernelPrintLock* KernelPrintLock::CreateLock()
{
    return new (ascend_ops_cpudebug::SharedLockMemory(sizeof(KernelPrintLock), "KernelPrintLock")) KernelPrintLock();
}
void KernelPrintLock::FreeLock()
{
    if (printLock != nullptr && getpid() == g_mainPid) {
        printLock->~KernelPrintLock();
        ascend_ops_cpudebug::UnmapSharedLock(printLock, sizeof(KernelPrintLock));
    }
    printLock = nullptr;
}

// ---- the API checkers' entry points: closed in this layout, so every call is accepted ----
namespace check {
bool CheckFuncDataCopyImpl(DataCopyApiParams&, const char*) { return true; }
bool CheckFuncDataCopyPadImpl(DataCopyPadApiParams&, const char*) { return true; }
bool CheckFuncGatherImpl(VecGatherApiParams&, const char*) { return true; }
bool CheckFuncGatherImpl(VecGatherApiParams&, const uint64_t, const char*) { return true; }
bool CheckFunVecBinaryScalarImpl(VecBinaryScalarApiParams&, const char*) { return true; }
bool CheckFunTransposeImpl(VecTransposeApiParams&, const char*) { return true; }
bool CheckFuncVecBinaryImpl(VecBinaryApiParams&, const char*) { return true; }
bool CheckFuncVecBinaryImpl(VecBinaryApiParams&, const uint64_t, const char*) { return true; }
bool CheckFuncVecBinaryImplForMaskArray(VecBinaryApiParams&, const uint64_t[], const char*) { return true; }
bool CheckFunVecBinaryScalarImpl(VecBinaryScalarApiParams&, const uint64_t, const char*) { return true; }
bool CheckFunDupImpl(VecDupApiParams&, const char*) { return true; }
bool CheckFunDupImpl(VecDupApiParams&, const uint64_t, const char*) { return true; }
bool CheckFunDupImplForMaskArray(VecDupApiParams&, const uint64_t[], const char*) { return true; }
}  // namespace check
}  // namespace AscendC

// ---- securec (securec.h): the launcher clears its workspace with memset_s ----
// As securec.h describes it: count bytes of c at dest, EOK when dest holds them; nothing is
// written when dest is null or count exceeds destMax.
extern "C" errno_t memset_s(void* dest, size_t destMax, int c, size_t count)
{
    if (dest == nullptr || count > destMax) {
        return EINVAL;
    }
    std::memset(dest, c, count);
    return EOK;
}

// ---- half (kernel_fp16.h) ----
// IEEE binary16, round to nearest even, beyond the largest finite value infinity. Every int32 of
// magnitude below 65520 is exact in float, so rounding once from float is rounding the int; any
// larger one is infinity either way.
float16::Fp16T& float16::Fp16T::operator=(const float16::Fp16T& fp)
{
    val = fp.val;
    return *this;
}
uint16_t float16::Fp16T::Int32ToFp16(const int32_t& iVal) const
{
    const _Float16 h = static_cast<_Float16>(static_cast<float>(iVal));
    uint16_t bits = 0;
    std::memcpy(&bits, &h, sizeof(bits));
    return bits;
}
