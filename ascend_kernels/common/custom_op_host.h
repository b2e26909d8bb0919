// The CANN host side of every custom op (kind: custom, Note [custom ops] in
// python/ascend_ops_gen/spec/model.py), written once.
//
// A generated op_host/<op>.cpp describes its op as a CustomOpHost (its tensors, how the kernel
// reads each, its dtype combinations, its shape rule and where each output's dtype comes from)
// and registers, in its OpDef, InferCustomOpShape<&kOp>, InferCustomOpDataType<&kOp> and a
// TilingFunc that reads the call (ReadCustomOpCall: the dtype combination, which is the tiling
// key, the shapes, and the split of the output's elements across cores and double-buffered UB
// tiles, PlanElementSplit), fills the op's tiling data and saves it (SaveCustomOpTiling).
//
// Note [element split]
// The generated kernel (common/custom_op_kernel.h) walks the output's elements in order. Each
// core takes blockElems of them (the last core the rest); each tile is at most tileElems, and
// every staged tensor (an input read tile by tile, an output) has a queue of two such tiles (double
// buffering) of its own element size. Both counts are multiples of alignElems, the elements of 32
// bytes of the smallest staged element, so every tile of every tensor is whole 32-byte blocks and
// moves with DataCopy on every product line (DataCopyPad exists on some only). A core's share is
// at least alignElems unless the whole output is shorter (then one core stages it by scalar moves):
// a share that is no multiple of alignElems ends with a tile backed off to end where the share
// ends, which computes some elements of the tile before it again (Compute maps each position's
// inputs to its outputs, so they get the same values) and writes them again with those values.
// The tile takes what UB the product line leaves a kernel (its usable UB, products.yaml) over two
// buffers of every staged tensor, and no more than the largest core share.
//
// Only CANN's host API is used (through copy_op_host.h's pieces: the attribute reader, the SoC's
// facts, the error-message channel); the split is a pure function on plain numbers.
#ifndef ASCEND_KERNELS_COMMON_CUSTOM_OP_HOST_H
#define ASCEND_KERNELS_COMMON_CUSTOM_OP_HOST_H

#ifdef ASCEND_OPS_KERNEL_TU
#error "custom_op_host.h is host code, which a kernel translation unit must not include (Note [kernel translation unit] in build_arch.h)"
#endif

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "copy_op_host.h"
#include "soc_info.h"
#include "status.h"
#include "strided_view.h"
#include "write_shapes.h"

