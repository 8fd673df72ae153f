"""What the `gen_*.py` scripts share: write a table read off the installed JAX to
`jaxerr_lsp/data/<name>.json`, or (`--check`) say whether the committed one is that table."""

from __future__ import annotations

import json
import sys
from pathlib import Path


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
