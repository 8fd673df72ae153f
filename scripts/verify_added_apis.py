#!/usr/bin/env python3
"""Write `jaxerr_lsp/errors/added_apis.json`: the public names of the installed JAX (0.12.0.1)
that older JAX releases did not have yet, each with the oldest scanned release that has it.

A program written for a newer JAX, run on an older install, fails with Python's "module 'jax'
has no attribute 'tree'" (or "cannot import name ..."): the `api-not-in-this-version` entry
recognizes that message only for a module and name in this table, so that a typo, a name JAX
removed (`removed-jax-api`) or a submodule the program did not import are never taken for it.

Nothing in the table is typed by hand. It comes from:

1. the installed JAX, imported in a fresh process per public module: the module's public
   attributes right after importing it (deprecated ones, which warn, left out);
2. the releases of scripts/verify_older_wordings.py's CHECKED_RELEASES (the same downloads:
   `pip download jax==X --no-deps`), each module's public names read statically with
   scripts/gen_removed_apis.py's reader (definitions, assignments, re-exports, deprecation
   tables), and its submodules' files.

A name every scanned release has is left out (its absence is no version's doing: a local file
named `jax.py`, a broken install); so are a name no release's source shows (one a module builds
at run time) and a name whose module no scanned release has.

    scripts/verify_added_apis.py [--cache DIR]     # needs the network unless DIR has them
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "jaxerr_lsp" / "errors" / "added_apis.json"

# The public attributes of a module of the installed JAX, right after importing it.
_LIST = r'''
import importlib, json, sys, warnings
out = {}
for name in sys.argv[1:]:
    try:
        module = importlib.import_module(name)
    except Exception:
        continue
    names = []
    for attr in sorted(set(dir(module))):
        if attr.startswith("_"):
            continue
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                getattr(module, attr)
            except Exception:
                continue
        if not any(issubclass(w.category, DeprecationWarning) for w in caught):
            names.append(attr)
    out[name] = names
print(json.dumps(out))
'''


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _star_names(removed, root: Path, module: str, path: Path, depth: int = 0) -> set[str]:
    """The names `from <m> import *` statements of the module bring in (read statically: the
    target's `__all__` when it lists one, else its public names), followed a few levels."""
    import ast

    try:
        tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
    except SyntaxError:
        return set()
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in tree.body:
        if not (isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names)):
            continue
        if node.level:
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        if not target.startswith("jax"):
            continue
        tbase = root / Path(*target.split("."))
        tpath = tbase / "__init__.py" if tbase.is_dir() else tbase.with_suffix(".py")
        if not tpath.is_file():
            continue
        text = tpath.read_text(encoding="utf-8", errors="replace")
        listed = None
        try:
            for stmt in ast.parse(text).body:
                if (isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__"
                                                         for t in stmt.targets)
                        and isinstance(stmt.value, (ast.List, ast.Tuple))):
                    listed = {e.value for e in stmt.value.elts
                              if isinstance(e, ast.Constant) and isinstance(e.value, str)}
        except SyntaxError:
            continue
        if listed is not None:
            found |= listed
        else:
            names, _ = removed.public_names(target, text, tpath.name == "__init__.py")
            found |= {n for n in names if not n.startswith("_")}
            if depth < 3:
                found |= _star_names(removed, root, target, tpath, depth + 1)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "jaxerr-oldjax")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    older = _load(ROOT / "scripts" / "verify_older_wordings.py", "verify_older_wordings")
    removed = _load(ROOT / "scripts" / "gen_removed_apis.py", "gen_removed_apis")
    releases = sorted(older.CHECKED_RELEASES, key=older.parse_version)
    import jax  # the installed release: its modules' files

    installed = jax.__version__
    package = Path(jax.__file__).parent
    modules = []
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        qualname = ".".join(parts)
        if any(p.startswith("_") for p in parts) or "tests" in parts:
            continue
        if qualname.startswith(removed.SKIPPED_PREFIXES):
            continue
        modules.append(qualname)
    listed = json.loads(subprocess.run([sys.executable, "-c", _LIST, *modules], check=True,
                                       capture_output=True, text=True).stdout)
    # first release (statically) having each module's name
    first: dict[str, str] = {}
    had_module: set[str] = set()
    for release in releases:
        root = older.fetch(release, args.cache)
        for module in listed:
            base = root / Path(*module.split("."))
            path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
            if not path.is_file():
                continue
            had_module.add(module)
            names, deprecations = removed.public_names(
                module, path.read_text(encoding="utf-8", errors="replace"), path.name == "__init__.py")
            present = set(names) | {n for n, (_, _, works) in deprecations.items() if works}
            present |= _star_names(removed, root, module, path)
            if base.is_dir():
                present |= {p.stem if p.suffix == ".py" else p.name for p in base.iterdir()
                            if not p.name.startswith("_") and (p.suffix == ".py" or (p / "__init__.py").is_file())}
            for name in present:
                first.setdefault(f"{module}.{name}", release)
    table = {}
    for module, names in listed.items():
        if module not in had_module:
            continue
        for name in names:
            qualname = f"{module}.{name}"
            since = first.get(qualname)
            # (every scanned release has it; or none shows it in its source, a name the module
            # builds at run time, which may be as old as the module)
            if since is None or since == releases[0]:
                continue
            table[qualname] = since
    args.out.write_text(json.dumps({"jax_version": installed, "scanned": releases,
                                    "apis": dict(sorted(table.items()))}, indent=0,
                                   sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(table)} names added since {releases[0]} -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
