"""`python -m ascend_ops`: the `ascend-ops` command."""
import sys

from ascend_ops_cli import main

sys.exit(main())
