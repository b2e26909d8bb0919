"""Each op's torch schema and Python signature, as the runtime reads them: `ascend_ops_gen.schema`."""
from ascend_ops_gen.schema import python_signature, torch_schema

__all__ = ["python_signature", "torch_schema"]
