// The package's model of the intrinsics under AscendC's CPU-debug implementation: the bodies of
// what stub_fun.h declares, for the intrinsics the generated kernels reach. The declarations are
// the package's (include/stub_fun/stub_fun.h) or, where the headers folder is a CANN toolkit with
// its own, the toolkit's (build.py's Note [cpudebug framework layouts]); the definitions below
// match both. In a CANN toolkit the bodies live in the closed libcpudebug_model;
// `ascend-ops-dev cpudebug --huawei-model` links that instead of this file.
//
// Everything above these functions is Huawei's code and runs as is: the AscendC API (DataCopy,
// DataCopyPad, Gather, TPipe / TQue / TBuf, SetFlag / WaitFlag, GetBlockIdx, ...) from
// asc-devkit, and the launcher (ICPU_RUN_KF, GmAlloc, one process per core), the API checkers
// and the backtrace from asc-tools. The model gives the intrinsics meaning; each rule says
// whether it is DOCUMENTED (the doc page of asc-devkit's docs/api named) or GUESSED.
//
// What the model leaves to the package's emulator (ascend_kernels/sim): the pipes run in program
// order here, so a missing SetFlag / WaitFlag between two pipes is not a hazard on the CPU; and
// dcci is a no-op, so the 64-byte data-cache write-back rule is not modelled.
//
// Negative controls (tests/ascend_ops_dev/cpudebug/test_cpudebug.py) build this file with one rule broken on purpose:
//   ASCEND_OPS_CPUDEBUG_BURST_UNIT=1     copy_gm_to_ubuf's burst unit in bytes, not 32-byte blocks
//   ASCEND_OPS_CPUDEBUG_OMIT_PIPE_BARRIER  pipe_barrier left undefined (a link error naming it)
//   ASCEND_OPS_CPUDEBUG_SBITSET_INT64      sbitset0 defined returning int64_t where stub_fun.h
//                                          declares uint64_t (a compile error naming the declaration)
//   ASCEND_OPS_CPUDEBUG_TRANSPOSE_AS_COPY=1  scatter_vnchwconv_b16 copies each listed block instead
//                                          of transposing the 16
#include <pthread.h>

#include <array>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include "kernel_operator.h"
#include "kernel_process_lock.h"
#include "model/model_factory_mask.h"
#include "process_shared_lock.h"
#include "vec_model.h"

#ifndef ASCEND_OPS_CPUDEBUG_BURST_UNIT
#define ASCEND_OPS_CPUDEBUG_BURST_UNIT 32
#endif
#ifndef ASCEND_OPS_CPUDEBUG_TRANSPOSE_AS_COPY
#define ASCEND_OPS_CPUDEBUG_TRANSPOSE_AS_COPY 0
#endif

