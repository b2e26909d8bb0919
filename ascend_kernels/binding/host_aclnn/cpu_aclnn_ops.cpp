// @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
//
// Every op's aclnn functions on the package's CPU aclnn runtime (cpu_aclnn.h), defined with the
// signatures of the aclnn headers included below: a header that declares another signature makes
// this file fail to compile. Each GetWorkspaceSize hands its arguments, named as the OpDef names
// them, to the runtime, which runs the op's InferShape and TilingFunc; each launch runs the op's
// kernel (by its entry name) on the simulator.
#include "cpu_aclnn.h"

#include "aclnn_ascend_depth_to_space.h"
#include "aclnn_ascend_slice.h"
#include "aclnn_ascend_slice_grad.h"
#include "aclnn_ascend_space_to_depth.h"
#include "aclnn_ascend_strided_slice.h"
#include "aclnn_ascend_strided_slice_grad.h"

extern "C" {

aclnnStatus aclnnAscendDepthToSpaceGetWorkspaceSize(const aclTensor *x, int64_t blockSize, char *dataFormatOptional, char *modeOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return ascend_ops_cpu_aclnn::Call("aclnnAscendDepthToSpaceGetWorkspaceSize", "AscendDepthToSpace", "ascend_depth_to_space")
        .Input("x", x)
        .Attr("block_size", blockSize)
        .Attr("data_format", dataFormatOptional)
        .Attr("mode", modeOptional)
        .Output("y", out)
        .Plan(workspaceSize, executor);
}

aclnnStatus aclnnAscendDepthToSpace(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream)
{
    return ascend_ops_cpu_aclnn::Launch("aclnnAscendDepthToSpace", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAscendSliceGetWorkspaceSize(const aclTensor *x, const aclIntArray *offsets, const aclIntArray *size, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return ascend_ops_cpu_aclnn::Call("aclnnAscendSliceGetWorkspaceSize", "AscendSlice", "ascend_slice")
        .Input("x", x)
        .Attr("offsets", offsets)
        .Attr("size", size)
        .Output("y", out)
        .Plan(workspaceSize, executor);
}

aclnnStatus aclnnAscendSlice(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream)
{
    return ascend_ops_cpu_aclnn::Launch("aclnnAscendSlice", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAscendSliceGradGetWorkspaceSize(const aclTensor *dy, const aclIntArray *shape, const aclIntArray *offsets, const aclIntArray *size, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return ascend_ops_cpu_aclnn::Call("aclnnAscendSliceGradGetWorkspaceSize", "AscendSliceGrad", "ascend_slice_grad")
        .Input("dy", dy)
        .Attr("shape", shape)
        .Attr("offsets", offsets)
        .Attr("size", size)
        .Output("dx", out)
        .Plan(workspaceSize, executor);
}

aclnnStatus aclnnAscendSliceGrad(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream)
{
    return ascend_ops_cpu_aclnn::Launch("aclnnAscendSliceGrad", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAscendSpaceToDepthGetWorkspaceSize(const aclTensor *x, int64_t blockSize, char *dataFormatOptional, char *modeOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return ascend_ops_cpu_aclnn::Call("aclnnAscendSpaceToDepthGetWorkspaceSize", "AscendSpaceToDepth", "ascend_space_to_depth")
        .Input("x", x)
        .Attr("block_size", blockSize)
        .Attr("data_format", dataFormatOptional)
        .Attr("mode", modeOptional)
        .Output("y", out)
        .Plan(workspaceSize, executor);
}

aclnnStatus aclnnAscendSpaceToDepth(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream)
{
    return ascend_ops_cpu_aclnn::Launch("aclnnAscendSpaceToDepth", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAscendStridedSliceGetWorkspaceSize(const aclTensor *x, const aclIntArray *begin, const aclIntArray *end, const aclIntArray *stridesOptional, int64_t beginMask, int64_t endMask, int64_t ellipsisMask, int64_t newAxisMask, int64_t shrinkAxisMask, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return ascend_ops_cpu_aclnn::Call("aclnnAscendStridedSliceGetWorkspaceSize", "AscendStridedSlice", "ascend_strided_slice")
        .Input("x", x)
        .Attr("begin", begin)
        .Attr("end", end)
        .Attr("strides", stridesOptional)
        .Attr("begin_mask", beginMask)
        .Attr("end_mask", endMask)
        .Attr("ellipsis_mask", ellipsisMask)
        .Attr("new_axis_mask", newAxisMask)
        .Attr("shrink_axis_mask", shrinkAxisMask)
        .Output("y", out)
        .Plan(workspaceSize, executor);
}

aclnnStatus aclnnAscendStridedSlice(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream)
{
    return ascend_ops_cpu_aclnn::Launch("aclnnAscendStridedSlice", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAscendStridedSliceGradGetWorkspaceSize(const aclTensor *dy, const aclIntArray *shape, const aclIntArray *begin, const aclIntArray *end, const aclIntArray *stridesOptional, int64_t beginMask, int64_t endMask, int64_t ellipsisMask, int64_t newAxisMask, int64_t shrinkAxisMask, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return ascend_ops_cpu_aclnn::Call("aclnnAscendStridedSliceGradGetWorkspaceSize", "AscendStridedSliceGrad", "ascend_strided_slice_grad")
        .Input("dy", dy)
        .Attr("shape", shape)
        .Attr("begin", begin)
        .Attr("end", end)
        .Attr("strides", stridesOptional)
        .Attr("begin_mask", beginMask)
        .Attr("end_mask", endMask)
        .Attr("ellipsis_mask", ellipsisMask)
        .Attr("new_axis_mask", newAxisMask)
        .Attr("shrink_axis_mask", shrinkAxisMask)
        .Output("dx", out)
        .Plan(workspaceSize, executor);
}

aclnnStatus aclnnAscendStridedSliceGrad(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream)
{
    return ascend_ops_cpu_aclnn::Launch("aclnnAscendStridedSliceGrad", workspace, workspaceSize, executor, stream);
}

}  // extern "C"