namespace ascend_ops {

// How the kernel reads an input (the spec's `read:`), or that the tensor is an output.
enum class CustomTensorRole : int32_t { kTile, kLoad, kGm, kOutput };

struct CustomTensor {
    const char* name;
    CustomTensorRole role;
    bool optional;
};

inline bool IsStaged(CustomTensorRole role) { return role != CustomTensorRole::kGm; }

enum class CustomShapeRule : int32_t { kSameAs, kBroadcast, kInferShape };

// An op's hand-written shape rule (Infer<Op>Shape in <op>/<op>_shape.h), through the generated glue
// that reads its attributes: the shapes of the inputs (an absent optional one has rank -1) in,
// the outputs' one shape out.
using InferCustomShapeFunc = Status (*)(const TensorShape* inputs, OpAttrReader& attrs, TensorShape* output);

constexpr int32_t kMaxCustomTensors = 16;  // inputs + outputs; the kernel entry takes as many GM_ADDRs

// What the shared host code knows of one custom op (generated per op; a template argument, as
// CopyOpHost is).
struct CustomOpHost {
    const char* opType;
    const CustomTensor* tensors;        // inputs, then outputs
    int32_t inputCount;
    int32_t outputCount;
    const ge::DataType* combinations;   // combinationCount rows of inputCount + outputCount dtypes
    int32_t combinationCount;           // the tiling key of row k is k + 1
    CustomShapeRule shapeRule;
    const int32_t* shapeInputs;         // kSameAs: one input; kBroadcast: the inputs broadcast
    int32_t shapeInputCount;
    InferCustomShapeFunc inferShape;    // kInferShape
    const int32_t* outputDtypeFrom;     // per output: the input whose dtype it has, or -1: outputDtype
    const ge::DataType* outputDtype;    // per output, where outputDtypeFrom is -1
};

// Reports why the op was rejected through CANN's error-message channel, as CopyOpHost's Reject does
// (the OpType and node first); CANN turns the failed status into the caller's error.
inline ge::graphStatus RejectCustomOp(const CustomOpHost& op, const char* nodeName, const Status& why,
                                      Rejection what = Rejection::kArguments)
{
    LastRejection() = what;
    REPORT_INNER_ERROR(kRejectionErrorCode, "%s%s", RejectionPrefix(op.opType, nodeName).c_str(), why.message);
    return ge::GRAPH_FAILED;
}

inline bool SameShape(const TensorShape& a, const TensorShape& b)
{
    bool same = a.rank == b.rank;
    for (int32_t i = 0; same && i < a.rank; ++i) {
        same = a.dims[i] == b.dims[i];
    }
    return same;
}

// numpy's broadcasting of `count` shapes: dims aligned from the right, each 1 or the common size.
inline Status BroadcastShapes(const CustomOpHost& op, const TensorShape* inputs, const int32_t* which,
                              int32_t count, TensorShape* out)
{
    out->rank = 0;
    for (int32_t k = 0; k < count; ++k) {
        out->rank = inputs[which[k]].rank > out->rank ? inputs[which[k]].rank : out->rank;
    }
    for (int32_t d = 0; d < out->rank; ++d) {
        out->dims[d] = 1;
    }
    for (int32_t k = 0; k < count; ++k) {
        const TensorShape& s = inputs[which[k]];
        for (int32_t d = 0; d < s.rank; ++d) {
            int64_t& dim = out->dims[out->rank - s.rank + d];
            const int64_t size = s.dims[d];
            if (size != 1 && dim != 1 && size != dim) {
                return Status::Error("%s has shape %s, which does not broadcast with %s", op.tensors[which[k]].name,
                                     ShapeText(s).c_str(), ShapeText(*out).c_str());
            }
            dim = size == 1 ? dim : size;
        }
    }
    return Status::Ok();
}

// The outputs' shape by the op's rule, from its inputs' shapes (an absent optional one: rank -1).
inline Status CustomOutputShape(const CustomOpHost& op, const TensorShape* inputs, const gert::RuntimeAttrs* attrs,
                                TensorShape* out)
{
    if (op.shapeRule == CustomShapeRule::kSameAs) {
        *out = inputs[op.shapeInputs[0]];
        return Status::Ok();
    }
    if (op.shapeRule == CustomShapeRule::kBroadcast) {
        return BroadcastShapes(op, inputs, op.shapeInputs, op.shapeInputCount, out);
    }
    if (attrs == nullptr) {
        return Status::Error("%s has no attributes", op.opType);
    }
    OpAttrReader reader(*attrs);
    const Status status = op.inferShape(inputs, reader, out);
    return reader.status().ok ? status : reader.status();
}

inline const gert::Shape* ShapeOf(const gert::Shape* shape) { return shape; }
inline const gert::Shape* ShapeOf(const gert::StorageShape* shape)
{
    return shape != nullptr ? &shape->GetStorageShape() : nullptr;
}

// The input shapes of a context (InferShapeContext's gert::Shape or TilingContext's StorageShape);
// `*unknown` when one is not known yet (a graph with dynamic shapes compiling).
template <class Context>
inline Status ReadInputShapes(const CustomOpHost& op, const Context* context, TensorShape* shapes, bool* unknown)
{
    *unknown = false;
    for (int32_t i = 0; i < op.inputCount; ++i) {
        const CustomTensor& t = op.tensors[i];
        const gert::Shape* shape =
            ShapeOf(t.optional ? context->GetOptionalInputShape(i) : context->GetInputShape(i));
        if (shape == nullptr) {
            if (t.optional) {
                shapes[i].rank = -1;  // left out
                continue;
            }
            return Status::Error("input %s has no shape", t.name);
        }
        if (IsUnknownShape(*shape)) {
            *unknown = true;
            return Status::Ok();
        }
        const Status status = ToTensorShape(*shape, t.name, &shapes[i]);
        if (!status.ok) {
            return status;
        }
    }
    return Status::Ok();
}

// Shape inference of every custom op: its rule, for each output. While shapes are unknown the
// outputs' rank is too (-2), and the tiling function sees the truth.
template <const CustomOpHost* kOp>
ge::graphStatus InferCustomOpShape(gert::InferShapeContext* context)
{
    const CustomOpHost& op = *kOp;
    TensorShape inputs[kMaxCustomTensors];
    bool unknown = false;
    Status status = ReadInputShapes(op, context, inputs, &unknown);
    if (!status.ok) {
        return RejectCustomOp(op, context->GetNodeName(), status, Rejection::kContext);
    }
    TensorShape out{};
    if (!unknown) {
        status = CustomOutputShape(op, inputs, context->GetAttrs(), &out);
        if (!status.ok) {
            return RejectCustomOp(op, context->GetNodeName(), status);
        }
        if (out.rank > static_cast<int32_t>(gert::Shape::kMaxDimNum)) {
            return RejectCustomOp(op, context->GetNodeName(),
                                  Status::Error("the outputs have %d dims; a gert::Shape holds at most %zu", out.rank,
                                                gert::Shape::kMaxDimNum));
        }
    }
    for (int32_t j = 0; j < op.outputCount; ++j) {
        gert::Shape* output = context->GetOutputShape(j);
        if (output == nullptr) {
            return RejectCustomOp(op, context->GetNodeName(),
                                  Status::Error("output %s has no shape", op.tensors[op.inputCount + j].name),
                                  Rejection::kContext);
        }
        output->SetDimNum(0);
        if (unknown) {
            output->AppendDim(-2);
            continue;
        }
        for (int32_t d = 0; d < out.rank; ++d) {
            output->AppendDim(out.dims[d]);
        }
    }
    return ge::GRAPH_SUCCESS;
}

// Dtype inference of every custom op: each output has the dtype of the input its spec names
// (`dtypes: {same_as: ...}`, the first input by default), or its one dtype of its own.
template <const CustomOpHost* kOp>
ge::graphStatus InferCustomOpDataType(gert::InferDataTypeContext* context)
{
    const CustomOpHost& op = *kOp;
    for (int32_t j = 0; j < op.outputCount; ++j) {
        const int32_t from = op.outputDtypeFrom[j];
        const ge::DataType type = from >= 0 ? context->GetInputDataType(from) : op.outputDtype[j];
        if (context->SetOutputDataType(j, type) != ge::GRAPH_SUCCESS) {
            return RejectCustomOp(op, context->GetNodeName(),
                                  Status::Error("output %s takes no dtype", op.tensors[op.inputCount + j].name),
                                  Rejection::kContext);
        }
    }
    return ge::GRAPH_SUCCESS;
}

// Note [element split]: how a kernel of a custom op walks its output.
struct ElementSplit {
    int64_t totalElems;  // the output's elements
    int64_t blockElems;  // each core's, the last core's excepted (it takes the rest)
    int64_t tileElems;   // a tile's at most
    int64_t alignElems;  // the elements of 32 bytes of the smallest staged element
    uint32_t blockDim;
};

constexpr int64_t kSplitBlockBytes = 32;  // DataCopy moves whole 32-byte blocks
constexpr int64_t kSplitBuffers = 2;      // double buffering: two tiles in each queue

inline int64_t RoundUp(int64_t value, int64_t unit) { return (value + unit - 1) / unit * unit; }

// Note [element split], for `total` output elements, the element sizes of the staged tensors and
// the SoC's launch cores and usable UB.
inline Status PlanElementSplit(int64_t total, const int32_t* stagedBytes, int32_t stagedCount, const SocInfo& soc,
                               ElementSplit* out)
{
    if (stagedCount < 1) {
        return Status::Error("no tensor is staged in UB");
    }
    int64_t smallest = 8;
    int64_t perElement = 0;
    for (int32_t i = 0; i < stagedCount; ++i) {
        if (stagedBytes[i] != 1 && stagedBytes[i] != 2 && stagedBytes[i] != 4 && stagedBytes[i] != 8) {
            return Status::Error("a staged element of %d bytes; elements have 1, 2, 4 or 8", stagedBytes[i]);
        }
        smallest = stagedBytes[i] < smallest ? stagedBytes[i] : smallest;
        perElement += stagedBytes[i];
    }
    if (soc.coreNum < 1) {
        return Status::Error("SoC %s launches on %d cores", soc.name, soc.coreNum);
    }
    const int64_t align = kSplitBlockBytes / smallest;
    const int64_t maxTile = soc.ubBytes / (kSplitBuffers * perElement) / align * align;
    if (maxTile < align) {
        return Status::Error("%lld bytes of UB per element staged twice leave no tile of %lld elements in the "
                             "%lld bytes of UB on %s", static_cast<long long>(kSplitBuffers * perElement),
                             static_cast<long long>(align), static_cast<long long>(soc.ubBytes), soc.name);
    }
    out->totalElems = total;
    out->alignElems = align;
    if (total <= 0) {
        out->blockElems = 0;
        out->tileElems = align;
        out->blockDim = 1;
        return Status::Ok();
    }
    out->blockElems = RoundUp((total + soc.coreNum - 1) / soc.coreNum, align);
    int64_t blocks = (total + out->blockElems - 1) / out->blockElems;
    if (blocks > 1 && total - (blocks - 1) * out->blockElems < align) {
        blocks -= 1;  // the short rest joins the core before it: no share is shorter than a block
    }
    const int64_t largestShare = total - (blocks - 1) * out->blockElems;
    const int64_t share = RoundUp(largestShare > out->blockElems ? largestShare : out->blockElems, align);
    out->tileElems = maxTile < share ? maxTile : share;
    out->blockDim = static_cast<uint32_t>(blocks);
    return Status::Ok();
}

// One call of a custom op as its TilingFunc reads it.
class CustomOpCall {
public:
    CustomOpCall() : status_(Status::Ok()), what_(Rejection::kArguments), key_(0), attrs_(nullptr)
    {
        split_ = ElementSplit{0, 0, 0, 0, 1};
    }

