"""Quick fixes: real libcst, real findings, and the fixed programs run under real JAX.

Findings are built two ways: by hand, from the JSON form of each rule's data (`RuleData`, as
the server gets it back from the editor), so the fixes are pinned to the data contract, and by
the real engine (`analyze`) once it flags the snippet. Every fixed program is checked to parse,
to be no longer flagged, to keep the text around the edited statement byte for byte, and (for
complete programs) to run clean under the installed JAX: all programs of this module in one
batch of tests/jax_runner.py.
"""

from __future__ import annotations

import ast
import logging
import re
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.fixes import Fix, TextEdit, apply_edits, ignore_line_fix
from jaxerr_lsp.app.compute_fixes import compute_fixes
from jaxerr_lsp.engine.registry import all_rules, finding_from_json, rule_for
from tests.case_files import all_cases
from tests.jax_runner import Program, Result, run_programs

# --------------------------------------------------------------------------------------------
# Building findings by hand, from the JSON form of the rules' data


def make_finding(code: str, span: Span, data: dict[str, Any], message: str = "m") -> Finding:
    """A finding of rule `code` whose data is read from `data` (the JSON form of the rule's
    `RuleData`: spans as [start_line, start_column, end_line, end_column]; extra keys are
    ignored) exactly as the server reads it back from the editor."""
    rule = rule_for(code)
    assert rule is not None and rule.data is not None, code
    typed = rule.data.from_json(data)
    assert typed is not None, f"{code}: {data} is not the JSON form of {rule.data.__name__}"
    return Finding(code, rule.catalog_id, span, message, data=typed)


def with_data(f: Finding, **changes: Any) -> Finding:
    """`f` with some fields of its data replaced (given in their JSON form)."""
    assert f.data is not None
    return make_finding(f.code, f.span, {**f.data.to_json(), **changes}, f.message)


_NL = re.compile(r"\r\n|\r|\n")


def indented_like(src: str, text: str) -> str:
    """`text` with tabs if `src` indents with tabs."""
    return _tabs(text) if re.search(r"(?m)^\t", src) else text


def nl(src: str, text: str) -> str:
    """`text` written like `src`: its line endings, and tabs if it indents with tabs."""
    text = indented_like(src, text)
    if "\r\n" in src:
        return text.replace("\n", "\r\n")
    return text.replace("\n", "\r") if "\r" in src else text


