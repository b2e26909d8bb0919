// The CPU aclnn runtime: the ACL / aclnn C functions the torch binding reaches, on host memory,
// for running the binding in CI without CANN or an NPU. It implements the descriptor functions of
// aclnn/acl_meta.h (aclCreateTensor, aclCreateIntArray, aclDestroy*) and aclGetRecentErrMsg, and
// each op's aclnn<Op>GetWorkspaceSize / aclnn<Op> (binding/cpu_aclnn_ops.cpp, with the
// signatures of the aclnn headers it includes) as CANN's runtime runs them: GetWorkspaceSize runs
// the op's generated InferShape and TilingFunc, aclnn<Op> launches the op's generated kernel; both
// through the simulator library of one NPU arch (python/ascend_ops/sim/launcher.cpp), which the
// runtime opens by path (ascend_ops_cpu_aclnn_init), with the SoC the calls run on.
//
// Every call is recorded (ascend_ops_cpu_aclnn_calls: a JSON array), so that a test can check what
// the binding passed: shapes, strides, dtypes, attribute values and an absent list's empty array.
#ifndef ASCEND_OPS_CPU_ACLNN_H
#define ASCEND_OPS_CPU_ACLNN_H

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "sim_abi.h"

namespace ascend_ops_cpu_aclnn {

// aclnnStatus values of the generated aclnn code (ACLNN_SUCCESS, ACLNN_ERR_PARAM_NULLPTR,
// ACLNN_ERR_PARAM_INVALID) and CANN's inner-error code.
constexpr aclnnStatus kSuccess = 0;
constexpr aclnnStatus kParamNullptr = 161001;
constexpr aclnnStatus kParamInvalid = 161002;
constexpr aclnnStatus kInnerError = 561000;

// One argument of a GetWorkspaceSize call, by its OpDef name.
struct Argument {
    enum class Kind { kInput, kOutput, kIntArray, kInt, kString } kind;
    std::string name;
    const aclTensor* tensor = nullptr;
    const aclIntArray* array = nullptr;
    int64_t value = 0;
    const char* text = nullptr;
};

// One aclnn<Op>GetWorkspaceSize call: the generated function names each argument as the OpDef does.
class Call {
public:
    Call(const char* api, const char* opType, const char* kernelName);
    Call& Input(const char* name, const aclTensor* tensor);
    Call& Output(const char* name, const aclTensor* tensor);
    Call& Attr(const char* name, const aclIntArray* values);
    Call& Attr(const char* name, int64_t value);
    Call& Attr(const char* name, const char* text);
    // Plans the call (InferShape, TilingFunc) and hands back its executor; records the call.
    aclnnStatus Plan(uint64_t* workspaceSize, aclOpExecutor** executor);

private:
    aclnnStatus Fail(aclnnStatus status, const std::string& message);

    std::string api_;
    std::string opType_;
    std::string kernelName_;
    std::vector<Argument> arguments_;
};

// aclnn<Op>: launches the executor's kernel and frees the executor; records the call.
aclnnStatus Launch(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                   aclrtStream stream);

}  // namespace ascend_ops_cpu_aclnn

extern "C" {
// Opens the simulator library at `simLibrary` and makes `socName` the SoC of every later call;
// 0, or 1 with `message` saying why not.
int32_t ascend_ops_cpu_aclnn_init(const char* simLibrary, const char* socName, char* message, uint64_t messageBytes);
// The recorded calls since the last reset, as a JSON array; the bytes needed (with the NUL).
uint64_t ascend_ops_cpu_aclnn_calls(char* buffer, uint64_t bufferBytes);
void ascend_ops_cpu_aclnn_reset(void);
}

#endif  // ASCEND_OPS_CPU_ACLNN_H
