"""msOpGen, CANN's operator project generator, as an oracle of the generated OpDefs.

Writes an operator prototype from each op spec, runs the toolkit's msOpGen on it (pure Python in
a toolkit's `python/site-packages/op_gen`, so it runs here) and compares the OpDef it wrote with
the one the package's op_host code registers (Note [msOpGen oracle]). Every difference is
explained by exactly one named Expectation of EXPECTATIONS (what msOpGen writes, what the package
writes, and why), and every expectation must explain at least one difference: anything else
fails the check."""
from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ascend_ops.runtime import build_cache as native
from ascend_ops_gen.spec import AttrType, OpSpec, Product, SpecSet

MSOPGEN_DIR = "python/site-packages/op_gen"
DUMP_SOURCE = Path(__file__).with_name("opdef_dump.cpp")
STUB_DIR = "sim/cann_host_stub"
ALL_LINES = "all product lines"
_CACHE_FORMAT = "2"  # of the cached runs and dumps: bumped when what they hold changes

# msOpGen's prototype vocabulary (op_gen/config/transform.json: IR_ATTR_TYPE_MAP). An int[]?
# argument is an optional list attribute whose absent value is the empty list (an OpDef attribute
# cannot be absent; OpAttrReader::OptionalListInt reads the empty list as None).
_ATTR_TYPES = {AttrType.INT: "int", AttrType.INT_LIST: "list_int", AttrType.OPTIONAL_INT_LIST: "list_int",
               AttrType.STR: "string", AttrType.FLOAT: "float", AttrType.INT_ROWS: "list_int"}


class OracleError(RuntimeError):
    """msOpGen or the OpDef dump could not run, or wrote what the reader cannot read."""


# Note [msOpGen oracle]
# ~~~~~~~~~~~~~~~~~~~~~
# Given an operator prototype (a JSON list of inputs, outputs and attributes), msOpGen writes a
# project whose `op_host/<op>.cpp` declares the op's OpDef: each input and output with its
# parameter type, dtype and format lists, each attribute with its default, and one
# `AddConfig("<short SoC name>")` per compute unit (`-c ai_core-<SoC>,...`). The two sides:
#
# - ours: every `ascend_kernels/<op>/op_host/<op>.cpp` linked with opdef_dump.cpp against
#   `ascend_kernels/sim/cann_host_stub`, whose OpDef records every call, and run: the OpDef as the
#   code declares it, the per-line configurations of AddCopyOpConfig included (built once per
#   content of what it compiles);
# - theirs: msOpGen's `op_host/<op>.cpp`, read strictly by `parse_opdef` (a call the reader does
#   not know is an error, not skipped), and the kernel entry of its `op_kernel/<op>.cpp`.
#
# msOpGen has one dtype list per OpDef: every `AddConfig(soc)` it writes takes the OpDef's own
# lists. So each op runs once with every SoC of op_specs/products.yaml and the op's dtypes (the
# OpDef's lists, its attributes, the set of configurations, the kernel entry), and once per product
# line with the line's SoCs and the dtypes the line supports (that line's configuration). A
# configuration is compared as CANN reads it: its parameters merged into the OpDef's (metadef's
# OpDefImpl::MergeParam), a parameter without formats taking ND. Runs are cached by the content of
# the prototype, the compute units and msOpGen's own files.


# ---- the records compared ------------------------------------------------------------------------

@dataclass(frozen=True)
class ParamDef:
    name: str
    param_type: str                # "REQUIRED", "OPTIONAL", ...
    dtypes: tuple[str, ...]        # "DT_FLOAT16", ...
    formats: tuple[str, ...]       # "FORMAT_ND", ...
    unknown_shape_formats: tuple[str, ...] | None = None


@dataclass(frozen=True)
class AttrDef:
    name: str
    required: bool
    kind: str                      # "Int", "String", "ListInt", "Bool"
    default: Any = None            # int, str, tuple of int or bool; None without one
    spelling: str | None = None    # the default as written, where that is no C++


@dataclass(frozen=True)
class ConfigDef:
    soc: str
    inputs: tuple[ParamDef, ...]
    outputs: tuple[ParamDef, ...]
    items: tuple[tuple[str, str], ...]   # "dynamicFormat.flag" -> "true", sorted


@dataclass(frozen=True)
class KernelEntry:
    name: str
    params: tuple[str, ...]


@dataclass(frozen=True)
class OpDefRecord:
    op_type: str
    inputs: tuple[ParamDef, ...]
    outputs: tuple[ParamDef, ...]
    attrs: tuple[AttrDef, ...]
    configs: tuple[ConfigDef, ...]
    kernel: KernelEntry