    const ElementSplit& split() const { return split_; }
    uint64_t key() const { return key_; }
    const Status& status() const { return status_; }
    Rejection rejection() const { return what_; }
    const TensorShape& shape(int32_t tensor) const { return shapes_[tensor]; }

    // The fields of an op's `tiling:` (their sources): a failure is kept in status().
    int64_t Dim(int32_t tensor, int64_t axis, const char* field)
    {
        const TensorShape& s = shapes_[tensor];
        const int64_t at = axis < 0 ? axis + s.rank : axis;
        if (at < 0 || at >= s.rank) {
            Fail(Status::Error("tiling field %s takes dim %lld of %s, which has %d dims", field,
                               static_cast<long long>(axis), names_[tensor], s.rank));
            return 0;
        }
        return s.dims[at];
    }

    int64_t ElementsAfter(int32_t tensor, int64_t axis, const char* field)
    {
        const TensorShape& s = shapes_[tensor];
        const int64_t at = axis < 0 ? axis + s.rank : axis;
        if (at < 0 || at >= s.rank) {
            Fail(Status::Error("tiling field %s takes the dims of %s after dim %lld, which it does not have (%d dims)",
                               field, names_[tensor], static_cast<long long>(axis), s.rank));
            return 0;
        }
        int64_t count = 1;
        for (int32_t d = static_cast<int32_t>(at) + 1; d < s.rank; ++d) {
            count *= s.dims[d];
        }
        return count;
    }

