"""`ascend-ops-dev new-op`: an op's starting hand-written pieces (templates/), which load, generate
and build, and fail loudly wherever they run until written (docs/adding-an-op.md)."""
