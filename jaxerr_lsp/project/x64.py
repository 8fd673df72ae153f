"""Whether x64 may be turned on for a module by code other than its own text.

JAX's 64-bit mode is one switch for the whole process (`jax.config.update("jax_enable_x64",
True)`, `JAX_ENABLE_X64=1`, `jax.experimental.enable_x64()`). A file that never names it may
still run with it on: a library module whose package turns it on (or asks for it: jax-md's
`util.py`), a test whose `conftest.py` or pytest configuration turns it on. The rules that
depend on the switch (JXE109 x64-dtype-truncated, the dtypes the value inference gives) ask
whether the file names x64 (`Context.x64_possible`); this module adds what the project around
it names:

- for a module of a package (a folder with `__init__.py`), every module of its top-level
  package: the program that imports one of them imports the package, whose code may set it;
- the `conftest.py` files from the file's folder up to the project's root (pytest runs them
  first), and the root's pytest, tox and setup configuration (`env = JAX_ENABLE_X64=1`).

Loose scripts beside each other are not one program: a script that turns x64 on says
nothing of its neighbour; nor does anything around a notebook (`.ipynb`, a MyST or Jupytext
Markdown notebook), which is a program of its own. Named means a word of `avals.X64_WORDS` appears anywhere, as a whole word (a
comment too: over-approximated, which only silences). A package too large to read whole
(`MAX_FILES`) counts as naming it. Answers are kept per package for `MAX_AGE` seconds
(the language server sees files change; the command line runs once); a module is read again
only when its modification time changed.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from jaxerr_lsp.analysis.avals import x64_possible
from jaxerr_lsp.core.config import find_pyproject
from jaxerr_lsp.project.modules import module_of

MAX_FILES = 3000
MAX_AGE = 30.0
_CONFIG_FILES = ("pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml", "conftest.py")
_SKIPPED_FOLDERS = frozenset({"__pycache__", "node_modules", "site-packages", "build", "dist"})

T = TypeVar("T")
_kept: dict[tuple[str, Path], tuple[float, object]] = {}  # answers, with when they were found
_read: dict[Path, tuple[int, bool]] = {}  # module -> (its modification time, whether it names x64)
_lock = threading.Lock()


def x64_named_elsewhere(path: str | os.PathLike[str]) -> bool:
    """Whether the project around the file at `path` names x64 outside the file itself (see
    the module docstring). False for a file that cannot be placed."""
    if not str(path).endswith(".py"):
        return False  # a notebook (or a Markdown one) is a program of its own, never imported
    try:
        file = Path(os.path.abspath(path))
        root, dotted = module_of(file)
        package = root / dotted.split(".")[0] if "." in dotted or file.stem == "__init__" else None
        if package is not None:
            naming = _kept_answer("package", package, lambda: _naming_modules(package))
            if naming is None or naming - {file}:
                return True
        pyproject = find_pyproject(file)
        top = pyproject.parent if pyproject is not None else root
        for folder in (file.parent, *file.parent.parents):
            if _kept_answer("folder", folder, lambda: _folder_names(folder, top)):
                return True
            if folder == top or folder == folder.parent:
                break
    except OSError:
        return False
    return False


def _kept_answer(kind: str, where: Path, compute: Callable[[], T]) -> T:
    """`compute()`, kept for `MAX_AGE` seconds per (kind, place)."""
    now = time.monotonic()
    with _lock:
        known = _kept.get((kind, where))
    if known is not None and now - known[0] < MAX_AGE:
        return known[1]  # type: ignore[return-value]
    answer = compute()
    with _lock:
        _kept[(kind, where)] = (now, answer)
    return answer


def _naming_modules(package: Path) -> frozenset[Path] | None:
    """The modules of `package` that name x64 (None when it has more than can be read). A
    module is read again only when its modification time changed: asked again after
    `MAX_AGE` (the server's worker, on the way to a check), the package costs a walk."""
    found: set[Path] = set()
    seen = 0
    for folder, folders, files in os.walk(package):
        folders[:] = [f for f in folders if not f.startswith(".") and f not in _SKIPPED_FOLDERS]
        for name in files:
            if not name.endswith(".py"):
                continue
            seen += 1
            if seen > MAX_FILES:
                return None
            module = Path(folder) / name
            if _module_names_x64(module):
                found.add(module)
    return frozenset(found)


def _module_names_x64(module: Path) -> bool:
    try:
        stamp = module.stat().st_mtime_ns
    except OSError:
        return False
    with _lock:
        known = _read.get(module)
    if known is not None and known[0] == stamp:
        return known[1]
    answer = _names_x64(module)
    with _lock:
        _read[module] = (stamp, answer)
    return answer


def _folder_names(folder: Path, top: Path) -> bool:
    """Whether the `conftest.py` of `folder`, or (at the project's top) its test
    configuration, names x64."""
    names = _CONFIG_FILES if folder == top else ("conftest.py",)
    return any(_names_x64(folder / name) for name in names)


def _names_x64(file: Path) -> bool:
    try:
        text = file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return x64_possible(text)


def forget() -> None:
    """Drop the answers kept (tests)."""
    with _lock:
        _kept.clear()
        _read.clear()
