#!/usr/bin/env python3
"""Write `jaxerr_lsp/data/jax_reexports.json`: JAX's public names for what its public modules
re-export from `jax._src.*` (`jax._src.api.jit` -> `jax.jit`), read from the installed JAX.

Each public module's source is parsed for `from jax._src.<m> import <name> as <alias>` (how
JAX writes its re-exports); a pair is kept only when, imported, both names are the same object.
Run it with the targeted JAX installed (the tests compare the committed table with it):

    .venv/bin/python scripts/gen_jax_reexports.py [--check]
"""

from __future__ import annotations

import ast
import importlib
import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "jaxerr_lsp" / "data" / "jax_reexports.json"
# The public modules, in the order their names are preferred when two re-export one object.
PUBLIC = ["jax", "jax.numpy", "jax.lax", "jax.random", "jax.nn", "jax.tree", "jax.tree_util",
          "jax.scipy.special", "jax.numpy.linalg", "jax.scipy.linalg", "jax.nn.initializers",
          "jax.ad_checkpoint", "jax.custom_derivatives", "jax.debug", "jax.dtypes", "jax.errors",
          "jax.sharding", "jax.stages", "jax.typing", "jax.experimental", "jax.ref", "jax.api_util",
          "jax.core", "jax.extend", "jax.image", "jax.ops", "jax.profiler", "jax.scipy.stats.norm",
          "jax.experimental.shard_map", "jax.experimental.checkify"]


def module_file(name: str) -> Path | None:
    try:
        module = importlib.import_module(name)
    except Exception:
        return None
    file = getattr(module, "__file__", None)
    return Path(file) if file else None


def table() -> dict[str, str]:
    found: dict[str, str] = {}
    for public in PUBLIC:
        path = module_file(public)
        if path is None or path.suffix != ".py":
            continue
        public_module = importlib.import_module(public)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.level or not node.module \
                    or not node.module.startswith("jax._src"):
                continue
            for alias in node.names:
                exported = alias.asname or alias.name
                if alias.name == "*" or exported.startswith("_"):
                    continue
                private = f"{node.module}.{alias.name}"
                try:
                    source = importlib.import_module(node.module)
                    same = getattr(source, alias.name) is getattr(public_module, exported)
                except Exception:
                    same = False
                if not same:
                    continue
                found.setdefault(private, f"{public}.{exported}")
                # ... and where it is defined, when a package of jax._src re-exports it too
                obj = getattr(public_module, exported)
                home, own = getattr(obj, "__module__", None), getattr(obj, "__name__", None)
                if isinstance(home, str) and home.startswith("jax._src") and isinstance(own, str):
                    try:
                        defined = getattr(importlib.import_module(home), own) is obj
                    except Exception:
                        defined = False
                    if defined:
                        found.setdefault(f"{home}.{own}", f"{public}.{exported}")
    return dict(sorted(found.items()))


def main() -> int:
    import jax

    data = {"jax_version": jax.__version__, "reexports": table()}
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    if "--check" in sys.argv:
        same = OUT.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{OUT} differs from the installed JAX: run {sys.argv[0]}")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {len(data['reexports'])} re-exports of JAX {jax.__version__} to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
