"""The subcommands of `ascend-ops` (see `ascend_ops.tools.cli`)."""
