"""The modules of a project: which dotted name a file has, and which file a dotted name is.

A file's root is the first folder above it that is not a package (no `__init__.py`): the
folder Python needs on `sys.path` to import it. A project is its roots: the top-level
modules in each root folder and the packages below it (folders with `__init__.py`, all the
way down). That is how `python train.py` next to `model.py` sees `model`, and how
`python -m pkg.train` sees `pkg.layers`. Namespace packages (no `__init__.py`) are left
out: where they resolve depends on the whole `sys.path`.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field
from pathlib import Path

# Folders no import of the project's own code goes through.
SKIPPED_DIRS = frozenset({".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__",
                          "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache", "build",
                          "dist", "site-packages"})
# How far `__init__` re-exports are followed (`from .layers import dense` in `pkg/__init__`).
MAX_REEXPORTS = 4


def module_of(path: Path) -> tuple[Path, str]:
    """(root folder, dotted module name) of a `.py` file."""
    path = Path(os.path.abspath(path))
    parts = [] if path.stem == "__init__" else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file() and folder.name.isidentifier():
        parts.insert(0, folder.name)
        folder = folder.parent
    return folder, ".".join(parts)


def package_of(path: Path) -> str:
    """The dotted name of the package a module is in ("" at top level): where its relative
    imports start."""
    return _package(path, module_of(path)[1])


def _package(path: Path, name: str) -> str:
    """The package of the module `name` at `path` (a package's `__init__` is its own)."""
    return name if Path(path).stem == "__init__" else name.rpartition(".")[0]


@dataclass
class ModuleTable:
    """The modules of a project's roots, by dotted name. A name two roots both have (a
    `utils.py` beside the scripts and another beside the tests) is the importing module's
    own root's, and no module's for the others: which one Python imports depends on how
    they run."""

    roots: tuple[Path, ...]
    by_root: dict[Path, dict[str, Path]] = field(default_factory=dict)
    _reexports: dict[Path, dict[str, str]] = field(default_factory=dict)
    # Each listed file's root and dotted name (what `module_of` says, without its stat calls).
    _located: dict[str, tuple[Path, str]] = field(default_factory=dict)

    @classmethod
    def of_roots(cls, roots: set[Path]) -> ModuleTable:
        table = cls(tuple(sorted(roots)))
        for root in table.roots:
            paths = table.by_root.setdefault(root, {})
            table._add_folder(root, [], paths)
            table._located.update((os.path.abspath(path), (root, name)) for name, path in paths.items())
        return table

    def locate(self, path: Path) -> tuple[Path, str]:
        """(root, dotted name) of a file, as `module_of` gives it."""
        found = self._located.get(os.path.abspath(path))
        return found if found is not None else module_of(path)

    def package(self, path: Path) -> str:
        """As `package_of`: where the module's relative imports start."""
        return _package(path, self.locate(path)[1])

    def files(self) -> list[Path]:
        """Every module's file, in order."""
        return sorted({path for paths in self.by_root.values() for path in paths.values()})

    def module(self, name: str, root: Path | None = None) -> Path | None:
        """The module `name` as a module of `root` imports it: its own root's, else the one
        other root that has it."""
        if root is not None and name in self.by_root.get(root, {}):
            return self.by_root[root][name]
        found = [paths[name] for paths in self.by_root.values() if name in paths]
        return found[0] if len(found) == 1 else None

    def _add_folder(self, folder: Path, package: list[str], paths: dict[str, Path]) -> None:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            name = entry.name
            if entry.is_dir(follow_symlinks=False):
                if name in SKIPPED_DIRS or name.startswith(".") or not name.isidentifier():
                    continue
                if os.path.isfile(os.path.join(entry.path, "__init__.py")):
                    self._add_folder(Path(entry.path), [*package, name], paths)
            elif name.endswith(".py") and entry.is_file():
                stem = name[:-3]
                if stem == "__init__":
                    if package:
                        paths.setdefault(".".join(package), Path(entry.path))
                elif stem.isidentifier():
                    paths.setdefault(".".join([*package, stem]), Path(entry.path))

    def function(self, qualname: str, root: Path | None = None) -> tuple[Path, str] | None:
        """The module file and the module-level name a dotted name (`pkg.layers.dense`, as an
        import in a module of `root` gives it) denotes, following `__init__` re-exports; None
        outside the project."""
        for _ in range(MAX_REEXPORTS + 1):
            module, _, name = qualname.rpartition(".")
            path = self.module(module, root)
            if path is None or not name:
                return None
            root = self.locate(path)[0]
            target = self._imported(path).get(name)
            if target is None:
                return path, name
            qualname = target
        return None

    def _imported(self, path: Path) -> dict[str, str]:
        """The names a module binds by a top-level `from ... import name` (absolute, or
        relative to its package): name -> the dotted name imported."""
        known = self._reexports.get(path)
        if known is not None:
            return known
        known = self._reexports[path] = {}
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError, RecursionError, MemoryError):
            return known
        package = self.package(path).split(".") if self.package(path) else []
        for node in tree.body:
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                up = node.level - 1
                if up > len(package):
                    continue
                base = package[:len(package) - up]
            else:
                base = []
            module = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                if alias.name != "*" and module:
                    known[alias.asname or alias.name] = f"{module}.{alias.name}"
        return known


__all__ = ["ModuleTable", "module_of", "package_of"]
