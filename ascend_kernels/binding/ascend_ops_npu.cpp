// @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
//
// The torch binding of the CANN op package: `torch.ops.ascend_ops_npu.<op>` on npu tensors
// (PrivateUse1, which torch_npu names "npu"), one kernel per op, each calling the op's aclnn API,
// as declared by the aclnn headers CANN's build generates for the OpDefs (op_api/include), through
// the binding's own lookup of the package's libcust_opapi.so, on the stream of its input's device
// (aclnn_call.h). ascend_ops.npu.dispatch dispatches here after checking the arguments and the product's
// dtype rule; each kernel builds the op's view with the engine's view builder (<op>/<op>_view.h, as
// the OpDef's InferShape does) to size the output, then launches.
//
// Built by scripts/build_ascend.sh against torch, torch_npu and the installed op package. Built with
// ASCEND_OPS_BINDING_HOST (the host side of Note [device seam]) against the package's CPU aclnn
// runtime, it is the custom route of the simulated npu device (ascend_ops.sim.aclnn_route) and, on
// CPU tensors, what `ascend-ops-dev check-package` runs.
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <ATen/ATen.h>
#include <torch/library.h>

#include "aclnn_ascend_depth_to_space.h"
#include "aclnn_ascend_slice.h"
#include "aclnn_ascend_slice_grad.h"
#include "aclnn_ascend_space_to_depth.h"
#include "aclnn_ascend_strided_slice.h"
#include "aclnn_ascend_strided_slice_grad.h"
#include "aclnn_call.h"
#include "../depth_to_space/depth_to_space_view.h"
#include "../slice/slice_view.h"
#include "../space_to_depth/space_to_depth_view.h"
#include "../strided_slice/strided_slice_view.h"
#include "write_shapes.h"

