// Stand-in for CANN exe_graph/runtime/runtime_attrs.h: attribute values by their index in the
// OpDef (the order of this->Attr(...) calls).
#ifndef CANN_HOST_STUB_EXE_GRAPH_RUNTIME_ATTRS_H
#define CANN_HOST_STUB_EXE_GRAPH_RUNTIME_ATTRS_H

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/continuous_vector.h"

namespace gert {

class RuntimeAttrs {
public:
    template <typename T>
    const T* GetAttrPointer(size_t index) const;
    const int64_t* GetInt(const size_t index) const;
    const TypedContinuousVector<int64_t>* GetListInt(const size_t index) const;
    const char* GetStr(const size_t index) const;
    const bool* GetBool(const size_t index) const;
    const float* GetFloat(const size_t index) const;
    size_t GetAttrNum() const;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_RUNTIME_ATTRS_H
