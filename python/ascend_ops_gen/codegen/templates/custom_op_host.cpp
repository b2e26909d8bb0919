$header
//
// The CANN custom op `$op_name` (kind: custom): OpType $op_type, kernel ../op_kernel/$op_name.cpp.
//
// What is the op's own: its tensors and how its kernel reads each, its dtype combinations (the
// tiling keys), its OpDef with one AI Core configuration per product line, its shape rule and the
// fields it adds to its tiling data. Shape and dtype inference and the split of the outputs'
// elements across cores and double-buffered UB tiles are the same for every custom op
// (common/custom_op_host.h, Note [element split]).
#include "$tiling_header"

$shape_includes
#include "custom_op_host.h"
$shape_checks

namespace ops {

// The tensors of $op_name, inputs then outputs, and how its kernel reads each ($spec).
static const ascend_ops::CustomTensor kTensors[] = {
    $tensors
};

// Its dtype combinations: one row per tiling key (the key of row k is k + 1), a dtype per tensor.
static const ge::DataType kCombinations[] = {
    $combinations
};

// The inputs its shape rule reads ($shape_rule).
static const int32_t kShapeInputs[] = {$shape_inputs};

// Where each output's dtype comes from: an input's index, or -1 for its own dtype.
static const int32_t kOutputDtypeFrom[] = {$output_dtype_from};
static const ge::DataType kOutputDtype[] = {$output_dtype};
$infer_shape

static const ascend_ops::CustomOpHost k$op_type{"$op_type", kTensors, $input_count, $output_count, kCombinations, $combination_count,
                                            ascend_ops::CustomShapeRule::$shape_kind, kShapeInputs, $shape_input_count, $infer_shape_function,
                                            kOutputDtypeFrom, kOutputDtype};

// The tiling function: the call read and split (ReadCustomOpCall), $op_name's own fields, saved.
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    ascend_ops::CustomOpCall call;
    optiling::$tiling_class tiling;
    if (ascend_ops::ReadCustomOpCall(k$op_type, context, &call)) {
        ascend_ops::SetElementSplit(call.split(), &tiling);
        $op_fields
    }
    return ascend_ops::SaveCustomOpTiling(k$op_type, context, call, &tiling);
}

class $op_type : public OpDef {
public:
    explicit $op_type(const char* name) : OpDef(name)
    {
        // Every dtype combination of the op, position by position; each product line's configuration
        // below keeps its share.
        $opdef_tensors
        $attrs
        this->SetInferShape(ascend_ops::InferCustomOpShape<&k$op_type>)
            .SetInferDataType(ascend_ops::InferCustomOpDataType<&k$op_type>);
        this->AICore().SetTiling(TilingFunc);

        $configs
    }
};

OP_ADD($op_type);

}  // namespace ops