namespace {

// DOCUMENTED (asc_copy_gm2ub, asc_copy_ub2gm): burst lengths and gaps of the block copies are
// in DataBlocks of 32 bytes.
constexpr uint64_t kBlockBytes = ASCEND_OPS_CPUDEBUG_BURST_UNIT;
constexpr uint64_t kUbBlockBytes = 32;  // UB rows of the byte-length copies start 32-byte aligned

// An arch 3002 predicate register: bit b enables byte lane b of a 256-byte vector register.
using PredicateBits = std::array<uint64_t, 4>;

// The model's state of one core (one process: the launcher forks one per core).
struct CoreState {
    uint64_t padValue = 0;     // set_mov_pad_val
    uint64_t maskHigh = ~0ULL;  // set_vector_mask
    uint64_t maskLow = ~0ULL;
    int32_t maskMode = 0;      // 0: normal (bit mask), 1: counter
    int64_t ctrl = 0;          // get_ctrl / set_ctrl
    uint64_t gatherBase = 0;   // SetModelGatherbSrc0Tensor: the CPU address of Gather's source
    uint32_t gatherLength = 0;
    uint64_t ubBase = 0;       // AscendCBufAbsAddr(UB, ...): the core's UB array
    uint64_t ubBytes = 0;
    // set_flag / wait_flag balance per (src pipe, dst pipe, event id)
    std::array<std::array<std::array<int32_t, 8>, 16>, 16> flags{};
    // arch 3002's predicate registers: the handle's active bytes, bit b for byte lane b (Predicate)
    std::vector<PredicateBits> predicates;
    // set_va_reg_sb: the address registers VA0-VA7, 8 UB addresses each (CPU addresses here)
    std::array<std::array<uint64_t, 8>, 8> va{};
};

CoreState g_core;

[[noreturn]] void Fail(const char* what)
{
    std::printf("[ERROR] cpudebug model: %s\n", what);
    std::fflush(stdout);
    raise(SIGABRT);
    std::abort();
}

uint8_t* Bytes(void* p) { return static_cast<uint8_t*>(p); }

// DOCUMENTED (DataCopy / DataCopyPad): the UB side of a copy lies in the core's UB. The bytes
// [at, at + bytes) must be inside the UB array TPipe registered (AscendCBufAbsAddr).
void CheckUb(const void* at, uint64_t bytes, const char* call)
{
    const uint64_t a = reinterpret_cast<uint64_t>(at);
    if (g_core.ubBytes == 0 || a < g_core.ubBase || a + bytes > g_core.ubBase + g_core.ubBytes) {
        std::printf("[ERROR] cpudebug model: %s: UB bytes [%#lx, %#lx) leave the core's UB [%#lx, %#lx)\n", call,
                    static_cast<unsigned long>(a), static_cast<unsigned long>(a + bytes),
                    static_cast<unsigned long>(g_core.ubBase), static_cast<unsigned long>(g_core.ubBase + g_core.ubBytes));
        Fail("a DMA's UB operand outside UB");
    }
}

// GUESSED: the pad register holds set_mov_pad_val's bit pattern; each padded element takes its
// low elemBytes bytes.
void FillPad(uint8_t* at, uint64_t bytes, uint32_t elemBytes)
{
    for (uint64_t i = 0; i < bytes; i += elemBytes) {
        std::memcpy(at + i, &g_core.padValue, elemBytes);
    }
}

// GM -> UB with byte lengths (DataCopyPad):
// DOCUMENTED (DataCopyPad(ISASI), DataCopyExtParams): blockLen in bytes; the GM-side gap
// (srcStride) in bytes, the UB-side gap (dstStride) in 32-byte DataBlocks; each burst lands in UB
// as [left pad][blockLen bytes][right pad][dummy], the dummy bytes making the row whole 32-byte
// blocks; paddings are element counts of at most 32 bytes each. (The c_api page
// asc_copy_gm2ub_align gives both gaps in DataBlocks; the DataCopyPad page, whose API the
// kernels call and whose parameters reach this intrinsic unchanged, is the one followed.)
// DOCUMENTED (DataCopyPad(ISASI), GM->VECIN/VECOUT): with both paddings 0 the dummy bytes take
// the block's first element; otherwise pads and dummy take paddingValue when isPad (the API then
// sets it with set_mov_pad_val) and are random without it.
// GUESSED: "random" is whatever the pad register holds.
void GmToUbAlign(void* dst, void* src, uint16_t nBurst, uint32_t lenBurst, uint8_t leftPad, uint8_t rightPad,
                 uint32_t srcGap, uint32_t dstGap, uint32_t elemBytes)
{
    const uint64_t left = uint64_t{leftPad} * elemBytes;
    const uint64_t right = uint64_t{rightPad} * elemBytes;
    const uint64_t rowBytes = (left + lenBurst + right + kUbBlockBytes - 1) / kUbBlockBytes * kUbBlockBytes;
    for (uint64_t i = 0; i < nBurst; ++i) {
        uint8_t* row = Bytes(dst) + i * (rowBytes + uint64_t{dstGap} * kUbBlockBytes);
        const uint8_t* from = Bytes(src) + i * (uint64_t{lenBurst} + srcGap);
        CheckUb(row, rowBytes, "copy_gm_to_ubuf_align");
        std::memcpy(row + left, from, lenBurst);
        if (left == 0 && right == 0) {
            for (uint64_t at = lenBurst; at + elemBytes <= rowBytes; at += elemBytes) {
                std::memcpy(row + at, from, elemBytes);
            }
        } else {
            FillPad(row, left, elemBytes);
            FillPad(row + left + lenBurst, rowBytes - left - lenBurst, elemBytes);
        }
    }
}

// UB -> GM with byte lengths (DataCopyPad):
// DOCUMENTED (DataCopyPad(ISASI), VECIN/VECOUT->GM): blockLen bytes per burst reach GM, the dummy
// bytes up to the row's 32-byte boundary are dropped; the UB-side gap (srcStride) in DataBlocks,
// the GM-side gap (dstStride) in bytes.
void UbToGmAlign(void* dst, void* src, uint16_t nBurst, uint32_t lenBurst, uint32_t srcGap, uint32_t dstGap)
{
    const uint64_t rowBytes = (uint64_t{lenBurst} + kUbBlockBytes - 1) / kUbBlockBytes * kUbBlockBytes;
    for (uint64_t i = 0; i < nBurst; ++i) {
        const uint8_t* from = Bytes(src) + i * (rowBytes + uint64_t{srcGap} * kUbBlockBytes);
        CheckUb(from, lenBurst, "copy_ubuf_to_gm_align");
        std::memcpy(Bytes(dst) + i * (uint64_t{lenBurst} + dstGap), from, lenBurst);
    }
}

// DOCUMENTED (asc_copy_gm2ub / asc_copy_ub2gm): nBurst bursts of lenBurst DataBlocks; srcGap /
// dstGap DataBlocks between the end of one burst and the start of the next.
void BlockCopy(void* dst, void* src, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap, uint16_t dstGap,
               bool toUb)
{
    for (uint64_t i = 0; i < nBurst; ++i) {
        uint8_t* to = Bytes(dst) + i * (uint64_t{lenBurst} + dstGap) * kBlockBytes;
        uint8_t* from = Bytes(src) + i * (uint64_t{lenBurst} + srcGap) * kBlockBytes;
        const uint64_t bytes = uint64_t{lenBurst} * kBlockBytes;
        CheckUb(toUb ? to : from, bytes, toUb ? "copy_gm_to_ubuf" : "copy_ubuf_to_gm");
        std::memcpy(to, from, bytes);
    }
}

// Whether element `i` of a repeat is written, under the vector mask.
// DOCUMENTED (Gather, mask parameter; SetVectorMask): in normal mode bit i of (high:low) enables
// element i (low holds elements 0-63); in counter mode the mask is a count of elements.
bool MaskEnables(uint32_t i, uint64_t totalIndex)
{
    if (g_core.maskMode == 1) {
        return totalIndex < g_core.maskLow;
    }
    return i < 64 ? ((g_core.maskLow >> i) & 1) != 0 : ((g_core.maskHigh >> (i - 64)) & 1) != 0;
}

// DOCUMENTED (Gather): srcOffset holds byte offsets from the source's base address; each repeat
// writes 256 bytes of dst; dstRepStride is the distance of repeats in dst, in 32-byte blocks.
// GUESSED: repeat r reads its offsets at srcOffset[r * elementsPerRepeat ...]; the base address is
// the full CPU address SetModelGatherbSrc0Tensor recorded (the intrinsic's operand holds its low 32
// bits); an offset outside [0, srcLength elements) fails.
template <typename T>
void Gather(T* dst, uint32_t* offsets, uint32_t srcAddr, uint16_t dstRepStride, uint8_t repeat)
{
    if (static_cast<uint32_t>(g_core.gatherBase) != srcAddr) {
        Fail("vgather: the source operand is not the address SetModelGatherbSrc0Tensor recorded");
    }
    constexpr uint32_t perRepeat = 256 / sizeof(T);
    const uint8_t* base = reinterpret_cast<const uint8_t*>(g_core.gatherBase);
    for (uint32_t r = 0; r < repeat; ++r) {
        T* out = reinterpret_cast<T*>(Bytes(dst) + uint64_t{r} * dstRepStride * 32);
        for (uint32_t i = 0; i < perRepeat; ++i) {
            if (!MaskEnables(i, uint64_t{r} * perRepeat + i)) {
                continue;
            }
            const uint32_t offset = offsets[r * perRepeat + i];
            if (offset % sizeof(T) != 0 || offset / sizeof(T) >= g_core.gatherLength) {
                Fail("vgather: an offset leaves the source tensor or is not element aligned");
            }
            std::memcpy(&out[i], base + offset, sizeof(T));
        }
    }
}

// dst = src + scalar over the elements the mask enables, int32, wrapping.
// DOCUMENTED (Adds; the repeat parameters of the vector instructions): a repeat covers 8 blocks of
// 32 bytes; block b of repeat r is blkStride * b + repStride * r blocks from the operand's start.
// GUESSED: in counter mode the repeats run until the mask's count of elements is covered,
// whatever `repeat` says (AscendC's count form passes 1).
void AddScalar(int32_t* dst, int32_t* src, int32_t scalar, uint32_t repeat, uint32_t dstBlk, uint32_t srcBlk,
               uint32_t dstRep, uint32_t srcRep)
{
    constexpr uint32_t perBlock = 32 / sizeof(int32_t);
    constexpr uint32_t perRepeat = 8 * perBlock;
    if (g_core.maskMode == 1) {
        repeat = static_cast<uint32_t>((g_core.maskLow + perRepeat - 1) / perRepeat);
    }
    for (uint32_t r = 0; r < repeat; ++r) {
        for (uint32_t i = 0; i < perRepeat; ++i) {
            if (!MaskEnables(i, uint64_t{r} * perRepeat + i)) {
                continue;
            }
            const uint64_t b = i / perBlock;
            const uint64_t lane = i % perBlock;
            int32_t* out = dst + (uint64_t{dstRep} * r + uint64_t{dstBlk} * b) * perBlock + lane;
            const int32_t* in = src + (uint64_t{srcRep} * r + uint64_t{srcBlk} * b) * perBlock + lane;
            CheckUb(out, sizeof(int32_t), "vadds");
            CheckUb(in, sizeof(int32_t), "vadds");
            *out = static_cast<int32_t>(static_cast<uint32_t>(*in) + static_cast<uint32_t>(scalar));
        }
    }
}

// The 16-bit transpose of 16 blocks (TransDataTo5HD, scatter_vnchwconv_b16).
// DOCUMENTED (TransDataTo5HD, 16-bit data): each 32-byte block holds 16 values; destination block
// j receives value j of the 16 source blocks, in list order: dst[j] lane q = src[q] lane j.
// DOCUMENTED (same page, repeatTimes / dstRepStride / srcRepStride): repeat r moves every address
// by r * stride 32-byte blocks; with repeatTimes 1 the one repeat is moved by the strides already.
// GUESSED: the register named for a list and the next one hold its 16 addresses, 8 each (the API
// fills VA0 / VA1 with the destinations and VA2 / VA3 with the sources, and names VA0 and VA2).
// The sources are read in full before any destination is written.
void Transpose16(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dstStride, uint16_t srcStride)
{
    constexpr uint64_t kList = 16;
    if (dst > VA6 || src > VA6) {
        Fail("scatter_vnchwconv_b16: a list needs its register and the next one");
    }
    const uint64_t first = repeat == 1 ? 1 : 0;
    for (uint64_t r = first; r < first + repeat; ++r) {
        uint16_t in[kList][kList];
        for (uint64_t q = 0; q < kList; ++q) {
            const uint64_t at = g_core.va[src + q / 8][q % 8] + r * srcStride * kUbBlockBytes;
            CheckUb(reinterpret_cast<const void*>(at), kUbBlockBytes, "scatter_vnchwconv_b16");
            std::memcpy(in[q], reinterpret_cast<const void*>(at), kUbBlockBytes);
        }
        for (uint64_t j = 0; j < kList; ++j) {
            const uint64_t at = g_core.va[dst + j / 8][j % 8] + r * dstStride * kUbBlockBytes;
            CheckUb(reinterpret_cast<const void*>(at), kUbBlockBytes, "scatter_vnchwconv_b16");
            for (uint64_t q = 0; q < kList; ++q) {
                const uint16_t value = ASCEND_OPS_CPUDEBUG_TRANSPOSE_AS_COPY ? in[j][q] : in[q][j];
                std::memcpy(reinterpret_cast<uint8_t*>(at) + q * sizeof(uint16_t), &value, sizeof(uint16_t));
            }
        }
    }
}

// ---- arch 3002's vector and predicate registers ----
// stub_def.h makes a vector register a std::array (asc-tools) or a C array (CANN 8.1, where a
// register passed by value arrives as a pointer to its first lane): lanes are counted from the
// type and reached with [] only.
template <typename Register>
constexpr uint32_t kLanes = sizeof(Register) / sizeof(std::declval<Register&>()[0]);

// GUESSED: a predicate register holds one bit per byte lane of a 256-byte vector register; a
// b16 / b32 predicate sets the bits of whole 2- / 4-byte lanes. pset and plt set a run of leading
// lanes, movp the lanes of the vector mask; a handle (vector_bool, 8 bits in CANN 8.1) names each
// distinct predicate, made on first use.
vector_bool PredicateOf(const PredicateBits& bits)
{
    for (size_t h = 0; h < g_core.predicates.size(); ++h) {
        if (g_core.predicates[h] == bits) {
            return static_cast<vector_bool>(h);
        }
    }
    if (g_core.predicates.size() > std::numeric_limits<vector_bool>::max()) {
        Fail("more predicate registers than a vector_bool handle can name");
    }
    g_core.predicates.push_back(bits);
    return static_cast<vector_bool>(g_core.predicates.size() - 1);
}

void SetLane(PredicateBits* bits, uint32_t lane, uint32_t laneBytes)
{
    for (uint32_t b = lane * laneBytes; b < (lane + 1) * laneBytes && b < 256; ++b) {
        (*bits)[b / 64] |= uint64_t{1} << (b % 64);
    }
}

vector_bool Predicate(uint32_t activeLanes, uint32_t laneBytes)
{
    PredicateBits bits{};
    for (uint32_t lane = 0; lane < activeLanes && lane * laneBytes < 256; ++lane) {
        SetLane(&bits, lane, laneBytes);
    }
    return PredicateOf(bits);
}

bool LaneActive(vector_bool p, uint32_t lane, uint32_t laneBytes)
{
    if (p >= g_core.predicates.size()) {
        Fail("a predicate register handle no plt / pset / movp made");
    }
    const uint32_t b = lane * laneBytes;
    return b < 256 && ((g_core.predicates[p][b / 64] >> (b % 64)) & 1) != 0;
}

// DOCUMENTED (SetVectorMask): in normal mode bit i of the mask (low, then high) enables element i.
// GUESSED: movp_bN makes that mask a predicate of N-bit lanes; a counter-mode mask is not modelled.
vector_bool MaskPredicate(uint32_t laneBytes, const char* name)
{
    if (g_core.maskMode != 0) {
        std::printf("[ERROR] cpudebug model: %s: a counter-mode mask is not modelled\n", name);
        Fail("movp of a counter-mode mask");
    }
    PredicateBits bits{};
    for (uint32_t lane = 0; lane < 256 / laneBytes; ++lane) {
        const uint64_t word = lane < 64 ? g_core.maskLow : g_core.maskHigh;
        if (((word >> (lane % 64)) & 1) != 0) {
            SetLane(&bits, lane, laneBytes);
        }
    }
    return PredicateOf(bits);
}

// GUESSED (the c_api pages describe plt as "lanes less than the count"): plt_bN enables the
// first min(remaining, lanes) lanes and, with POST_UPDATE, subtracts them from remaining.
vector_bool PredicateLessThan(uint32_t& remaining, Literal update, uint32_t laneBytes)
{
    const uint32_t lanes = 256 / laneBytes;
    const uint32_t active = remaining < lanes ? remaining : lanes;
    if (update == POST_UPDATE) {
        remaining -= active;
    }
    return Predicate(active, laneBytes);
}

// Element offsets of the register loads and stores: uint32_t in the package's stub_fun.h (the type
// asc-devkit's calls pass), int32_t in CANN 8.1's.
#ifdef ASCEND_OPS_CPUDEBUG_STUB_FUN_H
using RegisterOffset = uint32_t;
#else
using RegisterOffset = int32_t;
#endif

// GUESSED: every set_flag must have been waited for when a core's kernel returns (a flag left set
// is an event the kernel never consumed). asc-tools' launcher asks through CheckSyncState, CANN
// 8.1's through AscendCBlockEnd only; both run this.
void CheckFlagsConsumed()
{
    for (size_t s = 0; s < g_core.flags.size(); ++s) {
        for (size_t d = 0; d < g_core.flags[s].size(); ++d) {
            for (size_t e = 0; e < g_core.flags[s][d].size(); ++e) {
                if (g_core.flags[s][d][e] != 0) {
                    std::printf("[ERROR] cpudebug model: kernel ended with %d set_flag(%zu, %zu, %zu) never waited for\n",
                                g_core.flags[s][d][e], s, d, e);
                    std::fflush(stdout);
                    raise(SIGABRT);
                }
            }
        }
    }
}

}  // namespace

