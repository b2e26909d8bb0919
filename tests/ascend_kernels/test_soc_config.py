"""The emulator's SocConfig reads its product facts from the generated product table: it holds the
product line's ascend_ops::ProductInfo row, plus what the platform reports, and renames none of the
table's fields (ascend_kernels/sim/sim_run_state.h, filled by sim_platform.h)."""
from __future__ import annotations

import re
from pathlib import Path

from ascend_ops_gen.codegen.copy_tiling import strip_cpp_comments
from ascend_ops_gen.codegen.product_types import cpp_field_name
from ascend_ops_gen.spec import specs

ROOT = Path(__file__).resolve().parents[2]
RUN_STATE = ROOT / "ascend_kernels/sim/sim_run_state.h"
PLATFORM = ROOT / "ascend_kernels/sim/sim_platform.h"
# What the platform reports (PlatformAscendC) rather than what the line is: UB and launch cores.
REPORTED = {"ubBytes", "coreNum"}


def soc_config_members(text: str) -> list[str]:
    code = strip_cpp_comments(text)
    body = code[code.index("struct SocConfig {"):]
    body = body[:re.search(r"^\s*\};", body, flags=re.M).start()]
    return re.findall(r"^\s*[\w:<>]+\s+(\w+)(?:\{\})?\s*(?:=[^;]*)?;", body, flags=re.M)


def product_copies(text: str) -> set[str]:
    """SocConfig members that copy a ProductInfo fact (not the reported ones, not `product`)."""
    facts = {cpp_field_name(f.name) for f in specs().products[0].facts}
    members = set(soc_config_members(text)) - REPORTED - {"product"}
    renamed = {m for m in members if re.sub(r"^(has|requires)", "", m).lower() in {f.lower() for f in facts}}
    return (members & facts) | renamed


def test_soc_config_holds_the_product_row_and_no_copy_of_it():
    text = RUN_STATE.read_text()
    assert soc_config_members(text) == ["name", "product", "ubBytes", "coreNum", "gatherSupportsBf16", "seed"]
    assert product_copies(text) == set()
    assert "config.product = product;" in PLATFORM.read_text()


def test_a_copied_product_fact_is_found():
    text = RUN_STATE.read_text().replace("    uint64_t seed = 0;", "    bool hasDataCopyPad = false;\n    uint64_t seed = 0;")
    assert product_copies(text) == {"hasDataCopyPad"}
    text = RUN_STATE.read_text().replace("    uint64_t seed = 0;", "    int32_t eventIdsPerEvent = 8;\n    uint64_t seed = 0;")
    assert product_copies(text) == {"eventIdsPerEvent"}
