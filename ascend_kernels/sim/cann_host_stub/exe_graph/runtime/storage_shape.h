// CPU stand-in for CANN exe_graph/runtime/storage_shape.h (StorageShape lives in shape.h here).
#ifndef CANN_HOST_STUB_EXE_GRAPH_STORAGE_SHAPE_H
#define CANN_HOST_STUB_EXE_GRAPH_STORAGE_SHAPE_H

#include "exe_graph/runtime/shape.h"

#endif  // CANN_HOST_STUB_EXE_GRAPH_STORAGE_SHAPE_H
