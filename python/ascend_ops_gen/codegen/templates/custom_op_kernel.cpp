$header
//
// Kernel entry of $op_type (the custom op `$op_name`): the standard AscendC pipeline, Init, Process
// and per tile CopyIn, Compute, CopyOut, every staged tensor in a double-buffered queue, around the
// op's own $hooks in ../$compute_header (hand-written; generation never touches it).
// The outputs' elements are walked as Note [element split] in common/custom_op_host.h says; the
// tiling key picks the instance of the call's dtype combination.
// Device code only: host-only engine headers refuse this translation unit (Note [kernel
// translation unit] in common/build_arch.h).
#define ASCEND_OPS_KERNEL_TU 1

#include "kernel_operator.h"

#include "custom_op_kernel.h"

namespace ascend_ops {
$fields_view
}  // namespace ascend_ops

#include "../$compute_header"

namespace ascend_ops {

template <$template_params>
class $kernel_class {
public:
    __aicore__ inline $kernel_class() {}

    // False on a tiling the kernel cannot run; it then does nothing.
    __aicore__ inline bool Init($init_params, const $tiling_class& tiling)
    {
        tiling_ = &tiling;
        walk_ = ElementWalk{tiling.totalElems, tiling.blockElems, tiling.tileElems, tiling.alignElems};
        if (!WalkUsable(walk_)) {
            return false;
        }
        $set_buffers
        $init_buffers
        CustomCoreRange(walk_, &begin_, &end_);
        return true;
    }

    __aicore__ inline void Process()
    {
        if (end_ - begin_ < walk_.alignElems) {  // the whole output is shorter than one block
            if (end_ > begin_) {
                CopyInScalar(begin_, end_ - begin_);
                Compute(walk_.alignElems);
                CopyOutScalar(begin_, end_ - begin_);
            }
            return;
        }
        for (int64_t pos = begin_; pos < end_;) {
            int64_t at = 0;
            int64_t count = 0;
            NextTile(walk_, pos, end_, &at, &count);
            CopyIn(at, count);
            Compute(count);
            CopyOut(at, count, at < pos);
            pos = at + count;
        }
    }

private:
    __aicore__ inline void CopyIn(int64_t pos, int64_t count)
    {
        $copy_in
    }

    // The output shorter than one block: staged by scalar moves, padded with zeros to one block.
    __aicore__ inline void CopyInScalar(int64_t pos, int64_t count)
    {
        $copy_in_scalar
    }

    __aicore__ inline void Compute(int64_t count)
    {
        $compute
    }

    __aicore__ inline void CopyOut(int64_t pos, int64_t count, bool repeats)
    {
        $copy_out
    }

    __aicore__ inline void CopyOutScalar(int64_t pos, int64_t count)
    {
        $copy_out_scalar
    }

    TPipe pipe_;
    $members
    const $tiling_class* tiling_ = nullptr;
    ElementWalk walk_{};
    int64_t begin_ = 0;
    int64_t end_ = 0;
};

}  // namespace ascend_ops

extern "C" __global__ __aicore__ void $kernel_name($entry_params, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;  // the pipeline needs no scratch; the entry signature is CANN's
    ASCEND_OPS_VECTOR_ONLY_KERNEL();
    GET_TILING_DATA(tilingData, tiling);
    $dispatch
}
