"""The module table (`jaxerr_lsp.project.modules`): which submodules a module can read as
attributes of their packages (`ModuleTable.loaded`, `ModuleTable.reachable`), as Python binds
them: `import pkg.utils` and `from pkg import utils` set `pkg.utils`; `import pkg` alone does
not, unless something `pkg/__init__.py` imports does."""

from __future__ import annotations

from pathlib import Path

from jaxerr_lsp.project.modules import ModuleTable, imports_of


def project(tmp_path: Path, files: dict[str, str]) -> ModuleTable:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return ModuleTable.of_roots({tmp_path})


def test_a_submodule_is_an_attribute_once_imported(tmp_path: Path) -> None:
    table = project(tmp_path, {
        "pkg/__init__.py": "from . import sub\n", "pkg/utils.py": "def f(): pass\n",
        "pkg/sub/__init__.py": "from .deep import g\n", "pkg/sub/deep.py": "def g(): pass\n",
        "pkg/sub/far.py": "def h(): pass\n", "main.py": "import pkg\n"})
    main = tmp_path / "main.py"
    assert table.loaded(main) == {"main", "pkg", "pkg.sub", "pkg.sub.deep"}
    assert table.reachable("pkg.sub.deep.g", main) and table.reachable("pkg.sub.g", main)
    assert not table.reachable("pkg.utils.f", main)  # AttributeError: nothing imports it
    assert not table.reachable("pkg.sub.far.h", main)
    assert table.reachable("os.path.join", main)  # (not the project's: not a question here)
    # The module's own imports, at any depth (the one binding the name ran before its read).
    assert table.reachable("pkg.utils.f", main, "import pkg\n\ndef run():\n    import pkg.utils\n")
    assert table.reachable("pkg.sub.far.h", main, "from pkg.sub import far\n")
    # A module of the package: the package's `__init__` ran before it.
    inner = tmp_path / "pkg" / "utils.py"
    assert table.reachable("pkg.sub.deep.g", inner, "import pkg\n")
    # What another module the module imports imports at its top level.
    assert table.reachable("pkg.utils.f", main, "import pkg\nimport helper\n") is False
    (tmp_path / "helper.py").write_text("import pkg.utils\n")
    table = ModuleTable.of_roots({tmp_path})
    assert table.reachable("pkg.utils.f", main, "import pkg\nimport helper\n")
    (tmp_path / "helper.py").write_text("def load():\n    import pkg.utils\n")  # (not when run)
    table = ModuleTable.of_roots({tmp_path})
    assert not table.reachable("pkg.utils.f", main, "import pkg\nimport helper\n")


def test_a_package_that_binds_the_name_to_something_else(tmp_path: Path) -> None:
    """`pkg/__init__.py` binds `utils` itself: `pkg.utils` may be that object, not the
    submodule (which one depends on the order things ran): silence."""
    for init in ("from . import utils\nutils = None\n", "from .other import utils\n",
                 "import json as utils\nfrom . import utils as u\n"):
        table = project(tmp_path, {"pkg/__init__.py": init, "pkg/utils.py": "def f(): pass\n",
                                   "pkg/other.py": "utils = 1\n", "main.py": "import pkg.utils\n"})
        assert not table.reachable("pkg.utils.f", tmp_path / "main.py"), init
    table = project(tmp_path, {"pkg/__init__.py": "from . import utils\n"})
    assert table.reachable("pkg.utils.f", tmp_path / "main.py", "import pkg\n")


def test_what_a_module_imports_at_its_top_level(tmp_path: Path) -> None:
    """What running a module certainly imports: its body's own import statements, not those
    under `if`/`try` or in a def, nor one a docstring shows."""
    table = project(tmp_path, {
        "pkg/__init__.py": ('"""Use it so:\n\nimport pkg.shown\n"""\nimport pkg.a\nif X:\n    import pkg.b\n'
                            'try:\n    from . import c\nexcept ImportError:\n    pass\nfrom .d import e\n'),
        **{f"pkg/{name}.py": "e = 1\n" for name in ("a", "b", "c", "d", "shown")},
        "main.py": "import pkg\n"})
    assert table.loaded(tmp_path / "main.py") == {"main", "pkg", "pkg.a", "pkg.d"}
    assert imports_of("import a\nif x:\n    import b\n", "") == [("a", None, ("a",)), ("b", None, ("b",))]
