"""`python -m ascend_ops_dev`: the `ascend-ops-dev` command."""
import sys

from ascend_ops_cli import dev_main

sys.exit(dev_main())
