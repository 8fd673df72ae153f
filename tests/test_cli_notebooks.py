"""`jaxerr check` on Jupyter notebooks (`.ipynb`), written and read back with the real nbformat,
run as a real subprocess; one notebook is also executed by a real IPython kernel (nbclient) to
show the flagged cell is the one JAX raises in."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

# A function defined in one cell, jitted in a later one; magics, shell and help lines between.
CELLS = [
    ("markdown", "# Training"),
    ("code", "%env JAX_PLATFORMS=cpu\nimport jax\nimport jax.numpy as jnp"),
    ("code", "!echo ready\ndef step(x):\n    if x.sum() > 0:\n        return x\n    return -x"),
    ("markdown", "Now jit it."),
    ("code", "%time y = 1\njnp.sum?\nfast = jax.jit(step)\nfast(jnp.ones(3))"),
    ("code", "a = jnp.zeros(3)\na[0] = 1.0"),
]


def make_notebook(cells: list[tuple[str, str]], path: Path, **metadata: object) -> nbformat.NotebookNode:
    notebook = new_notebook()
    notebook.metadata.update({"kernelspec": {"name": "python3", "language": "python",
                                             "display_name": "Python 3"}, **metadata})
    for kind, text in cells:
        if kind == "markdown":
            notebook.cells.append(new_markdown_cell(text))
        else:
            notebook.cells.append(new_code_cell(text, execution_count=1, outputs=[
                new_output("stream", name="stdout", text="an output\n")]))
    nbformat.write(notebook, str(path))
    return notebook


def jaxerr(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jaxerr_lsp", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture()
def notebook(tmp_path: Path) -> Path:
    make_notebook(CELLS, tmp_path / "train.ipynb")
    return tmp_path / "train.ipynb"


def test_findings_per_cell_like_ruff(notebook: Path) -> None:
    """`path:cell N:line:column`, N counting every cell (markdown too) and lines counted in the
    cell, as ruff does; a function jitted in a later cell is flagged in its own cell."""
    result = jaxerr("check", notebook.name, cwd=notebook.parent)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("train.ipynb:cell 3:3:8: JXE070 jax.errors.TracerBoolConversionError")
    assert "while tracing the function step at train.ipynb:cell 3:2 for jit" in lines[1]
    assert "    --> train.ipynb:cell 5:3:8: `step` traced by `jax.jit` here" in lines
    assert any(line.startswith("train.ipynb:cell 6:2:1: JXE080 [*] TypeError") for line in lines)
    assert lines[-2] == "Found 2 errors."


def test_positions_agree_with_ruff(tmp_path: Path) -> None:
    """ruff (the real one) and jaxerr name the same cell and line for findings on one line
    after magics and shell lines."""
    cells = [("markdown", "x"), ("code", "import jax\n%time y = 1"), ("markdown", "y"),
             ("code", "!ls\njax.jit?\na = jax.numpy.zeros(3); a[0] = undefined_name")]
    make_notebook(cells, tmp_path / "nb.ipynb")
    ruff = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated",
                           "--select", "F821", "--output-format", "concise", "nb.ipynb"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    ours = jaxerr("check", "nb.ipynb", cwd=tmp_path).stdout.splitlines()[0]
    assert ruff.stdout.startswith("nb.ipynb:cell 4:3:32: F821"), ruff.stdout + ruff.stderr
    assert ours.startswith("nb.ipynb:cell 4:3:25: JXE080")


def test_json_adds_the_cell(notebook: Path) -> None:
    """The .py keys, plus `cell`; related locations and fix edits name their cell too."""
    result = jaxerr("check", "--format", "json", notebook.name, cwd=notebook.parent)
    findings = json.loads(result.stdout)
    assert [(f["code"], f["cell"], f["line"], f["column"]) for f in findings] == [
        ("JXE070", 3, 3, 8), ("JXE080", 6, 2, 1)]
    first = findings[0]
    assert set(first) == {"path", "cell", "line", "column", "end_line", "end_column", "code",
                          "catalog", "severity", "message", "related", "fix"}
    assert (first["end_line"], first["end_column"]) == (3, 19)
    assert first["related"][0] | {"message": ""} == {"cell": 5, "line": 3, "column": 8,
                                                     "end_line": 3, "end_column": 21, "message": ""}
    [edit] = findings[1]["fix"]["edits"]
    assert edit == {"cell": 6, "line": 2, "column": 1, "end_line": 2, "end_column": 11,
                    "new_text": "a = a.at[0].set(1.0)"}


def test_fix_writes_back_the_fixed_cell_only(notebook: Path) -> None:
    """--fix changes the fixed cell's source and nothing else: outputs, metadata, the other
    cells and the JSON layout stay as nbformat wrote them."""
    before = nbformat.read(str(notebook), as_version=4)
    original_text = notebook.read_text()
    result = jaxerr("check", "--fix", notebook.name, cwd=notebook.parent)
    assert result.returncode == 1  # the unsafe fix is left
    assert result.stdout.splitlines()[-2] == "Found 2 errors (1 fixed, 1 remaining)."
    after = nbformat.read(str(notebook), as_version=4)
    nbformat.validate(after)
    before.cells[5].source = "a = jnp.zeros(3)\na = a.at[0].set(1.0)"
    assert after == before
    assert notebook.read_text() == nbformat.writes(before) + "\n"
    changed = [line for line in notebook.read_text().splitlines()
               if line not in original_text.splitlines()]
    assert changed == ['    "a = a.at[0].set(1.0)"']
    unsafe = jaxerr("check", "--fix", "--unsafe-fixes", notebook.name, cwd=notebook.parent)
    assert unsafe.returncode == 0, unsafe.stdout + unsafe.stderr
    fixed = nbformat.read(str(notebook), as_version=4)
    assert "return jnp.where(x.sum() > 0, x, -x)" in fixed.cells[2].source
    assert fixed.cells[2].source.startswith("!echo ready\n")


def test_fixed_notebook_runs_in_a_real_kernel(notebook: Path) -> None:
    """The real IPython kernel raises the flagged errors in the flagged cells (the magics, the
    shell and help lines run too); after `--fix --unsafe-fixes` the whole notebook runs."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    def run() -> tuple[int, str] | None:
        nb = nbformat.read(str(notebook), as_version=4)
        client = NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True)
        client.execute(cwd=str(notebook.parent))
        for number, cell in enumerate(nb.cells, start=1):
            errors = [o for o in cell.get("outputs", []) if o.output_type == "error"]
            if errors:
                return number, errors[0].ename
        return None

    assert run() == (5, "TracerBoolConversionError")  # raised when cell 5 calls step
    assert jaxerr("check", "--fix", "--unsafe-fixes", notebook.name, cwd=notebook.parent).returncode == 0
    try:
        assert run() is None
    except CellExecutionError as error:  # pragma: no cover - the message is the diagnosis
        pytest.fail(str(error))


