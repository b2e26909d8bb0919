// @generated from op_specs/*.yaml by ascend-ops generate; do not edit
//
// The torch binding of the CANN op package: `torch.ops.ascend_ops_npu.<op>` on npu tensors
// (PrivateUse1, which torch_npu names "npu"), one kernel per op, each calling the op's aclnn API
// on the current NPU stream through op-plugin's EXEC_NPU_CMD_EXT (torch_npu wheel,
// include/third_party/op-plugin). ascend_ops.npu.dispatch dispatches here after checking the arguments and
// the product's dtype rule; each kernel builds the op's view with the engine's view builder
// (op_views.h, as the OpDef's InferShape does) to size the output, then launches.
//
// Built by scripts/build_ascend.sh against torch and torch_npu; compile-checked without CANN by
// `ascend-ops check-npu`.
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <ATen/ATen.h>
#include <torch/library.h>

#include "npu_cpp_extension.h"
#include "op_views.h"

typedef int32_t aclnnStatus;  // as aclnn_base.h, which the torch_npu wheel does not ship

// What CANN's build generates for each OpDef (op_api/include/aclnn_<op>.h, Note [aclnn rules] in
// ascend_ops_gen/codegen/aclnn.py). Declared, not included: the headers exist only after the op
// package is built, and EXEC_NPU_CMD_EXT finds the functions by name at run time, so without
// these declarations nothing would check what a call passes. Never called directly.
extern "C" {
aclnnStatus aclnnDemoWindowGetWorkspaceSize(const aclTensor *x, const aclIntArray *begin, const aclIntArray *stepOptional, int64_t size, char *layoutOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
aclnnStatus aclnnDemoWindow(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);
}

namespace ascend_ops_npu {

// Note [aclnn call check]
// ~~~~~~~~~~~~~~~~~~~~~~~
// EXEC_NPU_CMD_EXT converts each argument (op_api_common_base.h: ConvertType on its V1 path,
// CopyTypeV2 then ConvertTypeV2 on its V2 path), appends the workspace-size and executor
// outputs, and calls the symbol it looked up with exactly those types. CheckAclnnCall proves at
// compile time that both conversions give the parameter list of the declared prototype, one for
// one (a pointer to const and to non-const count as the same): a missing, extra, reordered or
// mistyped argument is a compile error here instead of a corrupt call on the NPU.
template <typename T>
struct AclnnArgument {
    using type = T;
};
template <typename T>
struct AclnnArgument<const T*> {
    using type = T*;
};
template <typename T>
using AclnnArgumentT = typename AclnnArgument<std::remove_cv_t<std::remove_reference_t<T>>>::type;

template <typename Function>
struct AclnnParameters;
template <typename... Params>
struct AclnnParameters<aclnnStatus(Params...)> {
    using type = std::tuple<AclnnArgumentT<Params>...>;
};

template <typename... Args>
using ConvertedV1 = std::tuple<AclnnArgumentT<decltype(ConvertType(std::declval<Args&>()))>..., uint64_t*,
                               aclOpExecutor**>;
template <typename... Args>
using ConvertedV2 = std::tuple<AclnnArgumentT<decltype(ConvertTypeV2(CopyTypeV2(std::declval<Args&>())))>...,
                               uint64_t*, aclOpExecutor**>;

template <typename GetWorkspaceSize, typename... Args>
void CheckAclnnCall(const Args&...)
{
    using Expected = typename AclnnParameters<GetWorkspaceSize>::type;
    static_assert(std::is_same_v<Expected, ConvertedV1<Args...>>,
                  "the arguments of this aclnn call do not match its prototype (Note [aclnn call check])");
    static_assert(std::is_same_v<Expected, ConvertedV2<Args...>>,
                  "the arguments of this aclnn call do not match its prototype (Note [aclnn call check])");
}

// EXEC_NPU_CMD_EXT after the check: `api` is the aclnn name, the rest its arguments in API order.
#define ASCEND_OPS_EXEC_ACLNN(api, ...)                                      \
    do {                                                                     \
        CheckAclnnCall<decltype(api##GetWorkspaceSize)>(__VA_ARGS__);        \
        EXEC_NPU_CMD_EXT(api, __VA_ARGS__);                                  \
    } while (false)

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
    at::Tensor xContiguous = x.contiguous();
    ASCEND_OPS_EXEC_ACLNN(aclnnDemoWindow, xContiguous, begin, stepList, size, layoutChars, y);
    return y;
}

}  // namespace ascend_ops_npu

TORCH_LIBRARY(ascend_ops_npu, m)
{
    m.def("demo_window(Tensor x, int[] begin, int[]? step=None, int size=-1, *, str layout=\"NHWC\") -> Tensor");
}

TORCH_LIBRARY_IMPL(ascend_ops_npu, PrivateUse1, m)
{
    m.impl("demo_window", &ascend_ops_npu::demo_window);
}
