// TensorFlow DepthToSpace with ONNX's modes as a view: the op's dtype rule and view builder, called
// by its generated op_host code, the binding and the simulator.
#ifndef ASCEND_KERNELS_DEPTH_TO_SPACE_DEPTH_TO_SPACE_VIEW_H
#define ASCEND_KERNELS_DEPTH_TO_SPACE_DEPTH_TO_SPACE_VIEW_H

#include <cstdint>

#include "block_rearrangement.h"
#include "depth_to_space_limits_generated.h"
#include "view_builder.h"

namespace ascend_ops {

namespace detail {

// Depth-to-space view of an input with `in` dims (output dims `out`), in output element order.
// Channel of output pixel (h*bs + by, w*bs + bx), output channel c:
//   DCR: (by*bs + bx) * C' + c      CRD: c*bs*bs + by*bs + bx
inline void DepthToSpaceView(const ImageDims& in, int64_t bs, DataFormat format, BlockMode mode,
                             StridedView* view)
{
    const ImageStrides s = StridesOf(in, format);
    const int64_t depth = in.c / (bs * bs);
    if (format == DataFormat::kNCHWVectC) {
        // (n, c'_outer, h, by, w, bx, lane); DCR only: channel (by*bs+bx)*C' + 4*c'_outer + lane.
        const int64_t outer = depth / kVectCLanes;
        const int64_t shape[] = {in.n, outer, in.h, bs, in.w, bs, kVectCLanes};
        const int64_t stride[] = {s.n, s.c, s.h, bs * outer * s.c, s.w, outer * s.c, 1};
        SetView(view, 7, shape, stride, 0);
        return;
    }
    const int64_t byStride = (mode == BlockMode::kDCR ? bs * depth : bs) * s.c;
    const int64_t bxStride = (mode == BlockMode::kDCR ? depth : 1) * s.c;
    const int64_t cStride = (mode == BlockMode::kDCR ? 1 : bs * bs) * s.c;
    if (format == DataFormat::kNHWC) {
        const int64_t shape[] = {in.n, in.h, bs, in.w, bs, depth};
        const int64_t stride[] = {s.n, s.h, byStride, s.w, bxStride, cStride};
        SetView(view, 6, shape, stride, 0);
    } else {
        const int64_t shape[] = {in.n, depth, in.h, bs, in.w, bs};
        const int64_t stride[] = {s.n, cStride, s.h, byStride, s.w, bxStride};
        SetView(view, 6, shape, stride, 0);
    }
}

}  // namespace detail

// The dtype rule of DepthToSpace (NCHW_VECT_C needs int8), for a caller that knows the input's dtype
// by its op_specs/ name: the generated TilingFunc calls it before BuildDepthToSpaceView.
inline Status CheckDepthToSpaceDtype(const char* dtype, int64_t blockSize, const char* dataFormat, const char* mode)
{
    return detail::BlockDtypeRule(dtype, blockSize, dataFormat, mode, kDepthToSpaceMaxBlockSize);
}

// TensorFlow DepthToSpace with ONNX's modes. `dataFormat` / `mode` default to "NHWC" / "DCR"
// when null. The dtype rule is CheckDepthToSpaceDtype's.
inline Status BuildDepthToSpaceView(const TensorShape& input, int64_t blockSize, const char* dataFormat,
                                    const char* mode, TensorShape* outShape, StridedView* view)
{
    using namespace detail;
    DataFormat format;
    BlockMode blockMode;
    ImageDims dims;
    Status status = CheckBlockArguments(input, blockSize, dataFormat, mode, kDepthToSpaceMaxBlockSize, &format,
                                        &blockMode, &dims);
    if (!status.ok) {
        return status;
    }
    const int64_t area = blockSize * blockSize;  // <= 46340^2 < 2^31
    if (dims.c % area != 0) {
        return Status::Error("Input depth dimension %lld should be divisible by: %lld (block_size * block_size, "
                             "block_size = %lld)",
                             static_cast<long long>(dims.c), static_cast<long long>(area),
                             static_cast<long long>(blockSize));
    }
    const ImageDims out{dims.n, dims.c / area, dims.h * blockSize, dims.w * blockSize};
    if (format == DataFormat::kNCHWVectC && out.c % kVectCLanes != 0) {
        return Status::Error("output depth %lld (input depth %lld / block_size**2) must be divisible by %lld for "
                             "data_format 'NCHW_VECT_C'",
                             static_cast<long long>(out.c), static_cast<long long>(dims.c),
                             static_cast<long long>(kVectCLanes));
    }
    ImageShape(out, format, outShape);
    DepthToSpaceView(dims, blockSize, format, blockMode, view);
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_DEPTH_TO_SPACE_DEPTH_TO_SPACE_VIEW_H
