// Stand-in for CANN exe_graph/runtime/infer_datatype_context.h.
#ifndef CANN_HOST_STUB_EXE_GRAPH_INFER_DATATYPE_CONTEXT_H
#define CANN_HOST_STUB_EXE_GRAPH_INFER_DATATYPE_CONTEXT_H

#include <cstddef>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "graph/types.h"

namespace gert {

class InferDataTypeContext : public ExtendedKernelContext {
public:
    ge::DataType GetInputDataType(const size_t index) const;
    ge::graphStatus SetOutputDataType(const size_t index, const ge::DataType datatype);
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_INFER_DATATYPE_CONTEXT_H
