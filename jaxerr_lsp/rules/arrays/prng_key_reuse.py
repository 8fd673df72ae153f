"""JXE099 prng-key-reuse (a warning).

What it does: finds a PRNG key consumed twice (`jaxerr_lsp.families.prng_keys`: passed to a
`jax.random` sampler, `split` or `bits`; `fold_in`, `key_data` and `clone` do not consume):
- in straight-line code of one scope: two consumptions of a name with no binding of the name
  between them, the first certainly run whenever the second is (not in a branch, a loop or an
  `x if c else y` / `and` / `or` operand the second is outside of);
- in a Python loop: a consumption in a `for`/`while` body (not under a branch of it) of a name
  the loop never rebinds (a loop whose body always ends in `return`/`break`/`raise`, or
  `for _ in range(1)`, runs it once: not flagged);
- in a `lax.scan`, `lax.map`, `lax.fori_loop` or `lax.while_loop` body: a key the body closes
  over (bound in the scope around it), consumed unconditionally on every iteration.
Whatever the name held, passing it to a sampler makes it a key; nothing is assumed of names
passed elsewhere. Keys in containers or attributes (`keys[0]`, `self.key`) are not followed,
nor names some function declares `global`/`nonlocal` (a call may rebind them).
`jax.random.split(key, n)[i]` in a loop or lax body (or twice in a row) is left alone: JAX's
checker counts it, but it picks distinct keys of the same split.

Why is this bad: a key gives the same bits every time; the draws repeat or are correlated,
silently. JAX raises KeyReuseError only under `jax_debug_key_reuse` and for typed keys
(`jax.random.key`; legacy `PRNGKey` arrays are never checked). The predicted message is JAX's
for that mode: exact at module level, the function the key went to shown elsewhere (a
function may be called under `jax.jit`, where JAX words it "In jit, argument 0 is already
consumed.").

Fix (unsafe: the numbers change): `key, subkey = jax.random.split(key)` inserted before the
statement of the earlier use (in a loop: of the use), which then takes `subkey`; offered for
a simple statement of the scope that binds the key, at module or function level.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import Binding, Scope
from jaxerr_lsp.families.prng_keys import (BRANCH, LOOP, PRIMITIVES, Consumption, Location,
                                  conditional_in_statement, consumptions, is_prefix, locate,
                                  runs_once, spans)
from jaxerr_lsp.engine.rule import Context, Rule, fill

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

CATALOG_ID = "prng-key-reuse"
# The lax loops whose body JAX checks as a whole ("scan" or "while" wording of the error).
LAX_LOOPS = {"jax.lax.scan": "scan", "jax.lax.map": "scan", "jax.lax.fori_loop": "scan",
             "jax.lax.while_loop": "while"}
# Transformations under which a consumed key is still checked eagerly, call by call.
EAGER_TRANSFORMS = frozenset({"jax.vmap", "jax.pmap", "jax.grad", "jax.value_and_grad",
                              "jax.jacrev", "jax.jacfwd", "jax.hessian"})


@dataclass(frozen=True)
class KeyReuse(RuleData):
    key_name: str
    key_span: Span  # the use that takes the new key (the earlier one; in a loop, the use)
    insert_line: int  # the statement to insert the split before; 0: no fix
    indent: str
    split: str  # how the file names jax.random.split: "jax.random.split", "jr.split"...
    fresh: str  # the new name: "subkey"


def _template(function: str) -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get(CATALOG_ID)
    if function == "check_signature":
        return entry.message.strip()
    source = next(s for s in entry.sources if s.function == function)
    assert source.message is not None
    return source.message.strip()


def _bound_at(binding: Binding) -> tuple[int, int]:
    return binding.end if binding.end != (0, 0) else (binding.line, 0)


def _body(consumption: Consumption) -> list[ast.stmt] | None:
    node = consumption.scope.node
    if consumption.scope.kind not in ("module", "function"):
        return None
    return node.body  # type: ignore[attr-defined, no-any-return]


# ------------------------------------------------------------------------ what JAX would say

def _wording(ctx: Context, consumption: Consumption) -> tuple[str, dict[str, str], bool]:
    """(the template, its values, whether they are certain) for a second consumption run
    eagerly or in a traced function."""
    primitive = PRIMITIVES.get(consumption.api)
    scope = consumption.scope
    if scope.kind != "module":
        traced = ctx.tracing.traced(scope.node)
        if traced is not None and traced.abstract and not all(
                t.qualname in EAGER_TRANSFORMS for t in traced.transforms):
            return (_template("jaxpr_type_signature"),
                    {"eqn.primitive": primitive or "jit", "snk.idx": "0"}, False)
    return (_template("check_signature"),
            {"funcname": primitive or "jit-compiled function", "sink.idx": "0"}, scope.kind == "module")


def _report(ctx: Context, where: Consumption, template: str, values: dict[str, str],
            certain: bool, note: str, related: tuple[Related, ...], data: KeyReuse) -> None:
    exact = values if certain else {}
    ctx.report(where.key, message=fill(template, values) + note,
               predicted=fill(template, exact, escape=True), related=related, data=data)


# ------------------------------------------------------------------------ the fix's data

def _split_name(ctx: Context, consumption: Consumption) -> str:
    function = consumption.call.func
    if isinstance(function, ast.Attribute) and ctx.model.qualname(function.value) == "jax.random":
        return f"{ctx.segment(function.value)}.split"
    for binding in ctx.model.imports:
        if binding.qualname == "jax.random.split" and binding.scope is ctx.model.module_scope:
            return binding.name
    for module, suffix in (("jax.random", ".split"), ("jax", ".random.split")):
        aliases = ctx.model.aliases_of(module)
        if aliases:
            return aliases[0] + suffix
    return ""


def _fresh_name(ctx: Context) -> str:
    """A name the file does not use anywhere (nor write in a string or a comment)."""
    for candidate in ("subkey", *(f"subkey{i}" for i in range(1, 10))):
        if not ctx.mentions(candidate, whole_word=True):
            return candidate
    return ""


def _data(ctx: Context, target: Consumption, location: Location | None) -> KeyReuse:
    """What the fix needs to split the key before `target`'s statement."""
    key = target.key
    none = KeyReuse(key.id, ctx.span(key), 0, "", "", "")
    if location is None or location.in_header or _body(target) is None:
        return none
    statement = location.statement
    line = ctx.parsed.lines[statement.lineno - 1]
    column = ctx.parsed.column(statement.lineno, statement.col_offset)
    indent = line[:column]
    split, fresh = _split_name(ctx, target), _fresh_name(ctx)
    if indent.strip() or not split or not fresh:
        return none
    return KeyReuse(key.id, ctx.span(key), statement.lineno, indent, split, fresh)


