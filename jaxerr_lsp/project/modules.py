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
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

# Folders no import of the project's own code goes through.
SKIPPED_DIRS = frozenset({".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__",
                          "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache", "build",
                          "dist", "site-packages"})
# How far `__init__` re-exports are followed (`from .layers import dense` in `pkg/__init__`).
MAX_REEXPORTS = 4


_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]*(\([^)]*\)|[^\n#;]*(?:\\\n[^\n#;]*)*)"
    r"|import[ \t]+([^\n#;]+))", re.MULTILINE)

# An import: the dotted module name, the names taken from it (None: the module itself) and
# the names they are bound to (`from x import a as b`: a, b; `import a.b [as c]`: what its
# attributes are read through, `a.b` [`c`]; `from x import *`: none).
Import = tuple[str, tuple[str, ...] | None, tuple[str, ...]]


def imports_of(text: str, package: str) -> list[Import]:
    """The imports the text's statements make, relative ones resolved from `package` (a
    statement inside a string counts too: an extra module only costs an extra summary)."""
    if "import" not in text:
        return []
    return _imports(text, package, None)


def _imports(text: str, package: str, kept: Callable[[int], bool] | None) -> list[Import]:
    """`imports_of`, of the statements whose start `kept` keeps (all without it)."""
    found: list[Import] = []
    for match in _IMPORT.finditer(text):
        if kept is not None and not kept(match.start()):
            continue
        source, names, modules = match.groups()
        if modules is not None:
            for part in modules.replace("\\\n", " ").split(","):
                words = part.split()
                if words and all(p.isidentifier() for p in words[0].split(".")) \
                        and (len(words) == 1 or len(words) == 3 and words[-1].isidentifier()):
                    found.append((words[0], None, (words[-1],)))
            continue
        dots = len(source) - len(source.lstrip("."))
        module = source[dots:]
        if dots:
            base = package.split(".") if package else []
            if dots - 1 > len(base):
                continue
            module = ".".join([*base[:len(base) - (dots - 1)], *([module] if module else [])])
        if not module or not all(p.isidentifier() for p in module.split(".")):
            continue
        names = re.sub(r"#[^\n]*", "", names)
        parts = [part.split() for part in names.strip().strip("()").replace("\\\n", " ").split(",")]
        pairs = [(words[0], words[-1]) for words in parts if words and words[0].isidentifier()
                 and words[-1].isidentifier() and len(words) in (1, 3)]
        if any(words and words[0] == "*" for words in parts):
            found.append((module, None, ()))
        else:
            found.append((module, tuple(a for a, _ in pairs), tuple(b for _, b in pairs)))
    return found


def _top_level_imports(text: str, package: str) -> list[Import]:
    """The imports of the module-level statements of `text` outside any block (`imports_of`'s
    form): those that start a line, outside a triple-quoted string (an import a docstring
    shows counts for nothing). Read without parsing."""
    if "import" not in text:
        return []
    strings = [match.span() for match in _TRIPLE_QUOTED.finditer(text)] \
        if '""' in text or "''" in text else []
    return _imports(text, package, lambda start: text[start] not in " \t" and not any(
        begin < start < end for begin, end in strings))


_TRIPLE_QUOTED = re.compile(r'(?s)""".*?"""|\'\'\'.*?\'\'\'')

_ASSIGNED = re.compile(r"^[ \t]*([\w.,()\[\] \t*]+?)[ \t]*(?:[-+*/%@&|^]|//|\*\*|<<|>>)?=(?!=)",
                       re.MULTILINE)
_BOUND_AFTER = re.compile(r"\b(?:def|class|global|nonlocal|del|for|async[ \t]+for)[ \t]+([^\n:]*)"
                          r"|\b(?:with|except)\b[^\n]*?\bas[ \t]+(\w+)|(\w+)[ \t]*:=")
_NAME = re.compile(r"[A-Za-z_]\w*")