def _tabs(text: str) -> str:
    return re.sub(r"(?m)^(    )+", lambda m: "\t" * (len(m.group()) // 4), text)


def at(src: str, needle: str, after: str | None = None, nth: int = 0) -> Span:
    """The span of the `nth` occurrence of `needle` (after the first `after`, if given)."""
    needle = nl(src, needle)
    pos = src.index(after) + len(after) if after is not None else 0
    idx = pos - 1
    for _ in range(nth + 1):
        idx = src.index(needle, idx + 1)
    return Span(*_pos(src, idx), *_pos(src, idx + len(needle)))


def _pos(src: str, offset: int) -> tuple[int, int]:
    line, start = 1, 0
    for m in _NL.finditer(src, 0, offset):
        if m.end() > offset:
            break
        line, start = line + 1, m.end()
    return line, offset - start


def L(span: Span) -> list[int]:
    return [span.start_line, span.start_column, span.end_line, span.end_column]


def jxe001(
    src: str,
    primals: list[str],
    refs: list[str],
    *,
    keys: list[str] | None = None,
    arg: int = 0,
    jax_alias: str | None = "jax",
    jnp_alias: str | None = "jnp",
    rebound: bool = False,
    vjp: str = "jax.vjp(",
    mismatched: tuple[int, ...] = (0,),
) -> Finding:
    # a source as the engine gives it: the file's indentation, "\n" line breaks
    prim = [{"span": L(at(src, p, vjp)), "source": indented_like(src, p)} for p in primals]
    ref_d = [{"span": L(at(src, r, "with_refs(")), "source": indented_like(src, r)} for r in refs]
    restructure = None if keys is None else {"arg": arg, "keys": keys}
    refs_span = Span(*ref_d[0]["span"][:2], *ref_d[-1]["span"][2:]) if ref_d else at(src, "with_refs")
    return make_finding("JXE001", refs_span, {
        "primals": prim,
        "refs_span": L(refs_span),
        "refs": ref_d,
        "restructure": restructure,
        "jax_alias": jax_alias,
        "jnp_alias": jnp_alias,
        "primals_rebound": rebound,
        "mismatched": list(mismatched),
    }, "tree structures differ")


def _at_from(src: str, needle: str, start: int) -> Span:
    needle = nl(src, needle)
    idx = src.index(needle, start)
    return Span(*_pos(src, idx), *_pos(src, idx + len(needle)))


def jxe002(
    src: str,
    logs: str,
    kind: str,
    returned: str,
    *,
    missing: bool = False,
) -> Finding:
    ret = at(src, returned, "return ") if "return " in src else at(src, returned)
    if missing:
        logs_span = at(src, logs, nth=0) if returned == logs else _at_from(
            src, logs, src.index(returned)
        )
    else:
        logs_span = _at_from(src, logs, src.index(returned))
    return make_finding("JXE002", logs_span, {
        "logs_span": L(logs_span),
        "logs_type": kind,
        "missing_logs": missing,
        "return_span": L(ret),
        "return_source": returned,
    }, "logs must be None or a dict")


def jxe003(src: str, returned: str, kind: str, arity: int | None = None) -> Finding:
    ret = at(src, returned, "def bwd") if "def bwd" in src else at(src, returned)
    return make_finding("JXE003", ret, {"return_span": L(ret), "return_source": returned,
                                   "return_kind": kind, "arity": arity}, "must produce a pair")


# --------------------------------------------------------------------------------------------
# Checks shared by every case


def engine_flags(src: str, code: str) -> list[Finding]:
    return [f for f in analyze(src).findings if f.code == code]


def _only_imports(text: str) -> bool:
    """Whether inserted text is whole import statements."""
    try:
        body = ast.parse(_tabs(text.strip().strip(";")).replace("\t", " ")).body
    except SyntaxError:
        return False
    return bool(body) and all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in body)


def check_fixed(src: str, fix: Fix, finding: Finding) -> str:
    """Apply `fix`; the result parses, is no longer flagged, and only the finding's statement
    changed, besides insertions of whole statements (an import at the top, a binding before
    the statement). A fix the catalog calls safe is safe here too (the catalog gives the worst
    case of every instance)."""
    assert fix.fix_id in rule_for(finding.code).fix_ids, fix
    info = load_catalog().by_rule(finding.code).fix(fix.fix_id)
    assert fix.safe or info.safety == "unsafe", (fix, info)
    fixed = apply_edits(src, fix.edits)
    assert fixed != src
    ast.parse(fixed)
    assert not engine_flags(fixed, finding.code), fixed
    replacements = [e for e in fix.edits
                    if (e.span.start_line, e.span.start_column) != (e.span.end_line, e.span.end_column)]
    if not replacements and all(_only_imports(e.new_text) for e in fix.edits):
        return fixed  # (the missing import added, the finding's statement unchanged: JXE176)
    on_finding = [e for e in replacements
                  if e.span.start_line <= finding.span.start_line <= e.span.end_line]
    # One statement is rewritten: the finding's own, or (when the finding is where JAX fails
    # and the mistake is elsewhere, e.g. a bwd rule's return) one other.
    # An insertion inside the finding's own lines (`, in_axes=(None, 0)`) rewrites it too.
    statement_edits = on_finding or replacements[:1] or [
        e for e in fix.edits if finding.span.start_line <= e.span.start_line <= finding.span.end_line][:1]
    assert len(on_finding) <= 1 and statement_edits, fix.edits
    others = [e for e in fix.edits if e not in statement_edits]
    for e in others:  # other rewrites, or insertions of whole statements
        if e in replacements:
            continue
        inserted = ast.parse(_tabs(e.new_text.strip().strip(";")).replace("\t", " "))
        assert inserted.body, e
    # the lines around the edited statement survive byte for byte, and so does the start
    # of its first line and the end of its last (indentation, trailing comments)
    src_lines = re.split(r"(?<=\r\n)|(?<=\r)(?!\n)|(?<=\n)", src)
    edit = statement_edits[0]
    before = "".join(src_lines[: edit.span.start_line - 1])
    before += src_lines[edit.span.start_line - 1][: edit.span.start_column]
    after = src_lines[edit.span.end_line - 1][edit.span.end_column :]
    after += "".join(src_lines[edit.span.end_line :])
    statement_only = apply_edits(src, statement_edits)
    assert statement_only.startswith(before) and statement_only.endswith(after)
    assert statement_only == before + edit.new_text + after
    return fixed


# --------------------------------------------------------------------------------------------
# Complete programs: (name, before source, finding builder, fix ids expected in order,
#                     expected exception fragment of `before`, expected stdout per fix id)


@dataclass
class Case:
    name: str
    src: str
    finding: Callable[[str], Finding]
    fix_ids: list[str]
    raises: str  # a fragment of what JAX raises on `before`
    out: dict[str, str] = field(default_factory=dict)  # fix id -> expected stdout
    safe: dict[str, bool] = field(default_factory=dict)
    engine: bool = True  # the engine flags it (else only the hand-built finding is used)


PRELUDE = "import jax\nimport jax.numpy as jnp\n\n"

DICT_PRIMAL = '''"""Gradients of a dict of parameters, accumulated into refs."""
from __future__ import annotations

import jax
import jax.numpy as jnp


def loss(params):
    return jnp.sum(params['w'] * params['b'])


w = jnp.ones(3)
b = jnp.full(3, 2.0)
out, f_vjp = jax.vjp(loss, {'w': w, 'b': b})
g_w = jax.new_ref(jnp.zeros_like(w))  # gradient of w
g_b = jax.new_ref(jnp.zeros_like(b))

f_vjp.with_refs((g_w, g_b))(jnp.ones(()))  # accumulate
print(g_w[...].tolist(), g_b[...].tolist())
'''

PERMUTED = DICT_PRIMAL.replace("with_refs((g_w, g_b))", "with_refs((g_b, g_w))")
POSITIONAL = DICT_PRIMAL.replace("g_w", "r1").replace("g_b", "r2")

MULTILINE = DICT_PRIMAL.replace(
    "f_vjp.with_refs((g_w, g_b))(jnp.ones(()))  # accumulate",
    "f_vjp.with_refs(\n    (g_w,  # weights\n     g_b),  # bias\n)(\n    jnp.ones(())\n)  # accumulate",
)

MULTILINE_PRIMAL = DICT_PRIMAL.replace(
    "jax.vjp(loss, {'w': w, 'b': b})", "jax.vjp(\n    loss,\n    {'w': w,  # weights\n     'b': b},\n)"
)

TWO_PRIMALS = PRELUDE + '''

def f(x, y):
    return jnp.sum(x * y)


x = jnp.arange(3.0)
y = jnp.ones(3)
_, f_vjp = jax.vjp(f, x, y)
rx = jax.new_ref(jnp.zeros(3))
f_vjp.with_refs(rx)(1.0)
print("ran")
'''

ALIASES = '''import jax as J
from jax import numpy as xp


def f(p):
    return xp.sum(p["a"] ** 2)


p = {"a": xp.arange(2.0)}
_, f_vjp = J.vjp(f, p)
ra = J.new_ref(xp.zeros(2))
f_vjp.with_refs([ra])(1.0)
print("ran")
'''

NO_JNP = '''"""A module without jax.numpy imported as jnp."""
from __future__ import annotations

import jax


def f(p):
    return jax.numpy.sum(p[0] * p[1])


p = (jax.numpy.ones(2), jax.numpy.ones(2))
_, f_vjp = jax.vjp(f, p)
r = jax.new_ref(jax.numpy.zeros(2))
f_vjp.with_refs(r)(1.0)
print("ran")
'''

NO_JAX = '''"""Only names from jax are imported."""

from __future__ import annotations

from jax import numpy as xp
from jax import new_ref, vjp

# a comment before the code


def f(p):
    return xp.sum(p[0] * p[1])


p = (xp.ones(2), xp.ones(2))
_, f_vjp = vjp(f, p)
r = new_ref(xp.zeros(2))
f_vjp.with_refs(r)(1.0)
print("ran")
'''

HAS_AUX_LOOP = PRELUDE + '''

def loss(params, x):
    y = x @ params["w"] + params["b"]
    return jnp.sum(y ** 2), {"y": y}


def step(x):
    params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
    out, f_vjp, aux = jax.vjp(loss, params, x, has_aux=True)
    grads_w = jax.new_ref(jnp.zeros_like(params["w"]))
    grads_b = jax.new_ref(jnp.zeros_like(params["b"]))
    for _ in range(2):
        f_vjp.with_refs(
            [grads_b, grads_w],  # order!
            jax.ad.DontWant(),
        )(jnp.ones_like(out))
    return grads_w[...].tolist(), grads_b[...].tolist()


print(step(jnp.ones((4, 3))))
'''

BWD_HEAD = PRELUDE + '''

@jax.custom_vjp
def f(x, y):
    return x * y


def fwd(x, y):
    return x * y, (x, y)


'''
BWD_TAIL = '''

f.defvjp_with_logs(fwd, bwd)
print(jax.grad(f)(3.0, 2.0))
_, f_vjp = jax.vjp(f, 3.0, 2.0)
print(f_vjp.with_logs(1.0))
'''

LOGS_LIST = BWD_HEAD + '''def bwd(res, g):
    x, y = res
    g1 = g * y  # first
    g2 = g * x
    return (g1, g2), [g1, g2]  # logs
''' + BWD_TAIL

LOGS_EXPRS = BWD_HEAD + '''def bwd(res, g):
    x, y = res
    return (g * y, g * x), (g * y, g, g)
''' + BWD_TAIL

LOGS_NAME = BWD_HEAD + '''def bwd(res, g):
    x, y = res
    norms = [jnp.abs(g), x]
    return (g * y, g * x), norms
''' + BWD_TAIL

LOGS_STR = BWD_HEAD + '''def bwd(res, g):
    x, y = res
    return (g * y, g * x), f"norm={g}"
''' + BWD_TAIL

LOGS_ORDERED = BWD_HEAD.replace("import jax\n", "from collections import OrderedDict\n\nimport jax\n", 1) + '''def bwd(res, g):
    x, y = res
    return (g * y, g * x), OrderedDict(g=g)
''' + BWD_TAIL

LOGS_ARRAY = BWD_HEAD + '''def bwd(res, g):
    x, y = res
    return (g * y, g * x), jnp.stack([g, x])
''' + BWD_TAIL

MISSING_LOGS = BWD_HEAD + '''def bwd(res, g):
    x, y = res
    return g * y, g * x  # forgot the logs
''' + BWD_TAIL

MISSING_LOGS_LAMBDA = BWD_HEAD + '''bwd = lambda res, g: (g * res[1], g * res[0])
''' + BWD_TAIL

ONE_ARG_HEAD = PRELUDE + '''

@jax.custom_vjp
def h(x):
    return 2 * x


def fwd(x):
    return 2 * x, None


'''
ONE_ARG_TAIL = '''

h.defvjp_with_logs(fwd, bwd)
print(jax.grad(h)(1.0))
'''

NOT_PAIR_TUPLE = ONE_ARG_HEAD + '''def bwd(res, g):
    return (2 * g,)
''' + ONE_ARG_TAIL

NOT_PAIR_SINGLE = ONE_ARG_HEAD + '''def bwd(res, g):
    return 2 * g
''' + ONE_ARG_TAIL

NOT_PAIR_LAMBDA = ONE_ARG_HEAD + '''bwd = lambda res, g: (2 * g,)
''' + ONE_ARG_TAIL

THREE_HEAD = PRELUDE + '''

@jax.custom_vjp
def k(x, y, z):
    return x * y * z


def fwd(x, y, z):
    return x * y * z, (x, y, z)


'''
NOT_PAIR_THREE = THREE_HEAD + '''def bwd(res, g):
    x, y, z = res
    return g * y * z, g * x * z, g * x * y
''' + '''

k.defvjp_with_logs(fwd, bwd)
print(jax.grad(k)(1.0, 2.0, 3.0))
'''

FLAT = BWD_HEAD + """def bwd(res, g):
    x, y = res
    logs = {"g": g}
    return g * y, g * x, logs  # flat
""" + BWD_TAIL

GRADS_VALUE = "[2.0, 2.0, 2.0] [1.0, 1.0, 1.0]\n"
LOG_MSG = "defvjp_with_logs, and so the second element"
PAIR_MSG = "must produce a pair (in_cts, logs)"

REF_TYPE = PRELUDE + """w = jnp.ones((3, 2))
out, f_vjp = jax.vjp(lambda w: jnp.sum(w * w), w)
f_vjp.with_refs(jax.new_ref(jnp.zeros((2, 3))))(1.0)  # accumulate
print("ran")
"""
REF_PRIMAL = PRELUDE + """w = jax.new_ref(jnp.ones(3))
x = jnp.arange(3.0)
out, f_vjp = jax.vjp(lambda r, x: jnp.sum(r[...] * x), w, x)
"""
GRAD_VALUE_FOR_REF = REF_PRIMAL + """_, x_ct = f_vjp.with_refs(jax.ad.GradValue(), jax.ad.GradValue())(1.0)
print(x_ct.tolist())
"""
NO_REFS = REF_PRIMAL + """_, x_ct = f_vjp(1.0)  # pull back
print(x_ct.tolist())
"""
REF_AS_ARRAY = PRELUDE + """total = jax.new_ref(jnp.zeros(3))
total[...] += jnp.arange(3.0)
print(float(jnp.sum(total)))
"""


def jxe010(src: str) -> Finding:
    return make_finding("JXE010", at(src, "jax.new_ref(jnp.zeros((2, 3)))"), {"replacement": {
        "span": L(at(src, "jnp.zeros((2, 3))")), "source": "jnp.zeros((2, 3))",
        "new_text": "jnp.zeros_like(w)", "primal": "w"}}, "unexpected JAX type")


def jxe011(src: str) -> Finding:
    return make_finding("JXE011", at(src, "jax.ad.GradValue()", "with_refs("), {
        "callee_span": L(at(src, "jax.ad.GradValue", "with_refs(")),
        "callee_source": "jax.ad.GradValue", "replacement": "jax.ad.DontWant"}, "Ref-typed")


def jxe012(src: str) -> Finding:
    applied = L(at(src, "f_vjp", "x_ct = "))
    return make_finding("JXE012", at(src, "f_vjp(1.0)"), {"insertion": {
        "at": applied, "source": "f_vjp",
        "text": "f_vjp.with_refs(jax.ad.DontWant(), jax.ad.GradValue())",
        "entries": "jax.ad.DontWant(), jax.ad.GradValue()"}, "grad_refs": {
        "bindings": ["w_grad = jax.new_ref(jnp.zeros_like(w))"], "names": ["w_grad"],
        "replacement": {"at": applied, "source": "f_vjp",
                        "text": "f_vjp.with_refs(w_grad, jax.ad.GradValue())",
                        "entries": "w_grad, jax.ad.GradValue()"}}}, "Ref-typed")


def jxe014(src: str) -> Finding:
    span = at(src, "total", "jnp.sum(")
    return make_finding("JXE014", span, {"span": L(span), "source": "total"}, "got a Ref")


CASES = [
    Case("dict-primal", DICT_PRIMAL,
         lambda s: jxe001(s, ["{'w': w, 'b': b}"], ["(g_w, g_b)"], keys=["w", "b"]),
         ["refs-as-dict", "refs-from-primals"], "tree structures differ",
         out={"refs-as-dict": GRADS_VALUE, "refs-from-primals": "[0.0, 0.0, 0.0] [0.0, 0.0, 0.0]\n"},
         safe={"refs-as-dict": True, "refs-from-primals": False}),
    Case("permuted", PERMUTED,
         lambda s: jxe001(s, ["{'w': w, 'b': b}"], ["(g_b, g_w)"], keys=["w", "b"]),
         ["refs-as-dict", "refs-from-primals"], "tree structures differ",
         out={"refs-as-dict": GRADS_VALUE}, safe={"refs-as-dict": True}),
    Case("positional", POSITIONAL,
         lambda s: jxe001(s, ["{'w': w, 'b': b}"], ["(r1, r2)"], keys=["w", "b"]),
         ["refs-as-dict", "refs-from-primals"], "tree structures differ",
         out={"refs-as-dict": GRADS_VALUE}, safe={"refs-as-dict": False}),
    Case("multiline", MULTILINE,
         lambda s: jxe001(s, ["{'w': w, 'b': b}"], ["(g_w,  # weights\n     g_b)"], keys=["w", "b"]),
         ["refs-as-dict", "refs-from-primals"], "tree structures differ",
         out={"refs-as-dict": GRADS_VALUE}, safe={"refs-as-dict": True}),
    Case("multiline-primal", MULTILINE_PRIMAL,
         lambda s: jxe001(s, ["{'w': w,  # weights\n     'b': b}"], ["(g_w, g_b)"], keys=["w", "b"], vjp="jax.vjp("),
         ["refs-as-dict", "refs-from-primals"], "tree structures differ",
         out={"refs-as-dict": GRADS_VALUE, "refs-from-primals": "[0.0, 0.0, 0.0] [0.0, 0.0, 0.0]\n"}),
    Case("two-primals", TWO_PRIMALS,
         lambda s: jxe001(s, ["x", "y"], ["rx"], mismatched=(1,)),
         ["refs-from-primals"], "tree structures differ", out={"refs-from-primals": "ran\n"}),
    Case("aliases", ALIASES,
         lambda s: jxe001(s, ["p"], ["[ra]"], keys=["a"], jax_alias="J",
                          jnp_alias="xp", vjp="J.vjp("),
         ["refs-as-dict", "refs-from-primals"], "tree structures differ",
         out={"refs-as-dict": "ran\n"}, safe={"refs-as-dict": True}),
    Case("no-jnp", NO_JNP,
         lambda s: jxe001(s, ["p"], ["r"], jnp_alias=None),
         ["refs-from-primals"], "tree structures differ"),
    Case("no-jax", NO_JAX,
         lambda s: jxe001(s, ["p"], ["r"], jax_alias=None, jnp_alias="xp", vjp="vjp("),
         ["refs-from-primals"], "tree structures differ"),
    Case("has-aux-loop", HAS_AUX_LOOP,
         lambda s: jxe001(s, ["params", "x"], ["[grads_b, grads_w]", "jax.ad.DontWant()"],
                          keys=["w", "b"]),
         ["refs-as-dict", "refs-from-primals"], "tree structures differ",
         out={"refs-as-dict": "([[48.0, 48.0], [48.0, 48.0], [48.0, 48.0]], [48.0, 48.0])\n"},
         safe={"refs-as-dict": True}),
    Case("logs-list", LOGS_LIST,
         lambda s: jxe002(s, "[g1, g2]", "list", "(g1, g2), [g1, g2]"),
         ["logs-as-dict", "logs-none"], LOG_MSG,
         out={"logs-as-dict": "2.0\n((2.0, 3.0), {'g1': 2.0, 'g2': 3.0})\n"},
         safe={"logs-as-dict": False, "logs-none": False}),
    Case("logs-exprs", LOGS_EXPRS,
         lambda s: jxe002(s, "(g * y, g, g)", "tuple", "(g * y, g * x), (g * y, g, g)"),
         ["logs-as-dict", "logs-none"], LOG_MSG),
    Case("logs-name", LOGS_NAME,
         lambda s: jxe002(s, "norms", "list", "(g * y, g * x), norms"),
         ["logs-as-dict", "logs-none"], LOG_MSG),
    Case("logs-str", LOGS_STR,
         lambda s: jxe002(s, 'f"norm={g}"', "str", '(g * y, g * x), f"norm={g}"'),
         ["logs-as-dict", "logs-none"], LOG_MSG),
    Case("logs-ordered", LOGS_ORDERED,
         lambda s: jxe002(s, "OrderedDict(g=g)", "OrderedDict", "(g * y, g * x), OrderedDict(g=g)"),
         ["logs-as-dict", "logs-none"], LOG_MSG, safe={"logs-as-dict": True}),
    Case("logs-array", LOGS_ARRAY,
         lambda s: jxe002(s, "jnp.stack([g, x])", "ArrayImpl", "(g * y, g * x), jnp.stack([g, x])"),
         ["logs-as-dict", "logs-none"], LOG_MSG),
    Case("missing-logs", MISSING_LOGS,
         lambda s: jxe002(s, "g * x", "ArrayImpl", "g * y, g * x", missing=True),
         ["return-cts-no-logs"], "but got ArrayImpl", safe={"return-cts-no-logs": True}),
    Case("missing-logs-lambda", MISSING_LOGS_LAMBDA,
         lambda s: jxe002(s, "g * res[0]", "ArrayImpl", "(g * res[1], g * res[0])", missing=True),
         ["return-cts-no-logs"], "but got ArrayImpl", engine=False),
    Case("not-pair-tuple", NOT_PAIR_TUPLE,
         lambda s: jxe003(s, "(2 * g,)", "tuple"),
         ["return-pair-none-logs"], PAIR_MSG, out={"return-pair-none-logs": "2.0\n"},
         safe={"return-pair-none-logs": True}),
    Case("not-pair-single", NOT_PAIR_SINGLE,
         lambda s: jxe003(s, "2 * g", "ArrayImpl"),
         ["return-pair-none-logs"], PAIR_MSG, safe={"return-pair-none-logs": False}, engine=False),
    Case("not-pair-lambda", NOT_PAIR_LAMBDA,
         lambda s: jxe003(s, "(2 * g,)", "tuple"),
         ["return-pair-none-logs"], PAIR_MSG),
    Case("not-pair-three", NOT_PAIR_THREE,
         lambda s: jxe003(s, "g * y * z, g * x * z, g * x * y", "tuple"),
         ["return-pair-none-logs"], PAIR_MSG, out={"return-pair-none-logs": "6.0\n"}),
    Case("flat-with-logs", FLAT,
         lambda s: jxe003(s, "g * y, g * x, logs", "tuple", arity=2),
         ["pair-cts-with-logs"], PAIR_MSG,
         out={"pair-cts-with-logs": "2.0\n((2.0, 3.0), {'g': 1.0})\n"}, safe={"pair-cts-with-logs": True}),
    Case("ref-type", REF_TYPE, jxe010, ["ref-like-primal"], "unexpected JAX type",
         out={"ref-like-primal": "ran\n"}, safe={"ref-like-primal": True}),
    Case("grad-value-for-ref", GRAD_VALUE_FOR_REF, jxe011, ["dont-want-ref-gradient"],
         "can't be returned as a value", out={"dont-want-ref-gradient": "[1.0, 1.0, 1.0]\n"},
         safe={"dont-want-ref-gradient": False}),
    Case("no-refs", NO_REFS, jxe012, ["grad-refs-for-refs", "dont-want-ref-gradients"],
         "no gradient ref was provided",
         out={"grad-refs-for-refs": "[1.0, 1.0, 1.0]\n", "dont-want-ref-gradients": "[1.0, 1.0, 1.0]\n"},
         safe={"grad-refs-for-refs": False, "dont-want-ref-gradients": False}),
    Case("ref-as-array", REF_AS_ARRAY, jxe014, ["read-ref"], "got a Ref",
         out={"read-ref": "3.0\n"}, safe={"read-ref": True}),
]


# The custom_vjp misc rules (JXE050-JXE055): the engine's own finding is the data contract.
def engine_finding(code: str) -> Callable[[str], Finding]:
    def make(src: str) -> Finding:
        found = engine_flags(src, code)
        assert len(found) == 1, found
        return found[0]
    return make


NONDIFF_JIT = PRELUDE + """from functools import partial


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def scaled(x, factor):
    return factor * x


scaled.defvjp(lambda x, factor: (factor * x, None), lambda factor, res, g: (factor * g,))
print(jax.jit(scaled)(jnp.ones(2), 3.0))
"""
BWD_ARITY = PRELUDE + """from functools import partial


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scaled(factor, x):
    return factor * x


def scaled_fwd(factor, x):
    return factor * x, None


def scaled_bwd(res, g):
    return (3.0 * g,)


scaled.defvjp(scaled_fwd, scaled_bwd)
print(jax.grad(scaled, argnums=1)(3.0, 2.0))
"""
NO_DEFVJP = PRELUDE + """
@jax.custom_vjp
def cube(x):
    return x ** 3


def cube_fwd(x):
    return x ** 3, x


def cube_bwd(x, g):
    return (3.0 * x ** 2 * g,)


print(jax.grad(cube)(2.0))
"""
KEYWORDS = PRELUDE + """
@jax.custom_vjp
def scaled(x, factor):
    return factor * x


scaled.defvjp(lambda x, factor: (factor * x, factor), lambda factor, g: (factor * g, 0.0))
print(scaled(2.0, fator=3.0))
print(scaled(2.0, 3.0, scale=4.0))
"""
JACFWD = PRELUDE + """
@jax.custom_vjp
def cube(x):
    return x ** 3


cube.defvjp(lambda x: (x ** 3, x), lambda x, g: (3.0 * x ** 2 * g,))
print(jax.jacfwd(cube)(jnp.ones(2)))
"""
SYMZEROS_REMAT = PRELUDE + """
@jax.custom_vjp
def cube(x):
    return x ** 3


cube.defvjp(lambda x: (x.value ** 3, x.value), lambda x, g: (3.0 * x ** 2 * g,),
            symbolic_zeros=True, optimize_remat=True)
print(jax.grad(cube)(2.0))
"""


CASES += [
    Case("nondiff-jit", NONDIFF_JIT, engine_finding("JXE050"), ["make-static"],
         "UnexpectedTracerError", out={"make-static": "[3. 3.]\n"}, safe={"make-static": False}),
    Case("bwd-arity", BWD_ARITY, engine_finding("JXE051"), ["prepend-nondiff-parameters"],
         "takes 2 positional arguments but 3 were given", out={"prepend-nondiff-parameters": "3.0\n"},
         safe={"prepend-nondiff-parameters": True}),
    Case("no-defvjp", NO_DEFVJP, engine_finding("JXE052"), ["register-named-rules"],
         "No VJP defined", out={"register-named-rules": "12.0\n"}, safe={"register-named-rules": False}),
    Case("misspelled-keyword", KEYWORDS.replace("print(scaled(2.0, 3.0, scale=4.0))\n", ""),
         engine_finding("JXE053"), ["rename-keyword"], "missing a required argument: 'factor'",
         out={"rename-keyword": "6.0\n"}, safe={"rename-keyword": False}),
    Case("unexpected-keyword", KEYWORDS.replace("print(scaled(2.0, fator=3.0))\n", ""),
         engine_finding("JXE053"), ["remove-keyword"], "unexpected keyword argument 'scale'",
         out={"remove-keyword": "6.0\n"}, safe={"remove-keyword": False}),
    Case("jacfwd", JACFWD, engine_finding("JXE054"), ["jacfwd-to-jacrev"],
         "forward-mode autodiff", out={"jacfwd-to-jacrev": "[[3. 0.]\n [0. 3.]]\n"},
         safe={"jacfwd-to-jacrev": False}),
    Case("symbolic-zeros-remat", SYMZEROS_REMAT, engine_finding("JXE055"), ["drop-optimize-remat"],
         "does not support symbolic zeros", out={"drop-optimize-remat": "12.0\n"},
         safe={"drop-optimize-remat": True}),
]





# Rules JXE020-JXE026 (applying a VJP function, grad calls, saveable_args): their findings come
# from the engine itself (each case's source is flagged exactly once).
def by_engine(code: str) -> Callable[[str], Finding]:
    def make(src: str) -> Finding:
        (finding,) = engine_flags(src, code)
        return finding
    return make


PACK_COTANGENTS = PRELUDE + """def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


out, f_vjp = jax.vjp(sin_cos, 0.5)
print(f_vjp(1.0, 2.0))
"""
LIST_COTANGENT = PRELUDE + """def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


out, f_vjp = jax.vjp(sin_cos, 0.5)
print(f_vjp([1.0, 2.0]))
"""
INT_COTANGENT = PRELUDE + """out, f_vjp = jax.vjp(jnp.sin, 0.5)
print(f_vjp(1))
"""
AUX_PRINTED = PRELUDE + """def loss(w):
    return jnp.sum(w ** 2)


grad_fn = jax.grad(loss, has_aux=True)
print(grad_fn(jnp.ones(2)))
"""
ARGNUMS_KEYWORD = PRELUDE + """def loss(params, x, scale=1.0):
    return jnp.sum(x * params) * scale


print(jax.grad(loss, argnums=1)(jnp.ones(2), scale=2.0, x=jnp.ones(2)))
"""
NOT_RESTORED = PRELUDE + """def scale(x, w):
    return x * w


x = jnp.ones(3)
w = jnp.ones(3)
out, f_vjp = jax.vjp(scale, x, w, saveable_args=(True, False))
if True:
    print(f_vjp(jnp.ones(3)))
"""
INT_FLAG = PRELUDE + """out, f_vjp = jax.vjp(lambda a, b: a + b, jnp.ones(2), jnp.ones(2), saveable_args=(1, True))
print(f_vjp(jnp.ones(2)))
"""
CONTAINER_FLAG = PRELUDE + """out, f_vjp = jax.vjp(lambda a, b: a + b, jnp.ones(2), jnp.ones(2),
                     saveable_args=((False, False), True))
print(f_vjp(jnp.ones(2)))
"""
FLAG_COUNT = PRELUDE + """out, f_vjp = jax.vjp(lambda a, b: a + b, jnp.ones(2), jnp.ones(2), saveable_args=(False,))
print(f_vjp(jnp.ones(2)))
"""

CASES += [
    Case("pack-cotangents", PACK_COTANGENTS, by_engine("JXE020"), ["pack-cotangents"],
         "called with 2 arguments", safe={"pack-cotangents": True}),
    Case("list-cotangent", LIST_COTANGENT, by_engine("JXE021"), ["cotangent-container"],
         "unexpected tree structure", safe={"cotangent-container": True}),
    Case("int-cotangent", INT_COTANGENT, by_engine("JXE022"), ["float-cotangent"],
         "got int32[]", safe={"float-cotangent": False}),
    Case("aux-printed", AUX_PRINTED, by_engine("JXE023"), ["drop-has-aux"],
         "two-element tuple", safe={"drop-has-aux": False}),
    Case("argnums-keyword", ARGNUMS_KEYWORD, by_engine("JXE024"), ["pass-positionally"],
         "argnums=1 requires at least 2", safe={"pass-positionally": True}),
    Case("not-restored", NOT_RESTORED, by_engine("JXE025"), ["restore-args-res"],
         "not-saveable residuals", safe={"restore-args-res": False}),
    Case("int-flag", INT_FLAG, by_engine("JXE026"), ["bool-flag"],
         "is 1 of type int", safe={"bool-flag": True}),
    Case("container-flag", CONTAINER_FLAG, by_engine("JXE026"), ["single-bool-flag"],
         "is a container", safe={"single-bool-flag": True}),
    Case("flag-count", FLAG_COUNT, by_engine("JXE026"), ["flag-count"],
         "has 1 children", safe={"flag-count": False}),
]

_VARIANT: dict[str, Callable[[str], str]] = {
    "crlf": lambda text: text.replace("\n", "\r\n"),
    "cr": lambda text: text.replace("\n", "\r"),
    "tabs": lambda text: _tabs(text),
}


def _variants(case: Case) -> list[tuple[str, str, Callable[[str], Finding]]]:
    """The case as written, with CRLF line endings, with CR line endings, indented with tabs."""
    out = [(case.name, case.src, case.finding)]
    out.append((case.name + "+crlf", _VARIANT["crlf"](case.src), case.finding))
    out.append((case.name + "+cr", _VARIANT["cr"](case.src), case.finding))
    tabbed = _VARIANT["tabs"](case.src)
    if tabbed != case.src:
        out.append((case.name + "+tabs", tabbed, case.finding))
    return out


VARIANTS = [v for case in CASES for v in _variants(case)]
CASE_BY_NAME = {c.name: c for c in CASES}

ROOT = Path(__file__).resolve().parent.parent


def _catalog_and_example_programs() -> dict[str, str]:
    """Every catalog entry's `[example] before` and every `examples/triggers/*.py`."""
    programs = {}
    for entry in load_catalog():
        if entry.example_before:  # (an error this machine cannot raise has none)
            programs[f"catalog:{entry.id}"] = entry.example_before
    for path in sorted((ROOT / "examples" / "triggers").glob("*.py")):
        programs[f"examples:{path.name}"] = path.read_text(encoding="utf-8")
    return programs


EXAMPLES = _catalog_and_example_programs()


def _example_fixes(src: str) -> list[tuple[Finding, Fix]]:
    return [(f, fix) for f in analyze(src).findings for fix in compute_fixes(src, f)]


# Programs some tests build; run in the module's one JAX batch. name -> () -> source
EXTRA_PROGRAMS: dict[str, Callable[[], str]] = {}


def jax_program(name: str):
    def register(build: Callable[[], str]) -> Callable[[], str]:
        EXTRA_PROGRAMS[name] = build
        return build

    return register


@pytest.fixture(scope="module")
def jax_runs() -> dict[str, Result]:
    """Every program of this module, run once under JAX: each base case before and after
    each fix (the CRLF/CR/tab variants are compared to them text for text instead), every
    fixed catalog example and example trigger, and the programs tests register."""
    programs = {}
    for case in CASES:
        programs[case.name + "/before"] = case.src
        for fix in compute_fixes(case.src, case.finding(case.src)):
            programs[f"{case.name}/{fix.fix_id}"] = apply_edits(case.src, fix.edits)
    for name, src in EXAMPLES.items():
        for finding, fix in _example_fixes(src):
            programs[f"{name}/{finding.code}/{fix.fix_id}"] = apply_edits(src, fix.edits)
    for name, build in EXTRA_PROGRAMS.items():
        programs[f"extra:{name}"] = build()
    results = run_programs([Program(text, f"{key}.py") for key, text in programs.items()])
    return dict(zip(programs, results))


# --------------------------------------------------------------------------------------------
# The tests


@pytest.mark.parametrize("name,src,make", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_fixes_offered_and_applied(name: str, src: str, make: Callable[[str], Finding]) -> None:
    case = CASE_BY_NAME[name.split("+")[0]]
    finding = make(src)
    fixes = compute_fixes(src, finding)
    assert [f.fix_id for f in fixes] == case.fix_ids
    for fix in fixes:
        assert fix.title and fix.why and fix.why.endswith(".")
        if fix.fix_id in case.safe:
            assert fix.safe == case.safe[fix.fix_id], fix
        fixed = check_fixed(src, fix, finding)
        newline = {"+crlf": "\r\n", "+cr": "\r"}.get(name[name.find("+"):], "\n") if "+" in name else "\n"
        assert len(re.findall(r"\r\n|\r|\n", fixed)) == fixed.count(newline), "mixed line endings"


@pytest.mark.parametrize("name,src,make", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_fixed_programs_run_clean(name, src, make, jax_runs) -> None:
    case = CASE_BY_NAME[name.split("+")[0]]
    if "+" in name:  # a variant's fixed program is the base case's, written the same way
        variant = name.split("+")[1]
        base_fixes = {f.fix_id: apply_edits(case.src, f.edits) for f in compute_fixes(case.src, case.finding(case.src))}
        for fix in compute_fixes(src, make(src)):
            assert apply_edits(src, fix.edits) == _VARIANT[variant](base_fixes[fix.fix_id]), fix.fix_id
        return
    before = jax_runs[name + "/before"]
    assert before.raised and case.raises in f"{before.type}: {before.message}", str(before)
    for fix_id in case.fix_ids:
        result = jax_runs[f"{name}/{fix_id}"]
        assert not result.raised, (fix_id, str(result))
        if fix_id in case.out:
            assert result.stdout == case.out[fix_id], fix_id


ENGINE_VARIANTS = [v for v in VARIANTS if CASE_BY_NAME[v[0].split("+")[0]].engine]


@pytest.mark.parametrize("name,src,make", ENGINE_VARIANTS, ids=[v[0] for v in ENGINE_VARIANTS])
def test_engine_findings_give_the_same_fixes(name, src, make) -> None:
    """The real engine flags each case once, and its finding gives exactly the fixes the
    hand-built one (the data contract) gives."""
    hand = make(src)
    found = engine_flags(src, hand.code)
    assert len(found) == 1, found
    assert found[0].span == hand.span
    assert compute_fixes(src, found[0]) == compute_fixes(src, hand)


# Examples whose findings get no fix, and why (the test fails when one starts getting one:
# then it leaves this list).
WITHOUT_A_FIX = {
    # the rule has fixes, for simpler forms than the example's
    "catalog:custom-vjp-fwd-not-pair": "its rule's fixes do not apply to this form",
    "examples:jxe042_flat_residuals.py": "its rule's fixes do not apply to this form",
    "catalog:hiprim-bwd-logs-not-dict": "its rule's fixes do not apply to this form",
    "examples:jxe060_bwd_returns_cotangent.py": "its rule's fixes do not apply to this form",
    "catalog:hiprim-without-bwd": "its rule's fixes do not apply to this form",
    "examples:jxe063_fwd_only.py": "its rule's fixes do not apply to this form",
    "catalog:vmap-in-axes-length": "its rule's fixes do not apply to this form",
    "examples:jxe040_missing_cotangent.py": "its rule's fixes do not apply to this form",
    "examples:jxe070_clip_in_scan_body.py": "its rule's fixes do not apply to this form",
    "examples:jxe073_layer_by_index.py": "its rule's fixes do not apply to this form",
    "examples:jxe075_masked_mean_under_jit.py": "its rule's fixes do not apply to this form",
    "examples:jxe100_tree_multimap_and_index_update.py": "its rule's fixes do not apply to this form",
    # a None tangent: zeros of which shape and dtype is the author's choice
    "examples:jxe111_none_tangent.py": "its rule's fixes do not apply to this form",
    # a traced key: `int()` would raise under jit; a lookup table as an array is a redesign
    "examples:jxe113_label_lookup_under_jit.py": "its rule's fixes do not apply to this form",
    "examples:jxe133_key_passed_as_seed.py": "a key given as a seed: use it as the key, or split it "
                                             "(the author's choice); the int() fix is for float seeds",
}


def _fixable(src: str) -> bool:
    """Whether a finding of `src` comes from a rule that has fixes (a rule without any, like
    the shape rules, whose wrong axis only the author knows, is not asked for one)."""
    return any(rule_for(f.code) is not None and rule_for(f.code).fix_ids  # type: ignore[union-attr]
               for f in analyze(src).findings)


def test_the_examples_without_a_fix_are_the_listed_ones() -> None:
    without = {name for name, src in EXAMPLES.items() if _fixable(src) and not _example_fixes(src)}
    assert without == set(WITHOUT_A_FIX), (sorted(without - set(WITHOUT_A_FIX)),
                                           sorted(set(WITHOUT_A_FIX) - without))


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_catalog_and_example_fixes(name: str, jax_runs) -> None:
    """Every fix for every catalog `before` and every example trigger parses, removes its
    finding, keeps the rest of the file, and, when it is safe, runs clean under JAX (not every
    error has a mechanical fix: an example may get none)."""
    src = EXAMPLES[name]
    offered = _example_fixes(src)
    # An example whose findings get no fix is one of those whose error has no mechanical fix
    # here (named with why below); any other must get one.
    if _fixable(src) and name not in WITHOUT_A_FIX:
        assert offered, f"{name} gets no fix"
    for finding, fix in offered:
        fixed = check_fixed(src, fix, finding)
        assert len(engine_flags(fixed, finding.code)) < len(engine_flags(src, finding.code))
        result = jax_runs[f"{name}/{finding.code}/{fix.fix_id}"]
        assert not (fix.safe and result.raised), (fix.fix_id, fix.title, str(result))


def test_every_fix_id_is_exercised() -> None:
    """Each rule's fix ids (its catalog `[[fixes]]`) are offered by some case of this module,
    some rule case (tests/cases) or some example."""
    offered = {fix_id for case in CASES for fix_id in case.fix_ids}
    offered |= {fix.fix_id for src in EXAMPLES.values() for _, fix in _example_fixes(src)}
    offered |= {fix.fix_id for case in all_cases() if case.bad
                for finding in analyze(case.source, path=str(case.path)).findings
                for fix in compute_fixes(case.source, finding)}
    assert [(r.code, i) for r in all_rules() for i in r.fix_ids if i not in offered] == []


# -- exact outputs -------------------------------------------------------------------------


def fixed_line(src: str, finding: Finding, fix_id: str, needle: str) -> str:
    fix = next(f for f in compute_fixes(src, finding) if f.fix_id == fix_id)
    fixed = apply_edits(src, fix.edits)
    return next(line for line in fixed.splitlines() if needle in line)


def test_restructure_exact() -> None:
    f = CASE_BY_NAME["dict-primal"].finding(DICT_PRIMAL)
    assert fixed_line(DICT_PRIMAL, f, "refs-as-dict", "with_refs") == (
        "f_vjp.with_refs({'w': g_w, 'b': g_b})(jnp.ones(()))  # accumulate"
    )
    assert fixed_line(DICT_PRIMAL, f, "refs-from-primals", "with_refs") == (
        "f_vjp.with_refs(primal0_refs)(jnp.ones(()))  # accumulate"
    )
    assert fixed_line(DICT_PRIMAL, f, "refs-from-primals", "primal0_refs =") == (
        "primal0_refs = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), {'w': w, 'b': b})"
    )
    fixes = compute_fixes(DICT_PRIMAL, f)
    assert (fixes[1].title, fixes[1].safe) == ("Build refs mirroring the primals: primal0_refs", False)
    assert "`(g_w, g_b)`" in fixes[1].why and "no longer receive the gradients" in fixes[1].why


def test_restructure_by_name_not_order() -> None:
    f = CASE_BY_NAME["permuted"].finding(PERMUTED)
    assert "with_refs({'b': g_b, 'w': g_w})" in fixed_line(PERMUTED, f, "refs-as-dict", "with_refs")


def test_restructure_in_a_loop_by_name_with_the_file_quotes() -> None:
    case = CASE_BY_NAME["has-aux-loop"]
    fixes = compute_fixes(case.src, case.finding(case.src))
    assert fixes[0].title == 'Pass the refs as a dict like the primal: {"b": grads_b, "w": grads_w}'
    assert '            {"b": grads_b, "w": grads_w},  # order!\n            jax.ad.DontWant(),\n' in (
        apply_edits(case.src, fixes[0].edits))


def test_restructure_multiline_keeps_comments() -> None:
    f = CASE_BY_NAME["multiline"].finding(MULTILINE)
    fix = compute_fixes(MULTILINE, f)[0]
    fixed = apply_edits(MULTILINE, fix.edits)
    assert "f_vjp.with_refs(\n    {'w': g_w,  # weights\n     'b': g_b},  # bias\n)(\n    jnp.ones(())\n)  # accumulate\n" in fixed


def test_restructure_name_matching() -> None:
    from jaxerr_lsp.rules.vjp_refs.vjp_with_refs_tree_mismatch import _name_matches

    for name in ["w", "g_w", "w_ref", "grad_w", "gw", "dw", "W_grad", "_w"]:
        assert _name_matches(name, "w"), name
    for name in ["b", "wb", "r1", "w2", "ww"]:
        assert not _name_matches(name, "w"), name
    src = DICT_PRIMAL.replace(
        "with_refs((g_w, g_b))",
        "with_refs((jax.new_ref(jnp.zeros_like(w)), jax.new_ref(jnp.zeros_like(b))))",
    )
    f = jxe001(src, ["{'w': w, 'b': b}"],
               ["(jax.new_ref(jnp.zeros_like(w)), jax.new_ref(jnp.zeros_like(b)))"],
               keys=["w", "b"])
    fix = compute_fixes(src, f)[0]
    assert fix.fix_id == "refs-as-dict" and fix.safe


def test_two_primals_exact() -> None:
    f = CASE_BY_NAME["two-primals"].finding(TWO_PRIMALS)
    # only the primal without a ref gets new refs; `rx` stays
    assert fixed_line(TWO_PRIMALS, f, "refs-from-primals", "with_refs") == "f_vjp.with_refs(rx, y_refs)(1.0)"
    assert fixed_line(TWO_PRIMALS, f, "refs-from-primals", "y_refs =") == (
        "y_refs = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), y)"
    )


def test_aliases_used_and_no_import_added() -> None:
    f = CASE_BY_NAME["aliases"].finding(ALIASES)
    fix = compute_fixes(ALIASES, f)[0]
    assert len(fix.edits) == 1
    assert fixed_line(ALIASES, f, "refs-from-primals", "p_refs =") == (
        "p_refs = J.tree.map(lambda p: J.new_ref(xp.zeros_like(p)), p)"
    )


def test_missing_jnp_import_added_after_imports() -> None:
    f = CASE_BY_NAME["no-jnp"].finding(NO_JNP)
    fix = compute_fixes(NO_JNP, f)[0]
    fixed = apply_edits(NO_JNP, fix.edits)
    assert fixed.startswith(
        '"""A module without jax.numpy imported as jnp."""\nfrom __future__ import annotations\n\n'
        "import jax\nimport jax.numpy as jnp\n\n\ndef f(p):"
    )


def test_missing_jax_import_after_docstring_future_and_imports() -> None:
    f = CASE_BY_NAME["no-jax"].finding(NO_JAX)
    fix = compute_fixes(NO_JAX, f)[0]
    fixed = apply_edits(NO_JAX, fix.edits)
    assert fixed.startswith(
        '"""Only names from jax are imported."""\n\nfrom __future__ import annotations\n\n'
        "from jax import numpy as xp\nfrom jax import new_ref, vjp\nimport jax\n\n# a comment"
    )
    assert "\np_refs = jax.tree.map(lambda p: jax.new_ref(xp.zeros_like(p)), p)\nf_vjp.with_refs(p_refs)(1.0)\n" in fixed


def test_import_added_when_file_is_only_imports_without_newline() -> None:
    src = "import jax\nout, f_vjp = jax.vjp(f, p); f_vjp.with_refs(r)(1.0)"
    f = jxe001(src, ["p"], ["r"], jnp_alias=None)
    fix = compute_fixes(src, f)[0]
    assert apply_edits(src, fix.edits) == (
        "import jax\nimport jax.numpy as jnp\nout, f_vjp = jax.vjp(f, p); "
        "p_refs = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), p); f_vjp.with_refs(p_refs)(1.0)"
    )
    from jaxerr_lsp.fixes.locate import import_edit_for as _import_edit
    from jaxerr_lsp.fixes.text import Lines as _Lines

    def add(text: str) -> str:
        edit = _import_edit(_Lines(text), ["import jax", "import jax.numpy as jnp"])
        return apply_edits(text, [edit])

    assert add("import os") == "import os\nimport jax\nimport jax.numpy as jnp"
    assert add("x = 1\n") == "import jax\nimport jax.numpy as jnp\nx = 1\n"
    assert add("") == "import jax\nimport jax.numpy as jnp\n"
    assert add("#!/usr/bin/env python\n# c\n\n@dec\ndef f(): pass\n") == (
        "#!/usr/bin/env python\n# c\n\nimport jax\nimport jax.numpy as jnp\n@dec\ndef f(): pass\n"
    )
    assert add('"""Doc."""\r\nimport os  # c\r\nif x:\r\n    import y\r\n') == (
        '"""Doc."""\r\nimport os  # c\r\nimport jax\r\nimport jax.numpy as jnp\r\nif x:\r\n    import y\r\n'
    )
    assert add("import os; x = 1\n") == "import os; import jax; import jax.numpy as jnp; x = 1\n"
    assert add("from a import (\n    b,\n)\ndef broken(:\n") == (
        "from a import (\n    b,\n)\nimport jax\nimport jax.numpy as jnp\ndef broken(:\n"
    )


def test_rebound_primal_is_unsafe_and_says_so() -> None:
    f = jxe001(TWO_PRIMALS, ["x", "y"], ["rx"], rebound=True, mismatched=(1,))
    (fix,) = compute_fixes(TWO_PRIMALS, f)
    assert not fix.safe and "rebound" in fix.why


def test_logs_list_exact() -> None:
    f = CASE_BY_NAME["logs-list"].finding(LOGS_LIST)
    assert fixed_line(LOGS_LIST, f, "logs-as-dict", "return (g1") == (
        "    return (g1, g2), {'g1': g1, 'g2': g2}  # logs"
    )
    assert fixed_line(LOGS_LIST, f, "logs-none", "return (g1") == "    return (g1, g2), None  # logs"


def test_logs_keys_deduplicated_and_generated() -> None:
    f = CASE_BY_NAME["logs-exprs"].finding(LOGS_EXPRS)
    assert fixed_line(LOGS_EXPRS, f, "logs-as-dict", "return (") == (
        "    return (g * y, g * x), {'log_0': g * y, 'g': g, 'g_1': g}"
    )


@pytest.mark.parametrize(
    "src,expected",
    [
        (LOGS_NAME, "    return (g * y, g * x), {'norms': norms}"),
        (LOGS_STR, "    return (g * y, g * x), {\"logs\": f\"norm={g}\"}"),
        (LOGS_ORDERED, "    return (g * y, g * x), dict(OrderedDict(g=g))"),
        (LOGS_ARRAY, "    return (g * y, g * x), {'logs': jnp.stack([g, x])}"),
    ],
    ids=["name", "fstring", "ordereddict", "array"],
)
def test_logs_other_expressions(src: str, expected: str) -> None:
    case = next(c for c in CASES if c.src == src)
    assert fixed_line(src, case.finding(src), "logs-as-dict", "return (") == expected


def test_missing_logs_exact() -> None:
    f = CASE_BY_NAME["missing-logs"].finding(MISSING_LOGS)
    (fix,) = compute_fixes(MISSING_LOGS, f)
    assert fix.safe
    assert fixed_line(MISSING_LOGS, f, "return-cts-no-logs", "return (g") == (
        "    return (g * y, g * x), None  # forgot the logs"
    )
    f = CASE_BY_NAME["missing-logs-lambda"].finding(MISSING_LOGS_LAMBDA)
    assert fixed_line(MISSING_LOGS_LAMBDA, f, "return-cts-no-logs", "lambda") == (
        "bwd = lambda res, g: ((g * res[1], g * res[0]), None)"
    )


def test_not_pair_exact() -> None:
    assert fixed_line(NOT_PAIR_TUPLE, CASE_BY_NAME["not-pair-tuple"].finding(NOT_PAIR_TUPLE), "return-pair-none-logs", "return (") == (
        "    return (2 * g,), None"
    )
    assert fixed_line(NOT_PAIR_SINGLE, CASE_BY_NAME["not-pair-single"].finding(NOT_PAIR_SINGLE), "return-pair-none-logs", "* g") == (
        "    return (2 * g,), None"
    )
    assert fixed_line(NOT_PAIR_LAMBDA, CASE_BY_NAME["not-pair-lambda"].finding(NOT_PAIR_LAMBDA), "return-pair-none-logs", "lambda") == (
        "bwd = lambda res, g: ((2 * g,), None)"
    )
    assert fixed_line(NOT_PAIR_THREE, CASE_BY_NAME["not-pair-three"].finding(NOT_PAIR_THREE), "return-pair-none-logs", "return (g") == (
        "    return (g * y * z, g * x * z, g * x * y), None"
    )


def test_not_pair_name_is_unsafe() -> None:
    src = "def bwd(res, g):\n    grads = (g,)\n    return grads\n"
    span = at(src, "grads", "return ")
    finding = make_finding("JXE003", span, {"return_span": L(span), "return_source": "grads",
                                            "return_kind": "name", "arity": None})
    (fix,) = compute_fixes(src, finding)
    assert not fix.safe and apply_edits(src, fix.edits).endswith("    return grads, None\n")
    (fix,) = compute_fixes(src, with_data(finding, return_kind="tuple"))
    assert fix.safe


def test_flat_tuple_with_logs_is_split() -> None:
    case = CASE_BY_NAME["flat-with-logs"]
    (fix,) = compute_fixes(case.src, case.finding(case.src))
    assert fix.safe
    assert "    return (g * y, g * x), logs  # flat\n" in apply_edits(case.src, fix.edits)


@pytest.mark.parametrize(
    "returned,arity,expected",
    [
        ("a, b, logs", None, [("pair-cts-with-logs", True, "(a, b), logs")]),
        ("a, b, {'n': a}", None, [("pair-cts-with-logs", True, "(a, b), {'n': a}")]),
        ("a, None", None, [("pair-cts-with-logs", True, "(a,), None")]),
        ("a, b, c", None, [("return-pair-none-logs", True, "(a, b, c), None")]),
        ("a, b, c", 3, [("return-pair-none-logs", True, "(a, b, c), None")]),
        ("a, b, c", 2, [("pair-cts-with-logs", False, "(a, b), c")]),
        ("a, b, c", 5, []),
        ("a, b, logs", 3, [("return-pair-none-logs", True, "(a, b, logs), None")]),
        ("[a, b, c]", None, [("return-pair-none-logs", True, "[a, b, c], None")]),
        ("(a, b, aux_logs)", None, [("pair-cts-with-logs", True, "(a, b), aux_logs")]),
        ("(\n        a,  # da\n        b,\n    )", None,
         [("return-pair-none-logs", True, "(\n        a,  # da\n        b,\n    ), None")]),
    ],
)
def test_not_pair_tuples(returned: str, arity: int | None, expected: list) -> None:
    src = f"def bwd(res, g):\n    return {returned}\n"
    span = at(src, returned)
    data = {"return_span": L(span), "return_source": returned, "return_kind": "tuple", "arity": arity}
    fixes = compute_fixes(src, make_finding("JXE003", span, data))
    got = [(f.fix_id, f.safe, apply_edits(src, f.edits)) for f in fixes]
    assert got == [(i, safe, f"def bwd(res, g):\n    return {text}\n") for i, safe, text in expected]


@pytest.mark.parametrize(
    "returned,kind",
    [("None", "NoneType"), ("{'a': g}", "dict"), ("'oops'", "str"), ("{g}", "set")],
)
def test_not_pair_without_cotangents_gives_no_fix(returned: str, kind: str) -> None:
    src = f"def bwd(res, g):\n    return {returned}\n"
    span = at(src, returned)
    data = {"return_span": L(span), "return_source": returned, "return_kind": kind, "arity": None}
    assert compute_fixes(src, make_finding("JXE003", span, data)) == []


def test_not_pair_single_value_with_arity() -> None:
    src = "def bwd(res, g):\n    return g * 2\n"
    span = at(src, "g * 2")
    for arity, expected in [(1, [True]), (None, [False]), (2, [])]:
        data = {"return_span": L(span), "return_source": "g * 2", "return_kind": "ArrayImpl",
                "arity": arity}
        fixes = compute_fixes(src, make_finding("JXE003", span, data))
        assert [f.safe for f in fixes] == expected
        for f in fixes:
            assert apply_edits(src, f.edits) == "def bwd(res, g):\n    return (g * 2,), None\n"


# -- text handling ---------------------------------------------------------------------------


@jax_program("emoji")
def _emoji_fixed() -> str:
    src = EMOJI
    return apply_edits(src, compute_fixes(src, CASE_BY_NAME["dict-primal"].finding(src))[0].edits)


EMOJI = DICT_PRIMAL.replace(
    "f_vjp.with_refs((g_w, g_b))(jnp.ones(()))  # accumulate",
    'print("🎉 é"); f_vjp.with_refs((g_w, g_b))(jnp.ones(()))  # ✓ accumulate 🎉',
)


def test_non_ascii_and_emoji_on_the_line(jax_runs) -> None:
    src = DICT_PRIMAL.replace(
        "f_vjp.with_refs((g_w, g_b))(jnp.ones(()))  # accumulate",
        'print("🎉 é"); f_vjp.with_refs((g_w, g_b))(jnp.ones(()))  # ✓ accumulate 🎉',
    )
    f = CASE_BY_NAME["dict-primal"].finding(src)
    assert f.span.start_column == len('print("🎉 é"); f_vjp.with_refs(')
    fixes = compute_fixes(src, f)
    assert [x.fix_id for x in fixes] == ["refs-as-dict", "refs-from-primals"]
    fixed = apply_edits(src, fixes[0].edits)
    assert (
        'print("🎉 é"); f_vjp.with_refs({\'w\': g_w, \'b\': g_b})(jnp.ones(()))  # ✓ accumulate 🎉\n'
        in fixed
    )
    assert fixed == _emoji_fixed()
    assert jax_runs["extra:emoji"].stdout == "🎉 é\n" + GRADS_VALUE


for _fix_id in ("refs-as-dict", "refs-from-primals"):
    jax_program(f"bom-{_fix_id}")(
        lambda fix_id=_fix_id: next(
            apply_edits("\ufeff" + DICT_PRIMAL, f.edits)[1:]  # Python drops the BOM on reading
            for f in compute_fixes("\ufeff" + DICT_PRIMAL, engine_flags("\ufeff" + DICT_PRIMAL, "JXE001")[0])
            if f.fix_id == fix_id
        )
    )


def test_byte_order_mark(jax_runs) -> None:
    """A BOM counts as a character of line 1 (as the engine counts it); the import goes
    after it, never before."""
    src = "\ufeff" + NO_JNP.split("\n", 1)[1]  # no docstring: line 1 is the __future__ import
    (finding,) = engine_flags(src, "JXE001")
    (fix,) = compute_fixes(src, finding)
    fixed = apply_edits(src, fix.edits)
    assert fixed.startswith("\ufefffrom __future__ import annotations\n\nimport jax\nimport jax.numpy as jnp\n")
    src = "\ufeffimport jax\nout, f_vjp = jax.vjp(f, p); f_vjp.with_refs(r)(1.0)\n"
    f = jxe001(src, ["p"], ["r"], jnp_alias=None)
    (fix,) = compute_fixes(src, f)
    assert apply_edits(src, fix.edits) == (
        "\ufeffimport jax\nimport jax.numpy as jnp\nout, f_vjp = jax.vjp(f, p); "
        "p_refs = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), p); f_vjp.with_refs(p_refs)(1.0)\n"
    )
    src = "\ufeffimport jax; f_vjp.with_refs(r)(1.0)\n"
    f = jxe001(src, [], ["r"], vjp="jax", jnp_alias=None)
    f = with_data(f, primals=[{"span": [1, 8, 1, 11], "source": "jax"}])
    (fix,) = compute_fixes(src, f)
    assert apply_edits(src, fix.edits) == (
        "\ufeffimport jax; import jax.numpy as jnp; jax_refs = jax.tree.map(lambda p: "
        "jax.new_ref(jnp.zeros_like(p)), jax); f_vjp.with_refs(jax_refs)(1.0)\n"
    )
    src = "\ufeff" + DICT_PRIMAL
    (finding,) = engine_flags(src, "JXE001")
    fixes = compute_fixes(src, finding)
    assert [f.fix_id for f in fixes] == ["refs-as-dict", "refs-from-primals"]
    assert jax_runs["extra:bom-refs-as-dict"].stdout == GRADS_VALUE
    assert not jax_runs["extra:bom-refs-from-primals"].raised


def test_compound_statement_and_one_liner_bodies() -> None:
    src = BWD_HEAD + "def bwd(res, g):\n    if True: return (g, g), [g]  # one-liner\n" + BWD_TAIL
    f = jxe002(src, "[g]", "list", "(g, g), [g]")
    fixed = apply_edits(src, compute_fixes(src, f)[0].edits)
    assert "    if True: return (g, g), {'g': g}  # one-liner\n" in fixed
    src = (
        "def outer():\n    _, f_vjp = jax.vjp(loss, {'w': w, 'b': b})\n"
        "    for i in range(2):\n        f_vjp.with_refs((g_w, g_b))(ct)\n"
        "    else:\n        pass  # keep\n"
    )
    f = jxe001(src, ["{'w': w, 'b': b}"], ["(g_w, g_b)"], keys=["w", "b"])
    fix = compute_fixes(src, f)[0]
    assert fix.fix_id == "refs-as-dict"
    assert apply_edits(src, fix.edits) == src.replace("((g_w, g_b))", "({'w': g_w, 'b': g_b})")
    assert fix.edits[0].span == Span(4, 8, 4, 39)


def test_partial_code_elsewhere_in_the_file() -> None:
    src = LOGS_LIST + "\ndef broken(:\n    pass\n"
    with pytest.raises(SyntaxError):
        ast.parse(src)
    f = CASE_BY_NAME["logs-list"].finding(src)
    fixes = compute_fixes(src, f)
    assert [x.fix_id for x in fixes] == ["logs-as-dict", "logs-none"]
    assert "return (g1, g2), {'g1': g1, 'g2': g2}  # logs\n" in apply_edits(src, fixes[0].edits)
    # the import insertion still finds its place
    src = NO_JNP + "\nclass Broken(\n"
    fixes = compute_fixes(src, CASE_BY_NAME["no-jnp"].finding(src))
    assert apply_edits(src, fixes[0].edits).count("import jax.numpy as jnp\n") == 1


def _stale_findings() -> list[Finding]:
    """Well-formed findings whose spans do not fit the text they are applied to (the document
    changed since the analysis), and a finding of no rule."""
    refs = CASE_BY_NAME["dict-primal"].finding(DICT_PRIMAL)
    logs = CASE_BY_NAME["logs-list"].finding(LOGS_LIST)
    missing = CASE_BY_NAME["missing-logs"].finding(MISSING_LOGS)
    pair = CASE_BY_NAME["not-pair-tuple"].finding(NOT_PAIR_TUPLE)
    return [
        with_data(refs, refs=[{"span": [99, 0, 99, 3], "source": "abc"}], refs_span=[99, 0, 99, 3]),
        with_data(refs, primals=[{"span": [3, 50, 3, 80], "source": "{'w': w}"}]),
        with_data(logs, logs_span=[1, 0, 1, 200]),
        with_data(logs, logs_span=[30, 0, 29, 3], return_span=[30, 0, 29, 3]),
        with_data(missing, return_span=[0, -5, 0, -1]),
        with_data(pair, return_span=[0, -5, 0, -1]),
        with_data(pair, return_span=[2, 4, 2, 12], return_source="not what is there"),
        Finding("JXE999", "x", Span(1, 0, 1, 1), "m"),
    ]


@pytest.mark.parametrize("finding", _stale_findings())
def test_stale_findings_give_no_fix(finding: Finding) -> None:
    assert compute_fixes(LOGS_LIST, finding) == []
    assert compute_fixes("", finding) == []
    assert compute_fixes("def f(:\n", finding) == []


@pytest.mark.parametrize("data", [
    {}, {"refs": [{"span": "bad"}], "primals": None}, {"logs_span": [1, 0, 1, 200]},
    {"missing_logs": True, "return_span": None},
])
@pytest.mark.parametrize("code", ["JXE001", "JXE002", "JXE003"])
def test_malformed_data_is_refused_before_any_fix(code: str, data: dict) -> None:
    """What comes back from the editor is rebuilt as the rule's typed data or refused."""
    value = {"code": code, "catalog": "x", "span": [1, 0, 1, 1], "message": "m", "data": data}
    assert finding_from_json(value) is None


# -- ignore comments ---------------------------------------------------------------------------


def _ignore(src: str, code: str = "JXE001", line: int = 1) -> str:
    rule = rule_for(code)
    finding = Finding(code, rule.catalog_id if rule else "x", Span(line, 0, line, 1), "m")
    fix = ignore_line_fix(src, finding)
    assert fix.fix_id == "ignore-line" and not fix.safe and fix.title and fix.why
    return apply_edits(src, fix.edits)


def test_ignore_line_fix() -> None:
    assert _ignore("f_vjp.with_refs(r)(ct)\nnext\n") == "f_vjp.with_refs(r)(ct)  # jaxerr: ignore[JXE001]\nnext\n"
    assert _ignore("x = 1   \r\ny\r\n") == "x = 1  # jaxerr: ignore[JXE001]\r\ny\r\n"
    assert _ignore("x = '#'  # noqa: E501") == "x = '#'  # noqa: E501  # jaxerr: ignore[JXE001]"
    assert _ignore("x = 1  # jaxerr: ignore[JXE002]") == "x = 1  # jaxerr: ignore[JXE002,JXE001]"
    assert _ignore("x = 1  # jaxerr: ignore[JXE002, JXE003] why") == (
        "x = 1  # jaxerr: ignore[JXE002, JXE003, JXE001] why"
    )
    assert _ignore("x = 1  # jaxerr: ignore[]") == "x = 1  # jaxerr: ignore[JXE001]"
    assert _ignore("x = 1  # jaxerr: ignore") == "x = 1  # jaxerr: ignore"
    assert _ignore("x = 1  # jaxerr: ignore[JXE001]") == "x = 1  # jaxerr: ignore[JXE001]"
    assert _ignore("x = 1  # jaxerr: ignore[vjp-with-refs-tree-mismatch]") == (
        "x = 1  # jaxerr: ignore[vjp-with-refs-tree-mismatch]"
    )
    assert _ignore("s = 'é🎉'; f(  # open\n  a)\n") == "s = 'é🎉'; f(  # open  # jaxerr: ignore[JXE001]\n  a)\n"
    assert _ignore("\tx = f('# not a comment')\n") == "\tx = f('# not a comment')  # jaxerr: ignore[JXE001]\n"
    assert _ignore("x = a + \\\n    b\n") == "x = a + \\\n    b\n"  # cannot comment a continued line
    assert _ignore('f(x); s = """a\nb"""\n') == 'f(x); s = """a\nb"""\n'  # nor inside a string


def test_ignore_goes_to_the_end_line_when_the_start_line_cannot_take_it() -> None:
    src = 'x = f_vjp.with_refs((a, """\n"""), \\\n    b)(ct)\n'
    finding = Finding("JXE001", "vjp-with-refs-tree-mismatch", Span(1, 20, 3, 5), "m")
    fixed = apply_edits(src, ignore_line_fix(src, finding).edits)
    assert fixed == 'x = f_vjp.with_refs((a, """\n"""), \\\n    b)(ct)  # jaxerr: ignore[JXE001]\n'
    from jaxerr_lsp.engine.run import suppressed

    assert suppressed(finding, fixed.split("\n"))
    assert _ignore("a\nb\nc", line=3) == "a\nb\nc  # jaxerr: ignore[JXE001]"


def test_ignore_comment_silences_the_engine() -> None:
    case = CASE_BY_NAME["dict-primal"]
    finding = case.finding(case.src)
    ignored = apply_edits(case.src, ignore_line_fix(case.src, finding).edits)
    assert "# accumulate  # jaxerr: ignore[JXE001]" in ignored
    assert not engine_flags(ignored, "JXE001")


# -- apply_edits -------------------------------------------------------------------------------


def test_apply_edits() -> None:
    src = "ab🎉c\r\nde\nf"
    assert apply_edits(src, []) == src
    assert apply_edits(src, [TextEdit(Span(1, 2, 1, 3), "X")]) == "abXc\r\nde\nf"
    assert apply_edits(src, [TextEdit(Span(2, 0, 3, 1), "Z"), TextEdit(Span(1, 0, 1, 0), ">")]) == ">ab🎉c\r\nZ"
    assert apply_edits(src, [TextEdit(Span(1, 0, 1, 0), "1"), TextEdit(Span(1, 0, 1, 0), "2")]) == "12ab🎉c\r\nde\nf"
    assert apply_edits(src, [TextEdit(Span(1, 4, 2, 0), "")]) == "ab🎉cde\nf"
    assert apply_edits(src, [TextEdit(Span(3, 1, 3, 1), "!")]) == src + "!"
    with pytest.raises(ValueError):
        apply_edits(src, [TextEdit(Span(1, 0, 1, 3), "a"), TextEdit(Span(1, 2, 1, 4), "b")])
    same = TextEdit(Span(2, 0, 2, 0), "import jax\n")
    assert apply_edits(src, [same, TextEdit(Span(1, 0, 1, 1), "A"), same]) == "Ab🎉c\r\nimport jax\nde\nf"


@jax_program("two-fixes")
def _two_fixes() -> str:
    src = NO_JAX.replace("f_vjp.with_refs(r)(1.0)", "f_vjp.with_refs(r)(1.0)\nf_vjp.with_refs(r)(2.0)")
    findings = engine_flags(src, "JXE001")
    assert len(findings) == 2
    return apply_edits(src, [e for f in findings for e in compute_fixes(src, f)[0].edits])


def test_two_fixes_adding_the_same_import_apply_together(jax_runs) -> None:
    fixed = _two_fixes()
    assert fixed.count("import jax\n") == 1 and not engine_flags(fixed, "JXE001")
    assert jax_runs["extra:two-fixes"].stdout == "ran\n"


# -- never raises ------------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_SPAN = st.lists(st.integers(-3, 40), min_size=4, max_size=4)


@st.composite
def _like(draw, value: Any) -> Any:
    """`value` (the JSON form of some data) with parts replaced by random values of the same
    JSON kind, so that it still reads as the rule's data: spans anywhere, other text, other
    numbers, lists cut or grown."""
    if not draw(st.integers(0, 3)):  # keep this part as it is
        return value
    if isinstance(value, bool) or value is None:
        return draw(st.booleans()) if isinstance(value, bool) else None
    if isinstance(value, int):
        return draw(st.integers(-3, 60))
    if isinstance(value, str):
        return draw(st.text(max_size=12) | st.sampled_from(["", "w", "(", "'" * 3, "é🎉"]))
    if isinstance(value, list) and len(value) == 4 and all(type(v) is int for v in value):
        return draw(_SPAN)
    if isinstance(value, list):
        items = [draw(_like(v)) for v in value]
        if items and draw(st.booleans()):
            items = items[: draw(st.integers(0, len(items)))] or items[:1] * draw(st.integers(0, 3))
        return items
    if isinstance(value, dict):
        return {k: draw(_like(v)) for k, v in value.items()}
    return value


@st.composite
def _mutated_case(draw):
    case = draw(st.sampled_from(CASES))
    src = case.src
    finding = case.finding(src)
    assert finding.data is not None
    mutated = draw(_like(finding.data.to_json()))
    typed = type(finding.data).from_json(mutated)
    if typed is None:  # no longer the rule's data: what the server refuses too
        assert finding_from_json({**finding.to_json(), "data": mutated}) is None
        typed = finding.data
    cut = draw(st.integers(0, len(src)))
    edit = draw(st.sampled_from(["", "(", ")", "\n", "\r\n", "'" * 3, "é🎉", "\t", "\\\n", "# c", "\ufeff", "def"]))
    if draw(st.booleans()):
        src = src[:cut] + edit + src[cut:]
    return src, Finding(finding.code, finding.catalog_id, finding.span, "m", data=typed)


class _Errors(logging.Handler):
    """Collects the errors `compute_fixes` logs (it never raises, so bugs show up here)."""

    def __enter__(self) -> list[str]:
        self.found: list[str] = []
        logging.getLogger("jaxerr_lsp.fixes").addHandler(self)
        return self.found

    def __exit__(self, *exc: object) -> None:
        logging.getLogger("jaxerr_lsp.fixes").removeHandler(self)

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:
            self.found.append(self.format(record) + "\n" + "".join(
                traceback.format_exception(*record.exc_info)) if record.exc_info else "")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated_case())
def test_never_raises_on_mutated_code_and_data(pair) -> None:
    """No fix raises or logs an error, and none turns code that parses into code that does
    not (a fix whose result would not parse is dropped)."""
    src, finding = pair
    with _Errors() as errors:
        fixes = compute_fixes(src, finding)
    assert not errors, errors[0]
    try:
        ast.parse(src)
    except SyntaxError:
        parses = False
    else:
        parses = True
    for fix in fixes:
        fixed = apply_edits(src, fix.edits)
        if parses:
            ast.parse(fixed)
    ignore = ignore_line_fix(src, finding)
    apply_edits(src, ignore.edits)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), _SPAN, st.sampled_from(CASES))
def test_never_raises_on_arbitrary_text(text, span, case) -> None:
    """A real finding's data, applied to any text at any span."""
    real = case.finding(case.src)
    finding = Finding(real.code, real.catalog_id, Span(*span), "m", data=real.data)
    with _Errors() as errors:
        assert isinstance(compute_fixes(text, finding), list)
    assert not errors, errors[0]
    apply_edits(text, ignore_line_fix(text, finding).edits)