// ---- globals the API headers declare and the closed library defines ----
namespace AscendC {
bool g_isAtomic = false;
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 1001 || __NPU_ARCH__ == 3002)
AtomicType g_atomicType{};
#endif

// GUESSED: records Gather's source (the full CPU address and its length in elements).
void SetModelGatherbSrc0Tensor(uint64_t src0, const uint32_t length)
{
    g_core.gatherBase = src0;
    g_core.gatherLength = length;
}

// Called by asc-tools' launcher when a core's kernel returns.
void CheckSyncState() { CheckFlagsConsumed(); }

// The print / process lock the launcher and the API take around shared output. GUESSED: one
// process-shared read-write lock in anonymous shared memory, made before the cores fork.
ProcessLock* ProcessLock::processLock = nullptr;
ProcessLock::ProcessLock() { Init(); }
ProcessLock::~ProcessLock() { UnInit(); }
void ProcessLock::Init() { ascend_ops_cpudebug::InitSharedRwLock(lock, attr); }
void ProcessLock::UnInit() { ascend_ops_cpudebug::DestroySharedRwLock(lock, attr); }
int ProcessLock::Read() { return pthread_rwlock_rdlock(&lock); }
int ProcessLock::Write() { return pthread_rwlock_wrlock(&lock); }
int ProcessLock::Unlock() { return pthread_rwlock_unlock(&lock); }
ProcessLock* ProcessLock::CreateLock()
{
    return new (ascend_ops_cpudebug::SharedLockMemory(sizeof(ProcessLock), "ProcessLock")) ProcessLock();
}
void ProcessLock::FreeLock()
{
    if (processLock != nullptr && getpid() == g_mainPid) {
        processLock->~ProcessLock();
        ascend_ops_cpudebug::UnmapSharedLock(processLock, sizeof(ProcessLock));
    }
    processLock = nullptr;
}
}  // namespace AscendC

