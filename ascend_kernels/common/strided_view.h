// A view of an input tensor that one copy materialises: element `i` of the C-contiguous output
// with `shape` is input element `offset + sum_d idx_d(i) * stride[d]`. All units are elements of
// the op's dtype; strides may be negative or zero. Every op of the package is "build a view,
// then copy it" (README.md, "AscendC kernels and the simulator").
#ifndef ASCEND_KERNELS_COMMON_STRIDED_VIEW_H
#define ASCEND_KERNELS_COMMON_STRIDED_VIEW_H

#include <cstdint>

// Planning functions that host code (the TilingFunc, the simulator runner) and kernels both call.
// Where AscendC's headers come first, as in every kernel source, they are __host_aicore__ (on
// bisheng: compiled for host and device; a kernel may call only device functions). AscendC before
// CANN 8.5 (8.1 to 8.3) has no __host_aicore__, only __aicore__: in a kernel's translation unit
// these functions are called from kernel code alone, so __aicore__ is all they need there (the
// TilingFunc is compiled apart, by the host compiler, without AscendC's headers). A host-only
// build has no AscendC headers: plain functions, and ASCEND_OPS_HOST_ONLY_BUILD tells kernel
// headers that the engine's headers were included too early (build_arch.h).
#if defined(__host_aicore__)
#define ASCEND_OPS_HOST_AICORE __host_aicore__
#elif defined(__aicore__)
#define ASCEND_OPS_HOST_AICORE __aicore__
#else
#define ASCEND_OPS_HOST_AICORE
#define ASCEND_OPS_HOST_ONLY_BUILD 1
#endif

namespace ascend_ops {

// Dims a merged view may have when it reaches the kernel (CopyTiling's arrays).
constexpr int32_t kMaxDims = 8;
// Dims a tensor or an unmerged view may have: numpy's limit, so every tensor the CPU reference
// accepts fits. The planner merges a view down to kMaxDims or reports why it cannot.
constexpr int32_t kMaxViewDims = 64;

struct StridedView {
    int32_t rank;
    int64_t shape[kMaxViewDims];
    int64_t stride[kMaxViewDims];
    int64_t offset;
};

// A tensor shape: the op's input, or its final output (which new and shrink axes can make differ
// in rank from the view).
struct TensorShape {
    int32_t rank;
    int64_t dims[kMaxViewDims];
};

inline int64_t NumElements(const TensorShape& shape)
{
    int64_t n = 1;
    for (int32_t i = 0; i < shape.rank; ++i) {
        n *= shape.dims[i];
    }
    return n;
}

inline int64_t NumElements(const StridedView& view)
{
    int64_t n = 1;
    for (int32_t i = 0; i < view.rank; ++i) {
        n *= view.shape[i];
    }
    return n;
}

// Row-major element strides of a contiguous tensor.
inline void ContiguousStrides(const TensorShape& shape, int64_t* strides)
{
    int64_t step = 1;
    for (int32_t i = shape.rank - 1; i >= 0; --i) {
        strides[i] = step;
        step *= shape.dims[i] > 0 ? shape.dims[i] : 1;
    }
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_STRIDED_VIEW_H
