"""Calls of JAX functions given a constant argument JAX refuses whatever the other arguments
are (`jnp.take(..., mode="raise")`, `map_coordinates(..., order=3)`): the argument's value,
found by name or by position in the function's signature (the generated
`jaxerr_lsp/data/jax_signatures.json`), certainly a constant of the file.

Silent where the code may not run the call or may mean another function: through
`functools.partial` not called here, with `*args`/`**kwargs`, inside a `try` with handlers or
under a test of `hasattr`/`getattr`/a version (`removed_apis.Guards`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.families.removed_apis import Guards
from jaxerr_lsp.families.signatures import jax_signatures


@dataclass(frozen=True)
class RefusedArgument:
    call: ast.Call
    qualname: str  # "jax.numpy.take"
    argument: ast.expr  # the argument's expression
    value: object  # its constant value
    args: tuple[ast.expr, ...]  # every positional argument the function receives (a partial's too)
    keywords: tuple[ast.keyword, ...]  # ... and keyword argument

    def given(self, parameter: str, position: int) -> ast.expr | None:
        """The argument given to `parameter` (by name, or at `position`), or None."""
        by_name = next((k.value for k in self.keywords if k.arg == parameter), None)
        return by_name if by_name is not None else self.args[position] if position < len(self.args) else None


def _guards(ctx: Context) -> Guards:
    return Guards(ctx.model, ctx.model.tree)


def refused_arguments(ctx: Context, qualnames: tuple[str, ...], parameter: str,
                      refused: Callable[[object], bool]) -> Iterator[RefusedArgument]:
    """The calls of the functions `qualnames` whose `parameter` is certainly a constant for
    which `refused` holds, in source order."""
    for qualname in qualnames:
        signature = jax_signatures().get(qualname)
        position = signature.positional.index(parameter) if signature and parameter in signature.positional else None
        for site in ctx.model.calls_to(qualname):
            if not site.complete or any(isinstance(a, ast.Starred) for a in site.args) \
                    or any(k.arg is None for k in site.keywords):
                continue
            argument = next((k.value for k in site.keywords if k.arg == parameter), None)
            if argument is None and position is not None and position < len(site.args):
                argument = site.args[position]
            if argument is None:
                continue
            value = ctx.values.constant(argument)
            if value is None or not refused(value) or ctx.once(_guards).holds(site.call):
                continue
            yield RefusedArgument(site.call, qualname, argument, value, site.args, site.keywords)