// ---- the vector mask the API checkers read (model/model_factory_mask.h) ----
uint64_t ModelFactoryGetMaskHigh() { return g_core.maskHigh; }
uint64_t ModelFactoryGetMaskLow() { return g_core.maskLow; }
int32_t ModelFactoryGetMaskMode() { return g_core.maskMode; }

// ---- DMA ----
void copy_gm_to_ubuf(void* dst, void* src, uint8_t, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                     uint16_t dstGap)
{
    BlockCopy(dst, src, nBurst, lenBurst, srcGap, dstGap, true);
}
void copy_ubuf_to_gm(void* dst, void* src, uint8_t, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                     uint16_t dstGap)
{
    BlockCopy(dst, src, nBurst, lenBurst, srcGap, dstGap, false);
}
void copy_gm_to_ubuf_align_b8(void* dst, void* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint8_t leftPad,
                              uint8_t rightPad, uint32_t srcGap, uint32_t dstGap)
{
    GmToUbAlign(dst, src, nBurst, lenBurst, leftPad, rightPad, srcGap, dstGap, 1);
}
void copy_gm_to_ubuf_align_b16(void* dst, void* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint8_t leftPad,
                               uint8_t rightPad, uint32_t srcGap, uint32_t dstGap)
{
    GmToUbAlign(dst, src, nBurst, lenBurst, leftPad, rightPad, srcGap, dstGap, 2);
}
// DOCUMENTED (DataCopyPad(ISASI)): 8-byte elements travel through the 32-bit form (the API doubles the
// padding counts).
void copy_gm_to_ubuf_align_b32(void* dst, void* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint8_t leftPad,
                               uint8_t rightPad, uint32_t srcGap, uint32_t dstGap)
{
    GmToUbAlign(dst, src, nBurst, lenBurst, leftPad, rightPad, srcGap, dstGap, 4);
}
void copy_ubuf_to_gm_align_b8(void* dst, void* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint8_t, uint8_t,
                              uint32_t srcGap, uint32_t dstGap)
{
    UbToGmAlign(dst, src, nBurst, lenBurst, srcGap, dstGap);
}
void copy_ubuf_to_gm_align_b16(void* dst, void* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint8_t, uint8_t,
                               uint32_t srcGap, uint32_t dstGap)
{
    UbToGmAlign(dst, src, nBurst, lenBurst, srcGap, dstGap);
}
void copy_ubuf_to_gm_align_b32(void* dst, void* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint8_t, uint8_t,
                               uint32_t srcGap, uint32_t dstGap)
{
    UbToGmAlign(dst, src, nBurst, lenBurst, srcGap, dstGap);
}
void copy_gm_to_ubuf_align(uint8_t* dst, uint8_t* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint8_t leftPad,
                           uint8_t rightPad, uint32_t srcGap, uint32_t dstGap)
{
    GmToUbAlign(dst, src, nBurst, lenBurst, leftPad, rightPad, srcGap, dstGap, 1);
}
void copy_gm_to_ubuf_align(uint16_t* dst, uint16_t* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint8_t leftPad,
                           uint8_t rightPad, uint32_t srcGap, uint32_t dstGap)
{
    GmToUbAlign(dst, src, nBurst, lenBurst, leftPad, rightPad, srcGap, dstGap, 2);
}
void copy_gm_to_ubuf_align(uint32_t* dst, uint32_t* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint8_t leftPad,
                           uint8_t rightPad, uint32_t srcGap, uint32_t dstGap)
{
    GmToUbAlign(dst, src, nBurst, lenBurst, leftPad, rightPad, srcGap, dstGap, 4);
}
void copy_ubuf_to_gm_align(uint8_t* dst, uint8_t* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint32_t srcGap,
                           uint32_t dstGap)
{
    UbToGmAlign(dst, src, nBurst, lenBurst, srcGap, dstGap);
}
void copy_ubuf_to_gm_align(uint16_t* dst, uint16_t* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint32_t srcGap,
                           uint32_t dstGap)
{
    UbToGmAlign(dst, src, nBurst, lenBurst, srcGap, dstGap);
}
void copy_ubuf_to_gm_align(uint32_t* dst, uint32_t* src, uint8_t, uint16_t nBurst, uint32_t lenBurst, uint32_t srcGap,
                           uint32_t dstGap)
{
    UbToGmAlign(dst, src, nBurst, lenBurst, srcGap, dstGap);
}
void set_mov_pad_val(uint64_t value) { g_core.padValue = value; }
// Not modelled: the vector kernels copy between GM and UB only.
void copy_gm_to_cbuf(void*, void*, uint8_t, uint16_t, uint16_t, uint16_t, uint16_t, pad_t)
{
    Fail("copy_gm_to_cbuf (GM -> L1) is not modelled");
}
void copy_cbuf_to_gm(void*, void*, uint8_t, uint16_t, uint16_t, uint16_t, uint16_t)
{
    Fail("copy_cbuf_to_gm (L1 -> GM) is not modelled");
}

