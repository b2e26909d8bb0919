// What the generated kernel of every custom op shares (kind: custom, Note [custom ops] in
// python/ascend_ops_gen/spec/model.py): its core's share of the output and its tiles (Note
// [element split] in custom_op_host.h), the scalar stage and store of an output shorter than one
// 32-byte block, and pipe ordering. The generated op_kernel/<op>.cpp holds the op's pipeline class
// (Init, Process, CopyIn, Compute, CopyOut), which calls the op's own Compute<Op> (and Load<Op>) in
// the hand-written <op>/<op>_compute.h; that header includes this one for the AscendC names.
#ifndef ASCEND_KERNELS_COMMON_CUSTOM_OP_KERNEL_H
#define ASCEND_KERNELS_COMMON_CUSTOM_OP_KERNEL_H

#include "kernel_operator.h"

#include "build_arch.h"
#include "scalar_cost.h"

namespace ascend_ops {

using namespace AscendC;

constexpr int32_t kCustomBuffers = 2;  // every staged tensor's queue holds two tiles: double buffering

// Split chips launch a kernel that does not declare itself vector-only as a mixed one (1 cube : 2
// vector cores); the other architectures have no kernel types to declare (products.yaml
// kernel_type_required). The copy kernels' headers define the same.
#ifndef ASCEND_OPS_VECTOR_ONLY_KERNEL
#if defined(ASCEND_OPS_NPU_ARCH) && ASCEND_OPS_ARCH_KERNEL_TYPE_REQUIRED
#define ASCEND_OPS_VECTOR_ONLY_KERNEL() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY)
#else
#define ASCEND_OPS_VECTOR_ONLY_KERNEL() static_cast<void>(0)
#endif
#endif

// Orders every earlier instruction of the event's source pipe before every later one of its
// destination pipe (the queues order only MTE2 -> V -> MTE3; scalar moves need this).
template <HardEvent event>
__aicore__ inline void OrderPipes()
{
    const TEventID id = GetTPipePtr()->FetchEventID(event);
    SetFlag<event>(id);
    WaitFlag<event>(id);
}

// The views of a custom op's own tiling fields that its generated <Op>Fields holds (Note [tiling
// accessors] in python/ascend_ops_gen/codegen/custom_op.py).

// A tensor's shape: `rank` dims (rank -1: an optional input left out), and the element strides
// of its contiguous layout.
struct TensorShapeView {
    int64_t rank;
    const int64_t* dims;
    const int64_t* strides;
};

// An int[] attribute: `size` ints.
struct IntListView {
    int64_t size;
    const int64_t* values;

    __aicore__ inline int64_t operator[](int64_t i) const { return values[i]; }
};

// An int[][] attribute: `size` rows of `inner` ints; `rows[i][j]`.
struct IntRowsView {
    int64_t size;
    int64_t inner;
    const int64_t* values;

    __aicore__ inline const int64_t* operator[](int64_t i) const { return values + i * inner; }
};

// A float attribute: with `value_of`, the bits of a value of that input's dtype (`As<T>()` with T
// the input's kernel type); else a float32's (`As<float>()`).
struct CustomValue {
    int64_t bits;

