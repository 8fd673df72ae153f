"""Generate `jaxerr_lsp/data/removed_apis.json`: the JAX APIs that older releases had and the
installed JAX (0.12.0.1) no longer has, or has only as deprecated.

Nothing in the table is typed by hand. It comes from:

1. the public module attributes of older JAX releases, read statically from their sources
   (`pip download jax==X --no-deps`: sdists before 0.4.16, pure-Python wheels after), each
   module's top-level definitions, assignments and re-exports from JAX's own modules, and the
   keys of its `_deprecations` table;
2. the installed JAX, imported: which of those names are gone (the attribute or the module
   raises), which its `_deprecations` tables still serve with a DeprecationWarning, and which
   raise JAX's own accelerated-deprecation message;
3. the messages of JAX's `_deprecations` tables, newest first, which name the replacement
   (`jax.tree_map ... use jax.tree.map`); a replacement is kept only if it exists in the
   installed JAX, and is marked `drop_in` only when it is the very function the old name
   stood for, or a function with exactly its signature (parameter names, kinds, defaults).

Each entry: qualified name -> {
    "status": "removed" | "deprecated",
    "kind": "attribute" | "module",
    "last_seen": the newest scanned release that had it (None for a deprecation of 0.12),
    "removed_in": the oldest scanned release after `last_seen` without it (None if deprecated),
    "raised_by": "jax" (JAX's module `__getattr__`, jax/_src/deprecations.py) | "python",
    "message": the message the access raises or warns with in the installed JAX,
    "replacement": a qualified name in the installed JAX, or None,
    "drop_in": whether the replacement can be written in its place unchanged,
    "replacement_importable": whether the replacement's parent is a module (`from` imports it),
}

Run: python scripts/gen_removed_apis.py [--wheels DIR] (downloads what is missing into DIR).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import json
import re
import subprocess
import sys
import tarfile
import warnings
import zipfile
from pathlib import Path

VERSIONS = ["0.2.28", "0.3.14", "0.3.25", "0.4.1", "0.4.13", "0.4.14", "0.4.20", "0.4.25",
            "0.4.30", "0.4.38", "0.5.0", "0.5.3", "0.6.0", "0.6.2", "0.7.0", "0.7.2", "0.8.0",
            "0.8.3", "0.9.2", "0.10.2", "0.11.2"]
REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "jaxerr_lsp" / "data" / "removed_apis.json"
# Modules whose attributes are not API: test helpers, tooling, jax2tf's TensorFlow world.
SKIPPED_PREFIXES = ("jax.test_util", "jax.experimental.jax2tf", "jax.tools", "jax.experimental.mosaic",
                    "jax.experimental.pallas", "jax.interpreters", "jax.lib", "jax.extend",
                    "jax.experimental.colocated_python", "jax.collect_profile", "jax.experimental.roofline",
                    "jax.experimental.source_mapper", "jax.experimental.array_serialization",
                    "jax.example_libraries", "jax.experimental.sparse", "jax.experimental.compilation_cache",
                    "jax.jaxlib", "jax.cloud_tpu_init", "jax.version", "jax.config", "jax.experimental.gda_serialization",
                    "jax.experimental.global_device_array")


def download(version: str, wheels: Path) -> Path:
    found = sorted(wheels.glob(f"jax-{version}.tar.gz")) + sorted(wheels.glob(f"jax-{version}-*.whl"))
    if found:
        return found[0]
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                    f"jax=={version}", "-d", str(wheels)], check=True)
    return download(version, wheels)


def sources(archive: Path) -> dict[str, tuple[str, bool]]:
    """Module qualified name -> (source text, whether it is a package's `__init__`), for the
    public modules of a JAX release."""
    files: dict[str, bytes] = {}
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as z:
            for name in z.namelist():
                if name.startswith("jax/") and name.endswith(".py"):
                    files[name] = z.read(name)
    else:
        with tarfile.open(archive) as t:
            for member in t.getmembers():
                parts = member.name.split("/", 1)
                if len(parts) == 2 and parts[1].startswith("jax/") and parts[1].endswith(".py"):
                    data = t.extractfile(member)
                    if data is not None:
                        files[parts[1]] = data.read()
    out = {}
    for name, data in files.items():
        parts = name[:-3].split("/")
        package = parts[-1] == "__init__"
        if package:
            parts = parts[:-1]
        if any(p.startswith("_") for p in parts):
            continue
        qualname = ".".join(parts)
        if qualname.startswith(SKIPPED_PREFIXES) or "tests" in parts:
            continue
        out[qualname] = (data.decode("utf-8", "replace"), package)
    return out


def _string(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _top_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """Module-level statements, those in `if`/`try` blocks included (either branch may run)."""
    out: list[ast.stmt] = []
    for statement in body:
        if isinstance(statement, ast.If):
            out += _top_statements(statement.body) + _top_statements(statement.orelse)
        elif isinstance(statement, ast.Try):
            out += _top_statements(statement.body) + _top_statements(statement.orelse)
        else:
            out.append(statement)
    return out


def public_names(module: str, text: str, is_package: bool) -> tuple[dict[str, str | None], dict[str, tuple[str, str | None, bool]]]:
    """(name -> what it aliases, 'jax._src.tree_util.tree_map', or None) and the module's
    `_deprecations` table (name -> (message, what the name aliases, whether it still works:
    False when the table's function is None))."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return {}, {}
    names: dict[str, str | None] = {}
    private: dict[str, str] = {}
    deprecations: dict[str, tuple[str, str | None, bool]] = {}
    package = module.split(".") if is_package else module.split(".")[:-1]
    for statement in _top_statements(tree.body):
        if isinstance(statement, ast.ImportFrom):
            base = statement.module or ""
            if statement.level:
                # level 1 is the package the module is in (a package's __init__: itself)
                anchor = package[:len(package) - statement.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            if not base.startswith(("jax", "jaxlib")):
                continue
            for alias in statement.names:
                if alias.name == "*":
                    continue
                bound = alias.asname or alias.name
                target = f"{base}.{alias.name}"
                if bound.startswith("_"):
                    private[bound] = target
                else:
                    names[bound] = target
        elif isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.asname and alias.name.startswith("jax") and not alias.asname.startswith("_"):
                    names[alias.asname] = alias.name
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if not statement.name.startswith("_"):
                names[statement.name] = f"{module}.{statement.name}"
        elif isinstance(statement, (ast.Assign, ast.AnnAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id == "_deprecations" \
                        and isinstance(statement.value, ast.Dict):
                    for key, value in zip(statement.value.keys, statement.value.values):
                        name = _string(key) if key is not None else None
                        if name is None or not isinstance(value, ast.Tuple) or len(value.elts) != 2:
                            continue
                        message = _string(value.elts[0])
                        if message is None:
                            continue
                        fn = value.elts[1]
                        aliased = None
                        if isinstance(fn, ast.Name):
                            aliased = private.get(fn.id) or names.get(fn.id)
                        elif isinstance(fn, ast.Attribute):
                            aliased = ast.unparse(fn)
                        works = not (isinstance(fn, ast.Constant) and fn.value is None)
                        deprecations[name] = (message, aliased, works)
                elif isinstance(target, ast.Name) and not target.id.startswith("_"):
                    value = statement.value
                    names[target.id] = ast.unparse(value) if isinstance(value, (ast.Name, ast.Attribute)) else None
        elif isinstance(statement, ast.Delete):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    names.pop(target.id, None)
    for name in ("annotations",):
        names.pop(name, None)
    return names, deprecations


# --------------------------------------------------------------------------- the installed JAX
def _import(module: str) -> object | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return importlib.import_module(module)
        except Exception:
            return None


def resolve(qualname: str) -> tuple[bool, object]:
    """(found, the object) for a qualified name in the installed JAX: the longest importable
    module, then attributes (a submodule that needs importing counts as found)."""
    parts = qualname.split(".")
    for cut in range(len(parts), 0, -1):
        module = _import(".".join(parts[:cut]))
        if module is None:
            continue
        obj: object = module
        for part in parts[cut:]:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    obj = getattr(obj, part)
                except Exception:
                    return False, None
        return True, obj
    return False, None


def access(module: str, name: str) -> tuple[str, str]:
    """What `module.name` does in the installed JAX: ('ok'|'deprecated'|'raises', message)."""
    mod = _import(module)
    if mod is None:
        return "raises", f"No module named {module!r}"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            getattr(mod, name)
        except AttributeError as exc:
            if _import(f"{module}.{name}") is not None:
                return "ok", ""
            return "raises", str(exc)
    deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    if deprecations:
        return "deprecated", str(deprecations[0].message)
    return "ok", ""


def raised_by(module: str) -> str:
    mod = _import(module)
    getattr_ = getattr(mod, "__getattr__", None) if mod is not None else None
    qualname = getattr(getattr_, "__wrapped__", getattr_)
    if qualname is not None and getattr(qualname, "__module__", "") == "jax._src.deprecations":
        return "jax"
    return "python"


_REPLACEMENT = re.compile(r"(?:[Uu]se|[Uu]sing|replaced by|switch to|in favor of|moved to)\s+`?(jax(?:\.\w+)+)")
_NAMED = re.compile(r"`?(jax(?:\.\w+)+)`?")


def replacements(message: str, old: str) -> list[str]:
    """The qualified names a deprecation message offers instead of `old`, in its order."""
    found = [m.rstrip(".") for m in _REPLACEMENT.findall(message)]
    found += [m.rstrip(".") for m in _NAMED.findall(message) if m.rstrip(".") not in found]
    return [f for f in found if f != old and not old.startswith(f + ".")]


def _signature(obj: object) -> tuple[tuple[str, object, object], ...] | None:
    """Parameter names, kinds and defaults (annotations aside)."""
    try:
        parameters = inspect.signature(obj).parameters.values()  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return tuple((p.name, p.kind, repr(p.default)) for p in parameters)


def drop_in(old_target: str | None, replacement: str) -> bool:
    """The replacement is the function the old name stood for, or has its exact signature."""
    found, new = resolve(replacement)
    if not found or old_target is None or not callable(new):
        return False
    known, old = resolve(old_target)
    if not known or not callable(old):
        return False
    if old is new:
        return True
    if isinstance(old, type) or isinstance(new, type):
        return False  # a class is the same class or not a drop-in (isinstance, subclassing)
    a, b = _signature(old), _signature(new)
    return a is not None and a == b


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheels", type=Path, default=Path("/tmp/jaxerr-api-wheels"))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.wheels.mkdir(parents=True, exist_ok=True)
    import jax

    installed = jax.__version__
    # qualname -> (versions having it, what it aliased there, deprecation message there)
    seen: dict[str, list[str]] = {}
    aliased: dict[str, str | None] = {}
    messages: dict[str, str] = {}
    modules_seen: dict[str, list[str]] = {}
    for version in VERSIONS:
        for module, (text, is_package) in sources(download(version, args.wheels)).items():
            modules_seen.setdefault(module, []).append(version)
            names, deprecations = public_names(module, text, is_package)
            for name, target in names.items():
                seen.setdefault(f"{module}.{name}", []).append(version)
                aliased[f"{module}.{name}"] = target
            for name, (message, target, works) in deprecations.items():
                qualname = f"{module}.{name}"
                # (a name the table lists as removed, its function None, was gone already)
                if works and version not in seen.get(qualname, []):
                    seen.setdefault(qualname, []).append(version)
                messages[qualname] = message  # the newest release's wording wins
                if target is not None:
                    aliased[qualname] = target
    table: dict[str, dict[str, object]] = {}
    gone_modules = {m for m in modules_seen if _import(m) is None}
    for module in sorted(gone_modules):
        parent, _, name = module.rpartition(".")
        if parent in gone_modules or not parent:
            continue  # the parent's entry covers it
        versions = modules_seen[module]
        status, message = access(parent, name)
        if status == "ok":
            continue
        table[module] = _entry(module, "removed", "module", versions, parent, message, messages.get(module), None)
    for qualname, versions in sorted(seen.items()):
        module, _, name = qualname.rpartition(".")
        if module in gone_modules or qualname in table:
            continue
        status, message = access(module, name)
        if status == "ok":
            continue
        if status == "deprecated":
            entry = _entry(qualname, "deprecated", "attribute", versions, module, message, message, aliased.get(qualname))
        else:
            entry = _entry(qualname, "removed", "attribute", versions, module, message, messages.get(qualname),
                           aliased.get(qualname))
        table[qualname] = entry
    for entry in table.values():
        entry.pop("_target")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"jax_version": installed, "scanned": VERSIONS, "apis": table}, indent=1,
                      sort_keys=True)
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"{len(table)} names written to {args.out}")


def _entry(qualname: str, status: str, kind: str, versions: list[str], module: str, raised: str,
           deprecation: str | None, target: str | None) -> dict[str, object]:
    last = versions[-1]
    later = VERSIONS[VERSIONS.index(last) + 1:]
    replacement = None
    if deprecation is not None:
        for candidate in replacements(deprecation, qualname):
            if resolve(candidate)[0] and _import(candidate.rsplit(".", 1)[0]) is not None:
                replacement = candidate
                break
    return {
        "status": status,
        "kind": kind,
        "last_seen": last,
        "removed_in": (later[0] if later else "0.12.0") if status == "removed" else None,
        "raised_by": raised_by(module),
        "message": raised,
        "deprecation_message": deprecation,
        "replacement": replacement,
        "drop_in": replacement is not None and drop_in(target, replacement),
        # `from <parent> import <name>` works (the parent is a module, not a class)
        "replacement_importable": replacement is not None
        and _import(replacement.rsplit(".", 1)[0]) is not None,
        "_target": target,
    }


if __name__ == "__main__":
    main()
