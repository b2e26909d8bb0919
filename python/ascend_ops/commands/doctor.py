"""`ascend-ops doctor` (being written)."""
HELP = "say which path each op takes on npu and CPU, and what blocks them"
def add_arguments(parser): pass
def run(args): return 0