# ------------------------------------------------------------------------ the three patterns

def _indexed_split(ctx: Context, consumption: Consumption) -> bool:
    """`jax.random.split(key, n)[i]`: the same keys each time, one picked by index. JAX's
    checker counts it as a consumption, but picking other indices draws independent keys."""
    parent = ctx.model.parent.get(id(consumption.call))
    return consumption.api == "split" and isinstance(parent, ast.Subscript) \
        and parent.value is consumption.call


def _first_consumer(ctx: Context, second: Consumption, earlier: list[Consumption], bound: list[tuple[int, int]],
                    locations: dict[int, Location | None]) -> Consumption | None:
    """The consumption that certainly ran before `second` with the same key, if any."""
    after = locations[id(second)]
    if after is None:
        return None
    for first in reversed(earlier):
        if any(first.position < b <= second.position for b in bound):
            return None  # the name was bound again in between
        before = locations[id(first)]
        if before is None or not is_prefix(before.blocks, after.blocks):
            continue
        if conditional_in_statement(ctx.model, before.statement, first.call):
            continue
        return first
    return None


def _loop_around(ctx: Context, consumption: Consumption, location: Location | None,
                 bound: list[tuple[int, int]]) -> ast.stmt | None:
    """The loop that runs `consumption` on every pass with the same key, if any."""
    if location is None or conditional_in_statement(ctx.model, location.statement, consumption.call):
        return None
    for index in reversed(range(len(location.blocks))):
        block = location.blocks[index]
        if block.kind != LOOP:
            continue
        if any(b.kind == BRANCH for b in location.blocks[index + 1:]):
            return None
        start, end = spans(block.statement)
        if any(start <= b <= end for b in bound):
            return None  # rebound in the loop
        if not runs_once(block.statement):
            return block.statement
    return None


def _rebound_from_inside(ctx: Context, scope: Scope, name: str) -> bool:
    """Whether a function declares the name `global` (of a module) or `nonlocal` (of a
    function) and may rebind it whenever it is called, between any two uses."""
    return any(name in (inner.global_names if scope.kind == "module" else inner.nonlocal_names)
               for inner in ctx.model.scope_of_node.values())


