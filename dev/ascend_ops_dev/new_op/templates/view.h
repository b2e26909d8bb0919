// `$name` as a view: the op's view builder (docs/adding-an-op.md, step 3). Generation never
// touches this file.
#ifndef ASCEND_KERNELS_${guard}_${guard}_VIEW_H
#define ASCEND_KERNELS_${guard}_${guard}_VIEW_H

#include <cstdint>

#include "view_builder.h"

namespace ascend_ops {

// The output shape of $name and the view of its input (write it, with the reference's checks).
inline Status $builder(const TensorShape& input, TensorShape* outShape, StridedView* view)
{
    (void)input;
    (void)outShape;
    (void)view;
    return Status::Error("$builder (ascend_kernels/$name/${name}_view.h) is not written yet");
}

}  // namespace ascend_ops

#endif  // ASCEND_KERNELS_${guard}_${guard}_VIEW_H
