// TensorFlow SpaceToDepth with ONNX's modes, the exact inverse of depth_to_space, as a view: the
// op's dtype rule and view builder, called by its generated op_host code, the binding and the
// simulator.
#ifndef ASCEND_KERNELS_SPACE_TO_DEPTH_SPACE_TO_DEPTH_VIEW_H
#define ASCEND_KERNELS_SPACE_TO_DEPTH_SPACE_TO_DEPTH_VIEW_H

#include <cstdint>

#include "block_rearrangement.h"
#include "view_builder.h"

namespace ascend_ops {

namespace detail {

// Space-to-depth view of an input with `in` dims, in output element order. Output channel of
// input pixel (ho*bs + by, wo*bs + bx), channel c:  DCR: (by*bs + bx) * C + c   CRD: c*bs*bs + by*bs + bx
inline void SpaceToDepthView(const ImageDims& in, int64_t bs, DataFormat format, BlockMode mode,
                             StridedView* view)
{
    const ImageStrides s = StridesOf(in, format);
    const int64_t ho = in.h / bs;
    const int64_t wo = in.w / bs;
    if (format == DataFormat::kNCHWVectC) {
        // (n, by, bx, c_outer, ho, wo, lane); DCR only.
        const int64_t shape[] = {in.n, bs, bs, in.c / kVectCLanes, ho, wo, kVectCLanes};
        const int64_t stride[] = {s.n, s.h, s.w, s.c, bs * s.h, bs * s.w, 1};
        SetView(view, 7, shape, stride, 0);
        return;
    }
    // The channel triple (c, by, bx) in the order its digits appear in the output channel.
    int64_t chanShape[3], chanStride[3];
    if (mode == BlockMode::kDCR) {
        const int64_t sh[] = {bs, bs, in.c}, st[] = {s.h, s.w, s.c};
        std::memcpy(chanShape, sh, sizeof(sh));
        std::memcpy(chanStride, st, sizeof(st));
    } else {
        const int64_t sh[] = {in.c, bs, bs}, st[] = {s.c, s.h, s.w};
        std::memcpy(chanShape, sh, sizeof(sh));
        std::memcpy(chanStride, st, sizeof(st));
    }
    if (format == DataFormat::kNHWC) {
        const int64_t shape[] = {in.n, ho, wo, chanShape[0], chanShape[1], chanShape[2]};
        const int64_t stride[] = {s.n, bs * s.h, bs * s.w, chanStride[0], chanStride[1], chanStride[2]};
        SetView(view, 6, shape, stride, 0);
    } else {
        const int64_t shape[] = {in.n, chanShape[0], chanShape[1], chanShape[2], ho, wo};
        const int64_t stride[] = {s.n, chanStride[0], chanStride[1], chanStride[2], bs * s.h, bs * s.w};
        SetView(view, 6, shape, stride, 0);
    }
}

}  // namespace detail

// The same for SpaceToDepth, before BuildSpaceToDepthView.
inline Status CheckSpaceToDepthDtype(const char* dtype, int64_t blockSize, const char* dataFormat, const char* mode)
{
    return detail::BlockDtypeRule(dtype, blockSize, dataFormat, mode, 0);
}

// The exact inverse of BuildDepthToSpaceView for the same data_format and mode.
inline Status BuildSpaceToDepthView(const TensorShape& input, int64_t blockSize, const char* dataFormat,
                                    const char* mode, TensorShape* outShape, StridedView* view)
{
    using namespace detail;
    DataFormat format;
    BlockMode blockMode;
    ImageDims dims;
    Status status =
        CheckBlockArguments(input, blockSize, dataFormat, mode, 0, &format, &blockMode, &dims);
    if (!status.ok) {
        return status;
    }
    if (dims.h % blockSize != 0 || dims.w % blockSize != 0) {
        return Status::Error("Image width %lld and height %lld should be divisible by block_size: %lld",
                             static_cast<long long>(dims.w), static_cast<long long>(dims.h),
                             static_cast<long long>(blockSize));
    }
    const __int128 depth = static_cast<__int128>(dims.c) * blockSize * blockSize;
    if (depth > INT64_MAX) {
        return Status::Error("block_size = %lld is too large: the output depth %lld * block_size**2 = %s exceeds int64",
                             static_cast<long long>(blockSize), static_cast<long long>(dims.c),
                             FormatInt128(depth).text);
    }
    const ImageDims out{dims.n, static_cast<int64_t>(depth), dims.h / blockSize, dims.w / blockSize};
    ImageShape(out, format, outShape);
    SpaceToDepthView(dims, blockSize, format, blockMode, view);
    return Status::Ok();
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_SPACE_TO_DEPTH_SPACE_TO_DEPTH_VIEW_H
