"""The op specs: a frozen, typed model of `op_specs/*.yaml` and its loader."""
from .loader import (load_specs, project_root, running_from_checkout, spec_folder_description,
                     specs)
from .model import (REQUIRED, Attribute, AttrType, Backward, BackwardRule, DtypeRule, ErrorExample, Example, Location,
                    OpSpec, Product, Soc, SpecSet, TensorArg)
from .model import BENCH_KINDS, Bench, BenchClass, BenchTiny

__all__ = ["REQUIRED", "Attribute", "AttrType", "Backward", "BackwardRule", "DtypeRule", "ErrorExample", "Example",
           "Location", "OpSpec", "Product", "Soc", "SpecSet", "TensorArg", "load_specs",
           "project_root", "running_from_checkout", "spec_folder_description", "specs"]
__all__ += ["BENCH_KINDS", "Bench", "BenchClass", "BenchTiny"]
