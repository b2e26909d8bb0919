// Stand-in for CANN exe_graph/runtime/tiling_data.h: the raw tiling buffer of a launch.
#ifndef CANN_HOST_STUB_EXE_GRAPH_TILING_DATA_H
#define CANN_HOST_STUB_EXE_GRAPH_TILING_DATA_H

#include <cstddef>

namespace gert {

class TilingData {
public:
    size_t GetCapacity() const;
    size_t GetDataSize() const;
    void SetDataSize(const size_t size);
    void* GetData();
    const void* GetData() const;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_TILING_DATA_H
