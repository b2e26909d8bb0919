// The OpDefs the package's op_host code registers, as JSON on stdout: linked with every
// ascend_kernels/<op>/op_host/<op>.cpp against the CPU stand-in of CANN's host headers
// (ascend_kernels/sim/cann_host_stub, whose OpDef records what each call declares), so the record
// is what the code declares, per-SoC configurations included, not what its text looks like.
// msopgen_oracle.py builds and runs it and compares the record with the OpDef msOpGen writes.
//
// {"config_defaults": {<the items of a configuration AddConfig(soc) makes>},
//  "ops": [{"op_type", "inputs": [param], "outputs": [param], "attrs": [attr],
//           "configs": {"<soc>": {"inputs": [param], "outputs": [param], "items": {...}}}}]}
// param: {"name", "param_type", "dtypes": ["DT_FLOAT16", ...], "formats": ["FORMAT_ND", ...]}
// attr: {"name", "required", "kind": "Int" | "String" | "ListInt" | "Bool" | "Float", "default"} (no
// "default" for an attribute that has none)
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "graph/types.h"
#include "graph/utils/type_utils.h"
#include "register/op_def_registry.h"

namespace {

std::string Quoted(const std::string& text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
        }
        out += c;
    }
    return out + "\"";
}

const char* OptionName(ops::Option option)
{
    switch (option) {
        case ops::IGNORE: return "IGNORE";
        case ops::OPTIONAL: return "OPTIONAL";
        case ops::REQUIRED: return "REQUIRED";
        case ops::DYNAMIC: return "DYNAMIC";
        case ops::VIRTUAL: return "VIRTUAL";
    }
    return "UNKNOWN";
}

std::string FormatName(ge::Format format)
{
    switch (format) {
        case ge::FORMAT_NCHW: return "FORMAT_NCHW";
        case ge::FORMAT_NHWC: return "FORMAT_NHWC";
        case ge::FORMAT_ND: return "FORMAT_ND";
    }
    return "FORMAT_" + std::to_string(static_cast<int>(format));
}

std::string Param(const ops::OpParamDef& param)
{
    std::string out = "{\"name\":" + Quoted(param.GetParamName()) + ",\"param_type\":\"" +
                      OptionName(param.GetParamType()) + "\",\"dtypes\":[";
    for (size_t i = 0; i < param.GetDataTypes().size(); ++i) {
        out += (i ? "," : "") + Quoted(ge::TypeUtils::DataTypeToSerialString(param.GetDataTypes()[i]));
    }
    out += "],\"formats\":[";
    for (size_t i = 0; i < param.GetFormats().size(); ++i) {
        out += (i ? "," : "") + Quoted(FormatName(param.GetFormats()[i]));
    }
    return out + "]}";
}

std::string Params(const std::vector<ops::OpParamDef>& params)
{
    std::string out = "[";
    for (size_t i = 0; i < params.size(); ++i) {
        out += (i ? "," : "") + Param(params[i]);
    }
    return out + "]";
}

std::string Attr(const ops::OpAttrDef& attr)
{
    std::string out = "{\"name\":" + Quoted(attr.GetName()) + ",\"required\":" +
                      (attr.IsRequired() ? "true" : "false") + ",\"kind\":";
    std::string value;
    switch (attr.GetKind()) {
        case ops::AttrKind::kInt:
            out += "\"Int\"";
            value = std::to_string(attr.GetIntDefault());
            break;
        case ops::AttrKind::kBool:
            out += "\"Bool\"";
            value = attr.GetIntDefault() != 0 ? "true" : "false";
            break;
        case ops::AttrKind::kString:
            out += "\"String\"";
            value = Quoted(attr.GetStringDefault());
            break;
        case ops::AttrKind::kFloat: {
            out += "\"Float\"";
            char text[32];
            std::snprintf(text, sizeof(text), "%.9g", static_cast<double>(attr.GetFloatDefault()));
            value = text;
            break;
        }
        case ops::AttrKind::kListInt: {
            out += "\"ListInt\"";
            value = "[";
            const std::vector<int64_t>& list = attr.GetListIntDefault();
            for (size_t i = 0; i < list.size(); ++i) {
                value += (i ? "," : "") + std::to_string(list[i]);
            }
            value += "]";
            break;
        }
        default:  // a kind the comparison does not read: named, so it cannot pass unseen
            out += "\"unread\"";
            break;
    }
    return out + (attr.HasDefault() && !value.empty() ? ",\"default\":" + value : "") + "}";
}

std::string Items(const std::map<std::string, std::string>& items)
{
    std::string out = "{";
    bool first = true;
    for (const auto& item : items) {
        out += (first ? "" : ",") + Quoted(item.first) + ":" + Quoted(item.second);
        first = false;
    }
    return out + "}";
}

}  // namespace

int main()
{
    std::string out = "{\"config_defaults\":" + Items(ops::OpAICoreConfig("soc").GetCfgInfo()) + ",\"ops\":[";
    bool firstOp = true;
    for (const std::string& name : ops::OpDefFactory::GetAllOp()) {
        const ops::OpDef def = ops::OpDefFactory::OpDefCreate(name.c_str());
        out += (firstOp ? "" : ",") + std::string("{\"op_type\":") + Quoted(def.GetOpType()) +
               ",\"inputs\":" + Params(def.GetInputs()) + ",\"outputs\":" + Params(def.GetOutputs()) + ",\"attrs\":[";
        for (size_t i = 0; i < def.GetAttrs().size(); ++i) {
            out += (i ? "," : "") + Attr(def.GetAttrs()[i]);
        }
        out += "],\"configs\":{";
        bool firstConfig = true;
        for (const auto& config : def.GetAICore().GetAICoreConfigs()) {
            out += (firstConfig ? "" : ",") + Quoted(config.first) + ":{\"inputs\":" +
                   Params(config.second.GetInputs()) + ",\"outputs\":" + Params(config.second.GetOutputs()) +
                   ",\"items\":" + Items(config.second.GetCfgInfo()) + "}";
            firstConfig = false;
        }
        out += "}}";
        firstOp = false;
    }
    std::printf("%s]}\n", out.c_str());
    return 0;
}
