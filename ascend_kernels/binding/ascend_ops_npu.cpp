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
aclnnStatus aclnnAscendDepthToSpaceGetWorkspaceSize(const aclTensor *x, int64_t blockSize, char *dataFormatOptional, char *modeOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
aclnnStatus aclnnAscendDepthToSpace(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);
aclnnStatus aclnnAscendSliceGetWorkspaceSize(const aclTensor *x, const aclIntArray *offsets, const aclIntArray *size, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
aclnnStatus aclnnAscendSlice(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);
aclnnStatus aclnnAscendSpaceToDepthGetWorkspaceSize(const aclTensor *x, int64_t blockSize, char *dataFormatOptional, char *modeOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
aclnnStatus aclnnAscendSpaceToDepth(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);
aclnnStatus aclnnAscendStridedSliceGetWorkspaceSize(const aclTensor *x, const aclIntArray *begin, const aclIntArray *end, const aclIntArray *stridesOptional, int64_t beginMask, int64_t endMask, int64_t ellipsisMask, int64_t newAxisMask, int64_t shrinkAxisMask, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
aclnnStatus aclnnAscendStridedSlice(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);
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
    at::Tensor xContiguous = x.contiguous();
    ASCEND_OPS_EXEC_ACLNN(aclnnAscendDepthToSpace, xContiguous, blockSize, dataFormatChars, modeChars, y);
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
    at::Tensor xContiguous = x.contiguous();
    ASCEND_OPS_EXEC_ACLNN(aclnnAscendSlice, xContiguous, offsets, size, y);
    return y;
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
    at::Tensor xContiguous = x.contiguous();
    ASCEND_OPS_EXEC_ACLNN(aclnnAscendSpaceToDepth, xContiguous, blockSize, dataFormatChars, modeChars, y);
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
    at::Tensor xContiguous = x.contiguous();
    ASCEND_OPS_EXEC_ACLNN(aclnnAscendStridedSlice, xContiguous, begin, end, stridesList, beginMask, endMask,
                          ellipsisMask, newAxisMask, shrinkAxisMask, y);
    return y;
}

}  // namespace ascend_ops_npu

TORCH_LIBRARY(ascend_ops_npu, m)
{
    m.def("depth_to_space(Tensor x, int block_size, *, str data_format=\"NHWC\", str mode=\"DCR\") -> Tensor");
    m.def("slice(Tensor x, int[] offsets, int[] size) -> Tensor");
    m.def("space_to_depth(Tensor x, int block_size, *, str data_format=\"NHWC\", str mode=\"DCR\") -> Tensor");
    m.def("strided_slice(Tensor x, int[] begin, int[] end, int[]? strides=None, *, int begin_mask=0, int end_mask=0, int ellipsis_mask=0, int new_axis_mask=0, int shrink_axis_mask=0) -> Tensor");
}

TORCH_LIBRARY_IMPL(ascend_ops_npu, PrivateUse1, m)
{
    m.impl("depth_to_space", &ascend_ops_npu::depth_to_space);
    m.impl("slice", &ascend_ops_npu::slice);
    m.impl("space_to_depth", &ascend_ops_npu::space_to_depth);
    m.impl("strided_slice", &ascend_ops_npu::strided_slice);
}
