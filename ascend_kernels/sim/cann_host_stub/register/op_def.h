// Stand-in for CANN register/op_def.h: the OpDef builder (inputs, outputs, attributes and the
// per-SoC AI Core configurations).
#ifndef CANN_HOST_STUB_REGISTER_OP_DEF_H
#define CANN_HOST_STUB_REGISTER_OP_DEF_H

#include <cstdint>
#include <vector>

#include "graph/types.h"
#include "register/op_impl_registry.h"

namespace ops {

enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };

class OpParamDef {
public:
    explicit OpParamDef(const char* name);
    OpParamDef(const OpParamDef& def);
    ~OpParamDef();
    OpParamDef& operator=(const OpParamDef& def);
    OpParamDef& ParamType(Option param_type);
    OpParamDef& DataType(std::vector<ge::DataType> types);
    OpParamDef& DataTypeList(std::vector<ge::DataType> types);
    OpParamDef& Format(std::vector<ge::Format> formats);
    OpParamDef& FormatList(std::vector<ge::Format> formats);
    OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats);
    OpParamDef& ValueDepend(Option value_depend);
    OpParamDef& IgnoreContiguous(void);
    OpParamDef& AutoContiguous();
};

class OpAttrDef {
public:
    explicit OpAttrDef(const char* name);
    OpAttrDef(const OpAttrDef& attr_def);
    ~OpAttrDef();
    OpAttrDef& operator=(const OpAttrDef& attr_def);
    OpAttrDef& AttrType(Option attr_type);
    OpAttrDef& Bool(void);
    OpAttrDef& Bool(bool value);
    OpAttrDef& Float(void);
    OpAttrDef& Float(float value);
    OpAttrDef& Int(void);
    OpAttrDef& Int(int64_t value);
    OpAttrDef& String(void);
    OpAttrDef& String(const char* value);
    OpAttrDef& ListInt(void);
    OpAttrDef& ListInt(std::vector<int64_t> value);
};

class OpAICoreConfig {
public:
    OpAICoreConfig();
    OpAICoreConfig(const OpAICoreConfig& aicore_config);
    ~OpAICoreConfig();
    OpAICoreConfig& operator=(const OpAICoreConfig& aicore_config);
    OpParamDef& Input(const char* name);
    OpParamDef& Output(const char* name);
    OpAICoreConfig& DynamicCompileStaticFlag(bool flag);
    OpAICoreConfig& DynamicFormatFlag(bool flag);
    OpAICoreConfig& DynamicRankSupportFlag(bool flag);
    OpAICoreConfig& DynamicShapeSupportFlag(bool flag);
    OpAICoreConfig& NeedCheckSupportFlag(bool flag);
    OpAICoreConfig& PrecisionReduceFlag(bool flag);
    OpAICoreConfig& ExtendCfgInfo(const char* key, const char* value);
};

class OpAICoreDef {
public:
    OpAICoreDef& SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func);
    OpAICoreDef& AddConfig(const char* soc);
    OpAICoreDef& AddConfig(const char* soc, OpAICoreConfig& aicore_config);
};

class OpDef {
public:
    explicit OpDef(const char* type);
    OpDef(const OpDef& op_def);
    ~OpDef();
    OpDef& operator=(const OpDef& op_def);
    OpParamDef& Input(const char* name);
    OpParamDef& Output(const char* name);
    OpAttrDef& Attr(const char* name);
    OpDef& SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc func);
    OpDef& SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc func);
    OpAICoreDef& AICore(void);
};

}  // namespace ops

#endif  // CANN_HOST_STUB_REGISTER_OP_DEF_H
