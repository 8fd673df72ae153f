"""What the `gen_*.py` scripts share: the public attributes of JAX's modules they read, and
writing a table read off the installed JAX to `jaxerr_lsp/data/<name>.json`, or (`--check`)
saying whether the committed one is that table."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path


def public_attributes(modules: list[str]) -> Iterator[tuple[str, object]]:
    """(qualified name, value) of each public attribute of the given JAX modules, in order
    (a module that does not import, or an attribute that raises when read, is left out)."""
    for public in modules:
        try:
            module = importlib.import_module(public)
        except Exception:
            continue
        for name in sorted(dir(module)):
            if name.startswith("_"):
                continue
            try:
                value = getattr(module, name)
            except Exception:
                continue
            yield f"{public}.{name}", value


def write_or_check(out: Path, functions: dict[str, object], what: str, **extra: object) -> int:
    """Write `{"jax_version", "functions", **extra}` to `out`, or with `--check` compare the
    committed table's functions with these (exit status 0: up to date)."""
    import jax

    data = {"jax_version": jax.__version__, **extra, "functions": functions}
    if "--check" in sys.argv:
        same = out.exists() and json.loads(out.read_text(encoding="utf-8"))["functions"] == functions
        print("up to date" if same else f"{out} differs from the installed JAX: run {sys.argv[0]}")
        return 0 if same else 1
    out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(functions)} {what} of JAX {jax.__version__} to {out}")
    return 0
