// Stand-in for CANN exe_graph/runtime/continuous_vector.h.
#ifndef CANN_HOST_STUB_EXE_GRAPH_CONTINUOUS_VECTOR_H
#define CANN_HOST_STUB_EXE_GRAPH_CONTINUOUS_VECTOR_H

#include <cstddef>

namespace gert {

template <typename T>
class TypedContinuousVector {
public:
    size_t GetCapacity() const;
    size_t GetSize() const;
    const T* GetData() const;
    T* MutableData();
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_CONTINUOUS_VECTOR_H
