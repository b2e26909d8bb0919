"""The subcommands of `ascend-ops-dev` (wired by ascend_ops.tools.cli)."""