    int64_t Elements(int32_t tensor) const { return shapes_[tensor].rank < 0 ? 0 : NumElements(shapes_[tensor]); }

    // A `shape:` field (Note [tiling accessors] in codegen/custom_op.py): the tensor's rank, its
    // dims and the element strides of its contiguous layout in `dims` and `strides`, which hold
    // `capacity`; an absent optional input has rank -1.
    int64_t Shape(int32_t tensor, int32_t capacity, int64_t* dims, int64_t* strides, const char* field)
    {
        const TensorShape& s = shapes_[tensor];
        if (s.rank > capacity) {
            Fail(Status::Error("%s has %d dims; tiling field %s holds at most %d", names_[tensor], s.rank, field,
                               capacity));
            return 0;
        }
        int64_t stride = 1;
        for (int32_t d = s.rank - 1; d >= 0; --d) {
            dims[d] = s.dims[d];
            strides[d] = stride;
            stride *= s.dims[d];
        }
        return s.rank;
    }

    // An int[], int[]? or int[][] attribute's field: its ints in `values` (room for `capacity`
    // rows of `inner`), and the count of its ints (`rows`: of its rows). Refused as
    // runtime/custom_calls.py refuses them: ints that are no whole rows, more rows than fit.
    int64_t IntRows(size_t index, const char* name, int64_t inner, int32_t capacity, int64_t* values,
                    const char* opName, bool rows)
    {
        const IntListAttr list = Attr(&OpAttrReader::ListInt, index, name, IntListAttr{nullptr, 0});
        if (!status_.ok) {
            return 0;
        }
        if (rows && list.size % inner != 0) {
            Fail(Status::Error("%s has %lld ints, which are no whole rows of %lld (int[][], inner %lld)", name,
                               static_cast<long long>(list.size), static_cast<long long>(inner),
                               static_cast<long long>(inner)));
            return 0;
        }
        const int64_t count = list.size / inner;
        if (count > capacity) {
            Fail(Status::Error("%s has %lld %s; %s's tiling data holds at most %d (its max_rank, else the dims of a "
                               "CANN tensor shape)", name, static_cast<long long>(count), rows ? "rows" : "ints",
                               opName, capacity));
            return 0;
        }
        for (int64_t i = 0; i < list.size; ++i) {
            values[i] = list.data[i];
        }
        return count;
    }

