// CPU stand-in for CANN register/op_def.h: the OpDef builder. Each call records what it declares
// (inputs, outputs, attributes with their defaults, the host functions, the per-SoC AI Core
// configurations) so the simulator can run the op from its OpDef as CANN's runtime does. The
// record's getters are public here (CANN keeps most of them for its generators).
#ifndef CANN_HOST_STUB_REGISTER_OP_DEF_H
#define CANN_HOST_STUB_REGISTER_OP_DEF_H

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "graph/types.h"
#include "register/op_impl_registry.h"

namespace ops {

enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };

class OpParamDef {
public:
    explicit OpParamDef(const char* name) : name_(name) {}
    OpParamDef& ParamType(Option param_type)
    {
        param_type_ = param_type;
        return *this;
    }
    OpParamDef& DataType(std::vector<ge::DataType> types)
    {
        types_ = std::move(types);
        return *this;
    }
    OpParamDef& DataTypeList(std::vector<ge::DataType> types) { return DataType(std::move(types)); }
    OpParamDef& Format(std::vector<ge::Format> formats)
    {
        formats_ = std::move(formats);
        return *this;
    }
    OpParamDef& FormatList(std::vector<ge::Format> formats) { return Format(std::move(formats)); }
    OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats) { return Format(std::move(formats)); }
    OpParamDef& ValueDepend(Option value_depend)
    {
        value_depend_ = value_depend;
        return *this;
    }
    OpParamDef& IgnoreContiguous(void) { return *this; }
    OpParamDef& AutoContiguous() { return *this; }

    const std::string& GetParamName(void) const { return name_; }
    Option GetParamType(void) const { return param_type_; }
    const std::vector<ge::DataType>& GetDataTypes(void) const { return types_; }
    const std::vector<ge::Format>& GetFormats(void) const { return formats_; }

private:
    std::string name_;
    Option param_type_ = REQUIRED;
    Option value_depend_ = IGNORE;
    std::vector<ge::DataType> types_;
    std::vector<ge::Format> formats_;
};

// The parameter of `params` called `name`, added when there is none: declaring it again refines it.
inline OpParamDef& ParamNamed(std::vector<OpParamDef>& params, const char* name)
{
    for (OpParamDef& param : params) {
        if (param.GetParamName() == name) {
            return param;
        }
    }
    params.emplace_back(name);
    return params.back();
}

// What value an attribute holds, and its default when it has one (an OPTIONAL attribute).
enum class AttrKind { kUnset, kBool, kFloat, kInt, kString, kListInt };

class OpAttrDef {
public:
    explicit OpAttrDef(const char* name) : name_(name) {}
    OpAttrDef& AttrType(Option attr_type)
    {
        attr_type_ = attr_type;
        return *this;
    }
    OpAttrDef& Bool(void) { return Kind(AttrKind::kBool, false); }
    OpAttrDef& Bool(bool value)
    {
        int_default_ = value ? 1 : 0;
        return Kind(AttrKind::kBool, true);
    }
    OpAttrDef& Float(void) { return Kind(AttrKind::kFloat, false); }
    OpAttrDef& Float(float value)
    {
        float_default_ = value;
        return Kind(AttrKind::kFloat, true);
    }
    OpAttrDef& Int(void) { return Kind(AttrKind::kInt, false); }
    OpAttrDef& Int(int64_t value)
    {
        int_default_ = value;
        return Kind(AttrKind::kInt, true);
    }
    OpAttrDef& String(void) { return Kind(AttrKind::kString, false); }
    OpAttrDef& String(const char* value)
    {
        string_default_ = value;
        return Kind(AttrKind::kString, true);
    }
    OpAttrDef& ListInt(void) { return Kind(AttrKind::kListInt, false); }
    OpAttrDef& ListInt(std::vector<int64_t> value)
    {
        list_default_ = std::move(value);
        return Kind(AttrKind::kListInt, true);
    }

    const std::string& GetName(void) const { return name_; }
    bool IsRequired(void) const { return attr_type_ == REQUIRED; }
    AttrKind GetKind(void) const { return kind_; }
    bool HasDefault(void) const { return has_default_; }
    int64_t GetIntDefault(void) const { return int_default_; }
    float GetFloatDefault(void) const { return float_default_; }
    const std::string& GetStringDefault(void) const { return string_default_; }
    const std::vector<int64_t>& GetListIntDefault(void) const { return list_default_; }

private:
    OpAttrDef& Kind(AttrKind kind, bool hasDefault)
    {
        kind_ = kind;
        has_default_ = hasDefault;
        return *this;
    }

    std::string name_;
    Option attr_type_ = REQUIRED;
    AttrKind kind_ = AttrKind::kUnset;
    bool has_default_ = false;
    int64_t int_default_ = 0;
    float float_default_ = 0.0f;
    std::string string_default_;
    std::vector<int64_t> list_default_;
};

