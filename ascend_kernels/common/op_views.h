// Per-op canonicalisation: an op's arguments and input shape -> (final output shape, StridedView
// of the input). Pure functions on plain structs with the semantics and the error texts of
// cpu_reference/ (TensorFlow StridedSlice, ATB Slice, TF/ONNX DepthToSpace and SpaceToDepth).
#ifndef ASCEND_KERNELS_COMMON_OP_VIEWS_H
#define ASCEND_KERNELS_COMMON_OP_VIEWS_H

#include <cstdint>
#include <cstring>

#include "status.h"
#include "strided_view.h"

namespace ascend_ops {

constexpr int32_t kMaxStridedSliceSpecEntries = 31;  // TF: begin.NumElements() < 32
constexpr int32_t kMaxStridedSliceProcessingRank = 8;  // TF: HANDLE_DIM(1..8)
constexpr int32_t kMaxSliceRank = 8;                    // ATB: MAX_DIM; op_specs/slice.yaml max_rank
constexpr int64_t kMaxDepthToSpaceBlockSize = 46340;  // TF: floor(sqrt(INT32_MAX))
constexpr int64_t kVectCLanes = 4;                     // NCHW_VECT_C packs 4 int8 channels

// ---- text helpers -----------------------------------------------------------------------------

// Python's repr of a tuple of ints: "()", "(5,)", "(2, 3)".
struct ShapeText {
    char text[kMaxViewDims * 22 + 8];
};

inline ShapeText FormatShape(const TensorShape& shape)
{
    ShapeText out;
    int pos = std::snprintf(out.text, sizeof(out.text), "(");
    for (int32_t i = 0; i < shape.rank; ++i) {
        pos += std::snprintf(out.text + pos, sizeof(out.text) - static_cast<size_t>(pos), i == 0 ? "%lld" : ", %lld",
                             static_cast<long long>(shape.dims[i]));
    }
    std::snprintf(out.text + pos, sizeof(out.text) - static_cast<size_t>(pos), shape.rank == 1 ? ",)" : ")");
    return out;
}

// Python's repr of a str argument, e.g. 'NWHC' (enough for the attribute strings quoted in errors).
struct QuotedText {
    char text[160];
};

inline QuotedText QuoteString(const char* value)
{
    QuotedText out;
    bool hasSingle = std::strchr(value, '\'') != nullptr;
    bool hasDouble = std::strchr(value, '"') != nullptr;
    char quote = hasSingle && !hasDouble ? '"' : '\'';
    size_t pos = 0;
    out.text[pos++] = quote;
    for (const char* p = value; *p != '\0' && pos + 6 < sizeof(out.text); ++p) {
        if (*p == '\\' || *p == quote) {
            out.text[pos++] = '\\';
        }
        out.text[pos++] = *p;
    }
    out.text[pos++] = quote;
    out.text[pos] = '\0';
    return out;
}

inline void SetShape(TensorShape* shape, int32_t rank, const int64_t* dims)
{
    shape->rank = rank;
    for (int32_t i = 0; i < rank; ++i) {
        shape->dims[i] = dims[i];
    }
}

inline void SetView(StridedView* view, int32_t rank, const int64_t* shape, const int64_t* stride, int64_t offset)
{
    view->rank = rank;
    for (int32_t i = 0; i < rank; ++i) {
        view->shape[i] = shape[i];
        view->stride[i] = stride[i];
    }
    view->offset = offset;
}

inline Status CheckInputShape(const TensorShape& input)
{
    if (input.rank < 0 || input.rank > kMaxViewDims) {
        return Status::Error("x has %d dimensions: at most %d are supported (numpy's limit)", input.rank,
                             kMaxViewDims);
    }
    for (int32_t i = 0; i < input.rank; ++i) {
        if (input.dims[i] < 0) {
            return Status::Error("shape[%d] = %lld is out of range: it must be in [0, %lld]", i,
                                 static_cast<long long>(input.dims[i]), static_cast<long long>(INT64_MAX));
        }
    }
    return Status::Ok();
}

// ---- StridedSlice (TensorFlow ValidateStridedSliceOp) --------------------------------------

struct StridedSliceArgs {
    const int64_t* begin;
    int64_t beginSize;
    const int64_t* end;
    int64_t endSize;
    const int64_t* strides;  // nullptr: all ones, one per begin entry
    int64_t stridesSize;
    int64_t beginMask;  // int32 attributes in TF; wider values are rejected, -1 sets all 32 bits
    int64_t endMask;
    int64_t ellipsisMask;
    int64_t newAxisMask;
    int64_t shrinkAxisMask;
};

namespace detail {

enum class SpecKind { kEllipsis, kNewAxis, kIndex, kRange };

struct DenseDim {
    int64_t begin;
    int64_t end;
    int64_t stride;
    bool beginMasked;
    bool endMasked;
    bool shrink;
};

constexpr int32_t kGatherNewAxis = -2;
constexpr int32_t kGatherShrinkAxis = -1;

inline Status MaskBits(const char* name, int64_t value, uint32_t* bits)
{
    if (value < INT32_MIN || value > INT32_MAX) {
        return Status::Error("%s = %lld is out of range for an int32 mask: it must be in [%d, %d]", name,
                             static_cast<long long>(value), INT32_MIN, INT32_MAX);
    }
    *bits = static_cast<uint32_t>(static_cast<int32_t>(value));
    return Status::Ok();
}

// Canonical (begin, size) of one input dimension; TF's per-dimension loop body.
inline Status CanonicaliseDim(int32_t i, const DenseDim& spec, int64_t dim, int64_t* begin, int64_t* end,
                              int64_t* size)
{
    int64_t stride = spec.stride;
    if (stride == 0) {
        return Status::Error("strides[%d] must be non-zero", i);
    }
    if (spec.shrink) {
        if (stride < 0) {
            return Status::Error("strides[%d] = %lld is invalid on shrink axis %d: a single index needs a positive stride",
                                 i, static_cast<long long>(stride), i);
        }
        // begin_mask and end are ignored on a shrink axis; the raw begin is wrapped once.
        int64_t index = spec.begin < 0 ? spec.begin + dim : spec.begin;
        if (index < 0 || index >= dim) {
            return Status::Error("slice index %lld of dimension %d out of bounds. A single index into a dimension of "
                                 "size %lld must be in [%lld, %lld); got %lld.",
                                 static_cast<long long>(index), i, static_cast<long long>(dim),
                                 static_cast<long long>(-dim), static_cast<long long>(dim),
                                 static_cast<long long>(spec.begin));
        }
        *begin = index;
        *end = index + 1;
        *size = 1;
        return Status::Ok();
    }
    int64_t low = stride > 0 ? 0 : -1;
    int64_t high = stride > 0 ? dim : dim - 1;
    auto canonical = [&](int64_t x, bool masked, int64_t maskedValue) {
        if (masked) {
            return maskedValue;
        }
        int64_t forward = x < 0 ? x + dim : x;
        return forward < low ? low : (forward > high ? high : forward);
    };
    *begin = canonical(spec.begin, spec.beginMasked, stride > 0 ? low : high);
    *end = canonical(spec.end, spec.endMasked, stride > 0 ? high : low);
    int64_t interval = *end - *begin;  // both in [-1, dim]: no overflow
    if (interval == 0 || (interval < 0) != (stride < 0)) {
        *size = 0;
    } else {
        *size = interval / stride + (interval % stride != 0 ? 1 : 0);
    }
    return Status::Ok();
}

}  // namespace detail

// TensorFlow StridedSlice of an input with shape `input`: fills the final output shape and the
// view of the input (one view dim per non-shrunk input dim; new axes only appear in `outShape`).
inline Status BuildStridedSliceView(const TensorShape& input, const StridedSliceArgs& args, TensorShape* outShape,
                                    StridedView* view)
{
    using namespace detail;
    Status status = CheckInputShape(input);
    if (!status.ok) {
        return status;
    }
    uint32_t beginBits, endBits, ellipsisBits, newAxisBits, shrinkBits;
    const struct {
        const char* name;
        int64_t value;
        uint32_t* bits;
    } masks[] = {{"begin_mask", args.beginMask, &beginBits},
                 {"end_mask", args.endMask, &endBits},
                 {"ellipsis_mask", args.ellipsisMask, &ellipsisBits},
                 {"new_axis_mask", args.newAxisMask, &newAxisBits},
                 {"shrink_axis_mask", args.shrinkAxisMask, &shrinkBits}};
    for (const auto& mask : masks) {
        status = MaskBits(mask.name, mask.value, mask.bits);
        if (!status.ok) {
            return status;
        }
    }
    int64_t m = args.strides == nullptr ? args.beginSize : args.stridesSize;
    if (!(args.beginSize == m && args.endSize == m && m <= kMaxStridedSliceSpecEntries)) {
        return Status::Error("Expected begin, end, and strides to be 1D equal size tensors, but got shapes [%lld], "
                             "[%lld], and [%lld] instead. (begin, end and strides need the same length, at most %d.)",
                             static_cast<long long>(args.beginSize), static_cast<long long>(args.endSize),
                             static_cast<long long>(m), kMaxStridedSliceSpecEntries);
    }
    if ((ellipsisBits & (ellipsisBits - 1)) != 0) {
        return Status::Error("Multiple ellipses in slice spec not allowed: ellipsis_mask = %lld must have at most one "
                             "bit set",
                             static_cast<long long>(args.ellipsisMask));
    }

    // Sparse spec: precedence ellipsis > new axis > shrink; the implied ellipsis goes at position m.
    SpecKind kinds[kMaxStridedSliceSpecEntries + 1];
    int32_t entries = static_cast<int32_t>(m);
    bool sawEllipsis = false;
    for (int32_t i = 0; i < entries; ++i) {
        uint32_t bit = 1u << i;
        if (ellipsisBits & bit) {
            kinds[i] = SpecKind::kEllipsis;
            sawEllipsis = true;
        } else if (newAxisBits & bit) {
            kinds[i] = SpecKind::kNewAxis;
        } else {
            kinds[i] = (shrinkBits & bit) ? SpecKind::kIndex : SpecKind::kRange;
        }
    }
    if (!sawEllipsis) {
        kinds[entries++] = SpecKind::kEllipsis;
    }

    // Dense spec: one entry per input dim; the gather list builds the final shape.
    const int32_t rank = input.rank;
    int32_t ellipsisAt = 0;
    while (kinds[ellipsisAt] != SpecKind::kEllipsis) {
        ++ellipsisAt;
    }
    int32_t newAxesAfterEllipsis = 0;
    for (int32_t i = ellipsisAt + 1; i < entries; ++i) {
        newAxesAfterEllipsis += kinds[i] == SpecKind::kNewAxis ? 1 : 0;
    }
    DenseDim dense[kMaxViewDims];
    int32_t gather[kMaxViewDims + kMaxStridedSliceSpecEntries + 1];
    int32_t denseCount = 0;
    int32_t gatherCount = 0;
    for (int32_t i = 0; i < entries; ++i) {
        if (kinds[i] == SpecKind::kEllipsis) {
            int32_t fillTo = rank - (entries - i) + 1 + newAxesAfterEllipsis;
            fillTo = fillTo < rank ? fillTo : rank;
            while (denseCount < fillTo) {
                gather[gatherCount++] = denseCount;
                dense[denseCount++] = DenseDim{0, 0, 1, true, true, false};
            }
        } else if (kinds[i] == SpecKind::kNewAxis) {
            gather[gatherCount++] = kGatherNewAxis;
        } else {
            if (denseCount == rank) {
                if (rank == 0) {
                    return Status::Error("Attempting to slice scalar input. A rank-0 input accepts only ellipsis and "
                                         "new-axis entries.");
                }
                return Status::Error("Index out of range using input dim %d; input has only %d dims", rank, rank);
            }
            bool shrink = kinds[i] == SpecKind::kIndex;
            uint32_t bit = 1u << i;
            gather[gatherCount++] = shrink ? kGatherShrinkAxis : denseCount;
            dense[denseCount++] = DenseDim{args.begin[i], args.end[i], args.strides == nullptr ? 1 : args.strides[i],
                                           (beginBits & bit) != 0, (endBits & bit) != 0, shrink};
        }
    }

    int64_t begins[kMaxViewDims], ends[kMaxViewDims], sizes[kMaxViewDims];
    for (int32_t i = 0; i < rank; ++i) {
        status = CanonicaliseDim(i, dense[i], input.dims[i], &begins[i], &ends[i], &sizes[i]);
        if (!status.ok) {
            return status;
        }
    }
    bool identity = true;
    bool empty = false;
    for (int32_t i = 0; i < rank; ++i) {
        identity = identity && dense[i].stride == 1 && begins[i] == 0 && ends[i] == input.dims[i];
        empty = empty || sizes[i] == 0;
    }
    if (rank > kMaxStridedSliceProcessingRank && !(identity || empty)) {
        return Status::Error("Unhandled input dimensions %d: a strided slice that is neither an identity nor empty "
                             "supports at most %d input dimensions",
                             rank, kMaxStridedSliceProcessingRank);
    }
    int32_t finalRank = 0;
    for (int32_t g = 0; g < gatherCount; ++g) {
        finalRank += gather[g] == kGatherShrinkAxis ? 0 : 1;
    }
    if (finalRank > kMaxViewDims) {
        return Status::Error("the result has %d dimensions: at most %d are supported (numpy's limit)", finalRank,
                             kMaxViewDims);
    }
    outShape->rank = 0;
    for (int32_t g = 0; g < gatherCount; ++g) {
        if (gather[g] == kGatherNewAxis) {
            outShape->dims[outShape->rank++] = 1;
        } else if (gather[g] != kGatherShrinkAxis) {
            outShape->dims[outShape->rank++] = sizes[gather[g]];
        }
    }

    int64_t inStrides[kMaxViewDims];
    ContiguousStrides(input, inStrides);
    view->rank = 0;
    view->offset = 0;
    for (int32_t i = 0; i < rank; ++i) {
        if (!empty) {
            view->offset += begins[i] * inStrides[i];
        }
        if (dense[i].shrink) {
            continue;
        }
        view->shape[view->rank] = sizes[i];
        // A dim of size <= 1 never steps, and a huge stride times the input stride could overflow.
        view->stride[view->rank] = sizes[i] > 1 ? dense[i].stride * inStrides[i] : inStrides[i];
        view->rank += 1;
    }
    return Status::Ok();
}

// ---- Slice (ATB SliceOperation) ------------------------------------------------------------

inline Status BuildSliceView(const TensorShape& input, const int64_t* offsets, int64_t offsetsSize,
                             const int64_t* size, int64_t sizeSize, TensorShape* outShape, StridedView* view)
{
    Status status = CheckInputShape(input);
    if (!status.ok) {
        return status;
    }
    if (input.rank > kMaxSliceRank) {
        return Status::Error("x has %d dimensions: at most %d are supported (ATB Slice's MAX_DIM)", input.rank,
                             kMaxSliceRank);
    }
    if (offsetsSize != sizeSize) {
        return Status::Error("offsets length must be equal to size length: got %lld offsets and %lld sizes",
                             static_cast<long long>(offsetsSize), static_cast<long long>(sizeSize));
    }
    if (sizeSize != input.rank) {
        return Status::Error("size length must be equal to the input tensor rank: got %lld sizes for an input of rank "
                             "%d with shape %s",
                             static_cast<long long>(sizeSize), input.rank, FormatShape(input).text);
    }
    int64_t inStrides[kMaxViewDims];
    ContiguousStrides(input, inStrides);
    int64_t starts[kMaxViewDims];
    for (int32_t i = 0; i < input.rank; ++i) {
        int64_t offset = offsets[i];
        int64_t length = size[i];
        int64_t dim = input.dims[i];
        int64_t start = offset < 0 ? offset + dim : offset;
        if (start < 0 || start >= dim) {
            char actual[96] = "";
            if (offset < 0) {
                std::snprintf(actual, sizeof(actual), " %lld + %lld = %lld", static_cast<long long>(offset),
                              static_cast<long long>(dim), static_cast<long long>(start));
            }
            return Status::Error("offsets[%d] = %lld is out of range for dimension %d of size %lld: the actual "
                                 "offset%s must be in [0, %lld)",
                                 i, static_cast<long long>(offset), i, static_cast<long long>(dim), actual,
                                 static_cast<long long>(dim));
        }
        if (length <= 0 && length != -1) {
            return Status::Error("size[%d] = %lld is invalid: size must be > 0 or -1", i, static_cast<long long>(length));
        }
        length = length == -1 ? dim - start : length;
        if (length > dim - start) {
            char first[64];
            if (offset < 0) {
                std::snprintf(first, sizeof(first), "(%lld + %lld)", static_cast<long long>(offset),
                              static_cast<long long>(dim));
            } else {
                std::snprintf(first, sizeof(first), "%lld", static_cast<long long>(offset));
            }
            return Status::Error("offsets[%d] + size[%d] = %s + %lld = %s exceeds dimension %d of size %lld", i, i, first,
                                 static_cast<long long>(length),
                                 FormatInt128(static_cast<__int128>(start) + length).text, i,
                                 static_cast<long long>(dim));
        }
        starts[i] = start;
        outShape->dims[i] = length;
    }
    outShape->rank = input.rank;
    view->rank = input.rank;
    view->offset = 0;
    for (int32_t i = 0; i < input.rank; ++i) {
        view->shape[i] = outShape->dims[i];
        view->stride[i] = inStrides[i];
        view->offset += starts[i] * inStrides[i];
    }
    return Status::Ok();
}

// ---- DepthToSpace / SpaceToDepth -----------------------------------------------------------

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

// The checks of DepthToSpace's and SpaceToDepth's attributes alone, in the reference's order: the
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

// The dtype rule of DepthToSpace and SpaceToDepth, after the attribute checks it follows in the
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

// The checks DepthToSpace and SpaceToDepth share, in the reference's order (the dtype rule,
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

// The dtype rule of DepthToSpace (NCHW_VECT_C needs int8), for a caller that knows the input's dtype
// by its op_specs/ name: the generated TilingFunc calls it before BuildDepthToSpaceView.
inline Status CheckDepthToSpaceDtype(const char* dtype, int64_t blockSize, const char* dataFormat, const char* mode)
{
    return detail::BlockDtypeRule(dtype, blockSize, dataFormat, mode, kMaxDepthToSpaceBlockSize);
}

// The same for SpaceToDepth, before BuildSpaceToDepthView.
inline Status CheckSpaceToDepthDtype(const char* dtype, int64_t blockSize, const char* dataFormat, const char* mode)
{
    return detail::BlockDtypeRule(dtype, blockSize, dataFormat, mode, 0);
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
    Status status = CheckBlockArguments(input, blockSize, dataFormat, mode, kMaxDepthToSpaceBlockSize, &format,
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

#endif  // ASCEND_KERNELS_COMMON_OP_VIEWS_H