    // A float attribute's field: its float32's bits (Note [float attributes] in spec/model.py).
    int64_t FloatBits(size_t index, const char* name)
    {
        uint32_t bits = 0;
        const float value = Float(index, name);
        std::memcpy(&bits, &value, sizeof(bits));
        return static_cast<int64_t>(bits);
    }

    // A float attribute with `value_of`: its value as the bits of that tensor's dtype, which must
    // hold it exactly (Note [float attributes]); refused with the words of cpu_reference's
    // exact_value.
    int64_t ValueBits(size_t index, const char* name, int32_t tensor)
    {
        const float value = Float(index, name);
        uint64_t bits = 0;
        if (status_.ok && !ExactBits(value, types_[tensor], &bits)) {
            const char* dtype = DtypeNameOf(types_[tensor]);
            Fail(Status::Error("%s = %.9g is not exactly representable in %s (the dtype of %s); give a value %s holds "
                               "exactly", name, static_cast<double>(value), dtype, names_[tensor], dtype));
        }
        return static_cast<int64_t>(bits);
    }

    int64_t IntAttr(size_t index, const char* name) { return Attr(&OpAttrReader::Int, index, name, int64_t{0}); }

    float Float(size_t index, const char* name) { return Attr(&OpAttrReader::Float, index, name, 0.0F); }

    // An attribute by OpAttrReader's `read`; `none` (and the failure kept) when it cannot be read.
    template <typename T>
    T Attr(T (OpAttrReader::*read)(size_t, const char*), size_t index, const char* name, T none)
    {
        if (attrs_ == nullptr) {
            Fail(Status::Error("the call has no attributes"), Rejection::kContext);
            return none;
        }
        OpAttrReader reader(*attrs_);
        const T value = (reader.*read)(index, name);
        if (!reader.status().ok) {
            Fail(reader.status());
            return none;
        }
        return value;
    }

    void Fail(const Status& why, Rejection what = Rejection::kArguments)
    {
        if (status_.ok) {
            status_ = why;
            what_ = what;
        }
    }

