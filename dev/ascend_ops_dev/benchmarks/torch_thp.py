"""The THP run of `ascend-ops-dev bench`: `python -m ascend_ops_dev.benchmarks.torch_thp JOB OUT`, started
by `measure_with_torch_thp` with THP_MEM_ALLOC_ENABLE=1 (torch reads it once, when it loads).
Times ascend_ops and the torch baselines of the classes and sizes JOB names (JSON), taking
turns, and writes their per-round seconds to the file OUT (JSON)."""
from __future__ import annotations

import json
import sys

from ascend_ops_dev.benchmarks import Settings, measure_torch_only
from ascend_ops_dev.benchmarks.cases import shape_classes


def main(job_text: str, out_path: str) -> int:
    job = json.loads(job_text)
    settings = Settings(sizes=tuple(job["sizes"]),
                        rounds={int(k): v for k, v in job["rounds"].items()},
                        budget_s=job["budget_s"], tiny_batch=0, tiny_rounds=0)
    wanted = [tuple(c) for c in job["classes"]]
    by_key = {(c.op, c.key): c for c in shape_classes()}
    rows = [{"op": op, "key": key, "size": size,
             "samples": measure_torch_only(by_key[(op, key)], size, settings)}
            for size in settings.sizes for op, key in wanted]
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(rows, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
