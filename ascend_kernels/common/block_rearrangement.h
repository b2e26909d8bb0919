// Blocks of an image moved between its depth and its space: the data formats (NHWC, NCHW,
// NCHW_VECT_C), the modes (DCR, CRD), the shared checks of block_size / data_format / mode and
// the dtype rule they imply, and the image's shape and strides per format. The depth-to-space and
// space-to-depth view builders (in their ops' folders) are built on these.
#ifndef ASCEND_KERNELS_COMMON_BLOCK_REARRANGEMENT_H
#define ASCEND_KERNELS_COMMON_BLOCK_REARRANGEMENT_H

#ifdef ASCEND_OPS_KERNEL_TU
#error "block_rearrangement.h is host code, which a kernel translation unit must not include (Note [kernel translation unit] in build_arch.h)"
#endif

#include <cstdint>
#include <cstring>

#include "view_builder.h"

namespace ascend_ops {

constexpr int64_t kVectCLanes = 4;  // NCHW_VECT_C packs 4 int8 channels

enum class DataFormat { kNHWC, kNCHW, kNCHWVectC };
enum class BlockMode { kDCR, kCRD };

namespace detail {

struct ImageDims {
    int64_t n, c, h, w;  // c is the flat channel count (c_outer * 4 for NCHW_VECT_C)
};

inline const char* FormatName(DataFormat format)
{
    return format == DataFormat::kNHWC ? "NHWC" : (format == DataFormat::kNCHW ? "NCHW" : "NCHW_VECT_C");
}

// The checks of the attributes of both directions alone, in the reference's order: the
// first ones of CheckBlockArguments, and all that come before the reference's dtype rule.
inline Status CheckBlockOptions(int64_t blockSize, const char* dataFormat, const char* mode, int64_t maxBlockSize,
                                DataFormat* format, BlockMode* blockMode)
{
    dataFormat = dataFormat == nullptr ? "NHWC" : dataFormat;
    mode = mode == nullptr ? "DCR" : mode;
    if (std::strcmp(dataFormat, "NHWC") == 0) {
        *format = DataFormat::kNHWC;
    } else if (std::strcmp(dataFormat, "NCHW") == 0) {
        *format = DataFormat::kNCHW;
    } else if (std::strcmp(dataFormat, "NCHW_VECT_C") == 0) {
        *format = DataFormat::kNCHWVectC;
    } else {
        return Status::Error("data_format = %s is not supported: expected one of 'NHWC', 'NCHW', 'NCHW_VECT_C'",
                             QuoteString(dataFormat).text);
    }
    if (std::strcmp(mode, "DCR") == 0) {
        *blockMode = BlockMode::kDCR;
    } else if (std::strcmp(mode, "CRD") == 0) {
        *blockMode = BlockMode::kCRD;
    } else {
        return Status::Error("mode = %s is not supported: expected 'DCR' or 'CRD'", QuoteString(mode).text);
    }
    if (blockSize < 2 || (maxBlockSize > 0 && blockSize > maxBlockSize)) {
        if (maxBlockSize > 0) {
            return Status::Error("block_size = %lld is invalid: block_size must be in [2, %lld]",
                                 static_cast<long long>(blockSize), static_cast<long long>(maxBlockSize));
        }
        return Status::Error("block_size = %lld is invalid: block_size must be >= 2", static_cast<long long>(blockSize));
    }
    return Status::Ok();
}

// The dtype rule of both directions, after the attribute checks it follows in the
// reference: NCHW_VECT_C packs 4 int8 channels per element. `dtype` is the op_specs/ name of the
// input's dtype.
inline Status BlockDtypeRule(const char* dtype, int64_t blockSize, const char* dataFormat, const char* mode,
                             int64_t maxBlockSize)
{
    DataFormat format;
    BlockMode blockMode;
    const Status status = CheckBlockOptions(blockSize, dataFormat, mode, maxBlockSize, &format, &blockMode);
    if (!status.ok) {
        return status;
    }
    dtype = dtype != nullptr ? dtype : "(unknown)";
    if (format == DataFormat::kNCHWVectC && std::strcmp(dtype, "int8") != 0) {
        return Status::Error("data_format 'NCHW_VECT_C' packs 4 int8 channels per element and needs dtype int8, "
                             "got %s",
                             dtype);
    }
    return Status::Ok();
}

// The checks both directions share, in the reference's order (the dtype rule,
// BlockDtypeRule, comes between the attributes and the shape).
inline Status CheckBlockArguments(const TensorShape& input, int64_t blockSize, const char* dataFormat,
                                  const char* mode, int64_t maxBlockSize, DataFormat* format, BlockMode* blockMode,
                                  ImageDims* dims)
{
    Status status = CheckBlockOptions(blockSize, dataFormat, mode, maxBlockSize, format, blockMode);
    if (!status.ok) {
        return status;
    }
    status = CheckInputShape(input);
    if (!status.ok) {
        return status;
    }
    int32_t rank = *format == DataFormat::kNCHWVectC ? 5 : 4;
    if (input.rank != rank) {
        return Status::Error("x must have rank %d for data_format '%s', got rank %d (shape %s)", rank,
                             FormatName(*format), input.rank, FormatShape(input).text);
    }
    const int64_t* d = input.dims;
    if (*format == DataFormat::kNHWC) {
        *dims = ImageDims{d[0], d[3], d[1], d[2]};
    } else if (*format == DataFormat::kNCHW) {
        *dims = ImageDims{d[0], d[1], d[2], d[3]};
    } else {
        if (d[4] != kVectCLanes) {
            return Status::Error("x.shape[4] = %lld is invalid for data_format 'NCHW_VECT_C': it must be %lld",
                                 static_cast<long long>(d[4]), static_cast<long long>(kVectCLanes));
        }
        *dims = ImageDims{d[0], d[1] * kVectCLanes, d[2], d[3]};
    }
    // CRD reads channel c*bs*bs + by*bs + bx; with 4-lane packing that index is not an affine
    // function of the packed coordinates (unless 4 divides bs), so no strided view expresses it.
    if (*format == DataFormat::kNCHWVectC && *blockMode == BlockMode::kCRD) {
        return Status::Error("mode = 'CRD' is not supported with data_format 'NCHW_VECT_C': use mode 'DCR' (TF's only "
                             "ordering for NCHW_VECT_C)");
    }
    return Status::Ok();
}

inline void ImageShape(const ImageDims& dims, DataFormat format, TensorShape* shape)
{
    if (format == DataFormat::kNHWC) {
        const int64_t d[] = {dims.n, dims.h, dims.w, dims.c};
        SetShape(shape, 4, d);
    } else if (format == DataFormat::kNCHW) {
        const int64_t d[] = {dims.n, dims.c, dims.h, dims.w};
        SetShape(shape, 4, d);
    } else {
        const int64_t d[] = {dims.n, dims.c / kVectCLanes, dims.h, dims.w, kVectCLanes};
        SetShape(shape, 5, d);
    }
}

// Input element strides of the image's n, flat channel unit, h, w (for NCHW_VECT_C the channel
// stride is that of c_outer: a step of 4 flat channels).
struct ImageStrides {
    int64_t n, c, h, w;
};

inline ImageStrides StridesOf(const ImageDims& dims, DataFormat format)
{
    if (format == DataFormat::kNHWC) {
        return ImageStrides{dims.h * dims.w * dims.c, 1, dims.w * dims.c, dims.c};
    }
    if (format == DataFormat::kNCHW) {
        return ImageStrides{dims.c * dims.h * dims.w, dims.h * dims.w, dims.w, 1};
    }
    return ImageStrides{dims.c * dims.h * dims.w, dims.h * dims.w * kVectCLanes, dims.w * kVectCLanes, kVectCLanes};
}

}  // namespace detail

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_BLOCK_REARRANGEMENT_H
