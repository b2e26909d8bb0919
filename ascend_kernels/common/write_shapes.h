// The shape checks of a write op (a gradient: Note [write modes] in copy_write_planner.h), which
// its OpDef (copy_op_host.h) and the torch binding both run, with cpu_reference's messages: its
// output shape comes from an int[] attribute, and the view of that shape must have its input's.
#ifndef ASCEND_KERNELS_COMMON_WRITE_SHAPES_H
#define ASCEND_KERNELS_COMMON_WRITE_SHAPES_H

#ifdef ASCEND_OPS_KERNEL_TU
#error "write_shapes.h is host code, which a kernel translation unit must not include (Note [kernel translation unit] in build_arch.h)"
#endif

#include <cstdint>
#include <string>

#include "status.h"
#include "strided_view.h"

namespace ascend_ops {

// `size` dims as a tensor shape: each >= 0, at most kMaxViewDims (cpu_reference's shape_vector).
inline Status ShapeFromList(const int64_t* dims, int64_t size, TensorShape* out)
{
    if (size > kMaxViewDims) {
        return Status::Error("x has %lld dimensions: at most %d are supported (numpy's limit)",
                             static_cast<long long>(size), kMaxViewDims);
    }
    out->rank = static_cast<int32_t>(size);
    for (int64_t i = 0; i < size; ++i) {
        if (dims[i] < 0) {
            return Status::Error("shape[%lld] = %lld is out of range: it must be in [0, %lld]", static_cast<long long>(i),
                                 static_cast<long long>(dims[i]), static_cast<long long>(INT64_MAX));
        }
        out->dims[i] = dims[i];
    }
    return Status::Ok();
}

// The dims in brackets, joined by `separator`: "[2, 3, 4]", or with "," TensorFlow's
// TensorShape::DebugString, "[2,3,4]".
inline std::string ShapeText(const TensorShape& shape, const char* separator = ", ")
{
    std::string text = "[";
    for (int32_t i = 0; i < shape.rank; ++i) {
        text += (i > 0 ? separator : "") + std::to_string(shape.dims[i]);
    }
    return text + "]";
}

// Input `name` of shape `input` must have the shape of the view, `expected` (cpu_reference's
// check_dy_shape).
inline Status CheckWriteInputShape(const char* name, const TensorShape& input, const TensorShape& expected)
{
    bool same = input.rank == expected.rank;
    for (int32_t i = 0; same && i < input.rank; ++i) {
        same = input.dims[i] == expected.dims[i];
    }
    if (same) {
        return Status::Ok();
    }
    return Status::Error("shape of %s was %s instead of %s", name, ShapeText(input, ",").c_str(),
                         ShapeText(expected, ",").c_str());
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_WRITE_SHAPES_H