// ---- vector ----
void vgather(uint16_t* dst, uint32_t* offsets, uint32_t srcAddr, uint16_t dstRepStride, uint8_t repeat)
{
    Gather(dst, offsets, srcAddr, dstRepStride, repeat);
}
void vgather(uint32_t* dst, uint32_t* offsets, uint32_t srcAddr, uint16_t dstRepStride, uint8_t repeat)
{
    Gather(dst, offsets, srcAddr, dstRepStride, repeat);
}
// Arch 2002 packs the operands into one word, as its public implementation builds it
// (dav_m200 kernel_operator_vec_gather_impl.h): source address in bits 0-31, dstRepStride in
// bits 32-39, repeat in bits 56-63.
void vgather(uint16_t* dst, uint32_t* offsets, uint64_t config)
{
    Gather(dst, offsets, static_cast<uint32_t>(config), static_cast<uint16_t>((config >> 32) & 0xFF),
           static_cast<uint8_t>(config >> 56));
}
void vgather(uint32_t* dst, uint32_t* offsets, uint64_t config)
{
    Gather(dst, offsets, static_cast<uint32_t>(config), static_cast<uint16_t>((config >> 32) & 0xFF),
           static_cast<uint8_t>(config >> 56));
}
void set_va_reg_sb(ub_addr8_t addr, uint64_t* array)
{
    for (uint64_t i = 0; i < 8; ++i) {
        g_core.va[addr][i] = array[i];
    }
}
void scatter_vnchwconv_b16(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dstStride, uint16_t srcStride)
{
    Transpose16(dst, src, repeat, dstStride, srcStride);
}
void set_vector_mask(uint64_t high, uint64_t low)
{
    g_core.maskHigh = high;
    g_core.maskLow = low;
}
// DOCUMENTED (SetMaskNorm / SetMaskCount): the mask mode.
void set_mask_norm() { g_core.maskMode = 0; }
void set_mask_count() { g_core.maskMode = 1; }
void vadds(int32_t* dst, int32_t* src, int32_t scalar, uint8_t repeat, uint16_t dstBlkStride, uint16_t srcBlkStride,
           uint16_t dstRepStride, uint16_t srcRepStride)
{
    AddScalar(dst, src, scalar, repeat, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride);
}
void vadds(int32_t* dst, int32_t* src, int32_t scalar, uint8_t repeat, uint16_t dstBlkStride, uint16_t srcBlkStride,
           uint8_t dstRepStride, uint8_t srcRepStride)
{
    AddScalar(dst, src, scalar, repeat, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride);
}

