"""JXE100 removed-jax-api.

What it does: finds uses of JAX names the installed JAX (0.12.0.1) no longer has, from the
generated table `jaxerr_lsp/data/removed_apis.json` (`scripts/gen_removed_apis.py`: the public
names of older releases, checked against the installed JAX): `jax.tree_map(...)`,
`jax.tree_multimap`, `jnp.product`, `jax.ops.index_update`, `jax.random.PRNGKeyArray`,
`jax.experimental.host_callback.call(...)`, read through the file's imports
(AttributeError); `from jax import tree_map` (ImportError); `import
jax.experimental.host_callback` (ModuleNotFoundError). The lookups are in
`jaxerr_lsp.removed_apis`.

Never flagged: a name reached through something that is not certainly the JAX module (a
parameter, a name bound twice, a relative import, another module's value); a use inside a
`try` with handlers, under an `if` testing `hasattr`/`getattr`/a version/`TYPE_CHECKING`, or
in an annotation of a file with `from __future__ import annotations`; an attribute the file
assigns itself (`jax.tree_map = jax.tree.map`); a name JAX still serves with a
DeprecationWarning; a name whose access raises one of JAX's own accelerated-deprecation
messages (`jax.device_put_replicated`: not this entry's wording).

Why is this bad: the statement raises as soon as it runs.

Fix (safe): where JAX's deprecation message names a replacement that is the very function the
old name stood for, or one with exactly its signature (`jax.tree_map` -> `jax.tree.map`,
`jnp.product` -> `jnp.prod`), write it instead, through the same import; for a one-name
`from M import n` on its own line, import the replacement under the same local name.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.families.removed_apis import ATTRIBUTE, FROM_IMPORT, MODULE, RemovedUse, removed_uses
from jaxerr_lsp.engine.rule import Context, Rule, fill

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class RemovedApiData(RuleData):
    span: Span  # what the fix replaces: the attribute expression, or the import statement
    source: str  # its text when found
    replacement: str  # the text to write there; "" when no fix applies
    removed: str  # the removed qualified name
    replacement_name: str  # the replacement's qualified name ("" when none)


def _base_name(node: ast.expr) -> ast.Name | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node if isinstance(node, ast.Name) else None


def _attribute_replacement(ctx: Context, use: RemovedUse) -> str:
    """The replacement written through the file's imports (`jax.tree.map`, `jnp.prod`)."""
    api = use.api
    if api is None or not api.drop_in or api.replacement is None or use.binding is None:
        return ""
    base = _base_name(use.node)  # type: ignore[arg-type]
    bound = use.binding.qualname
    if base is None or bound is None:
        return ""
    if api.replacement.startswith(bound + "."):
        return base.id + api.replacement[len(bound):]
    parts = api.replacement.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        aliases = ctx.model.aliases_of(".".join(parts[:cut]))
        if aliases:
            return ".".join([aliases[0], *parts[cut:]])
    return ""


def _import_replacement(ctx: Context, use: RemovedUse) -> tuple[Span, str, str] | None:
    """(the statement's span, its text, the new statement) for a one-name from-import alone
    on its line whose name has a drop-in replacement that can be imported."""
    api, alias = use.api, use.alias
    if api is None or alias is None or not api.drop_in or not api.replacement_importable \
            or api.replacement is None:
        return None
    line = ctx.parsed.lines[alias.lineno - 1]
    pattern = rf"(\s*)(from\s+{re.escape(use.module)}\s+import\s+{re.escape(ctx.segment(alias))})\s*(#.*)?"
    match = re.fullmatch(pattern, line)
    if match is None:
        return None
    module, _, name = api.replacement.rpartition(".")
    local = alias.asname or alias.name
    new = f"from {module} import {name}" + ("" if name == local else f" as {local}")
    start = len(match.group(1))
    span = Span(alias.lineno, start, alias.lineno, start + len(match.group(2)))
    return span, match.group(2), new


EXCEPTIONS = {FROM_IMPORT: "ImportError", MODULE: "ModuleNotFoundError"}


def _source(kind: str) -> str:
    """The template of the entry's raise site for an import (Python's wording)."""
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get(RULE.catalog_id)
    return next(s.message for s in entry.sources
                if s.exception == EXCEPTIONS[kind] and s.message is not None).strip()


def _note(use: RemovedUse) -> str:
    api = use.api
    if api is None or api.last_seen is None:
        return ""
    instead = f"; JAX names {api.replacement} instead" if api.replacement else ""
    return f" (JAX {api.last_seen} still had it{instead})"


def check(ctx: Context) -> None:
    for use in removed_uses(ctx.model):
        removed = use.api.qualname if use.api is not None else use.name
        if use.how == ATTRIBUTE:
            text = _attribute_replacement(ctx, use)
            segment = ctx.segment(use.node)
            data = RemovedApiData(ctx.span(use.node), segment, text, removed,
                                  use.api.replacement or "" if use.api else "")
            ctx.report(use.node, values={"module!r": repr(use.module), "name!r": repr(use.name)},
                       note=_note(use), data=data)
            continue
        if use.how == FROM_IMPORT:
            template = _source(FROM_IMPORT)
            values = {"name!r": repr(use.name), "module!r": repr(use.module)}
            found = _import_replacement(ctx, use)
            span, source, text = found if found is not None else (ctx.span(use.node), ctx.segment(use.node), "")
        else:
            template = _source(MODULE)
            values = {"module!r": repr(use.name)}
            span, source, text = ctx.span(use.node), ctx.segment(use.node), ""
        data = RemovedApiData(span, source, text, removed,
                              use.api.replacement or "" if use.api else "")
        message = fill(template, {**values, "path": "‹the module's file›"})
        ctx.report(use.node, message=message + _note(use), predicted=fill(template, values, escape=True),
                   data=data, exception=EXCEPTIONS[use.how])


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, RemovedApiData)
    if not data.replacement or lines.text(data.span) != data.source:
        return []
    why = (f"`{data.replacement_name}` is what JAX names in place of `{data.removed}`, and it is "
           "the same function or takes exactly the same parameters, so the statement that "
           "raised now runs as the old name did.")
    return [Fix(f"Use {data.replacement_name}", True, why, (TextEdit(data.span, data.replacement),),
                "use-replacement")]


RULE = Rule(
    code="JXE100",
    catalog_id="removed-jax-api",
    triggers=("jax",),
    check=check,
    data=RemovedApiData,
    fix=fix,
    fix_ids=("use-replacement",),
)
