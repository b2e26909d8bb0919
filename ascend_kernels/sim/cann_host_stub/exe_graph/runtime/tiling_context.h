// CPU stand-in for CANN exe_graph/runtime/tiling_context.h.
#ifndef CANN_HOST_STUB_EXE_GRAPH_TILING_CONTEXT_H
#define CANN_HOST_STUB_EXE_GRAPH_TILING_CONTEXT_H

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

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
    // No op here has compile info (it is what a TBE-style compile step would leave).
    template <typename T>
    const T* GetCompileInfo() const
    {
        return nullptr;
    }
    // nullptr past the last input / output.
    const StorageShape* GetInputShape(const size_t index) const
    {
        return index < input_shapes_.size() ? &input_shapes_[index] : nullptr;
    }
    const StorageShape* GetOptionalInputShape(const size_t ir_index) const
    {
        return GetOptionalInputDesc(ir_index) != nullptr ? GetInputShape(ir_index) : nullptr;
    }
    const StorageShape* GetOutputShape(const size_t index) const
    {
        return index < output_shapes_.size() ? &output_shapes_[index] : nullptr;
    }
    ge::graphStatus SetTilingKey(const uint64_t tiling_key)
    {
        tiling_key_ = tiling_key;
        return ge::GRAPH_SUCCESS;
    }
    uint64_t GetTilingKey() const { return tiling_key_; }
    ge::graphStatus SetBlockDim(const uint32_t block_dim)
    {
        block_dim_ = block_dim;
        return ge::GRAPH_SUCCESS;
    }
    uint32_t GetBlockDim() const { return block_dim_; }
    ge::graphStatus SetNeedAtomic(const bool atomic)
    {
        need_atomic_ = atomic;
        return ge::GRAPH_SUCCESS;
    }
    TilingData* GetRawTilingData() { return tiling_data_; }
    // The first `workspace_count` workspace sizes, for the tiling function to fill.
    size_t* GetWorkspaceSizes(const size_t workspace_count)
    {
        if (workspace_sizes_.size() < workspace_count) {
            workspace_sizes_.resize(workspace_count, 0);
        }
        return workspace_sizes_.data();
    }
    fe::PlatFormInfos* GetPlatformInfo() const { return platform_info_; }

    // Simulator only (CANN's runtime builds the context): the tensors' shapes, the tiling buffer
    // and the platform description (neither owned); then what the tiling function set.
    void SetShapes(std::vector<StorageShape> inputs, std::vector<StorageShape> outputs)
    {
        input_shapes_ = std::move(inputs);
        output_shapes_ = std::move(outputs);
    }
    void SetTilingBuffer(TilingData* tiling_data) { tiling_data_ = tiling_data; }
    void SetPlatformInfo(fe::PlatFormInfos* platform_info) { platform_info_ = platform_info; }
    const std::vector<size_t>& GetWorkspaceSizeList() const { return workspace_sizes_; }

private:
    std::vector<StorageShape> input_shapes_;
    std::vector<StorageShape> output_shapes_;
    uint64_t tiling_key_ = 0;
    uint32_t block_dim_ = 0;
    bool need_atomic_ = false;
    TilingData* tiling_data_ = nullptr;
    fe::PlatFormInfos* platform_info_ = nullptr;
    std::vector<size_t> workspace_sizes_;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_TILING_CONTEXT_H