@dataclass(frozen=True)
class Difference:
    op: str
    scope: str     # ALL_LINES or a product key: which msOpGen run
    where: str     # "input x", "attr mode: default", "config ascend310p: output y", "AddConfig ascend910_9363"
    ours: Any
    theirs: Any

    def __str__(self) -> str:
        return f"{self.op} ({self.scope}) {self.where}: ours {_show(self.ours)}, msOpGen {_show(self.theirs)}"


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, ParamDef):
        return f"{value.param_type} {list(value.dtypes)} {list(value.formats)}"
    return str(value)


# ---- the prototype -------------------------------------------------------------------------------

def _attr_default(attr) -> Any:
    if attr.type is AttrType.OPTIONAL_INT_LIST:
        return [] if attr.required or attr.default is None else [int(v) for v in attr.default]
    if attr.type is AttrType.INT_LIST:
        return [int(v) for v in attr.default]
    if attr.type is AttrType.INT_ROWS:  # flattened, as the OpDef's ListInt holds it
        return [int(v) for row in attr.default for v in row]
    if attr.type is AttrType.FLOAT:
        return float(attr.default)
    return int(attr.default) if attr.type is AttrType.INT else str(attr.default)


def prototype(op: OpSpec, columns: dict[str, Sequence[str]] | Sequence[str]) -> dict:
    """msOpGen's JSON prototype of `op` with each tensor's dtype list `columns[name]` (one list: every
    tensor's; the spec's names are msOpGen's own: transform.json's INPUT_OUTPUT_DTYPE_MAP; a custom
    op's position by position over its dtype combinations), each in its format (ND unless a custom
    op says)."""
    def tensor(arg) -> dict:
        dtypes = list(columns[arg.name] if isinstance(columns, dict) else columns)
        return {"name": arg.name, "param_type": "optional" if arg.optional else "required",
                "format": [arg.format] * len(dtypes), "type": dtypes}

    attrs = []
    for a in op.attributes:
        optional = not a.required or a.type is AttrType.OPTIONAL_INT_LIST
        entry: dict[str, Any] = {"name": a.name, "param_type": "optional" if optional else "required",
                                 "type": _ATTR_TYPES[a.type]}
        if optional:
            entry["default_value"] = _attr_default(a)
        attrs.append(entry)
    return {"op": op.op_type, "input_desc": [tensor(t) for t in op.inputs],
            "output_desc": [tensor(t) for t in op.outputs], "attr": attrs}


# ---- running msOpGen -----------------------------------------------------------------------------

def msopgen_package(toolkit: Path) -> Path | None:
    """The toolkit's msOpGen package folder, or None when it has none."""
    package = Path(toolkit) / MSOPGEN_DIR
    return package if (package / "msopgen.py").is_file() else None


