#!/usr/bin/env python3
"""Write `jaxerr_lsp/data/static_parameters.json`: the parameters of JAX's public functions
that must be concrete (`jax.scipy.special.multigammaln`'s `d`, `jnp.triu_indices`'s `n`,
`jnp.linspace`'s `num`...), read from the installed JAX's own source, not typed by hand.

A row is a public function (not itself jitted) whose body, before anything that could return
or branch, converts one of its parameters with `core.concrete_or_error(force, param,
"context")` or `core.concrete_dim_or_error(param, "context")`: a traced value given there
raises ConcretizationTypeError with that context line whenever the function runs.

    .venv/bin/python scripts/gen_static_parameters.py [--check]
"""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

from generated_table import public_attributes, write_or_check

OUT = Path(__file__).resolve().parent.parent / "jaxerr_lsp" / "data" / "static_parameters.json"
PUBLIC = ["jax.numpy", "jax.numpy.linalg", "jax.numpy.fft", "jax.nn", "jax.scipy.special",
          "jax.scipy.linalg", "jax.scipy.signal", "jax.scipy.integrate", "jax.scipy.ndimage",
          "jax.scipy.stats.norm", "jax.random", "jax.lax", "jax.image", "jax.ops"]
_CHECKS = {"concrete_or_error": 1, "concrete_dim_or_error": 0}  # where the value goes
# Statements that may leave the function, or skip the check, before it runs.
_BRANCHING = (ast.If, ast.For, ast.While, ast.Try, ast.With, ast.Return, ast.Raise, ast.Match,
              ast.FunctionDef, ast.ClassDef)


def _check(statement: ast.stmt) -> tuple[str, str] | None:
    """(parameter, context) when `statement` is `p = core.concrete_or_error(f, p, "...")`,
    `core.concrete_dim_or_error(p, "...")` or the same as an expression statement."""
    call = statement.value if isinstance(statement, (ast.Assign, ast.Expr)) else None
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute) \
            or call.func.attr not in _CHECKS or not isinstance(call.func.value, ast.Name):
        return None
    position = _CHECKS[call.func.attr]
    arguments = list(call.args)
    context = next((k.value for k in call.keywords if k.arg == "context"), None)
    if context is None and len(arguments) == position + 2:
        context = arguments[position + 1]
    if len(arguments) <= position or not isinstance(arguments[position], ast.Name) \
            or not isinstance(context, ast.Constant) or not isinstance(context.value, str):
        return None
    return arguments[position].id, context.value


def _rows(function: object) -> list[tuple[str, str]]:
    """(parameter, context) for each parameter `function` certainly makes concrete."""
    try:
        source = inspect.getsource(function)  # type: ignore[arg-type]
    except (OSError, TypeError):
        return []
    tree = ast.parse(inspect.cleandoc("\n" + source) if source[:1].isspace() else source)
    definition = tree.body[0] if tree.body else None
    if not isinstance(definition, ast.FunctionDef):
        return []
    parameters = {a.arg for a in (*definition.args.posonlyargs, *definition.args.args, *definition.args.kwonlyargs)}
    rebound: set[str] = set()
    found = []
    body = definition.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # (the docstring)
    for statement in body:
        if any(isinstance(node, _BRANCHING) for node in ast.walk(statement)):
            break
        check = _check(statement)
        if check is not None and check[0] in parameters and check[0] not in rebound:
            found.append(check)
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                rebound.add(node.id)
    return found


def table() -> dict[str, dict[str, object]]:
    found: dict[str, dict[str, object]] = {}
    for qualname, value in public_attributes(PUBLIC):
        if not inspect.isfunction(value) or hasattr(value, "_jit_info"):
            continue
        rows = _rows(inspect.unwrap(value))
        if not rows:
            continue
        positional = [p.name for p in inspect.signature(value).parameters.values()
                      if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        found[qualname] = {
            "parameters": [[parameter, positional.index(parameter) if parameter in positional else None]
                           for parameter, _ in rows],
            "contexts": [context for _, context in rows]}
    return dict(sorted(found.items()))


def main() -> int:
    return write_or_check(OUT, table(), "functions")


if __name__ == "__main__":
    sys.exit(main())
