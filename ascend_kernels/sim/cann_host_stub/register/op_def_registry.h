// Stand-in for CANN register/op_def_registry.h: OP_ADD registers an OpDef class by its OpType.
#ifndef CANN_HOST_STUB_REGISTER_OP_DEF_REGISTRY_H
#define CANN_HOST_STUB_REGISTER_OP_DEF_REGISTRY_H

#include "register/op_def.h"

namespace ops {

class OpDefFactory {
public:
    using OpDefCreator = OpDef (*)(const char*);
    static int OpDefRegister(const char* name, OpDefCreator creator);
};

}  // namespace ops

#define OP_ADD(opType, ...)                                                                  \
    static int g_##opType##_added = ::ops::OpDefFactory::OpDefRegister(                      \
        #opType, [](const char* name) -> ::ops::OpDef { return opType(name); })

#endif  // CANN_HOST_STUB_REGISTER_OP_DEF_REGISTRY_H
