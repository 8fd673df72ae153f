#!/usr/bin/env python3
"""Write `jaxerr_lsp/data/jitted_functions.json`: the public functions of JAX that are
themselves jitted with static arguments (`jnp.sort` is `jax.jit(sort, static_argnames=
("axis", ...))`), with their positional parameters and their static ones, read from the
installed JAX (each function's `_jit_info`).

Such a function hashes its static arguments at every call, as any jitted function does: a
tracer, a list or an array given there raises "Non-hashable static arguments are not
supported" (`jnp.sort(x, axis=a)` with a traced `a`, `jnp.median(x, axis=[0, 1])`).
Run it with the targeted JAX installed (the tests compare the committed table with it):

    .venv/bin/python scripts/gen_jitted_functions.py [--check]
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

from generated_table import public_attributes, write_or_check

OUT = Path(__file__).resolve().parent.parent / "jaxerr_lsp" / "data" / "jitted_functions.json"
PUBLIC = ["jax.numpy", "jax.numpy.linalg", "jax.numpy.fft", "jax.nn", "jax.scipy.special",
          "jax.scipy.linalg", "jax.scipy.signal", "jax.scipy.integrate", "jax.scipy.ndimage",
          "jax.scipy.stats.norm", "jax.random", "jax.lax", "jax.image", "jax.ops"]


def table() -> dict[str, dict[str, list[str]]]:
    found: dict[str, dict[str, list[str]]] = {}
    for qualname, value in public_attributes(PUBLIC):
        info = getattr(value, "_jit_info", None)
        if info is None or not (info.static_argnames or info.static_argnums):
            continue
        parameters = list(info.fun_signature.parameters.values()) if info.fun_signature else []
        positional = [p.name for p in parameters
                      if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        names = set(info.static_argnames)
        names.update(positional[i] for i in info.static_argnums if 0 <= i < len(positional))
        found[qualname] = {"positional": positional, "static": sorted(names)}
    return dict(sorted(found.items()))


def main() -> int:
    return write_or_check(OUT, table(), "jitted functions")


if __name__ == "__main__":
    sys.exit(main())
