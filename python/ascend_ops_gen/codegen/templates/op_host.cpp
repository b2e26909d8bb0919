$header
//
// The CANN custom op `$op_name`: OpType $op_type, view builder $builder.
$about
//
// What is the op's own: its OpDef, with one AI Core configuration per product line, and BuildView,
// which reads its attributes into its view builder ($view_include). Tiling, shape inference and dtype
// inference are the same for every op (common/copy_op_host.h): they build the view through
// BuildView, plan the copy for the SoC and save the plan for the kernel entry in ../op_kernel/.
#include "$tiling_header"

#include <type_traits>

#include "$view_include"
#include "copy_op_host.h"

// $view_include as op_specs declares it: the compiler holds the hand-written view builder to the
// signature the spec implies (Note [attribute binding] in ascend_ops_gen/codegen/op_views.py).
$view_checks

namespace ops {

$output_shape_rule
$fill_rule
// The output shape of $view_op and the view of its input, from its attributes in OpDef order.
static ascend_ops::Status BuildView(const ascend_ops::TensorShape& input, ascend_ops::OpAttrReader& attrs,
                                    ascend_ops::TensorShape* outShape, ascend_ops::StridedView* view)
{
    $build_view
}
$dtype_rule

// The op as copy_op_host.h sees it: the OpDef registers its tiling and shape inference by it.
static const ascend_ops::CopyOpHost k$op_type{"$op_type", "$input", "$output", BuildView, $dtype_hooks, $output_shape_hook, $fill_hook};

class $op_type : public OpDef {
public:
    explicit $op_type(const char* name) : OpDef(name)
    {
        // Every dtype of the op; each product line's configuration below narrows it.
        this->Input("$input").ParamType(REQUIRED).DataType({$all_dtypes}).Format({$all_formats});
        this->Output("$output").ParamType(REQUIRED).DataType({$all_dtypes}).Format({$all_formats});
        $attrs
        this->SetInferShape(ascend_ops::InferCopyOpShape<&k$op_type>).SetInferDataType(ascend_ops::InferCopyOpDataType);
        this->AICore().SetTiling(ascend_ops::CopyOpTiling<&k$op_type>);

        $configs
    }
};

OP_ADD($op_type);

}  // namespace ops