// ---- arch 3002's register-level vector code ----
// A source register is a parameter by value (a copy, or in CANN 8.1 a pointer to the caller's
// register, which may be the destination too: vdintlv reads both sources before writing).
// GUESSED (PAT_ALL: every lane).
vector_bool pset_b32(Literal pattern)
{
    if (pattern != PAT_ALL) {
        Fail("pset_b32: only PAT_ALL is modelled");
    }
    return Predicate(64, 4);
}
vector_bool plt_b16(uint32_t& remaining, Literal update) { return PredicateLessThan(remaining, update, 2); }
vector_bool plt_b32(uint32_t& remaining, Literal update) { return PredicateLessThan(remaining, update, 4); }
vector_bool movp_b16() { return MaskPredicate(2, "movp_b16"); }
vector_bool movp_b32() { return MaskPredicate(4, "movp_b32"); }
// GUESSED: vlds with NORM loads one whole register from base + offset elements.
void vlds(vector_u32& dst, uint32_t* base, RegisterOffset offset, Literal mode)
{
    if (mode != NORM) {
        Fail("vlds: only NORM is modelled");
    }
    std::memcpy(&dst[0], base + offset, sizeof(vector_u32));
}
void vlds(vector_s32& dst, int32_t* base, RegisterOffset offset, Literal mode)
{
    if (mode != NORM) {
        Fail("vlds: only NORM is modelled");
    }
    std::memcpy(&dst[0], base + offset, sizeof(vector_s32));
}
// GUESSED: the enabled lanes add the scalar, wrapping; MODE_ZEROING zeroes the others.
void vadds(vector_s32& dst, vector_s32 src, int32_t scalar, vector_bool mask, Literal mode)
{
    if (mode != MODE_ZEROING) {
        Fail("vadds: only MODE_ZEROING is modelled");
    }
    for (uint32_t i = 0; i < kLanes<vector_s32>; ++i) {
        dst[i] = LaneActive(mask, i, 4)
                     ? static_cast<int32_t>(static_cast<uint32_t>(src[i]) + static_cast<uint32_t>(scalar))
                     : 0;
    }
}
// GUESSED: a logical right shift of the lanes the mask enables; MODE_ZEROING zeroes the others.
void vshrs(vector_u32& dst, vector_u32 src, int16_t shift, vector_bool mask, Literal mode)
{
    if (mode != MODE_ZEROING) {
        Fail("vshrs: only MODE_ZEROING is modelled");
    }
    for (uint32_t i = 0; i < kLanes<vector_u32>; ++i) {
        dst[i] = LaneActive(mask, i, 4) ? src[i] >> shift : 0;
    }
}
// GUESSED: dst0 takes the even lanes and dst1 the odd lanes of src0 followed by src1.
void vdintlv(vector_u16& dst0, vector_u16& dst1, vector_u16 src0, vector_u16 src1)
{
    constexpr uint32_t n = kLanes<vector_u16>;
    std::array<uint16_t, 2 * n> both{};
    for (uint32_t i = 0; i < n; ++i) {
        both[i] = src0[i];
        both[n + i] = src1[i];
    }
    for (uint32_t i = 0; i < n; ++i) {
        dst0[i] = both[2 * i];
        dst1[i] = both[2 * i + 1];
    }
}
// GUESSED: lane i of an enabled lane takes base[index[i]] (element indexes); 8-bit sources fill
// 16-bit lanes, sign-extended.
void vgather2(vector_f32& dst, float* base, vector_u32 index, vector_bool mask)
{
    for (uint32_t i = 0; i < kLanes<vector_f32>; ++i) {
        if (LaneActive(mask, i, 4)) {
            std::memcpy(&dst[i], base + index[i], sizeof(float));
        }
    }
}
void vgather2(vector_f16& dst, half* base, vector_u16 index, vector_bool mask)
{
    for (uint32_t i = 0; i < kLanes<vector_f16>; ++i) {
        if (LaneActive(mask, i, 2)) {
            std::memcpy(static_cast<void*>(&dst[i]), static_cast<const void*>(base + index[i]), sizeof(half));
        }
    }
}
void vgather2(vector_s16& dst, int8_t* base, vector_u16 index, vector_bool mask)
{
    for (uint32_t i = 0; i < kLanes<vector_s16>; ++i) {
        if (LaneActive(mask, i, 2)) {
            dst[i] = base[index[i]];
        }
    }
}
// GUESSED: vsts stores the enabled lanes at base + offset elements; PK_B16 stores the low byte
// of each 16-bit lane.
void vsts(vector_f32 src, float* base, RegisterOffset offset, Literal mode, vector_bool mask)
{
    if (mode != NORM_B32) {  // the other store modes: model_vec.inc
        ascend_ops_cpudebug::RegStore(ascend_ops_cpudebug::Lane::kF32, &src[0], base + offset, 0, mode, mask, "vsts");
        return;
    }
    for (uint32_t i = 0; i < kLanes<vector_f32>; ++i) {
        if (LaneActive(mask, i, 4)) {
            std::memcpy(base + offset + i, &src[i], sizeof(float));
        }
    }
}
void vsts(vector_f16 src, half* base, RegisterOffset offset, Literal mode, vector_bool mask)
{
    if (mode != NORM_B16) {  // the other store modes: model_vec.inc
        ascend_ops_cpudebug::RegStore(ascend_ops_cpudebug::Lane::kF16, &src[0], base + offset, 0, mode, mask, "vsts");
        return;
    }
    for (uint32_t i = 0; i < kLanes<vector_f16>; ++i) {
        if (LaneActive(mask, i, 2)) {
            std::memcpy(static_cast<void*>(base + offset + i), static_cast<const void*>(&src[i]), sizeof(half));
        }
    }
}
void vsts(vector_s8 src, int8_t* base, RegisterOffset offset, Literal mode, vector_bool mask)
{
    if (mode != PK_B16) {
        Fail("vsts of 8-bit lanes: only PK_B16 is modelled");
    }
    for (uint32_t i = 0; i < kLanes<vector_s8> / 2; ++i) {
        if (LaneActive(mask, i, 2)) {
            base[offset + i] = src[2 * i];
        }
    }
}
void vsts(vector_s32 src, int32_t* base, RegisterOffset offset, Literal mode, vector_bool mask)
{
    if (mode != NORM_B32) {
        Fail("vsts of 32-bit integer lanes: only NORM_B32 is modelled");
    }
    for (uint32_t i = 0; i < kLanes<vector_s32>; ++i) {
        if (LaneActive(mask, i, 4)) {
            base[offset + i] = src[i];
        }
    }
}

