"""Jupytext Markdown notebooks (MyST and Jupytext's Markdown): their code cells as the real
jupytext reads them, and `jaxerr check` on them (a real subprocess), positions in the .md file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import jupytext
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from jaxerr_lsp.notebooks.text_notebooks import code_blocks, is_text_notebook, with_cells

CELLS = [
    new_markdown_cell("# Training\n\n```python\na[0] = 1  # an example in the text, not a cell\n```"),
    new_code_cell("%env JAX_PLATFORMS=cpu\nimport jax\nimport jax.numpy as jnp"),
    new_code_cell("def step(x):\n    if x.sum() > 0:\n        return x\n    return -x",
                  metadata={"tags": ["hide-output"]}),
    new_code_cell("fast = jax.jit(step)\na = jnp.zeros(3)\na[0] = 1.0",
                  metadata={"tags": ["remove-input"], "other": {"k": 1}}),
]


def notebook_text(fmt: str) -> str:
    notebook = new_notebook(cells=CELLS)
    notebook.metadata["kernelspec"] = {"name": "python3", "language": "python",
                                       "display_name": "Python 3"}
    return jupytext.writes(notebook, fmt=fmt)


@pytest.mark.parametrize("fmt", ["md:myst", "md:markdown"])
def test_code_cells_are_the_ones_jupytext_reads(fmt: str) -> None:
    text = notebook_text(fmt)
    assert is_text_notebook(text)
    expected = [cell.source for cell in jupytext.reads(text, fmt=fmt).cells if cell.cell_type == "code"]
    blocks = code_blocks(text)
    assert [block.text for block in blocks] == expected == [cell.source for cell in CELLS[1:]]
    lines = text.split("\n")
    for block in blocks:  # each block's lines are the file's lines
        assert "\n".join(lines[block.first_line - 1:block.first_line - 1 + block.line_count]) == block.text
    fixed = with_cells(text, blocks, [block.text.replace("3", "4") for block in blocks])
    assert [c.source for c in jupytext.reads(fixed, fmt=fmt).cells if c.cell_type == "code"] == [
        source.replace("3", "4") for source in expected]


def test_markdown_without_jupytext_front_matter_is_no_notebook() -> None:
    assert not is_text_notebook("# Readme\n\n```python\nimport jax\n```\n")
    assert not is_text_notebook("---\ntitle: a post\n---\n```python\nx = 1\n```\n")


def jaxerr(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jaxerr_lsp", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_check_and_fix_a_myst_notebook(tmp_path: Path) -> None:
    """Findings in the .md file's own lines (a function jitted in a later cell); a plain .md
    beside it is not checked; --fix rewrites the cells' lines only."""
    text = notebook_text("md:myst")
    (tmp_path / "train.md").write_text(text)
    (tmp_path / "README.md").write_text("# Readme\n\n```python\na = jnp.zeros(3)\na[0] = 1\n```\n")
    lines = text.split("\n")
    if_line = lines.index("    if x.sum() > 0:") + 1
    jit_line = lines.index("fast = jax.jit(step)") + 1
    result = jaxerr("check", ".", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    out = result.stdout.splitlines()
    assert out[0].startswith(f"train.md:{if_line}:8: JXE070 jax.errors.TracerBoolConversionError")
    assert f"while tracing the function step at train.md:{if_line - 1} for jit" in out[1]
    assert f"    --> train.md:{jit_line}:8: `step` traced by `jax.jit` here" in out
    assert any(line.startswith(f"train.md:{jit_line + 2}:1: JXE080 [*]") for line in out)
    assert not any(line.startswith("README.md") for line in out)
    fixed = jaxerr("check", "--fix", "--unsafe-fixes", "train.md", cwd=tmp_path)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    after = (tmp_path / "train.md").read_text()
    changed = [line for line in after.split("\n") if line not in lines]
    assert changed == ["    return jnp.where(x.sum() > 0, x, -x)", "a = a.at[0].set(1.0)"]
    notebook = jupytext.reads(after, fmt="md:myst")
    assert notebook.cells[3].source == "fast = jax.jit(step)\na = jnp.zeros(3)\na = a.at[0].set(1.0)"
    assert notebook.cells[3].metadata["tags"] == ["remove-input"]
