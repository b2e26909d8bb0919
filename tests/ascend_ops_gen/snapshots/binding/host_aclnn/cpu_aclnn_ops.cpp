// @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
//
// Every op's aclnn functions on the package's CPU aclnn runtime (cpu_aclnn.h), defined with the
// signatures of the aclnn headers included below: a header that declares another signature makes
// this file fail to compile. Each GetWorkspaceSize hands its arguments, named as the OpDef names
// them, to the runtime, which runs the op's InferShape and TilingFunc; each launch runs the op's
// kernel (by its entry name) on the simulator.
#include "cpu_aclnn.h"

#include "aclnn_demo_window.h"

extern "C" {

aclnnStatus aclnnDemoWindowGetWorkspaceSize(const aclTensor *x, const aclIntArray *begin, const aclIntArray *stepOptional, int64_t size, char *layoutOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return ascend_ops_cpu_aclnn::Call("aclnnDemoWindowGetWorkspaceSize", "DemoWindow", "demo_window")
        .Input("x", x)
        .Attr("begin", begin)
        .Attr("step", stepOptional)
        .Attr("size", size)
        .Attr("layout", layoutOptional)
        .Output("y", out)
        .Plan(workspaceSize, executor);
}

aclnnStatus aclnnDemoWindow(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream)
{
    return ascend_ops_cpu_aclnn::Launch("aclnnDemoWindow", workspace, workspaceSize, executor, stream);
}

}  // extern "C"