@functools.lru_cache(maxsize=None)
def _msopgen_digest(package: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".json"):
            digest.update(str(path.relative_to(package)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


@dataclass(frozen=True)
class Generated:
    stem: str           # the file name msOpGen gives the op: ascend_slice
    op_host: str        # op_host/<stem>.cpp
    tiling_header: str  # op_host/<stem>_tiling.h, which op_host/<stem>.cpp includes
    op_kernel: str      # op_kernel/<stem>.cpp


def run_msopgen(toolkit: Path, proto: dict, socs: Sequence[str]) -> Generated:
    """What the toolkit's msOpGen writes for `proto` with compute units ai_core-<soc> for each of
    `socs` (cached by content)."""
    package = msopgen_package(toolkit)
    if package is None:
        raise OracleError(f"{toolkit} has no msOpGen ({MSOPGEN_DIR}/msopgen.py)")
    units = ",".join(f"ai_core-{s}" for s in socs)
    key = hashlib.sha256("\0".join([_CACHE_FORMAT, _msopgen_digest(package), json.dumps(proto, sort_keys=True),
                                    units]).encode())
    cached = native.cache_dir() / f"msopgen-{key.hexdigest()[:16]}.json"
    if cached.is_file():
        return Generated(**json.loads(cached.read_text(encoding="utf-8")))
    with tempfile.TemporaryDirectory(prefix="msopgen-") as tmp:
        source, out = Path(tmp) / "op.json", Path(tmp) / "project"
        source.write_text(json.dumps([proto], indent=1), encoding="utf-8")
        env = dict(os.environ, ASCEND_HOME_PATH=str(toolkit), PYTHONPATH=str(package.parent))
        done = subprocess.run([sys.executable, "-m", "op_gen.msopgen", "gen", "-i", str(source), "-c", units,
                               "-lan", "cpp", "-out", str(out)], capture_output=True, text=True, env=env,
                              stdin=subprocess.DEVNULL, check=False)
        host = sorted((out / "op_host").glob("*.cpp")) if (out / "op_host").is_dir() else []
        kernel = sorted((out / "op_kernel").glob("*.cpp")) if (out / "op_kernel").is_dir() else []
        if done.returncode != 0 or len(host) != 1 or len(kernel) != 1:
            raise OracleError(f"msOpGen on {proto['op']} ({units}) failed (exit {done.returncode}, "
                              f"op_host {[p.name for p in host]}, op_kernel {[p.name for p in kernel]}):\n"
                              f"{(done.stdout + done.stderr)[-3000:]}")
        stem = host[0].stem
        tiling = host[0].with_name(f"{stem}_tiling.h")
        generated = Generated(stem, host[0].read_text(encoding="utf-8"),
                              tiling.read_text(encoding="utf-8") if tiling.is_file() else "",
                              kernel[0].read_text(encoding="utf-8"))
    scratch = cached.with_name(f"{cached.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    scratch.write_text(json.dumps(generated.__dict__), encoding="utf-8")
    os.replace(scratch, cached)
    return generated


def soc_table(toolkit: Path) -> dict[str, str]:
    """msOpGen's SoC name -> short SoC name table (transform.json's SOC_VERSION_TYPE, lowercase
    keys): the names its AddConfig calls take."""
    package = msopgen_package(toolkit)
    if package is None:
        raise OracleError(f"{toolkit} has no msOpGen ({MSOPGEN_DIR}/msopgen.py)")
    return dict(json.loads((package / "config/transform.json").read_text(encoding="utf-8"))["SOC_VERSION_TYPE"])


# ---- reading msOpGen's OpDef ---------------------------------------------------------------------

_CLASS = re.compile(r"class\s+(?P<name>\w+)\s*:\s*public\s+OpDef\s*\{")
_CONSTRUCTOR = re.compile(r"explicit\s+(?P<name>\w+)\s*\(\s*const\s+char\s*\*\s*\w+\s*\)\s*:\s*OpDef\(\s*\w+\s*\)\s*\{")
_ENTRY = re.compile(r'extern\s+"C"\s+__global__\s+__aicore__\s+void\s+(?P<name>\w+)\s*\((?P<params>[^)]*)\)')
_IGNORED = ("SetInferShape", "SetInferDataType", "SetTiling")  # the host functions: not the OpDef's data
_ATTR_KINDS = ("Int", "String", "Bool", "ListInt", "Float")  # the kinds whose defaults the reader reads
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def _balanced(text: str, start: int) -> int:
    """The index just past the bracket that closes the one at text[start]."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    stack: list[str] = []
    i = start
    while i < len(text):
        c = text[i]
        if c == '"':
            i = _STRING.match(text, i).end()
            continue
        if c in pairs:
            stack.append(pairs[c])
        elif stack and c == stack[-1]:
            stack.pop()
            if not stack:
                return i + 1
        i += 1
    raise OracleError(f"unbalanced {text[start]!r} in {text[start:start + 80]!r}")


def _statements(body: str) -> list[str]:
    """The constructor body's statements (split at `;` outside brackets and strings)."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(body):
        c = body[i]
        if c == '"':
            i = _STRING.match(body, i).end()
            continue
        depth += 1 if c in "({[" else -1 if c in ")}]" else 0
        if c == ";" and depth == 0:
            out.append(" ".join(body[start:i].split()))
            start = i + 1
        i += 1
    if body[start:].strip():
        raise OracleError(f"msOpGen's OpDef ends without `;`: {body[start:].strip()[:80]!r}")
    return [s for s in out if s]


def _calls(statement: str) -> list[tuple[str, str]]:
    """`this->A(x).B(y)` -> [("A", "x"), ("B", "y")]."""
    if not statement.startswith("this->"):
        raise OracleError(f"msOpGen's OpDef holds a statement the reader does not know: {statement!r}")
    calls, i = [], len("this->")
    name = re.compile(r"\s*(\w+)\s*\(")
    while True:
        m = name.match(statement, i)
        if m is None:
            raise OracleError(f"cannot read the call at {statement[i:]!r} of {statement!r}")
        end = _balanced(statement, m.end() - 1)
        calls.append((m[1], statement[m.end():end - 1].strip()))
        rest = statement[end:].lstrip()
        if not rest:
            return calls
        if not rest.startswith("."):
            raise OracleError(f"cannot read {rest!r} of {statement!r}")
        i = len(statement) - len(rest) + 1


def _string(arg: str) -> str:
    try:
        value = json.loads(arg)
    except json.JSONDecodeError:
        value = None
    if not isinstance(value, str):
        raise OracleError(f"expected a string literal, got {arg!r}")
    return value


def _names(arg: str, prefix: str) -> tuple[str, ...]:
    """`{ge::DT_A, ge::DT_B}` -> ("DT_A", "DT_B")."""
    if not (arg.startswith("{") and arg.endswith("}")):
        raise OracleError(f"expected a braced list, got {arg!r}")
    names = tuple(n.strip().removeprefix("ge::") for n in arg[1:-1].split(",") if n.strip())
    bad = [n for n in names if not re.fullmatch(prefix + r"\w+", n)]
    if bad:
        raise OracleError(f"{arg!r}: {bad} are not {prefix}* names")
    return names


def _attr(name: str, calls: list[tuple[str, str]]) -> AttrDef:
    required = True  # an OpAttrDef is REQUIRED until AttrType says otherwise (as in CANN)
    if calls and calls[0][0] == "AttrType":
        if calls[0][1] not in ("REQUIRED", "OPTIONAL"):
            raise OracleError(f"attribute {name}: the reader does not know AttrType({calls[0][1]})")
        required, calls = calls[0][1] == "REQUIRED", calls[1:]
    if len(calls) != 1:
        raise OracleError(f"attribute {name}: expected one kind call, got {calls}")
    kind, arg = calls[0]
    if kind not in _ATTR_KINDS:
        raise OracleError(f"attribute {name}: the reader does not know the kind {kind}")
    if not arg:
        return AttrDef(name, required, kind)
    spelling = None
    if kind == "Int":
        default: Any = int(arg)
    elif kind == "String":
        default = _string(arg)
    elif kind == "Float":
        try:
            default = float(arg.rstrip("fF"))
        except ValueError:
            raise OracleError(f"attribute {name}: cannot read the float {arg!r}") from None
    elif kind == "Bool" and arg in ("true", "false"):
        default = arg == "true"
    elif kind == "ListInt":
        if arg[0] + arg[-1] not in ("{}", "[]"):
            raise OracleError(f"attribute {name}: cannot read the list {arg!r}")
        default = tuple(int(v) for v in arg[1:-1].split(",") if v.strip())
        spelling = arg if arg[0] == "[" else None
    else:
        raise OracleError(f"attribute {name}: cannot read the default {kind}({arg})")
    return AttrDef(name, required, kind, default, spelling)


def _param(name: str, calls: list[tuple[str, str]]) -> ParamDef:
    fields: dict[str, Any] = {"param_type": "REQUIRED", "dtypes": (), "formats": (), "unknown_shape_formats": None}
    for method, arg in calls:
        if method == "ParamType":
            fields["param_type"] = arg
        elif method == "DataType":
            fields["dtypes"] = _names(arg, "DT_")
        elif method == "Format":
            fields["formats"] = _names(arg, "FORMAT_")
        elif method == "UnknownShapeFormat":
            fields["unknown_shape_formats"] = _names(arg, "FORMAT_")
        else:
            raise OracleError(f"parameter {name}: the reader does not know .{method}(...)")
    return ParamDef(name, **fields)


def parse_opdef(op_host: str, op_kernel: str, config_defaults: dict[str, str]) -> OpDefRecord:
    """The OpDef msOpGen wrote (op_host) and its kernel entry (op_kernel). A plain
    `AddConfig(soc)` makes a configuration with CANN's default items (`config_defaults`)."""
    cls = _CLASS.search(op_host)
    ctor = _CONSTRUCTOR.search(op_host, cls.end()) if cls else None
    if cls is None or ctor is None or ctor["name"] != cls["name"]:
        raise OracleError("msOpGen's op_host holds no `class X : public OpDef` with an `explicit X(const char*)`")
    body = op_host[ctor.end() - 1:_balanced(op_host, ctor.end() - 1)][1:-1]
    inputs, outputs, attrs, socs = [], [], [], []
    for statement in _statements(body):
        calls = _calls(statement)
        head, arg = calls[0]
        if head in ("Input", "Output"):
            (inputs if head == "Input" else outputs).append(_param(_string(arg), calls[1:]))
        elif head == "Attr":
            attrs.append(_attr(_string(arg), calls[1:]))
        elif head == "AICore" and all(m in _IGNORED for m, _ in calls[1:]):
            continue
        elif head == "AICore" and len(calls) == 2 and calls[1][0] == "AddConfig":
            socs.append(_string(calls[1][1]))
        elif all(m in _IGNORED for m, _ in calls):
            continue
        else:
            raise OracleError(f"msOpGen's OpDef holds a statement the reader does not know: {statement!r}")
    entry = kernel_entry(op_kernel)
    if entry is None:
        raise OracleError("msOpGen's op_kernel holds no `extern \"C\" __global__ __aicore__ void <entry>(...)`")
    items = tuple(sorted(config_defaults.items()))
    configs = tuple(ConfigDef(s, (), (), items) for s in dict.fromkeys(socs))
    return OpDefRecord(cls["name"], tuple(inputs), tuple(outputs), tuple(attrs), configs, entry)


def kernel_entry(op_kernel: str) -> KernelEntry | None:
    m = _ENTRY.search(op_kernel)
    if m is None:
        return None
    params = tuple(p.split()[-1] for p in m["params"].split(",") if p.strip())
    return KernelEntry(m["name"], params)


# ---- the package's OpDefs ------------------------------------------------------------------------

@dataclass(frozen=True)
class OurOpDefs:
    records: dict[str, OpDefRecord]    # by OpType
    config_defaults: dict[str, str]    # the items of a configuration AddConfig(soc) makes


def _dump_inputs(kernels_dir: Path) -> list[Path]:
    folders = [kernels_dir / "common", kernels_dir / STUB_DIR,
               *sorted(p.parent.parent for p in kernels_dir.glob("*/op_host/*.cpp"))]
    return [DUMP_SOURCE, *(p for f in folders for p in sorted(f.rglob("*")) if p.is_file())]


def our_opdefs(kernels_dir: Path, specs: SpecSet) -> OurOpDefs:
    """The OpDefs the op_host code registers (opdef_dump.cpp; output cached by content), each with
    the kernel entry of its op's op_kernel/<op>.cpp."""
    kernels_dir = Path(kernels_dir)
    sources = sorted(kernels_dir.glob("*/op_host/*.cpp"))
    if not sources:
        raise OracleError(f"no {kernels_dir}/*/op_host/*.cpp; run `ascend-ops-dev generate`")
    cxx, version = native.compiler()
    flags = ["-std=c++17", "-O0", f"-I{kernels_dir / STUB_DIR}", f"-I{kernels_dir / 'common'}"]
    digest = hashlib.sha256("\0".join([_CACHE_FORMAT, version, *flags]).encode())
    for path in _dump_inputs(kernels_dir):
        digest.update(str(path).encode())
        digest.update(path.read_bytes())
    cached = native.cache_dir() / f"opdef-dump-{digest.hexdigest()[:16]}.json"
    if not cached.is_file():
        native.progress("compiling the op_host code against the CANN host stand-in to read its OpDefs (once)")
        with tempfile.TemporaryDirectory(prefix="opdef-dump-") as tmp:
            program = Path(tmp) / "opdef_dump"
            built = subprocess.run([cxx, *flags, str(DUMP_SOURCE), *map(str, sources), "-o", str(program)],
                                   capture_output=True, text=True, check=False)
            if built.returncode != 0:
                raise OracleError(f"compiling opdef_dump.cpp with the op_host code failed:\n{built.stderr[-3000:]}")
            ran = subprocess.run([str(program)], capture_output=True, text=True, check=False)
            if ran.returncode != 0:
                raise OracleError(f"opdef_dump failed (exit {ran.returncode}):\n{ran.stderr[-3000:]}")
            scratch = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
            scratch.write_text(ran.stdout, encoding="utf-8")
            os.replace(scratch, cached)
    dump = json.loads(cached.read_text(encoding="utf-8"))
    kernels = {op.op_type: kernels_dir / op.name / "op_kernel" / f"{op.name}.cpp" for op in specs.kernel_ops()}
    records = {}
    for op in dump["ops"]:
        kernel = kernels.get(op["op_type"])
        entry = kernel_entry(kernel.read_text(encoding="utf-8")) if kernel and kernel.is_file() else None
        if entry is None:
            raise OracleError(f"no kernel entry of {op['op_type']} in {kernel}")
        records[op["op_type"]] = OpDefRecord(
            op["op_type"], _params(op["inputs"]), _params(op["outputs"]),
            tuple(AttrDef(a["name"], a["required"], a["kind"], _value(a.get("default"))) for a in op["attrs"]),
            tuple(ConfigDef(soc, _params(c["inputs"]), _params(c["outputs"]), tuple(sorted(c["items"].items())))
                  for soc, c in op["configs"].items()),
            entry)
    return OurOpDefs(records, dump["config_defaults"])


def _params(params: list[dict]) -> tuple[ParamDef, ...]:
    return tuple(ParamDef(p["name"], p["param_type"], tuple(p["dtypes"]), tuple(p["formats"])) for p in params)


def _value(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


# ---- comparing -----------------------------------------------------------------------------------

def effective(record: OpDefRecord, config: ConfigDef) -> tuple[tuple[ParamDef, ...], tuple[ParamDef, ...]]:
    """A configuration's inputs and outputs as CANN reads them: each of its parameters merged into
    the OpDef's parameter of that name (its parameter type, and its dtypes and formats where it
    gives them) or added, and a parameter without formats taking ND for each dtype."""
    def merge(base: tuple[ParamDef, ...], own: tuple[ParamDef, ...]) -> tuple[ParamDef, ...]:
        merged = {p.name: ParamDef(p.name, p.param_type, p.dtypes, p.formats) for p in base}
        for p in own:
            old = merged.get(p.name)
            merged[p.name] = ParamDef(p.name, p.param_type, p.dtypes or (old.dtypes if old else ()),
                                      p.formats or (old.formats if old else ()))
        return tuple(p if p.formats else ParamDef(p.name, p.param_type, p.dtypes, ("FORMAT_ND",) * len(p.dtypes))
                     for p in merged.values())
    return merge(record.inputs, config.inputs), merge(record.outputs, config.outputs)


def _compare_params(kind: str, ours: tuple[ParamDef, ...], theirs: tuple[ParamDef, ...],
                    prefix: str = "") -> Iterable[tuple[str, Any, Any]]:
    if [p.name for p in ours] != [p.name for p in theirs]:
        yield f"{prefix}{kind} names", tuple(p.name for p in ours), tuple(p.name for p in theirs)
        return
    for mine, other in zip(ours, theirs):
        plain = ParamDef(other.name, other.param_type, other.dtypes, other.formats)
        if ParamDef(mine.name, mine.param_type, mine.dtypes, mine.formats) != plain:
            yield f"{prefix}{kind} {mine.name}", mine, plain
        if mine.unknown_shape_formats != other.unknown_shape_formats:
            yield f"{prefix}{kind} {mine.name}: UnknownShapeFormat", mine.unknown_shape_formats, \
                other.unknown_shape_formats


def compare(ours: OpDefRecord, theirs: OpDefRecord, *, whole: bool,
            configs: Sequence[str] | None = None) -> list[tuple[str, Any, Any]]:
    """(where, ours, theirs) for each difference. `whole`: the OpDef's own lists, attributes and
    kernel entry too (a run with the op's dtypes and every SoC); `configs`: the configurations of
    ours compared (None: all), besides every one msOpGen wrote."""
    out: list[tuple[str, Any, Any]] = []
    if whole:
        out += _compare_params("input", ours.inputs, theirs.inputs)
        out += _compare_params("output", ours.outputs, theirs.outputs)
        if [a.name for a in ours.attrs] != [a.name for a in theirs.attrs]:
            out.append(("attr names", tuple(a.name for a in ours.attrs), tuple(a.name for a in theirs.attrs)))
        else:
            for mine, other in zip(ours.attrs, theirs.attrs):
                for field in ("required", "kind", "default"):
                    if getattr(mine, field) != getattr(other, field):
                        out.append((f"attr {mine.name}: {field}", getattr(mine, field), getattr(other, field)))
                if mine.spelling != other.spelling:
                    out.append((f"attr {mine.name}: default spelling", mine.spelling, other.spelling))
        if ours.kernel != theirs.kernel:
            out.append(("kernel entry", ours.kernel, theirs.kernel))
    mine_configs = {c.soc: c for c in ours.configs if configs is None or c.soc in configs}
    their_configs = {c.soc: c for c in theirs.configs}
    for soc in sorted(set(mine_configs) | set(their_configs)):
        mine, other = mine_configs.get(soc), their_configs.get(soc)
        if mine is None or other is None:
            out.append((f"AddConfig {soc}", "present" if mine else None, "present" if other else None))
            continue
        mine_in, mine_out = effective(ours, mine)
        their_in, their_out = effective(theirs, other)
        out += _compare_params("input", mine_in, their_in, f"config {soc}: ")
        out += _compare_params("output", mine_out, their_out, f"config {soc}: ")
        if mine.items != other.items:
            out.append((f"config {soc}: items", dict(mine.items), dict(other.items)))
    return out


# ---- expectations --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Context:
    """What an expectation may consult besides the difference."""

    specs: SpecSet
    soc_table: dict[str, str]        # msOpGen's SoC -> short name table
    config_defaults: dict[str, str]  # CANN's items of an AddConfig(soc) configuration

    def line(self, add_config: str) -> Product | None:
        return next((p for p in self.specs.products if p.add_config == add_config), None)

    def op(self, op_type: str) -> OpSpec:
        return next(o for o in self.specs.kernel_ops() if o.op_type == op_type)


@dataclass(frozen=True)
class Expectation:
    """A difference the check expects: what msOpGen writes, what the package writes, and why."""

    name: str
    says: str
    explains: Callable[[Difference, Context], bool]


def _ge(op: OpSpec, dtypes: Iterable[str], specs: SpecSet) -> tuple[str, ...]:
    from ascend_ops_gen.codegen.cpp import ge_dtype

    return tuple(ge_dtype(d, specs).removeprefix("ge::") for d in dtypes)


def _unknown_soc(d: Difference, c: Context) -> bool:
    soc = d.where.removeprefix("AddConfig ")
    socs = {s.name.lower() for p in c.specs.products for s in p.socs}
    return (d.where.startswith("AddConfig ") and d.ours is None and d.theirs == "present"
            and soc in socs and soc not in c.soc_table)


def _one_list_per_opdef(d: Difference, c: Context) -> bool:
    m = re.fullmatch(r"config (\w+): (input|output) (\w+)", d.where)
    line = c.line(m[1]) if m else None
    if d.scope != ALL_LINES or line is None or not isinstance(d.ours, ParamDef):
        return False
    op = c.op(d.op)
    try:
        tensor = op.tensor(m[3])
    except KeyError:
        return False
    narrowed, full = _ge(op, op.dtype_columns(line)[tensor.name], c.specs), _ge(op, op.dtype_columns(None)[tensor.name], c.specs)
    fmt = f"FORMAT_{tensor.format}"
    return (narrowed != full and d.ours.dtypes == narrowed and d.theirs.dtypes == full
            and d.ours.formats == (fmt,) * len(narrowed) and d.theirs.formats == (fmt,) * len(full)
            and d.ours.param_type == d.theirs.param_type)


def _unknown_shape_format(d: Difference, c: Context) -> bool:
    return (d.where.endswith(": UnknownShapeFormat") and not d.where.startswith("config ") and d.ours is None
            and d.theirs is not None and set(d.theirs) == {"FORMAT_ND"})


def _python_list_default(d: Difference, c: Context) -> bool:
    return (d.where.endswith(": default spelling") and d.ours is None and isinstance(d.theirs, str)
            and re.fullmatch(r"\[[-+0-9, ]*\]", d.theirs) is not None)


def _dynamic_format_flag(d: Difference, c: Context) -> bool:
    if not (d.where.startswith("config ") and d.where.endswith(": items")):
        return False
    changed = {k for k in set(d.ours) | set(d.theirs) if d.ours.get(k) != d.theirs.get(k)}
    return (changed == {"dynamicFormat.flag"} and d.ours["dynamicFormat.flag"] == "false"
            and d.theirs == c.config_defaults and d.theirs["dynamicFormat.flag"] == "true")


EXPECTATIONS: tuple[Expectation, ...] = (
    Expectation(
        "soc-missing-from-msopgen-table",
        "msOpGen writes AddConfig(\"<the SoC's own name, lowercased>\") for a SoC its SoC table "
        "(op_gen/config/transform.json) lacks; we write the product line's short SoC name "
        "(products.yaml add_config), once per line, because CANN picks an op's AI Core configuration "
        "by the short SoC version its platform reports for each SoC of the line",
        _unknown_soc),
    Expectation(
        "one-dtype-list-per-opdef",
        "msOpGen gives every AddConfig the OpDef's one dtype list; we narrow each product line's "
        "configuration to the dtypes its rule in products.yaml (or the op's own rule) leaves, "
        "because the OpDef's configuration is what CANN admits on that SoC",
        _one_list_per_opdef),
    Expectation(
        "unknown-shape-format",
        "msOpGen repeats each Format list as UnknownShapeFormat; we declare Format alone, because "
        "op_build copies UnknownShapeFormat only into the ops-info's unknownshape_format line, and "
        "ours would repeat the ND Format list just the same",
        _unknown_shape_format),
    Expectation(
        "python-list-default",
        "msOpGen writes a list attribute's default as Python prints the prototype's list "
        "(ListInt([])), which is no C++: its op_host does not compile; we write ListInt({}), "
        "the same value",
        _python_list_default),
    Expectation(
        "dynamic-format-flag",
        "msOpGen's AddConfig(soc) takes CANN's default configuration items, dynamicFormat.flag true "
        "(format and dtype chosen by an op_select_format function); we set DynamicFormatFlag(false), "
        "because our OpDefs register no such function and declare their lists (AddCopyOpConfig); "
        "the other items are CANN's defaults",
        _dynamic_format_flag),
)


# ---- the check -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    op: OpSpec
    scope: str                 # ALL_LINES or a product key
    columns: dict[str, tuple[str, ...]]  # each tensor's dtype list (OpSpec.dtype_columns)
    socs: tuple[str, ...]
    add_config: str | None     # the line's configuration (None: the whole OpDef)


def runs_for(specs: SpecSet, ops: Sequence[str] | None = None) -> list[Run]:
    """For each op: one run with every SoC and the op's dtypes, one per product line."""
    out = []
    for op in specs.kernel_ops():
        if ops is not None and op.name not in ops:
            continue
        out.append(Run(op, ALL_LINES, op.dtype_columns(None), tuple(s.name for p in specs.products for s in p.socs),
                       None))
        for line in specs.products:
            out.append(Run(op, line.key, op.dtype_columns(line), tuple(s.name for s in line.socs),
                           line.add_config))
    return out


@dataclass(frozen=True)
class Report:
    runs: int
    explained: tuple[tuple[Difference, str], ...]   # (difference, expectation name)
    unexplained: tuple[Difference, ...]
    ambiguous: tuple[tuple[Difference, tuple[str, ...]], ...]   # explained by more than one
    stale: tuple[str, ...]                           # expectations that explain nothing

    @property
    def ok(self) -> bool:
        return not (self.unexplained or self.ambiguous or self.stale)


def check(specs: SpecSet, toolkit: Path, kernels_dir: Path, *, ops: Sequence[str] | None = None,
          expectations: Sequence[Expectation] = EXPECTATIONS, jobs: int = 2,
          ours: OurOpDefs | None = None) -> Report:
    """Every op's OpDef (`ops`: only these) against what the toolkit's msOpGen writes for its
    prototypes. `specs` gives the prototypes; `ours` defaults to what kernels_dir's op_host code
    registers."""
    ours = our_opdefs(kernels_dir, specs) if ours is None else ours
    runs = runs_for(specs, ops)
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        generated = list(pool.map(lambda r: run_msopgen(toolkit, prototype(r.op, r.columns), r.socs), runs))
    context = Context(specs, soc_table(toolkit), ours.config_defaults)
    differences: list[Difference] = []
    for run, gen in zip(runs, generated):
        theirs = parse_opdef(gen.op_host, gen.op_kernel, ours.config_defaults)
        mine = ours.records.get(run.op.op_type)
        if mine is None:
            differences.append(Difference(run.op.op_type, run.scope, "OpDef", None, "present"))
            continue
        found = compare(mine, theirs, whole=run.add_config is None,
                        configs=None if run.add_config is None else (run.add_config,))
        differences += [Difference(run.op.op_type, run.scope, *d) for d in found]
    explained, unexplained, ambiguous, used = [], [], [], set()
    for d in differences:
        names = tuple(e.name for e in expectations if e.explains(d, context))
        used.update(names)
        if not names:
            unexplained.append(d)
        elif len(names) > 1:
            ambiguous.append((d, names))
        else:
            explained.append((d, names[0]))
    stale = tuple(e.name for e in expectations if e.name not in used) if ops is None else ()
    return Report(len(runs), tuple(explained), tuple(unexplained), tuple(ambiguous), stale)


def report_text(report: Report, toolkit: Path, expectations: Sequence[Expectation] = EXPECTATIONS) -> str:
    """The runs, each expectation with what it explained, and every difference left over."""
    lines = [f"msOpGen ({toolkit / MSOPGEN_DIR}): {report.runs} runs, "
             f"{len(report.explained)} expected differences, {len(report.unexplained)} unexplained"]
    for e in expectations:
        seen = [d for d, name in report.explained if name == e.name]
        if seen:
            ops = len({d.op for d in seen})
            wheres = ", ".join(sorted({d.where for d in seen}))
            lines.append(f"  expected: {e.name}, x{len(seen)} in {ops} ops ({wheres})\n      {e.says}")
    lines += [f"  UNEXPLAINED: {d}" for d in report.unexplained]
    lines += [f"  AMBIGUOUS ({', '.join(names)}): {d}" for d, names in report.ambiguous]
    lines += [f"  STALE: expectation {name} explains no difference; remove it" for name in report.stale]
    return "\n".join(lines)
