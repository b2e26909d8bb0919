// Stand-in for CANN exe_graph/runtime/shape.h.
#ifndef CANN_HOST_STUB_EXE_GRAPH_SHAPE_H
#define CANN_HOST_STUB_EXE_GRAPH_SHAPE_H

#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace gert {

struct Shape {
    static constexpr size_t kMaxDimNum = 25;

    Shape();
    Shape(const std::initializer_list<int64_t>& args);
    bool operator==(const Shape& rht) const;
    bool operator!=(const Shape& rht) const;
    int64_t GetShapeSize() const;
    bool IsScalar() const;
    void SetScalar();
    size_t GetDimNum() const;
    void SetDimNum(const size_t dim_num);
    int64_t GetDim(const size_t idx) const;
    const int64_t& operator[](const size_t idx) const;
    int64_t& operator[](const size_t idx);
    void SetDim(size_t idx, const int64_t dim_value);
    Shape& AppendDim(const int64_t value);

private:
    size_t dim_num_;
    int64_t dims_[kMaxDimNum];
    uint8_t reserved_[40];
};

class StorageShape {
public:
    const Shape& GetOriginShape() const;
    const Shape& GetStorageShape() const;
    Shape& MutableOriginShape();
    Shape& MutableStorageShape();

private:
    Shape origin_shape_;
    Shape storage_shape_;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_SHAPE_H