namespace ascend_ops_npu {

constexpr const char* kVendor = "ascend_ops";

static ascend_ops::TensorShape InputShape(const at::Tensor& x, const char* op)
{
    TORCH_CHECK_VALUE(x.dim() <= ascend_ops::kMaxViewDims, op, ": x has ", x.dim(), " dims; at most ",
                      ascend_ops::kMaxViewDims, " are supported");
    ascend_ops::TensorShape shape{};
    shape.rank = static_cast<int32_t>(x.dim());
    for (int32_t i = 0; i < shape.rank; ++i) {
        shape.dims[i] = x.size(i);
    }
    return shape;
}

static void CheckStatus(const ascend_ops::Status& status, const char* op)
{
    TORCH_CHECK_VALUE(status.ok, op, ": ", status.message);
}

// The op's fresh contiguous output on x's device, with x's dtype.
static at::Tensor EmptyOutput(const ascend_ops::TensorShape& shape, const at::Tensor& x)
{
    return at::empty(std::vector<int64_t>(shape.dims, shape.dims + shape.rank), x.options());
}

// depth_to_space (op_specs/depth_to_space.yaml): OpType AscendDepthToSpace, aclnnAscendDepthToSpace.
static at::Tensor depth_to_space(const at::Tensor& x, int64_t blockSize, c10::string_view dataFormat,
                                 c10::string_view mode)
{
    std::string dataFormatText(dataFormat);
    char* dataFormatChars = dataFormatText.data();
    std::string modeText(mode);
    char* modeChars = modeText.data();
    const ascend_ops::TensorShape inputShape = InputShape(x, "depth_to_space");
    ascend_ops::TensorShape outShape{};
    ascend_ops::StridedView view{};
    const ascend_ops::Status status = [&]() {
        return ascend_ops::BuildDepthToSpaceView(inputShape, blockSize, dataFormatText.c_str(), modeText.c_str(),
                                                 &outShape, &view);
    }();
    CheckStatus(status, "depth_to_space");
    at::Tensor y = EmptyOutput(outShape, x);
    if (y.numel() == 0) {
        return y;
    }
    at::Tensor xContiguous = AclnnInput(x, "depth_to_space", "x");
    ASCEND_OPS_ACLNN("depth_to_space", kVendor, aclnnAscendDepthToSpace, x, xContiguous, blockSize, dataFormatChars,
                     modeChars, y);
    return y;
}

// slice (op_specs/slice.yaml): OpType AscendSlice, aclnnAscendSlice.
static at::Tensor slice(const at::Tensor& x, at::IntArrayRef offsets, at::IntArrayRef size)
{
    const ascend_ops::TensorShape inputShape = InputShape(x, "slice");
    ascend_ops::TensorShape outShape{};
    ascend_ops::StridedView view{};
    const ascend_ops::Status status = [&]() {
        return ascend_ops::BuildSliceView(inputShape, offsets.data(), static_cast<int64_t>(offsets.size()), size.data(),
                                          static_cast<int64_t>(size.size()), &outShape, &view);
    }();
    CheckStatus(status, "slice");
    at::Tensor y = EmptyOutput(outShape, x);
    if (y.numel() == 0) {
        return y;
    }
    at::Tensor xContiguous = AclnnInput(x, "slice", "x");
    ASCEND_OPS_ACLNN("slice", kVendor, aclnnAscendSlice, x, xContiguous, offsets, size, y);
    return y;
}

// slice_grad (op_specs/slice.yaml): OpType AscendSliceGrad, aclnnAscendSliceGrad; the gradient of slice.
static at::Tensor slice_grad(const at::Tensor& dy, at::IntArrayRef shape, at::IntArrayRef offsets, at::IntArrayRef size)
{
    ascend_ops::TensorShape outShape{};
    ascend_ops::TensorShape viewShape{};
    ascend_ops::StridedView view{};
    const ascend_ops::Status status = [&]() {
        const ascend_ops::Status shapeStatus = ascend_ops::ShapeFromList(shape.data(), static_cast<int64_t>(shape.size()), &outShape);
        if (!shapeStatus.ok) {
            return shapeStatus;
        }
        return ascend_ops::BuildSliceView(outShape, offsets.data(), static_cast<int64_t>(offsets.size()), size.data(),
                                          static_cast<int64_t>(size.size()), &viewShape, &view);
    }();
    CheckStatus(status, "slice_grad");
    CheckStatus(ascend_ops::CheckWriteInputShape("dy", InputShape(dy, "slice_grad"), viewShape), "slice_grad");
    at::Tensor dx = EmptyOutput(outShape, dy);
    if (dx.numel() == 0) {
        return dx;
    }
    at::Tensor dyContiguous = AclnnInput(dy, "slice_grad", "dy");
    ASCEND_OPS_ACLNN("slice_grad", kVendor, aclnnAscendSliceGrad, dy, dyContiguous, shape, offsets, size, dx);
    return dx;
}

// space_to_depth (op_specs/space_to_depth.yaml): OpType AscendSpaceToDepth, aclnnAscendSpaceToDepth.
static at::Tensor space_to_depth(const at::Tensor& x, int64_t blockSize, c10::string_view dataFormat,
                                 c10::string_view mode)
{
    std::string dataFormatText(dataFormat);
    char* dataFormatChars = dataFormatText.data();
    std::string modeText(mode);
    char* modeChars = modeText.data();
    const ascend_ops::TensorShape inputShape = InputShape(x, "space_to_depth");
    ascend_ops::TensorShape outShape{};
    ascend_ops::StridedView view{};
    const ascend_ops::Status status = [&]() {
        return ascend_ops::BuildSpaceToDepthView(inputShape, blockSize, dataFormatText.c_str(), modeText.c_str(),
                                                 &outShape, &view);
    }();
    CheckStatus(status, "space_to_depth");
    at::Tensor y = EmptyOutput(outShape, x);
    if (y.numel() == 0) {
        return y;
    }
    at::Tensor xContiguous = AclnnInput(x, "space_to_depth", "x");
    ASCEND_OPS_ACLNN("space_to_depth", kVendor, aclnnAscendSpaceToDepth, x, xContiguous, blockSize, dataFormatChars,
                     modeChars, y);
    return y;
}

// strided_slice (op_specs/strided_slice.yaml): OpType AscendStridedSlice, aclnnAscendStridedSlice.
static at::Tensor strided_slice(const at::Tensor& x, at::IntArrayRef begin, at::IntArrayRef end,
                                at::OptionalIntArrayRef strides, int64_t beginMask, int64_t endMask,
                                int64_t ellipsisMask, int64_t newAxisMask, int64_t shrinkAxisMask)
{
    const at::IntArrayRef stridesList = strides.value_or(at::IntArrayRef{});
    const ascend_ops::TensorShape inputShape = InputShape(x, "strided_slice");
    ascend_ops::TensorShape outShape{};
    ascend_ops::StridedView view{};
    const ascend_ops::Status status = [&]() {
        ascend_ops::StridedSliceArgs args{};
        args.begin = begin.data();
        args.beginSize = static_cast<int64_t>(begin.size());
        args.end = end.data();
        args.endSize = static_cast<int64_t>(end.size());
        args.strides = stridesList.data();
        args.stridesSize = static_cast<int64_t>(stridesList.size());
        args.beginMask = beginMask;
        args.endMask = endMask;
        args.ellipsisMask = ellipsisMask;
        args.newAxisMask = newAxisMask;
        args.shrinkAxisMask = shrinkAxisMask;
        return ascend_ops::BuildStridedSliceView(inputShape, args, &outShape, &view);
    }();
    CheckStatus(status, "strided_slice");
    at::Tensor y = EmptyOutput(outShape, x);
    if (y.numel() == 0) {
        return y;
    }
    at::Tensor xContiguous = AclnnInput(x, "strided_slice", "x");
    ASCEND_OPS_ACLNN("strided_slice", kVendor, aclnnAscendStridedSlice, x, xContiguous, begin, end, stridesList,
                     beginMask, endMask, ellipsisMask, newAxisMask, shrinkAxisMask, y);
    return y;
}

// strided_slice_grad (op_specs/strided_slice.yaml): OpType AscendStridedSliceGrad, aclnnAscendStridedSliceGrad; the gradient of strided_slice.
static at::Tensor strided_slice_grad(const at::Tensor& dy, at::IntArrayRef shape, at::IntArrayRef begin,
                                     at::IntArrayRef end, at::OptionalIntArrayRef strides, int64_t beginMask,
                                     int64_t endMask, int64_t ellipsisMask, int64_t newAxisMask, int64_t shrinkAxisMask)
{
    const at::IntArrayRef stridesList = strides.value_or(at::IntArrayRef{});
    ascend_ops::TensorShape outShape{};
    ascend_ops::TensorShape viewShape{};
    ascend_ops::StridedView view{};
    const ascend_ops::Status status = [&]() {
        const ascend_ops::Status shapeStatus = ascend_ops::ShapeFromList(shape.data(), static_cast<int64_t>(shape.size()), &outShape);
        if (!shapeStatus.ok) {
            return shapeStatus;
        }
        ascend_ops::StridedSliceArgs args{};
        args.begin = begin.data();
        args.beginSize = static_cast<int64_t>(begin.size());
        args.end = end.data();
        args.endSize = static_cast<int64_t>(end.size());
        args.strides = stridesList.data();
        args.stridesSize = static_cast<int64_t>(stridesList.size());
        args.beginMask = beginMask;
        args.endMask = endMask;
        args.ellipsisMask = ellipsisMask;
        args.newAxisMask = newAxisMask;
        args.shrinkAxisMask = shrinkAxisMask;
        return ascend_ops::BuildStridedSliceView(outShape, args, &viewShape, &view);
    }();
    CheckStatus(status, "strided_slice_grad");
    CheckStatus(ascend_ops::CheckWriteInputShape("dy", InputShape(dy, "strided_slice_grad"), viewShape), "strided_slice_grad");
    at::Tensor dx = EmptyOutput(outShape, dy);
    if (dx.numel() == 0) {
        return dx;
    }
    at::Tensor dyContiguous = AclnnInput(dy, "strided_slice_grad", "dy");
    ASCEND_OPS_ACLNN("strided_slice_grad", kVendor, aclnnAscendStridedSliceGrad, dy, dyContiguous, shape, begin, end,
                     stridesList, beginMask, endMask, ellipsisMask, newAxisMask, shrinkAxisMask, dx);
    return dx;
}

}  // namespace ascend_ops_npu

