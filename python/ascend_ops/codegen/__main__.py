import sys

from ascend_ops_gen.codegen.cli import main

sys.exit(main())
