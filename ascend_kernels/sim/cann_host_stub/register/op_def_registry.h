// CPU stand-in for CANN register/op_def_registry.h: OP_ADD registers an OpDef class by its OpType,
// and OpDefFactory makes an OpDef of a registered OpType.
#ifndef CANN_HOST_STUB_REGISTER_OP_DEF_REGISTRY_H
#define CANN_HOST_STUB_REGISTER_OP_DEF_REGISTRY_H

#include <map>
#include <string>
#include <vector>

#include "register/op_def.h"

namespace ops {

class OpDefFactory {
public:
    using OpDefCreator = OpDef (*)(const char*);

    static int OpDefRegister(const char* name, OpDefCreator creator)
    {
        Creators()[name] = creator;
        return 0;
    }
    // Simulator only (CANN asks with OpDefCreate alone): whether `name` was registered.
    static bool IsRegistered(const char* name) { return Creators().count(name) != 0; }
    // The OpDef of a registered OpType (an empty OpDef of that type for any other).
    static OpDef OpDefCreate(const char* name)
    {
        const auto found = Creators().find(name);
        return found != Creators().end() ? found->second(name) : OpDef(name);
    }
    static std::vector<std::string> GetAllOp(void)
    {
        std::vector<std::string> names;
        for (const auto& entry : Creators()) {
            names.push_back(entry.first);
        }
        return names;
    }

private:
    static std::map<std::string, OpDefCreator>& Creators()
    {
        static std::map<std::string, OpDefCreator> creators;
        return creators;
    }
};

}  // namespace ops

#define OP_ADD(opType, ...)                                             \
    static int g_##opType##_added = ::ops::OpDefFactory::OpDefRegister( \
        #opType, [](const char* name) -> ::ops::OpDef { return opType(name); })

#endif  // CANN_HOST_STUB_REGISTER_OP_DEF_REGISTRY_H
