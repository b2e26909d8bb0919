// CPU stand-in for CANN exe_graph/runtime/infer_shape_context.h.
#ifndef CANN_HOST_STUB_EXE_GRAPH_INFER_SHAPE_CONTEXT_H
#define CANN_HOST_STUB_EXE_GRAPH_INFER_SHAPE_CONTEXT_H

#include <cstddef>
#include <utility>
#include <vector>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/shape.h"

namespace gert {

class InferShapeContext : public ExtendedKernelContext {
public:
    // nullptr past the last input / output.
    const Shape* GetInputShape(const size_t index) const
    {
        return index < input_shapes_.size() ? &input_shapes_[index] : nullptr;
    }
    const Shape* GetOptionalInputShape(const size_t ir_index) const
    {
        return GetOptionalInputDesc(ir_index) != nullptr ? GetInputShape(ir_index) : nullptr;
    }
    Shape* GetOutputShape(const size_t index) { return index < output_shapes_.size() ? &output_shapes_[index] : nullptr; }

    // Simulator only: the input shapes, and as many (empty) output shapes as the node has outputs.
    void SetShapes(std::vector<Shape> inputs, size_t outputCount)
    {
        input_shapes_ = std::move(inputs);
        output_shapes_.assign(outputCount, Shape());
    }

private:
    std::vector<Shape> input_shapes_;
    std::vector<Shape> output_shapes_;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_INFER_SHAPE_CONTEXT_H