TORCH_LIBRARY(ascend_ops_npu, m)
{
    m.def("depth_to_space(Tensor x, int block_size, *, str data_format=\"NHWC\", str mode=\"DCR\") -> Tensor");
    m.def("slice(Tensor x, int[] offsets, int[] size) -> Tensor");
    m.def("slice_grad(Tensor dy, int[] shape, int[] offsets, int[] size) -> Tensor");
    m.def("space_to_depth(Tensor x, int block_size, *, str data_format=\"NHWC\", str mode=\"DCR\") -> Tensor");
    m.def("strided_slice(Tensor x, int[] begin, int[] end, int[]? strides=None, *, int begin_mask=0, int end_mask=0, int ellipsis_mask=0, int new_axis_mask=0, int shrink_axis_mask=0) -> Tensor");
    m.def("strided_slice_grad(Tensor dy, int[] shape, int[] begin, int[] end, int[]? strides=None, *, int begin_mask=0, int end_mask=0, int ellipsis_mask=0, int new_axis_mask=0, int shrink_axis_mask=0) -> Tensor");
}

static void RegisterKernels(torch::Library& m)
{
    m.impl("depth_to_space", &ascend_ops_npu::depth_to_space);
    m.impl("slice", &ascend_ops_npu::slice);
    m.impl("slice_grad", &ascend_ops_npu::slice_grad);
    m.impl("space_to_depth", &ascend_ops_npu::space_to_depth);
    m.impl("strided_slice", &ascend_ops_npu::strided_slice);
    m.impl("strided_slice_grad", &ascend_ops_npu::strided_slice_grad);
}

TORCH_LIBRARY_IMPL(ascend_ops_npu, PrivateUse1, m)
{
    RegisterKernels(m);
}

#if defined(ASCEND_OPS_BINDING_HOST)
TORCH_LIBRARY_IMPL(ascend_ops_npu, CPU, m)
{
    RegisterKernels(m);
}
#endif
