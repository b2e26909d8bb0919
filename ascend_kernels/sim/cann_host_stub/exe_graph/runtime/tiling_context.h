// Stand-in for CANN exe_graph/runtime/tiling_context.h.
#ifndef CANN_HOST_STUB_EXE_GRAPH_TILING_CONTEXT_H
#define CANN_HOST_STUB_EXE_GRAPH_TILING_CONTEXT_H

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tiling_data.h"
#include "graph/types.h"

namespace fe {
class PlatFormInfos;
}  // namespace fe

namespace gert {

class TilingContext : public ExtendedKernelContext {
public:
    template <typename T>
    const T* GetCompileInfo() const;
    const StorageShape* GetInputShape(const size_t index) const;
    const StorageShape* GetOutputShape(const size_t index) const;
    ge::graphStatus SetTilingKey(const uint64_t tiling_key);
    uint64_t GetTilingKey() const;
    ge::graphStatus SetBlockDim(const uint32_t block_dim);
    uint32_t GetBlockDim() const;
    ge::graphStatus SetNeedAtomic(const bool atomic);
    TilingData* GetRawTilingData();
    size_t* GetWorkspaceSizes(const size_t workspace_count);
    fe::PlatFormInfos* GetPlatformInfo() const;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_TILING_CONTEXT_H
