// CPU stand-in for CANN register/op_impl_registry.h: the host function types an OpDef registers.
#ifndef CANN_HOST_STUB_REGISTER_OP_IMPL_REGISTRY_H
#define CANN_HOST_STUB_REGISTER_OP_IMPL_REGISTRY_H

#include <cstdint>

#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"

namespace gert {

class OpImplRegisterV2 {
public:
    using InferShapeKernelFunc = uint32_t (*)(InferShapeContext*);
    using InferDataTypeKernelFunc = uint32_t (*)(InferDataTypeContext*);
    using TilingKernelFunc = uint32_t (*)(TilingContext*);
};

}  // namespace gert

#endif  // CANN_HOST_STUB_REGISTER_OP_IMPL_REGISTRY_H
