// CPU stand-in for CANN exe_graph/runtime/infer_datatype_context.h.
#ifndef CANN_HOST_STUB_EXE_GRAPH_INFER_DATATYPE_CONTEXT_H
#define CANN_HOST_STUB_EXE_GRAPH_INFER_DATATYPE_CONTEXT_H

#include <cstddef>
#include <utility>
#include <vector>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "graph/types.h"

namespace gert {

class InferDataTypeContext : public ExtendedKernelContext {
public:
    // DT_UNDEFINED past the last input.
    ge::DataType GetInputDataType(const size_t index) const
    {
        return index < input_types_.size() ? input_types_[index] : ge::DT_UNDEFINED;
    }
    ge::graphStatus SetOutputDataType(const size_t index, const ge::DataType datatype)
    {
        if (index >= output_types_.size()) {
            return ge::GRAPH_FAILED;
        }
        output_types_[index] = datatype;
        return ge::GRAPH_SUCCESS;
    }

    // Simulator only: the input dtypes and the output count; then what inference set.
    void SetDataTypes(std::vector<ge::DataType> inputs, size_t outputCount)
    {
        input_types_ = std::move(inputs);
        output_types_.assign(outputCount, ge::DT_UNDEFINED);
    }
    ge::DataType GetOutputDataType(const size_t index) const
    {
        return index < output_types_.size() ? output_types_[index] : ge::DT_UNDEFINED;
    }

private:
    std::vector<ge::DataType> input_types_;
    std::vector<ge::DataType> output_types_;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_INFER_DATATYPE_CONTEXT_H
