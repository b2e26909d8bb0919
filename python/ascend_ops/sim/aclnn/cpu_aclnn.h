// The CPU aclnn runtime: the ACL / aclnn C functions the torch binding reaches, on host memory, so
// that the binding runs without CANN or an NPU (the simulated npu device's custom route). It
// implements the descriptor functions of aclnn/acl_meta.h (aclCreateTensor, aclCreateIntArray,
// aclDestroy*) and aclGetRecentErrMsg, and each op's aclnn<Op>GetWorkspaceSize / aclnn<Op>
// (generated into ascend_kernels/binding/host_aclnn/, with the signatures of the aclnn headers it
// includes) as CANN's runtime runs them: GetWorkspaceSize runs the op's generated InferShape and
// TilingFunc, aclnn<Op> launches the op's generated kernel; both through the simulator library of
// one NPU arch (../launcher.cpp), which the runtime opens by path (ascend_ops_cpu_aclnn_init), with
// the SoC the calls run on.
//
// It also stands in for nnopbase's collection of the vendor folders, once per process, at the first
// aclnn call (Note [vendor collection] in cpu_aclnn.cpp; NnopbaseCreateExecutorSpace below).
//
// It counts the calls that planned and the kernels it launched (ascend_ops_cpu_aclnn_counts: what
// shows that a route went through it) and, once asked (ascend_ops_cpu_aclnn_record), records every
// call (ascend_ops_cpu_aclnn_calls: a JSON array), so that a test can check what the binding passed:
// shapes, strides, dtypes, attribute values and an absent list's empty array.
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
    enum class Kind { kInput, kOutput, kIntArray, kInt, kString, kFloat } kind;
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
    Call& Attr(const char* name, double value);  // a Float attribute: CANN holds it as a float32
    // Plans the call (InferShape, TilingFunc) and hands back its executor; records the call.
    aclnnStatus Plan(uint64_t* workspaceSize, aclOpExecutor** executor);

private:
    aclnnStatus Fail(aclnnStatus status, const std::string& message);

    std::string api_;
    std::string opType_;
    std::string kernelName_;
    std::vector<Argument> arguments_;
};

// aclnn<Op>: launches the executor's kernel and frees the executor; records the call (with the
// workspace the TilingFunc asked for). A workspace smaller than that, or none, is refused
// (ACLNN_ERR_PARAM_INVALID) before anything runs, and so is a tensor whose descriptor was destroyed
// before the launch: the launch reads the tensors through their descriptors, as CANN's executor
// does (Note [launch contract] in ascend_kernels/npu/aclnn_call.h).
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
// Record every later call (on != 0), or stop recording.
void ascend_ops_cpu_aclnn_record(int32_t on);
// The GetWorkspaceSize calls that succeeded and the kernels launched, since the process started.
void ascend_ops_cpu_aclnn_counts(uint64_t* plans, uint64_t* launches);
// Nanoseconds spent, since the process started, in GetWorkspaceSize (InferShape, TilingFunc), in
// aclnn<Op>, and of that in the simulated kernel (what a benchmark of the host route leaves out).
void ascend_ops_cpu_aclnn_times(uint64_t* planNs, uint64_t* launchNs, uint64_t* kernelNs);
// nnopbase's: collects the vendor folders at the process's first aclnn call (Note [vendor collection]).
aclnnStatus NnopbaseCreateExecutorSpace(void** space);
}

#endif  // ASCEND_OPS_CPU_ACLNN_H