def test_suppression_comments_in_cells(tmp_path: Path) -> None:
    cells = [("code", "import jax.numpy as jnp\na = jnp.zeros(3)"),
             ("code", "a[0] = 1.0  # jaxerr: ignore[JXE080]")]
    make_notebook(cells, tmp_path / "nb.ipynb")
    result = jaxerr("check", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 0 and "All checks passed!" in result.stdout


def test_directories_include_notebooks_but_not_checkpoints(notebook: Path) -> None:
    checkpoints = notebook.parent / ".ipynb_checkpoints"
    checkpoints.mkdir()
    make_notebook(CELLS, checkpoints / "train-checkpoint.ipynb")
    (notebook.parent / "script.py").write_text("import jax.numpy as jnp\nb = jnp.ones(2)\nb[1] = 0\n")
    result = jaxerr("check", ".", cwd=notebook.parent)
    paths = {line.split(":")[0] for line in result.stdout.splitlines() if ": JXE" in line}
    assert paths == {"train.ipynb", "script.py"}


def test_malformed_notebooks_are_errors_and_the_others_are_checked(notebook: Path) -> None:
    folder = notebook.parent
    (folder / "truncated.ipynb").write_text('{"cells": [')
    (folder / "old.ipynb").write_text(json.dumps({"nbformat": 3, "worksheets": []}))
    (folder / "weird.ipynb").write_text(json.dumps({"nbformat": 4, "cells": [{"source": 3}]}))
    result = jaxerr("check", ".", cwd=folder)
    assert result.returncode == 2
    errors = sorted(line for line in result.stderr.splitlines() if line.startswith("jaxerr: error:"))
    assert errors == [
        "jaxerr: error: old.ipynb: nbformat 3 is not supported (only 4; convert with "
        "`jupyter nbconvert --to notebook --nbformat 4`)",
        "jaxerr: error: truncated.ipynb: not valid JSON: Expecting value (line 1, column 12)",
        "jaxerr: error: weird.ipynb: cell 1 is not a cell (no \"cell_type\")",
    ]
    assert "train.ipynb:cell 3:3:8: JXE070" in result.stdout


def test_a_cell_python_cannot_parse_is_named_by_cell(tmp_path: Path) -> None:
    make_notebook([("markdown", "m"), ("code", "x = 1"), ("code", "y = (\n")], tmp_path / "nb.ipynb")
    result = jaxerr("check", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 2
    assert "jaxerr: error: nb.ipynb:cell 3:1:5: cannot parse: '(' was never closed" in result.stderr


def test_notebooks_of_other_languages_are_not_checked(tmp_path: Path) -> None:
    make_notebook([("code", "a = jnp.zeros(3)\na[0] = 1")], tmp_path / "r.ipynb",
                  kernelspec={"name": "ir", "language": "R", "display_name": "R"})
    result = jaxerr("check", "r.ipynb", cwd=tmp_path)
    assert result.returncode == 0 and "All checks passed!" in result.stdout
