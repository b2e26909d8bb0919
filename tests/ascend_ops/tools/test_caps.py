"""`ascend-ops caps`: one op x product x dtype matrix, its cells from the specs' dtype rules."""
from __future__ import annotations

import argparse

from ascend_ops.tools.commands import caps
from ascend_ops_gen.spec import specs


def _matrix(capsys, **kwargs) -> list[str]:
    caps.run(argparse.Namespace(op=None, product=None, **kwargs))
    return capsys.readouterr().out.splitlines()


def test_one_matrix_whose_cells_are_the_spec_rules(capsys):
    out = _matrix(capsys)
    headers = [i for i, line in enumerate(out) if line.split()[:2] == ["op", "product"]]
    assert len(headers) == 1  # the matrix once, not once per op
    dtypes = specs().dtype_names
    header = out[headers[0]]
    columns = [header.index(d) for d in dtypes]
    rows = out[headers[0] + 2: headers[0] + 2 + len(specs().ops) * len(specs().products)]
    op = None
    for row, (o, p) in zip(rows, [(o, p) for o in specs().ops for p in specs().products]):
        op = row.split()[0] if not row.startswith(" ") else op
        assert op == o.name and p.key in row.split()[:2], row
        cells = [row[c] if c < len(row) else " " for c in columns]
        want = ["x" if d in o.supported_dtypes(p) else "." if d in o.dtypes else " " for d in dtypes]
        assert cells == want, (o.name, p.key, row)
    # each product line's SoCs and its rule's reason, once each
    for p in specs().products:
        assert sum(line.startswith(f"{p.key}: ") for line in out) == 1


def test_one_op_on_one_product(capsys):
    caps.run(argparse.Namespace(op="slice", product="Ascend910B2"))
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in out if line.startswith("slice  ")] == [["slice", "atlas-a2"]]
