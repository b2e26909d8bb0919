$header
//
// Every op's aclnn functions on the package's CPU aclnn runtime (cpu_aclnn.h), defined with the
// signatures of the aclnn headers included below: a header that declares another signature makes
// this file fail to compile. Each GetWorkspaceSize hands its arguments, named as the OpDef names
// them, to the runtime, which runs the op's InferShape and TilingFunc; each launch runs the op's
// kernel (by its entry name) on the simulator.
#include "cpu_aclnn.h"

$includes

extern "C" {

$functions
}  // extern "C"