    // Reads everything but the op's own fields (ReadCustomOpCall).
    friend bool ReadCustomOpCall(const CustomOpHost& op, gert::TilingContext* context, CustomOpCall* call);

private:
    Status status_;
    Rejection what_;
    uint64_t key_;
    ElementSplit split_;
    const gert::RuntimeAttrs* attrs_;
    TensorShape shapes_[kMaxCustomTensors];
    const char* names_[kMaxCustomTensors];
    ge::DataType types_[kMaxCustomTensors];
};

inline std::string DtypeText(const CustomOpHost& op, const ge::DataType* types)
{
    std::string text;
    for (int32_t t = 0; t < op.inputCount + op.outputCount; ++t) {
        text += std::string(t > 0 ? ", " : "") + op.tensors[t].name + " " + DtypeNameOf(types[t]);
    }
    return text;
}

// The call's dtype combination (its tiling key), its tensors' shapes, which must agree with the
// op's shape rule and the pipeline (inputs read tile by tile have the outputs' shape), and the split
// of the outputs' elements for the SoC. False, with call->status(), on a call the op rejects.
inline bool ReadCustomOpCall(const CustomOpHost& op, gert::TilingContext* context, CustomOpCall* call)
{
    const int32_t count = op.inputCount + op.outputCount;
    if (count > kMaxCustomTensors) {
        call->Fail(Status::Error("%d tensors; at most %d are supported", count, kMaxCustomTensors), Rejection::kContext);
        return false;
    }
    call->attrs_ = context->GetAttrs();
    ge::DataType types[kMaxCustomTensors];
    for (int32_t t = 0; t < count; ++t) {
        const CustomTensor& tensor = op.tensors[t];
        call->names_[t] = tensor.name;
        const bool input = t < op.inputCount;
        const gert::CompileTimeTensorDesc* desc =
            input ? (tensor.optional ? context->GetOptionalInputDesc(t) : context->GetInputDesc(t))
                  : context->GetOutputDesc(t - op.inputCount);
        if (desc == nullptr && !tensor.optional) {
            call->Fail(Status::Error("%s has no description", tensor.name), Rejection::kContext);
            return false;
        }
        types[t] = desc != nullptr ? desc->GetDataType() : ge::DT_UNDEFINED;
        call->types_[t] = types[t];
    }
    for (int32_t k = 0; k < op.combinationCount && call->key_ == 0; ++k) {
        bool same = true;
        for (int32_t t = 0; t < count; ++t) {
            same = same && (types[t] == ge::DT_UNDEFINED || op.combinations[k * count + t] == types[t]);
        }
        call->key_ = same ? static_cast<uint64_t>(k + 1) : 0;
    }
    if (call->key_ == 0) {
        call->Fail(Status::Error("the dtypes (%s) are no dtype combination of %s",
                                 DtypeText(op, types).c_str(), op.opType));
        return false;
    }
    bool unknown = false;
    Status status = ReadInputShapes(op, context, call->shapes_, &unknown);
    if (!status.ok || unknown) {
        call->Fail(status.ok ? Status::Error("an input's shape is unknown") : status, Rejection::kContext);
        return false;
    }
    TensorShape out{};
    status = CustomOutputShape(op, call->shapes_, call->attrs_, &out);
    if (!status.ok) {
        call->Fail(status);
        return false;
    }
    for (int32_t j = 0; j < op.outputCount; ++j) {
        call->shapes_[op.inputCount + j] = out;
        const gert::StorageShape* given = context->GetOutputShape(j);
        TensorShape shape{};
        if (given == nullptr || !ToTensorShape(given->GetStorageShape(), op.tensors[op.inputCount + j].name, &shape).ok ||
            !SameShape(shape, out)) {
            call->Fail(Status::Error("output %s has shape %s; the op's shape rule gives %s",
                                     op.tensors[op.inputCount + j].name,
                                     given != nullptr ? ShapeText(shape).c_str() : "none", ShapeText(out).c_str()),
                       Rejection::kContext);
            return false;
        }
    }
    int32_t stagedBytes[kMaxCustomTensors];
    int32_t staged = 0;
    for (int32_t t = 0; t < count; ++t) {
        const CustomTensor& tensor = op.tensors[t];
        if (!IsStaged(tensor.role)) {
            continue;
        }
        if (tensor.role == CustomTensorRole::kTile && !SameShape(call->shapes_[t], out)) {
            call->Fail(Status::Error("%s has shape %s; %s reads it tile by tile beside its outputs, of shape %s",
                                     tensor.name, ShapeText(call->shapes_[t]).c_str(), op.opType, ShapeText(out).c_str()));
            return false;
        }
        stagedBytes[staged++] = ge::GetSizeByDataType(types[t]);
    }
    std::string socName;
    SocInfo soc;
    status = ReadSocInfo(context->GetPlatformInfo(), &socName, &soc);
    if (!status.ok) {
        call->Fail(status, Rejection::kContext);
        return false;
    }
    status = PlanElementSplit(NumElements(out), stagedBytes, staged, soc, &call->split_);
    if (!status.ok) {
        call->Fail(status, Rejection::kPlanner);
        return false;
    }
    return true;
}

// The fields every custom op's tiling data starts with (Note [element split]).
template <class TilingData>
void SetElementSplit(const ElementSplit& split, TilingData* tiling)
{
    tiling->set_totalElems(split.totalElems);
    tiling->set_blockElems(split.blockElems);
    tiling->set_tileElems(split.tileElems);
    tiling->set_alignElems(split.alignElems);
}

// Saves the op's tiling data for the kernel and sets its launch: blockDim cores, the tiling key of
// the dtype combination, no workspace.
template <class TilingData>
ge::graphStatus SaveCustomOpTiling(const CustomOpHost& op, gert::TilingContext* context, const CustomOpCall& call,
                                   TilingData* tiling)
{
    if (!call.status().ok) {
        return RejectCustomOp(op, context->GetNodeName(), call.status(), call.rejection());
    }
    gert::TilingData* raw = context->GetRawTilingData();
    if (raw == nullptr) {
        return RejectCustomOp(op, context->GetNodeName(), Status::Error("the tiling context has no tiling buffer"),
                              Rejection::kContext);
    }
    if (tiling->GetDataSize() > raw->GetCapacity()) {
        return RejectCustomOp(op, context->GetNodeName(),
                              Status::Error("the tiling data takes %zu bytes; the tiling buffer holds %zu",
                                            tiling->GetDataSize(), raw->GetCapacity()),
                              Rejection::kContext);
    }
    tiling->SaveToBuffer(raw->GetData(), raw->GetCapacity());
    raw->SetDataSize(tiling->GetDataSize());
    context->SetBlockDim(call.split().blockDim);
    context->SetTilingKey(call.key());
    context->GetWorkspaceSizes(1)[0] = kNoWorkspace;  // Note [system workspace] in copy_op_host.h
    return ge::GRAPH_SUCCESS;
}

// One product line's AI Core configuration of a custom op: each tensor with the line's share of its
// dtypes (position by position, one column per dtype combination the line keeps) in its format.
inline void AddCustomOpConfig(ops::OpAICoreDef& aicore, const char* soc, const CustomOpHost& op,
                              const std::vector<std::vector<ge::DataType>>& dtypes,
                              const std::vector<ge::Format>& formats)
{
    ops::OpAICoreConfig config;
    for (int32_t t = 0; t < op.inputCount + op.outputCount; ++t) {
        const CustomTensor& tensor = op.tensors[t];
        const std::vector<ge::Format> tensorFormats(dtypes[t].size(), formats[t]);
        if (t < op.inputCount) {
            config.Input(tensor.name)
                .ParamType(tensor.optional ? ops::OPTIONAL : ops::REQUIRED)
                .DataType(dtypes[t])
                .Format(tensorFormats);
        } else {
            config.Output(tensor.name).ParamType(ops::REQUIRED).DataType(dtypes[t]).Format(tensorFormats);
        }
    }
    SetPackageConfigItems(config);
    aicore.AddConfig(soc, config);
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_COMMON_CUSTOM_OP_HOST_H