class OpAICoreConfig {
public:
    OpAICoreConfig() = default;
    // The configuration AddConfig(soc) makes: CANN's default flags of an AI Core configuration
    // (metadef's OpAICoreConfigImpl::Construct). The default constructor sets none.
    OpAICoreConfig(const char* soc)
    {
        (void)soc;
        Flag("dynamicCompileStatic.flag", true);
        Flag("dynamicFormat.flag", true);
        Flag("dynamicRankSupport.flag", true);
        Flag("dynamicShapeSupport.flag", true);
        Flag("needCheckSupport.flag", false);
        Flag("precision_reduce.flag", true);
    }
    OpParamDef& Input(const char* name) { return ParamNamed(inputs_, name); }
    OpParamDef& Output(const char* name) { return ParamNamed(outputs_, name); }
    OpAICoreConfig& DynamicCompileStaticFlag(bool flag) { return Flag("dynamicCompileStatic.flag", flag); }
    OpAICoreConfig& DynamicFormatFlag(bool flag) { return Flag("dynamicFormat.flag", flag); }
    OpAICoreConfig& DynamicRankSupportFlag(bool flag) { return Flag("dynamicRankSupport.flag", flag); }
    OpAICoreConfig& DynamicShapeSupportFlag(bool flag) { return Flag("dynamicShapeSupport.flag", flag); }
    OpAICoreConfig& NeedCheckSupportFlag(bool flag) { return Flag("needCheckSupport.flag", flag); }
    OpAICoreConfig& PrecisionReduceFlag(bool flag) { return Flag("precision_reduce.flag", flag); }
    OpAICoreConfig& ExtendCfgInfo(const char* key, const char* value)
    {
        cfg_info_[key] = value;
        return *this;
    }

    const std::vector<OpParamDef>& GetInputs(void) const { return inputs_; }
    const std::vector<OpParamDef>& GetOutputs(void) const { return outputs_; }
    // The configuration's items by CANN's keys ("dynamicFormat.flag" -> "true"), as op_build
    // writes them into the ops-info.
    const std::map<std::string, std::string>& GetCfgInfo(void) const { return cfg_info_; }

private:
    OpAICoreConfig& Flag(const char* key, bool flag)
    {
        cfg_info_[key] = flag ? "true" : "false";
        return *this;
    }

    std::vector<OpParamDef> inputs_;
    std::vector<OpParamDef> outputs_;
    std::map<std::string, std::string> cfg_info_;
};

class OpAICoreDef {
public:
    OpAICoreDef& SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func)
    {
        tiling_ = func;
        return *this;
    }
    OpAICoreDef& AddConfig(const char* soc)
    {
        configs_[soc] = OpAICoreConfig(soc);
        return *this;
    }
    OpAICoreDef& AddConfig(const char* soc, OpAICoreConfig& aicore_config)
    {
        configs_[soc] = aicore_config;
        return *this;
    }

    gert::OpImplRegisterV2::TilingKernelFunc GetTiling(void) const { return tiling_; }
    // By the short SoC name of each AddConfig ("ascend910b").
    const std::map<std::string, OpAICoreConfig>& GetAICoreConfigs(void) const { return configs_; }

private:
    gert::OpImplRegisterV2::TilingKernelFunc tiling_ = nullptr;
    std::map<std::string, OpAICoreConfig> configs_;
};

class OpDef {
public:
    explicit OpDef(const char* type) : type_(type) {}
    OpParamDef& Input(const char* name) { return ParamNamed(inputs_, name); }
    OpParamDef& Output(const char* name) { return ParamNamed(outputs_, name); }
    OpAttrDef& Attr(const char* name)
    {
        for (OpAttrDef& attr : attrs_) {
            if (attr.GetName() == name) {
                return attr;
            }
        }
        attrs_.emplace_back(name);
        return attrs_.back();
    }
    OpDef& SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc func)
    {
        infer_shape_ = func;
        return *this;
    }
    OpDef& SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc func)
    {
        infer_data_type_ = func;
        return *this;
    }
    OpAICoreDef& AICore(void) { return aicore_; }

    const std::string& GetOpType(void) const { return type_; }
    const std::vector<OpParamDef>& GetInputs(void) const { return inputs_; }
    const std::vector<OpParamDef>& GetOutputs(void) const { return outputs_; }
    const std::vector<OpAttrDef>& GetAttrs(void) const { return attrs_; }
    gert::OpImplRegisterV2::InferShapeKernelFunc GetInferShape(void) const { return infer_shape_; }
    gert::OpImplRegisterV2::InferDataTypeKernelFunc GetInferDataType(void) const { return infer_data_type_; }
    const OpAICoreDef& GetAICore(void) const { return aicore_; }

private:
    std::string type_;
    std::vector<OpParamDef> inputs_;
    std::vector<OpParamDef> outputs_;
    std::vector<OpAttrDef> attrs_;
    gert::OpImplRegisterV2::InferShapeKernelFunc infer_shape_ = nullptr;
    gert::OpImplRegisterV2::InferDataTypeKernelFunc infer_data_type_ = nullptr;
    OpAICoreDef aicore_;
};

}  // namespace ops

#endif  // CANN_HOST_STUB_REGISTER_OP_DEF_H
