// CPU stand-in for CANN exe_graph/runtime/continuous_vector.h: the elements of a list attribute.
#ifndef CANN_HOST_STUB_EXE_GRAPH_CONTINUOUS_VECTOR_H
#define CANN_HOST_STUB_EXE_GRAPH_CONTINUOUS_VECTOR_H

#include <cstddef>
#include <vector>

namespace gert {

template <typename T>
class TypedContinuousVector {
public:
    // Simulator only (CANN lays the elements out in the attribute block): a copy of `values`.
    explicit TypedContinuousVector(std::vector<T> values) : values_(std::move(values)) {}

    size_t GetCapacity() const { return values_.size(); }
    size_t GetSize() const { return values_.size(); }
    const T* GetData() const { return values_.data(); }
    T* MutableData() { return values_.data(); }

private:
    std::vector<T> values_;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_CONTINUOUS_VECTOR_H
