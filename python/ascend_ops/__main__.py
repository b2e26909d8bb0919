"""`python -m ascend_ops`: the `ascend-ops` command."""
import sys

from .tools.cli import main

sys.exit(main())
