// Stand-in for CANN exe_graph/runtime/infer_shape_context.h.
#ifndef CANN_HOST_STUB_EXE_GRAPH_INFER_SHAPE_CONTEXT_H
#define CANN_HOST_STUB_EXE_GRAPH_INFER_SHAPE_CONTEXT_H

#include <cstddef>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/shape.h"

namespace gert {

class InferShapeContext : public ExtendedKernelContext {
public:
    const Shape* GetInputShape(const size_t index) const;
    const Shape* GetOptionalInputShape(const size_t ir_index) const;
    Shape* GetOutputShape(const size_t index);
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_INFER_SHAPE_CONTEXT_H
