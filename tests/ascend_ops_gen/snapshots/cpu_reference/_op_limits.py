# @generated from op_specs/*.yaml by ascend-ops-dev generate; do not edit
"""The ops' limits, declared once in their specs (`max_rank`, `limits:`)."""

# op_specs/demo_window.yaml: the most dimensions x may have (max_rank)
DEMO_WINDOW_MAX_RANK = 6
# op_specs/demo_window.yaml: the largest window size
DEMO_WINDOW_MAX_WINDOW = 4096