def other_bindings(text: str) -> frozenset[str]:
    """The names `text` may bind otherwise than by an import (an assignment, a def or class,
    a `for`/`with`/`except` target, `global`, `del`, `:=`): a superset, read without parsing."""
    found: set[str] = set()
    for match in _ASSIGNED.finditer(text):
        found.update(_NAME.findall(match.group(1)))
    for match in _BOUND_AFTER.finditer(text):
        found.update(_NAME.findall(" ".join(g for g in match.groups() if g)))
    return frozenset(found)


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
    # What a module's own top-level imports load (`_loads`), and what running a module loads
    # of the project, by absolute path (`loaded`).
    _loads: dict[str, frozenset[str]] = field(default_factory=dict)
    _loaded: dict[str | tuple[str, int, int], frozenset[str]] = field(default_factory=dict)
    _own: dict[str | tuple[str, int, int], frozenset[str]] = field(default_factory=dict)
    _read: dict[str | tuple[str, int, int], list[Import]] = field(default_factory=dict)
    _texts: dict[str, str] = field(default_factory=dict)
    _bound: dict[str, frozenset[str]] = field(default_factory=dict)

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

    # ------------------------------------------------------------ submodules as attributes
    def read_imports(self, path: Path | str, text: str, imports: list[Import]) -> None:
        """Note the imports (`imports_of`) of the module at `path` of text `text`, read by
        the caller: `reachable` and `loaded` do not read them again."""
        self._read[self._key(path, text)] = imports

    def reachable(self, qualname: str, path: Path | str, text: str | None = None) -> bool:
        """Whether the dotted name `qualname`, as the module at `path` (of text `text`, else
        read from disk) reads it, certainly names what it says wherever it goes through a
        package's attribute to one of its submodules: `pkg.utils.f` after `import pkg` reads
        the attribute `utils` of `pkg`, which Python sets only once `pkg.utils` has been
        imported (by any module: `import pkg.utils`, `from pkg import utils`, `from .utils
        import f` in `pkg/__init__.py`...). True when each such submodule is imported by what
        running the module certainly runs (`loaded`) and its package binds its name to
        nothing else; False where Python may raise AttributeError, or bind another object."""
        parts = qualname.split(".")
        root = self.locate(Path(path))[0]
        loaded: frozenset[str] | None = None
        for end in range(2, len(parts) + 1):
            child = ".".join(parts[:end])
            if self.module(child, root) is None:
                return True  # the rest are attributes of a module (its functions, classes...)
            parent = self.module(".".join(parts[:end - 1]), root)
            if parent is None or parent.name != "__init__.py":
                return False
            if self._binds_otherwise(parent, parts[end - 1]):
                return False
            if child in self._top_loads(parent, root) or child in self._own_loads(path, text):
                continue  # (`from . import sub` in the package's `__init__`, `import pkg.sub`)
            if loaded is None:
                loaded = self.loaded(path, text)
            if child not in loaded:
                return False
        return True

    def loaded(self, path: Path | str, text: str | None = None) -> frozenset[str]:
        """The modules of the project that are certainly imported once the module at `path`
        runs: those its import statements name (at any depth: the one that binds a name the
        module reads has run before it is read), the packages it is in, and, in turn, what
        the top-level imports of each of these import (a `from . import utils` in
        `pkg/__init__.py`). `text`: the module's text, else read from disk."""
        key = self._key(path, text)
        known = self._loaded.get(key)
        if known is not None:
            return known
        root = self.locate(Path(path))[0]
        found = set(self._own_loads(path, text))
        todo = sorted(found)
        while todo:
            module = self.module(todo.pop(), root)
            if module is None:
                continue
            for more in self._top_loads(module, root) - found:
                found.add(more)
                todo.append(more)
        result = self._loaded[key] = frozenset(found)
        return result

    @staticmethod
    def _key(path: Path | str, text: str | None) -> str | tuple[str, int, int]:
        absolute = os.path.abspath(path)
        return absolute if text is None else (absolute, len(text), hash(text))

    def _own_loads(self, path: Path | str, text: str | None,
                   imports: list[Import] | None = None) -> frozenset[str]:
        """The modules the module's own import statements load (at any depth: `imports`,
        when the caller has read them), and the packages it is in (and itself)."""
        key = self._key(path, text)
        known = self._own.get(key)
        if known is None:
            if text is None:
                text = self.text(os.path.abspath(path))
            root, name = self.locate(Path(path))
            imports = imports if imports is not None else self._read.pop(key, None)
            if imports is None:
                imports = imports_of(text, self.package(Path(path)))
            found = self._loaded_by(imports, root)
            parts = name.split(".") if name else []
            found.update(".".join(parts[:end]) for end in range(1, len(parts) + 1))
            known = self._own[key] = frozenset(found)
        return known

    def _top_loads(self, path: Path, root: Path) -> frozenset[str]:
        """The modules the module-level import statements of the module at `path` load (its
        body's own statements: not those under `if`, `try` or in a def, which may not run,
        nor one a docstring shows: `_top_level_imports`)."""
        absolute = os.path.abspath(path)
        known = self._loads.get(absolute)
        if known is None:
            known = self._loads[absolute] = frozenset(self._loaded_by(
                _top_level_imports(self.text(absolute), self.package(path)), root))
        return known

    def _loaded_by(self, imports: list[Import], root: Path) -> set[str]:
        """The modules of the project `imports` load: `import a.b.c` loads `a`, `a.b` and
        `a.b.c`; `from a.b import c` loads `a`, `a.b`, and `a.b.c` when it is a module."""
        found: set[str] = set()
        for module, names, _ in imports:
            parts = module.split(".")
            found.update(".".join(parts[:end]) for end in range(1, len(parts) + 1))
            for name in names or ():
                if self.module(f"{module}.{name}", root) is not None:
                    found.add(f"{module}.{name}")
        return found

    def _binds_otherwise(self, init: Path, name: str) -> bool:
        """Whether the package's `__init__` at `init` may bind `name` to something else than
        its submodule of that name (an assignment, a def, a from-import of another object)."""
        absolute = os.path.abspath(init)
        known = self._bound.get(absolute)
        if known is None:
            text = self.text(absolute)
            package = self.package(init)
            found = set(other_bindings(text))
            for module, names, bound in imports_of(text, package):
                if names is None:  # `import x as name`, `import name` of another module
                    found.update(b for b in bound if module != f"{package}.{b}")
                    continue
                found.update(binding for original, binding in zip(names, bound)
                             if f"{module}.{original}" != f"{package}.{binding}")
            known = self._bound[absolute] = frozenset(found)
        return name in known

    def text(self, absolute: str) -> str:
        """The text of the module at `absolute` (read once; "" when unreadable)."""
        known = self._texts.get(absolute)
        if known is None:
            try:
                with open(absolute, encoding="utf-8") as file:
                    known = file.read()
            except (OSError, UnicodeDecodeError, ValueError):
                known = ""
            self._texts[absolute] = known
        return known

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


__all__ = ["Import", "ModuleTable", "imports_of", "module_of", "other_bindings", "package_of"]
