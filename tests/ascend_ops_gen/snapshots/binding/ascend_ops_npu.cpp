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

#include "aclnn_demo_window.h"
#include "aclnn_call.h"
#include "../demo_window/demo_window_view.h"
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

// demo_window (op_specs/demo_window.yaml): OpType DemoWindow, aclnnDemoWindow.
static at::Tensor demo_window(const at::Tensor& x, at::IntArrayRef begin, at::OptionalIntArrayRef step, int64_t size,
                              c10::string_view layout)
{
    const at::IntArrayRef stepList = step.value_or(at::IntArrayRef{});
    std::string layoutText(layout);
    char* layoutChars = layoutText.data();
    const ascend_ops::TensorShape inputShape = InputShape(x, "demo_window");
    ascend_ops::TensorShape outShape{};
    ascend_ops::StridedView view{};
    const ascend_ops::Status status = [&]() {
        ascend_ops::DemoWindowArgs args{};
        args.begin = begin.data();
        args.beginSize = static_cast<int64_t>(begin.size());
        args.step = stepList.data();
        args.stepSize = static_cast<int64_t>(stepList.size());
        args.size = size;
        args.layout = layoutText.c_str();
        return ascend_ops::BuildDemoWindowView(inputShape, args, &outShape, &view);
    }();
    CheckStatus(status, "demo_window");
    at::Tensor y = EmptyOutput(outShape, x);
    if (y.numel() == 0) {
        return y;
    }
    at::Tensor xContiguous = AclnnInput(x, "demo_window", "x");
    ASCEND_OPS_ACLNN("demo_window", kVendor, aclnnDemoWindow, x, xContiguous, begin, stepList, size, layoutChars, y);
    return y;
}

}  // namespace ascend_ops_npu

TORCH_LIBRARY(ascend_ops_npu, m)
{
    m.def("demo_window(Tensor x, int[] begin, int[]? step=None, int size=-1, *, str layout=\"NHWC\") -> Tensor");
}

static void RegisterKernels(torch::Library& m)
{
    m.impl("demo_window", &ascend_ops_npu::demo_window);
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
