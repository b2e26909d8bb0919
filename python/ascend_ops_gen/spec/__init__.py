"""The op specs: a frozen, typed model of `op_specs/*.yaml` and its loader."""
from .loader import (load_specs, project_root, running_from_checkout, spec_folder_description,
                     specs)
from .model import (BENCH_KINDS, REQUIRED, Attribute, AttrType, Backward, BackwardRule, Bench,
                    BenchClass, BenchTiny, Corpus, CorpusCase, Draw, DrawKind, DtypeRule,
                    ErrorExample, Example, FORMATS, Formula, GradientExample, GradientKernel, GradientOp, LargeSize, LayoutChange, Limit, Location,
                    OnnxNodeLayout, OnnxNodeSpec, OpKind, OpSpec, Product, ProductFact, RandomCases, ReadMode,
                    ShapeRule, ShapeRuleKind, Soc, SpecSet, TensorArg, TensorCorpusCase, TensorInput, TilingField,
                    TilingSource,
                    ViewBuilderDecl, example_input_shape)

__all__ = ["BENCH_KINDS", "REQUIRED", "Attribute", "AttrType", "Backward", "BackwardRule", "Bench",
           "BenchClass", "BenchTiny", "Corpus", "CorpusCase", "Draw", "DrawKind", "DtypeRule",
           "ErrorExample", "Example", "FORMATS", "Formula", "GradientExample", "GradientKernel", "GradientOp", "LargeSize", "LayoutChange", "Limit", "Location",
           "OnnxNodeLayout", "OnnxNodeSpec", "OpKind", "OpSpec", "Product", "ProductFact", "RandomCases",
           "ReadMode", "ShapeRule", "ShapeRuleKind", "Soc", "SpecSet", "TensorArg", "TensorCorpusCase", "TensorInput",
           "TilingField", "TilingSource",
           "ViewBuilderDecl", "example_input_shape", "load_specs", "project_root", "running_from_checkout",
           "spec_folder_description", "specs"]
