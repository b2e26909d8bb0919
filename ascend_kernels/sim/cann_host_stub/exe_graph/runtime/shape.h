// CPU stand-in for CANN exe_graph/runtime/shape.h: a shape of at most kMaxDimNum dims.
#ifndef CANN_HOST_STUB_EXE_GRAPH_SHAPE_H
#define CANN_HOST_STUB_EXE_GRAPH_SHAPE_H

#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace gert {

struct Shape {
    static constexpr size_t kMaxDimNum = 25;
    static constexpr int64_t kInvalidDimValue = INT64_MIN;

    Shape() : dim_num_(0), dims_{}, reserved_{} {}
    Shape(const std::initializer_list<int64_t>& args) : Shape()
    {
        for (const int64_t dim : args) {
            AppendDim(dim);
        }
    }
    bool operator==(const Shape& rht) const
    {
        if (dim_num_ != rht.dim_num_) {
            return false;
        }
        for (size_t i = 0; i < dim_num_; ++i) {
            if (dims_[i] != rht.dims_[i]) {
                return false;
            }
        }
        return true;
    }
    bool operator!=(const Shape& rht) const { return !(*this == rht); }
    // The element count; 1 for a scalar, -1 when a dim is unknown.
    int64_t GetShapeSize() const
    {
        int64_t size = 1;
        for (size_t i = 0; i < dim_num_; ++i) {
            if (dims_[i] < 0) {
                return -1;
            }
            size *= dims_[i];
        }
        return size;
    }
    bool IsScalar() const { return dim_num_ == 0; }
    void SetScalar() { dim_num_ = 0; }
    size_t GetDimNum() const { return dim_num_; }
    void SetDimNum(const size_t dim_num) { dim_num_ = dim_num <= kMaxDimNum ? dim_num : kMaxDimNum; }
    // kInvalidDimValue beyond the last dim, as in CANN.
    int64_t GetDim(const size_t idx) const { return idx < dim_num_ ? dims_[idx] : kInvalidDimValue; }
    const int64_t& operator[](const size_t idx) const { return dims_[idx]; }
    int64_t& operator[](const size_t idx) { return dims_[idx]; }
    void SetDim(size_t idx, const int64_t dim_value)
    {
        if (idx < dim_num_) {
            dims_[idx] = dim_value;
        }
    }
    // Ignored once kMaxDimNum dims are there, as in CANN.
    Shape& AppendDim(const int64_t value)
    {
        if (dim_num_ < kMaxDimNum) {
            dims_[dim_num_++] = value;
        }
        return *this;
    }

private:
    size_t dim_num_;
    int64_t dims_[kMaxDimNum];
    uint8_t reserved_[40];
};

class StorageShape {
public:
    StorageShape() = default;
    StorageShape(const std::initializer_list<int64_t>& origin_shape, const std::initializer_list<int64_t>& storage_shape)
        : origin_shape_(origin_shape), storage_shape_(storage_shape)
    {
    }
    const Shape& GetOriginShape() const { return origin_shape_; }
    const Shape& GetStorageShape() const { return storage_shape_; }
    Shape& MutableOriginShape() { return origin_shape_; }
    Shape& MutableStorageShape() { return storage_shape_; }

private:
    Shape origin_shape_;
    Shape storage_shape_;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_SHAPE_H
