$header
//
// The torch binding of the CANN op package: `torch.ops.$namespace.<op>` on npu tensors
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

$aclnn_includes
#include "aclnn_call.h"
$view_includes
#include "write_shapes.h"

namespace $namespace {

constexpr const char* kVendor = $vendor;

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

$kernels
}  // namespace $namespace

TORCH_LIBRARY($namespace, m)
{
    $definitions
}

static void RegisterKernels(torch::Library& m)
{
    $impls
}

TORCH_LIBRARY_IMPL($namespace, PrivateUse1, m)
{
    RegisterKernels(m);
}

#if defined(ASCEND_OPS_BINDING_HOST)
TORCH_LIBRARY_IMPL($namespace, CPU, m)
{
    RegisterKernels(m);
}
#endif
