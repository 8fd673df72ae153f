"""JXE174 jax-name-not-found.

What it does: finds a read of a name one of JAX's main modules does not have: a typo
(`jnp.arrange`, `jax.lax.scann`) or another library's name (`jnp.softmax`, PyTorch's and
SciPy's; `jax.random.randn`, NumPy's), read through the file's imports (`jnp.softmax(x)`,
`jax.random.randn(3)`: AttributeError) or imported (`from jax.numpy import softmax`:
ImportError). The names each module has come from the installed JAX
(`families.jax_attributes`, generated); Python's own "Did you mean: 'arange'?" is predicted
with the same algorithm over the same `dir(module)`.

Never flagged: a module JAX does not list among its main ones (`jax.experimental.*`), a name
the next release (0.12.1) adds, a private name (`jnp._x`), a name JAX removed (JXE100
`removed-jax-api` says which release had it and what replaces it), a name the file assigns
itself, a read through a name that may be something else than the module, inside a `try`
with handlers or under a test of `hasattr`/`getattr`/a version (`removed_apis.Guards`).

Why is this bad: the attribute read (or the import) raises as soon as it runs.

Fix (unsafe: the other name may take other arguments): write Python's suggestion when it is
one typo away (`jnp.arange` for `jnp.arrange`: one letter added, dropped, changed, or two
swapped; not `randint` for NumPy's `randn`); else, one fix per other main JAX module that has
the name and that the file imports (or `jax`): `jnp.softmax` -> `jax.nn.softmax`, or
`jax.scipy.special.softmax`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.jax_attributes import MissingName, homes, missing_names

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class MissingNameData(RuleData):
    span: Span | None  # what the fix replaces: the attribute's name, or the whole expression
    source: str  # its text when found
    replacements: tuple[str, ...]  # the texts to write there, one fix each
    suggested: bool  # Python's suggestion (a rename) rather than other modules' names


def _import_template(ctx: Context) -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get(RULE.catalog_id)
    return next(s.message for s in entry.sources if s.exception == "ImportError" and s.message).strip()


def _note(missing: MissingName) -> str:
    elsewhere = [m for m in homes(missing.name) if m != missing.module]
    if not elsewhere:
        return ""
    return f" (`{missing.name}` is in {', '.join(f'`{m}`' for m in elsewhere)})"


def _one_typo(a: str, b: str) -> bool:
    """`b` is `a` with one letter added, dropped or changed, or two neighbours swapped."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        differ = [i for i in range(len(a)) if a[i] != b[i]]
        return len(differ) == 1 or (len(differ) == 2 and differ[1] == differ[0] + 1
                                    and a[differ[0]] == b[differ[1]] and a[differ[1]] == b[differ[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def _fix_data(ctx: Context, missing: MissingName) -> MissingNameData:
    node = missing.node
    suggestion = missing.suggestion
    if suggestion is not None and not _one_typo(missing.name, suggestion):
        suggestion = None
    if isinstance(node, ast.alias):
        if suggestion is None or node.name != missing.name:
            return MissingNameData(None, "", (), False)
        span = ctx.span(node)
        name = Span(span.start_line, span.start_column, span.start_line, span.start_column + len(node.name))
        return MissingNameData(name, node.name, (suggestion,), True)
    assert isinstance(node, ast.Attribute)
    whole = ctx.span(node)
    if suggestion is not None:
        end = Span(whole.end_line, whole.end_column - len(node.attr), whole.end_line, whole.end_column)
        return MissingNameData(end, node.attr, (suggestion,), True)
    if whole.start_line != whole.end_line:
        return MissingNameData(None, "", (), False)
    written = [_written(ctx, m) for m in homes(missing.name) if m != missing.module]
    return MissingNameData(whole, ctx.segment(node), tuple(f"{w}.{missing.name}" for w in written if w), False)


def _written(ctx: Context, module: str) -> str | None:
    """`module` written through the file's module-level imports (`jax.nn`, or `nn`)."""
    parts = module.split(".")
    for cut in range(len(parts), 0, -1):
        aliases = ctx.model.aliases_of(".".join(parts[:cut]))
        if aliases:
            return ".".join([aliases[0], *parts[cut:]])
    return None


def check(ctx: Context) -> None:
    for missing in missing_names(ctx.model):
        values = {"module!r": repr(missing.module), "name!r": repr(missing.name)}
        suggestion = missing.suggestion
        did_you_mean = f". Did you mean: {suggestion!r}?" if suggestion and not missing.from_import else ""
        data = _fix_data(ctx, missing)
        if missing.from_import:
            template = _import_template(ctx)
            message = fill(template, {**values, "path": "‹the module's file›"})
            ctx.report(missing.node, message=message, predicted=fill(template, values, escape=True),
                       note=_note(missing), data=data, exception="ImportError")
        else:
            ctx.report(missing.node, values=values, note=did_you_mean + _note(missing), data=data)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, MissingNameData)
    if data.span is None or not data.replacements or lines.text(data.span) != data.source:
        return []
    if data.suggested:
        (replacement,) = data.replacements
        why = (f"`{replacement}` is the name of this module closest to `{data.source}` (what Python "
               "suggests); check that it is the function you meant.")
        return [Fix(f"Write `{replacement}`", False, why, (TextEdit(data.span, replacement),), "use-suggestion")]
    return [Fix(f"Use `{replacement}`", False,
                f"`{replacement}` is where JAX has this name; its parameters may differ from those of the "
                "function you had in mind (check the call's arguments).",
                (TextEdit(data.span, replacement),), "use-other-module")
            for replacement in data.replacements]


RULE = Rule(
    code="JXE174",
    catalog_id="jax-name-not-found",
    triggers=("jax",),
    check=check,
    data=MissingNameData,
    fix=fix,
    fix_ids=("use-suggestion", "use-other-module"),
)
