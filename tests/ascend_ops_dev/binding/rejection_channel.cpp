// Runs the TilingFunc of one op (compiled with its op_host file against the CANN host stand-in) on
// an empty tiling context, which it must refuse, and prints the status and what the error-message
// channel holds afterwards, as JSON: {"status": <ge::graphStatus>, "reported": ["<code>: <message>"]}.
// Whatever the op_host prints itself goes to this process's stderr.
#include <cstdio>
#include <string>

#include "common/util/error_manager/error_manager.h"
#include "exe_graph/runtime/tiling_context.h"
#include "register/op_def_registry.h"

#ifndef REJECTION_CHANNEL_OP_TYPE
#error "compile with -DREJECTION_CHANNEL_OP_TYPE=\"<OpType>\""
#endif

int main()
{
    ops::OpDef def = ops::OpDefFactory::OpDefCreate(REJECTION_CHANNEL_OP_TYPE);
    gert::TilingContext context;
    context.SetNode(REJECTION_CHANNEL_OP_TYPE, REJECTION_CHANNEL_OP_TYPE);
    const int status = static_cast<int>(def.GetAICore().GetTiling()(&context));
    std::string reported;
    for (const auto& item : ErrorManager::GetInstance().GetRawErrorMessages()) {
        std::string text = item.error_id + ": " + item.error_message;
        std::string quoted;
        for (const char c : text) {
            quoted += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
        }
        reported += (reported.empty() ? "\"" : ",\"") + quoted + "\"";
    }
    std::printf("{\"status\": %d, \"reported\": [%s]}\n", status, reported.c_str());
    return 0;
}