    template <typename T>
    __aicore__ inline T As() const
    {
        T value;
        const uint8_t* from = reinterpret_cast<const uint8_t*>(&bits);
        uint8_t* to = reinterpret_cast<uint8_t*>(&value);
        for (uint32_t i = 0; i < sizeof(T); ++i) {
            to[i] = from[i];  // little-endian: the low bytes
        }
        return value;
    }
};

// The four standard fields of a custom op's tiling data, as the kernel walks them.
struct ElementWalk {
    int64_t totalElems;
    int64_t blockElems;
    int64_t tileElems;
    int64_t alignElems;
};

// Whether the kernel can run a tiling (a corrupted or stale one must not loop forever or overrun a
// buffer: the kernel then does nothing and its output stays unwritten).
__aicore__ inline bool WalkUsable(const ElementWalk& w)
{
    return w.totalElems >= 0 && w.alignElems > 0 && w.tileElems >= w.alignElems && ModIndex(w.tileElems, w.alignElems) == 0 &&
           w.blockElems >= 0 && ModIndex(w.blockElems, w.alignElems) == 0 && w.tileElems <= 0x7fffffff;
}

// The block's share [begin, end) of the output: blockElems each, the last block the rest.
__aicore__ inline void CustomCoreRange(const ElementWalk& w, int64_t* begin, int64_t* end)
{
    const int64_t block = static_cast<int64_t>(GetBlockIdx());
    const int64_t blocks = static_cast<int64_t>(GetBlockNum());
    int64_t first = block * w.blockElems;
    int64_t last = block == blocks - 1 ? w.totalElems : first + w.blockElems;
    first = first < w.totalElems ? first : w.totalElems;
    last = last < w.totalElems ? last : w.totalElems;
    *begin = first;
    *end = last;
}

// The tile after `pos` in a share ending at `end` (at least alignElems long): at most tileElems, a
// multiple of alignElems; the share's last alignElems when less than that is left, which repeats
// elements of the tile before (Note [element split]).
__aicore__ inline void NextTile(const ElementWalk& w, int64_t pos, int64_t end, int64_t* at, int64_t* count)
{
    int64_t n = end - pos < w.tileElems ? end - pos : w.tileElems;
    if (ModIndex(n, w.alignElems) != 0) {
        if (n > w.alignElems) {
            n = DivIndex(n, w.alignElems) * w.alignElems;
        } else {
            pos = end - w.alignElems;
            n = w.alignElems;
        }
    }
    *at = pos;
    *count = n;
}

// Zeros in tile[count, padded): what a Compute reads beyond the elements of a short output.
template <typename T>
__aicore__ inline void PadScalar(const LocalTensor<T>& tile, int64_t count, int64_t padded)
{
    for (int64_t i = count; i < padded; ++i) {
        tile.SetValue(static_cast<uint32_t>(i), static_cast<T>(0));
    }
}

// gm[pos, pos + count) into tile[0, count) by scalar moves, zeros up to `padded`: the whole output
// is shorter than one block, which DataCopy cannot move.
template <typename T>
__aicore__ inline void StageScalar(const LocalTensor<T>& tile, const GlobalTensor<T>& gm, int64_t pos, int64_t count,
                                   int64_t padded)
{
    for (int64_t i = 0; i < count; ++i) {
        tile.SetValue(static_cast<uint32_t>(i), gm.GetValue(static_cast<uint64_t>(pos + i)));
    }
    PadScalar(tile, count, padded);
}

// tile[0, count) into gm[pos, pos + count) by scalar moves, written back from the data cache.
template <typename T>
__aicore__ inline void StoreScalar(GlobalTensor<T>& gm, const LocalTensor<T>& tile, int64_t pos, int64_t count)
{
    for (int64_t i = 0; i < count; ++i) {
        gm.SetValue(static_cast<uint64_t>(pos + i), tile.GetValue(static_cast<uint32_t>(i)));
    }
#if !defined(ASCEND_OPS_NPU_ARCH) || ASCEND_OPS_ARCH_DATA_CACHE_CLEAN  // not declared where it does not exist
    DataCacheCleanAndInvalid<T, CacheLine::ENTIRE_DATA_CACHE>(gm);
#endif
}

// The body of a hook not written yet (`ascend-ops-dev new-op` writes a Compute that calls this):
// the simulator stops the kernel here, naming `what`; elsewhere the hook writes nothing, so the
// outputs hold whatever UB held and every comparison with the reference fails.
__aicore__ inline void NotWrittenYet(const char* what)
{
#ifdef ASCEND_KERNELS_SIM_SIM_CONTEXT_H
    ascend_sim::detail::Fail(what, "is not written yet: write it, then run the op's tests (docs/adding-an-op.md)");
#else
    (void)what;
#endif
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_CUSTOM_OP_KERNEL_H
