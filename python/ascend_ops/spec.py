"""The op specs, as the runtime reads them: the model and loader of `ascend_ops_gen.spec`."""
from ascend_ops_gen.spec import *  # noqa: F401,F403
from ascend_ops_gen.spec import __all__  # noqa: F401
