// CPU stand-in for CANN exe_graph/runtime/tiling_data.h: the raw tiling buffer of a launch,
// which the tiling function fills and the kernel reads through GET_TILING_DATA.
#ifndef CANN_HOST_STUB_EXE_GRAPH_TILING_DATA_H
#define CANN_HOST_STUB_EXE_GRAPH_TILING_DATA_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gert {

class TilingData {
public:
    // Simulator only (CANN's runtime allocates the buffer): `capacity` zeroed bytes.
    explicit TilingData(size_t capacity) : data_(capacity, 0), data_size_(0) {}

    size_t GetCapacity() const { return data_.size(); }
    size_t GetDataSize() const { return data_size_; }
    void SetDataSize(const size_t size) { data_size_ = size; }
    void* GetData() { return data_.data(); }
    const void* GetData() const { return data_.data(); }

private:
    std::vector<uint8_t> data_;
    size_t data_size_;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_TILING_DATA_H
