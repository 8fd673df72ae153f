"""Generate `jaxerr_lsp/data/jax_attributes.json`: every attribute the installed JAX's main
public modules and its arrays have, so that a rule can tell a name no JAX has (`jnp.softmax`,
`x.numpy()`) from one it has.

Nothing in the table is typed by hand. It comes from:

1. the installed JAX (0.12.0.1), imported: for each module of `MODULES`, `dir(module)` (private
   names too), the names its `_deprecations` table still serves or refuses, and the submodules
   of a package (`jax.experimental`: an attribute once something imports it); for `jax.Array`,
   `dir` of the concrete array class, of every tracer class and of the abstract values a
   tracer reads unknown attributes from (`Tracer.__getattr__` asks `self.aval`);
2. the next release (`--newer 0.12.1`, read statically from its wheel with
   `gen_removed_apis.public_names`): the names it adds, under `"newer"`, so that code written
   for it is not flagged (the tool targets 0.12.0.1; a name a later JAX adds is not a typo).

3. a fresh interpreter that runs `import jax` alone: the JAX modules it loads (`"loaded"`), and
   the submodules of those packages that are not attributes then (`jax.scipy.optimize`,
   `jax.experimental.ode`, `jax.flatten_util`: a program must import them itself).

4. NumPy: the attributes a JAX array has and a NumPy array has neither in the installed NumPy
   nor in NumPy 1.26 (`--numpy-old`, its `ndarray` stub read statically from its wheel):
   `"numpy_lacks"` (`at`, `block_until_ready`, `sharding`...). NumPy is not pinned by the
   project, so this part is not compared by `--check`.

`--check` compares the installed part (`"functions"`) with the committed table (no download).

Run: python scripts/gen_jax_attributes.py [--newer VERSION] [--wheels DIR] [--check]
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import pkgutil
import subprocess
import sys
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated_table import write_or_check  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "jaxerr_lsp" / "data" / "jax_attributes.json"
# The modules users reach names in (the API reference's main modules); a name read on another
# module (`jax.experimental.*`, `jax.extend.*`) is never judged.
MODULES = ["jax", "jax.numpy", "jax.numpy.linalg", "jax.numpy.fft", "jax.lax", "jax.random", "jax.nn",
           "jax.nn.initializers", "jax.scipy.special", "jax.scipy.linalg", "jax.scipy.signal",
           "jax.scipy.stats", "jax.scipy.optimize", "jax.scipy.ndimage", "jax.image", "jax.ops", "jax.tree",
           "jax.tree_util", "jax.dtypes", "jax.debug", "jax.sharding", "jax.flatten_util", "jax.typing",
           "jax.errors", "jax.profiler", "jax.stages", "jax.export", "jax.ffi", "jax.custom_derivatives",
           "jax.ad_checkpoint", "jax.dlpack", "jax.distributed", "jax.monitoring"]
ARRAY = "jax.Array"
IMPORT_JAX = "import jax"  # (the row of what `import jax` alone loads)


def module_names(qualname: str) -> dict[str, list[str]] | None:
    """`dir` of the module (what Python's "Did you mean" chooses from) and the other names
    `qualname.<name>` may read, or None if it does not import."""
    try:
        module = importlib.import_module(qualname)
    except Exception:
        return None
    listed = set(dir(module))
    also = set(getattr(module, "_deprecations", {}))
    path = getattr(module, "__path__", None)
    if path is not None:
        also |= {info.name for info in pkgutil.iter_modules(path)}
    return {"dir": sorted(listed), "also": sorted(also - listed)}


def array_names() -> dict[str, list[str]]:
    """`dir` of a JAX array, and the other attributes a tracer of one may have (a tracer
    answers from its class or its aval)."""
    import jax
    import jax.numpy as jnp
    from jax._src import core

    array = jnp.zeros(1)
    classes: list[type] = [jax.Array, core.Tracer, core.ShapedArray, core.AbstractValue,
                           type(jax.typeof(array))]
    pending = list(core.Tracer.__subclasses__())
    while pending:
        cls = pending.pop()
        classes.append(cls)
        pending.extend(cls.__subclasses__())
    listed = set(dir(array))
    also = {name for cls in classes for name in dir(cls)}
    return {"dir": sorted(listed), "also": sorted(also - listed)}


# Run in a fresh interpreter: what `import jax` alone loads, and which submodules of the
# packages it loads are not attributes then. A submodule read first may load others (a lazy
# `__getattr__`): they then count as attributes, which only makes the table say less.
_AFTER_IMPORT_JAX = """
import json, pkgutil, sys, warnings
warnings.simplefilter("ignore")
import jax
loaded = sorted(m for m in sys.modules if m == "jax" or m.startswith("jax.") and "._" not in m
                and not m.startswith("jax._"))
unimported = {}
for package in loaded:
    path = getattr(sys.modules[package], "__path__", None)
    if path is None:
        continue
    names = sorted(i.name for i in pkgutil.iter_modules(path) if not i.name.startswith("_"))
    missing = [n for n in names if not hasattr(sys.modules[package], n)]
    if missing:
        unimported[package] = missing
print(json.dumps({"loaded": loaded, "unimported": unimported}))
"""


def imported_when_called() -> set[str]:
    """The public JAX modules JAX's own functions import when they run (`from
    jax.experimental import multihost_utils` inside a function of jax/_src/dispatch.py): they
    may be attributes after any call."""
    import jax

    found: set[str] = set()
    for path in sorted(Path(jax.__file__).parent.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import):
                    found.update(a.name for a in node.names if a.name.startswith("jax."))
                elif isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").startswith("jax"):
                    found.update(f"{node.module}.{a.name}" for a in node.names)
    return {name for name in found if "._" not in name and not name.startswith("jax._")}


def after_import_jax() -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", _AFTER_IMPORT_JAX], capture_output=True, text=True,
                          check=True, env={**os.environ, "JAX_PLATFORMS": "cpu"})
    found = json.loads(done.stdout)
    called = imported_when_called()
    prefixes = {".".join(name.split(".")[:cut]) for name in called for cut in range(2, name.count(".") + 2)}
    found["unimported"] = {package: kept for package, names in found["unimported"].items()
                           if (kept := [n for n in names if f"{package}.{n}" not in prefixes])}
    return found


def installed() -> dict[str, dict[str, object]]:
    warnings.simplefilter("ignore")
    table: dict[str, dict[str, object]] = {}
    for qualname in MODULES:
        names = module_names(qualname)
        if names is not None:
            table[qualname] = names
    table[ARRAY] = array_names()
    table[IMPORT_JAX] = after_import_jax()
    return table


def newer_names(version: str, wheels: Path, table: dict[str, dict[str, object]]) -> dict[str, list[str]]:
    """The public names `version` has in the table's modules that the installed JAX lacks."""
    import gen_removed_apis

    files = gen_removed_apis.sources(gen_removed_apis.download(version, wheels))
    found: dict[str, list[str]] = {}
    for qualname, names in table.items():
        if qualname in (ARRAY, IMPORT_JAX) or qualname not in files:
            continue
        text, is_package = files[qualname]
        public, deprecations = gen_removed_apis.public_names(qualname, text, is_package)
        added = sorted((set(public) | set(deprecations)) - set(names["dir"]) - set(names["also"]))  # type: ignore[arg-type]
        if added:
            found[qualname] = added
    return found


def numpy_lacks(old: str, wheels: Path, array: list[str]) -> list[str]:
    """The attributes of a concrete JAX array that neither the installed NumPy's nor NumPy `old`'s
    `ndarray` has."""
    import zipfile

    import numpy as np

    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--only-binary", ":all:",
                    "--python-version", "3.12", f"numpy=={old}", "-d", str(wheels)], check=True)
    (wheel,) = sorted(wheels.glob(f"numpy-{old}-*.whl"))[:1]
    with zipfile.ZipFile(wheel) as z:
        stub = ast.parse(z.read("numpy/__init__.pyi"))
    classes = {c.name: c for c in stub.body if isinstance(c, ast.ClassDef)}
    pending, seen = ["ndarray"], set()
    while pending:  # ndarray and its bases the stub defines (`_ArrayOrScalarCommon`)
        name = pending.pop()
        if name in classes and name not in seen:
            seen.add(name)
            pending += [b.id if isinstance(b, ast.Name) else getattr(b.value, "id", "")
                        for b in classes[name].bases if isinstance(b, (ast.Name, ast.Subscript))]
    old_names: set[str] = set()
    for name in seen:
        for n in ast.walk(classes[name]):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                old_names.add(n.name)
            elif isinstance(n, (ast.AnnAssign, ast.Assign)):
                old_names |= {t.id for t in ([n.target] if isinstance(n, ast.AnnAssign) else n.targets)
                              if isinstance(t, ast.Name)}
    assert {"ptp", "itemset", "reshape"} <= old_names, "NumPy's stub no longer shows ndarray's methods"
    return sorted(n for n in array if not n.startswith("_") and n not in dir(np.zeros(1)) and n not in old_names)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--newer", default="0.12.1", help="the next JAX release, whose added names are kept")
    parser.add_argument("--numpy-old", default="1.26.4", help="the NumPy 1 release whose ndarray is read too")
    parser.add_argument("--wheels", type=Path, default=Path("/tmp/jax-wheels"))
    parser.add_argument("--check", action="store_true")
    options = parser.parse_args()
    table = installed()
    if options.check:
        return write_or_check(OUT, table, "module and array attribute lists")
    options.wheels.mkdir(parents=True, exist_ok=True)
    newer = newer_names(options.newer, options.wheels, table)
    array = table[ARRAY]
    lacks = numpy_lacks(options.numpy_old, options.wheels, array["dir"])  # type: ignore[arg-type]
    return write_or_check(OUT, table, "module and array attribute lists",
                          newer_release=options.newer, newer=newer, numpy_lacks=lacks)


if __name__ == "__main__":
    sys.exit(main())
