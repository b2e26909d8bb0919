// What every op's view builder (ascend_kernels/<op>/<op>_view.h) shares: an op's arguments and input
// shape -> (final output shape, StridedView of the input), as pure functions on plain structs with
// the error texts of cpu_reference/. Shape and string formatting as Python prints them, and the
// input-shape check every op makes first.
#ifndef ASCEND_KERNELS_COMMON_VIEW_BUILDER_H
#define ASCEND_KERNELS_COMMON_VIEW_BUILDER_H

#ifdef ASCEND_OPS_KERNEL_TU
#error "view_builder.h is host code, which a kernel translation unit must not include (Note [kernel translation unit] in build_arch.h)"
#endif

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "status.h"
#include "strided_view.h"

namespace ascend_ops {

// ---- the generated check of a view builder ------------------------------------------------------

// Converts to any field type: AggregateTakes counts the initialisers an aggregate accepts.
struct AnyField {
    template <typename T>
    constexpr operator T() const
    {
        return T{};
    }
};

// Whether `S{...}` compiles with sizeof...(Fields) initialisers, i.e. S has at least that many
// fields. The generated op_host source asserts that an op's <Op>Args takes no initialiser more
// than its attributes fill (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py).
template <typename S, typename... Fields>
constexpr auto AggregateTakes(int) -> decltype(S{Fields{}...}, true)
{
    return true;
}
template <typename S, typename... Fields>
constexpr bool AggregateTakes(...)
{
    return false;
}

// ---- text helpers -----------------------------------------------------------------------------

// Python's repr of a tuple of ints: "()", "(5,)", "(2, 3)".
struct TupleText {
    char text[kMaxViewDims * 22 + 8];
};

inline TupleText FormatShape(const TensorShape& shape)
{
    TupleText out;
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

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_VIEW_BUILDER_H