// ---- synchronisation ----
// GUESSED: the CPU runs every pipe in program order, so a flag only counts: set_flag adds one,
// wait_flag takes one and fails when none is set (on the NPU that wait would never return).
namespace {
int32_t& Flag(pipe_t src, pipe_t dst, event_t event)
{
    if (src < 0 || src >= 16 || dst < 0 || dst >= 16 || event < 0 || event >= 8) {
        Fail("set_flag / wait_flag: pipe or event id out of range");
    }
    return g_core.flags[src][dst][event];
}
}  // namespace
void set_flag(pipe_t src, pipe_t dst, event_t event) { ++Flag(src, dst, event); }
void wait_flag(pipe_t src, pipe_t dst, event_t event)
{
    int32_t& count = Flag(src, dst, event);
    if (count == 0) {
        Fail("wait_flag without a set_flag of the same pipes and event: the core would wait forever");
    }
    --count;
}
#ifndef ASCEND_OPS_CPUDEBUG_OMIT_PIPE_BARRIER
void pipe_barrier(pipe_t) {}  // program order already holds
#endif

// ---- scalar unit, cache, control registers ----
// DOCUMENTED (GetSFFValue): the position of the first 0 bit from the least significant end;
// GUESSED: -1 when there is none.
int64_t sff0(uint64_t value)
{
    for (int64_t i = 0; i < 64; ++i) {
        if (((value >> i) & 1) == 0) {
            return i;
        }
    }
    return -1;
}
// GUESSED (the names): value with bit `bit` cleared / set.
#ifndef ASCEND_OPS_CPUDEBUG_SBITSET_INT64
uint64_t sbitset0(uint64_t value, int64_t bit) { return value & ~(1ULL << bit); }
#else
int64_t sbitset0(uint64_t value, int64_t bit) { return static_cast<int64_t>(value & ~(1ULL << bit)); }
#endif
uint64_t sbitset1(uint64_t value, int64_t bit) { return value | (1ULL << bit); }
int64_t get_ctrl() { return g_core.ctrl; }
void set_ctrl(uint64_t value) { g_core.ctrl = static_cast<int64_t>(value); }
// The data cache is not modelled: scalar GM accesses go straight to GM (the emulator models the
// 64-byte line write-back hazard).
void dcci(void*, uint64_t) {}
void dcci(void*, uint64_t, uint64_t) {}
void set_atomic_none() { AscendC::g_isAtomic = false; }
void set_padding(uint64_t) {}     // the cube unit's padding register: unused by vector kernels
void set_l1_3d_size(uint64_t) {}  // the cube unit's L1 3D size: unused by vector kernels
void set_ffts_base_addr(uint64_t) {}
int64_t get_block_idx() { return block_idx; }
int64_t get_block_num() { return block_num; }

