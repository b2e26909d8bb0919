// Stand-in for CANN exe_graph/runtime/extended_kernel_context.h: what every host context
// (tiling, shape and dtype inference) shares.
#ifndef CANN_HOST_STUB_EXE_GRAPH_EXTENDED_KERNEL_CONTEXT_H
#define CANN_HOST_STUB_EXE_GRAPH_EXTENDED_KERNEL_CONTEXT_H

#include <cstddef>

#include "exe_graph/runtime/runtime_attrs.h"
#include "graph/types.h"

namespace gert {

class CompileTimeTensorDesc {
public:
    ge::DataType GetDataType() const;
    ge::Format GetOriginFormat() const;
    ge::Format GetStorageFormat() const;
};

class ExtendedKernelContext {
public:
    const CompileTimeTensorDesc* GetInputDesc(size_t index) const;
    const CompileTimeTensorDesc* GetOutputDesc(size_t index) const;
    const RuntimeAttrs* GetAttrs() const;
    const char* GetNodeType() const;
    const char* GetNodeName() const;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_EXTENDED_KERNEL_CONTEXT_H