def _check_scope(ctx: Context, group: list[Consumption]) -> None:
    """The consumptions in the body of the scope that binds their key."""
    body = _body(group[0])
    if body is None:
        return
    scope, name = group[0].scope, group[0].key.id
    if _rebound_from_inside(ctx, scope, name):
        return
    bound = sorted(_bound_at(b) for b in ctx.model.bindings_named(name, scope))
    locations = {id(c): locate(body, c.call) for c in group}
    for index, second in enumerate(group):
        first = _first_consumer(ctx, second, group[:index], bound, locations)
        if first is not None and _indexed_split(ctx, first) and _indexed_split(ctx, second):
            continue
        if first is not None:
            template, values, certain = _wording(ctx, second)
            note = (f" (`{name}` was already consumed by `{first.api}`; "
                    "outside `jax_debug_key_reuse` JAX raises nothing and the draws repeat)")
            related = (Related(ctx.span(first.call), f"`{name}` first consumed here"),)
            _report(ctx, second, template, values, certain, note, related,
                    _data(ctx, first, locations[id(first)]))
            continue
        loop = _loop_around(ctx, second, locations[id(second)], bound)
        if loop is not None and not _indexed_split(ctx, second):
            template, values, certain = _wording(ctx, second)
            note = (f" (the loop consumes `{name}` on every pass without replacing it; outside "
                    "`jax_debug_key_reuse` JAX raises nothing and every pass draws the same numbers)")
            header_end = loop.iter if isinstance(loop, (ast.For, ast.AsyncFor)) else loop.test  # type: ignore[attr-defined]
            related = (Related(ctx.span(loop, header_end), "the loop"),)
            _report(ctx, second, template, values, certain, note, related,
                    _data(ctx, second, locations[id(second)]))


def _check_lax_body(ctx: Context, consumption: Consumption) -> None:
    """A key closed over by a lax loop body and consumed on every iteration."""
    inner = consumption.use.scope
    function = inner.node
    if inner.kind not in ("function", "lambda") or inner.parent is not consumption.scope \
            or _indexed_split(ctx, consumption):
        return
    traced = ctx.tracing.traced(function)
    transform = next((t for t in traced.transforms if t.qualname in LAX_LOOPS
                      and t.label != "while_cond"), None) if traced is not None else None
    if transform is None or not isinstance(transform.site, ast.Call):
        return
    if isinstance(function, ast.Lambda):
        if conditional_in_statement(ctx.model, function, consumption.call):
            return
    else:
        location = locate(function.body, consumption.call)  # type: ignore[attr-defined]
        if location is None or location.blocks \
                or conditional_in_statement(ctx.model, location.statement, consumption.call):
            return
    kind = LAX_LOOPS[transform.qualname]
    if transform.qualname == "jax.lax.fori_loop":
        site = ctx.model.call_site(transform.site)
        bounds = site.args[:2] if site is not None else ()
        if any(ctx.tracing.tracer(b) is not None for b in bounds):
            kind = "while"
    template = _template("_scan_key_type_signature" if kind == "scan" else "_while_key_type_signature")
    from jaxerr_lsp.errors.catalog import load_catalog

    readable = load_catalog().get(CATALOG_ID).readable(template)
    name = consumption.key.id
    note = (f" (the body closes over `{name}` and consumes it on every iteration; outside "
            "`jax_debug_key_reuse` JAX raises nothing and every iteration draws the same numbers)")
    related = (Related(ctx.span(transform.site), f"`{transform.qualname}` runs the body repeatedly"),)
    ctx.report(consumption.key, message=readable + note, predicted=fill(template, {}, escape=True),
               related=related, data=KeyReuse(name, ctx.span(consumption.key), 0, "", "", ""))


def check(ctx: Context) -> None:
    groups: dict[tuple[int, str], list[Consumption]] = {}
    for consumption in consumptions(ctx):
        if consumption.direct:
            groups.setdefault((id(consumption.scope), consumption.key.id), []).append(consumption)
        else:
            _check_lax_body(ctx, consumption)
    for group in groups.values():
        _check_scope(ctx, group)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, KeyReuse)
    if not data.insert_line or lines.text(data.key_span) != data.key_name:
        return []
    line = lines.line(data.insert_line)
    if not line.startswith(data.indent) or not line[len(data.indent):][:1].strip():
        return []
    key, fresh = data.key_name, data.fresh
    statement = f"{data.indent}{key}, {fresh} = {data.split}({key}){lines.newline}"
    why = (f"Splits `{key}` into a new `{key}` and `{fresh}` before that statement, which now "
           f"draws from `{fresh}`: each draw gets its own key, so the numbers change.")
    return [Fix(f"Split {key} before drawing from it", False, why,
                (TextEdit(Span(data.insert_line, 0, data.insert_line, 0), statement),
                 TextEdit(data.key_span, fresh)), "split-key")]


RULE = Rule(
    code="JXE099",
    catalog_id=CATALOG_ID,
    triggers=("random",),
    check=check,
    data=KeyReuse,
    fix=fix,
    fix_ids=("split-key",),
)