// ---- launcher hooks ----
// GUESSED: one process per launched block; on arch 2201 the vector-only kernels run on vector
// cores, which GetBlockIdx numbers block_idx * g_taskRation + sub_block_idx.
int get_process_num() { return static_cast<int>(block_num); }
void set_block_dim(int processIndex)
{
#if defined(__DAV_C220_VEC__)
    block_idx = processIndex / g_taskRation;
    sub_block_idx = processIndex % g_taskRation;
#else
    block_idx = processIndex;
    sub_block_idx = 0;
#endif
}
// As the device build fixes g_coreType (impl/utils/sys_macros.h): AIV on arch 2201's vector
// cores, MIX elsewhere.
void set_core_type(int)
{
#if defined(__DAV_C220_VEC__)
    g_coreType = AscendC::AIV;
#else
    g_coreType = AscendC::MIX;
#endif
}
namespace AscendC {
void StubInit() {}  // the closed library registers its print / check stubs here; the model has none
}  // namespace AscendC
void AscendCKernelBegin(const char*, int32_t, uint64_t*) {}
void AscendCKernelEnd(const char*, int32_t, uint64_t*) {}
void AscendCBlockBegin(int32_t, const char*, int32_t, const uint64_t*) {}
void AscendCBlockEnd(int32_t, const char*, int32_t, const uint64_t*) { CheckFlagsConsumed(); }

// ---- UB / queue bookkeeping hooks ----
// GUESSED: the closed model keeps its own record of buffers for its reports; the API's TPipe /
// TQue state machine (Huawei's code) already runs above them, so they record nothing here.
// GUESSED: TPipe registers each local memory's host array here; the model keeps UB's for the
// DMA range check.
void AscendCBufAbsAddr(uint8_t hardware, uint64_t addr, uint64_t len)
{
    if (hardware == static_cast<uint8_t>(AscendC::Hardware::UB)) {
        g_core.ubBase = addr;
        g_core.ubBytes = len;
    }
}
void AscendCBufInit(uint8_t, uint8_t, uint8_t, uint64_t, uint64_t) {}
void AscendCBufAlloc(uint8_t, uint8_t, uint64_t, uint64_t) {}
void AscendCBufFree(uint8_t, uint8_t, uint64_t, uint64_t) {}
void AscendCBufEnque(uint8_t, uint8_t, uint8_t, uint64_t) {}
void AscendCBufDeque(uint8_t, uint8_t, uint8_t, uint64_t) {}
void AscendCBufGet(uint8_t, uint8_t, uint64_t, uint64_t) {}
void AscendCQueCreate(uint8_t, uint8_t, uint8_t) {}
void AscendCTBufPoolResetCheck(uint8_t, uint64_t, uint64_t, uint64_t) {}
void AscendCUpdateTbufPoolStatus(uint64_t, bool) {}

// ---- the element-wise vector intrinsics (include/stub_fun_vec.h) ----
#include "model_vec.inc"
