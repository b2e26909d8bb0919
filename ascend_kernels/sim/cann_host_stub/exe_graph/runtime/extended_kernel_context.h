// CPU stand-in for CANN exe_graph/runtime/extended_kernel_context.h: what every host context
// (tiling, shape and dtype inference) shares.
#ifndef CANN_HOST_STUB_EXE_GRAPH_EXTENDED_KERNEL_CONTEXT_H
#define CANN_HOST_STUB_EXE_GRAPH_EXTENDED_KERNEL_CONTEXT_H

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"
#include "graph/types.h"

namespace gert {

class CompileTimeTensorDesc {
public:
    ge::DataType GetDataType() const { return data_type_; }
    ge::Format GetOriginFormat() const { return origin_format_; }
    ge::Format GetStorageFormat() const { return storage_format_; }
    void SetDataType(const ge::DataType data_type) { data_type_ = data_type; }
    void SetOriginFormat(const ge::Format format) { origin_format_ = format; }
    void SetStorageFormat(const ge::Format format) { storage_format_ = format; }

private:
    ge::DataType data_type_ = ge::DT_UNDEFINED;
    ge::Format origin_format_ = ge::FORMAT_ND;
    ge::Format storage_format_ = ge::FORMAT_ND;
};

class ExtendedKernelContext {
public:
    // nullptr past the last input / output.
    const CompileTimeTensorDesc* GetInputDesc(size_t index) const
    {
        return index < input_descs_.size() ? &input_descs_[index] : nullptr;
    }
    // An optional input by its IR index: nullptr when the call leaves it out, which the simulator
    // marks with a desc of no dtype (CANN's runtime gives such an input no instance).
    const CompileTimeTensorDesc* GetOptionalInputDesc(size_t ir_index) const
    {
        const CompileTimeTensorDesc* desc = GetInputDesc(ir_index);
        return desc != nullptr && desc->GetDataType() != ge::DT_UNDEFINED ? desc : nullptr;
    }
    const CompileTimeTensorDesc* GetOutputDesc(size_t index) const
    {
        return index < output_descs_.size() ? &output_descs_[index] : nullptr;
    }
    const RuntimeAttrs* GetAttrs() const { return attrs_; }
    const char* GetNodeType() const { return node_type_.c_str(); }
    const char* GetNodeName() const { return node_name_.c_str(); }

    // Simulator only (CANN's runtime builds its contexts from the graph node): the node, its
    // tensors' descriptions and its attributes (not owned).
    void SetNode(std::string type, std::string name)
    {
        node_type_ = std::move(type);
        node_name_ = std::move(name);
    }
    void SetTensorDescs(std::vector<CompileTimeTensorDesc> inputs, std::vector<CompileTimeTensorDesc> outputs)
    {
        input_descs_ = std::move(inputs);
        output_descs_ = std::move(outputs);
    }
    void SetAttrs(const RuntimeAttrs* attrs) { attrs_ = attrs; }

private:
    std::string node_type_;
    std::string node_name_;
    std::vector<CompileTimeTensorDesc> input_descs_;
    std::vector<CompileTimeTensorDesc> output_descs_;
    const RuntimeAttrs* attrs_ = nullptr;
};

}  // namespace gert

#endif  // CANN_HOST_STUB_EXE_GRAPH_EXTENDED_KERNEL_CONTEXT_H
