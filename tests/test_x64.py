"""x64 detection on real files: a file that turns on 64-bit types in any of the ways JAX
offers gets no default dtype widths from the inference (the shapes and kinds stay:
"float32|float64"), and JAX confirms the dtypes do change."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.core.source import parse_source
from jaxerr_lsp.engine.rule import Context
from tests.jax_runner import run_programs

FORMS = {
    "config.update": 'import jax\njax.config.update("jax_enable_x64", True)\n',
    "environment": 'import os\nos.environ["JAX_ENABLE_X64"] = "1"\nimport jax\n',
    "config attribute": 'import jax\nfrom jax import config\nconfig.update("jax_enable_x64", True)\n',
}
BODY = "import jax.numpy as jnp\nx = jnp.ones(3)\ny = jnp.arange(3)\nprint(x.dtype, y.dtype)\n"


def names(source: str) -> dict[str, object]:
    parsed = parse_source(source)
    assert parsed.tree is not None
    context = Context(parsed, ModuleModel(parsed.tree))
    printed = parsed.tree.body[-1]
    assert isinstance(printed, ast.Expr) and isinstance(printed.value, ast.Call)
    return {"x64": context.values.x64,
            "avals": [context.values.aval(a.value) for a in printed.value.args  # type: ignore[attr-defined]
                      if isinstance(a, ast.Attribute)]}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_files_that_turn_on_x64_get_no_default_dtype_widths(form: str) -> None:
    seen = names(FORMS[form] + BODY)
    assert seen["x64"] is True
    assert [str(a) for a in seen["avals"]] == ["float32|float64[3]", "int32|int64[3]"]  # type: ignore[attr-defined]


def test_a_file_without_x64_gets_float32_and_int32() -> None:
    seen = names("import jax\n" + BODY)
    assert seen["x64"] is False
    assert [str(a) for a in seen["avals"]] == ["float32[3]", "int32[3]"]  # type: ignore[attr-defined]


def test_a_file_naming_64_bit_dtypes_without_x64_keeps_the_defaults() -> None:
    # `complex64` holds "x64", `float64` names a dtype: neither turns 64-bit types on.
    seen = names("import jax\nimport numpy as np\nKINDS = (np.complex64, np.float64, 'complex64')\n" + BODY)
    assert seen["x64"] is False
    assert [str(a) for a in seen["avals"]] == ["float32[3]", "int32[3]"]  # type: ignore[attr-defined]


def test_jax_changes_the_default_dtypes_in_each_form() -> None:
    # (the environment form acts only when JAX is first imported, which the batch runner
    # has done already: the two config forms are run)
    forms = ["config attribute", "config.update"]
    results = run_programs([FORMS[form] + BODY for form in forms] + ["import jax\n" + BODY])
    assert all(not r.raised for r in results), [r.traceback for r in results]
    printed = [r.stdout.strip() for r in results]
    assert printed == ["float64 int64", "float64 int64", "float32 int32"], printed


# ------------------------------------------------------------------ x64 named elsewhere
# A module that asks for float64 without naming x64 (JXE109 speaks of it), checked with the
# command line (it reads the project around the file: jaxerr_lsp.project.x64).
REQUEST = "import jax.numpy as jnp\n\n\ndef zeros(n):\n    return jnp.zeros(n, dtype=jnp.float64)\n"
TURNS_X64_ON = 'import jax\n\njax.config.update("jax_enable_x64", True)\n'


def _codes(folder: Path, *files: str) -> dict[str, list[str]]:
    done = subprocess.run([sys.executable, "-m", "jaxerr_lsp", "check", "--no-cache", "--format", "json",
                           *files], cwd=folder, capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 1), done.stderr
    found: dict[str, list[str]] = {file: [] for file in files}
    for finding in json.loads(done.stdout):
        found[Path(finding["path"]).as_posix()].append(finding["code"])
    return found


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def test_a_module_of_a_package_that_turns_x64_on_is_not_warned(tmp_path: Path) -> None:
    _write(tmp_path, {"pkg/__init__.py": "from pkg import setup, ops\n", "pkg/setup.py": TURNS_X64_ON,
                      "pkg/sub/__init__.py": "", "pkg/sub/ops.py": REQUEST, "pkg/ops.py": REQUEST})
    assert _codes(tmp_path, "pkg/ops.py", "pkg/sub/ops.py") == {"pkg/ops.py": [], "pkg/sub/ops.py": []}


def test_the_same_package_without_it_is_warned(tmp_path: Path) -> None:
    _write(tmp_path, {"pkg/__init__.py": "from pkg import setup, ops\n",
                      "pkg/setup.py": "import jax\n", "pkg/ops.py": REQUEST})
    assert _codes(tmp_path, "pkg/ops.py") == {"pkg/ops.py": ["JXE109"]}


def test_loose_scripts_are_separate_programs(tmp_path: Path) -> None:
    # A folder of scripts: the one that turns x64 on says nothing of its neighbour.
    _write(tmp_path, {"enables.py": TURNS_X64_ON + REQUEST + "zeros(3)\n", "plain.py": REQUEST + "zeros(3)\n"})
    assert _codes(tmp_path, "enables.py", "plain.py") == {"enables.py": [], "plain.py": ["JXE109"]}


@pytest.mark.parametrize("where", ["conftest.py", "tests/conftest.py", "pytest.ini"])
def test_tests_under_a_conftest_or_pytest_configuration_that_names_x64(tmp_path: Path, where: str) -> None:
    text = "[pytest]\nenv = JAX_ENABLE_X64=1\n" if where == "pytest.ini" else TURNS_X64_ON
    _write(tmp_path, {"pyproject.toml": "[project]\nname = 'p'\n", where: text,
                      "tests/test_ops.py": REQUEST, "other/test_ops.py": REQUEST})
    expected = {"tests/test_ops.py": [], "other/test_ops.py": [] if where != "tests/conftest.py" else ["JXE109"]}
    assert _codes(tmp_path, "tests/test_ops.py", "other/test_ops.py") == expected


def test_jax_warns_for_the_request_only_without_x64() -> None:
    call = "import warnings\nwarnings.simplefilter('error')\nzeros(3)\nprint('ok')\n"
    results = run_programs([REQUEST + call, TURNS_X64_ON + REQUEST + call])
    assert results[0].raised and "float64" in results[0].traceback and "truncated" in results[0].traceback
    assert not results[1].raised and results[1].stdout.strip() == "ok", results[1].traceback


def test_a_notebook_in_a_package_is_a_program_of_its_own(tmp_path: Path) -> None:
    cell = {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
            "source": REQUEST + "zeros(3)\n"}
    notebook = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    _write(tmp_path, {"docs/__init__.py": "", "docs/conf.py": TURNS_X64_ON,
                      "docs/tutorial.ipynb": json.dumps(notebook)})
    assert _codes(tmp_path, "docs/tutorial.ipynb") == {"docs/tutorial.ipynb": ["JXE109"]}


def test_the_module_that_names_x64_counts_for_its_package_whichever_is_asked_first(tmp_path: Path) -> None:
    from jaxerr_lsp.project import x64

    _write(tmp_path, {"pkg/__init__.py": "", "pkg/a.py": TURNS_X64_ON + REQUEST, "pkg/b.py": REQUEST})
    x64.forget()
    # `a` names it itself: nothing else in the package does; `b` has `a` beside it.
    assert [x64.x64_named_elsewhere(tmp_path / "pkg" / m) for m in ("a.py", "b.py")] == [False, True]
    x64.forget()


def test_a_module_changed_since_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from jaxerr_lsp.project import x64

    monkeypatch.setattr(x64, "MAX_AGE", 0.0)
    x64.forget()
    _write(tmp_path, {"pkg/__init__.py": "", "pkg/setup.py": "import jax\n", "pkg/ops.py": REQUEST})
    ops = tmp_path / "pkg" / "ops.py"
    assert not x64.x64_named_elsewhere(ops)
    setup = tmp_path / "pkg" / "setup.py"
    setup.write_text(TURNS_X64_ON, encoding="utf-8")
    stamp = setup.stat().st_mtime_ns + 10**9
    os.utime(setup, ns=(stamp, stamp))
    assert x64.x64_named_elsewhere(ops)
    x64.forget()
