"""JXE109 x64-dtype-truncated (a warning).

What it does: finds a call that asks JAX for a 64-bit dtype by name (`jnp.zeros(3,
dtype=jnp.float64)`, `jnp.array(x, dtype="float64")`, `x.astype(jnp.float64)` on a JAX array,
`lax.convert_element_type(x, jnp.int64)`, `jnp.float64(x)`: the forms of
`families.x64_requests`, each measured) in a file that never names x64 (no `jax_enable_x64`,
`enable_x64`, `JAX_ENABLE_X64` anywhere) and whose project does not either
(`Context.x64_possible`: the other modules of its package, the `conftest.py` files above it,
the project's pytest/tox configuration; `jaxerr_lsp.project.x64`).

Why is this bad: without x64 mode JAX makes the array 32-bit anyway and warns (UserWarning
"Explicitly requested dtype float64 requested in zeros is not available, and will be truncated
to dtype float32..."): the code does not compute in the precision it asks for, and under
`python -W error` or pytest's `filterwarnings = error` the warning is an exception.

Silent: a file that names x64 anywhere (it may turn it on), NumPy's own functions and
`astype` on NumPy arrays (NumPy keeps 64 bits), `dtype=float` (JAX's default float, no
warning), a dtype the code does not show (a parameter, another module's constant).
x64 turned on outside the project (the `JAX_ENABLE_X64` environment variable set by a shell,
an absl flag) is not visible here: the finding is a warning, and the ignore comment or
`ignore` silences it.

Fix (unsafe): ask for the 32-bit dtype JAX uses anyway (`jnp.float64` -> `jnp.float32`,
`"int64"` -> `"int32"`): the arrays stay exactly what they are now and the warning goes, but
if 64 bits were meant, the fix is to turn x64 on at startup instead (no edit of this call can
do that safely: it changes every array of the program).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.x64_requests import x64_requests

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class X64Truncated(RuleData):
    span: Span  # the expression naming the dtype
    source: str
    dtype: str  # float64
    truncated: str  # float32


def check(ctx: Context) -> None:
    if ctx.x64_possible():
        return
    for request in x64_requests(ctx):
        related = (Related(ctx.span(request.dtype_expr),
                           f"{request.dtype} is requested here; JAX makes {request.truncated}"),)
        ctx.report(request.call, related=related, values={
            "dtype": request.dtype, "fun_name": f" requested in {request.function}",
            "canonical_dtype.name": request.truncated},
            data=X64Truncated(ctx.span(request.dtype_expr), ctx.segment(request.dtype_expr),
                              request.dtype, request.truncated))


def _narrowed(source: str, dtype: str, truncated: str) -> str | None:
    """The dtype expression asking for the 32-bit type, when it names the 64-bit one once."""
    for written in (dtype, "double"):
        if source.count(written) == 1:
            return source.replace(written, truncated)
    return None


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.text import holds

    data = finding.data
    assert isinstance(data, X64Truncated)
    narrowed = _narrowed(data.source, data.dtype, data.truncated)
    if narrowed is None or not holds(lines, data.span, data.source):
        return []
    why = (f"Asks for {data.truncated}, the dtype JAX uses anyway while x64 mode is off: the "
           f"array is the same and the warning goes. If {data.dtype} was meant, turn x64 on "
           "at startup instead (`jax.config.update(\"jax_enable_x64\", True)`); then this "
           f"array becomes {data.truncated} where it would have been {data.dtype}.")
    return [Fix("Ask for the 32-bit dtype", False, why, (TextEdit(data.span, narrowed),),
                "request-32-bit")]


RULE = Rule(
    code="JXE109",
    catalog_id="x64-dtype-truncated",
    triggers=("float64", "int64", "complex128", "double"),
    check=check,
    data=X64Truncated,
    fix=fix,
    fix_ids=("request-32-bit",),
)
