"""`%load_ext jaxerr_lsp` in the real IPython (from PyPI), in subprocesses.

- The terminal: `ipython --ext jaxerr_lsp -c CELL` prints exactly what plain `ipython -c CELL`
  prints (IPython's own traceback of a real JAX error), then the catalog entry.
- A Jupyter kernel (ipykernel, driven by nbclient as Jupyter drives it): after a failing cell's
  error output comes one display with text/plain and text/markdown, naming the cell as IPython
  does (`Cell In[3]`); an error the catalog does not describe gets none; `%unload_ext` leaves
  IPython's event callbacks as they were and the raise-site watch off.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from jaxerr_lsp.errors.catalog import load_catalog

ROOT = Path(__file__).resolve().parent.parent
IPYTHON = Path(sys.executable).parent / "ipython"
ENTRY = load_catalog().get("tracer-bool-conversion")

CELL = textwrap.dedent("""\
    import jax
    @jax.jit
    def relu(x):
        if x > 0:
            return x
        return 0.0
    relu(1.0)
    """)

# A Jupyter kernel (ipykernel) runs these cells of a notebook (nbclient), errors allowed.
CALLBACKS = "[len(get_ipython().events.callbacks[e]) for e in ('pre_run_cell', 'post_run_cell')]"
KERNEL_CELLS = [
    f"import json, sys\nbefore = {CALLBACKS}\nopen('relu.py', 'w').write({CELL!r})",
    "%load_ext jaxerr_lsp",
    CELL,
    "{}['missing']",
    "1 + 1",
    "%run relu.py",  # IPython shows the error itself; the cell does not fail
    "%unload_ext jaxerr_lsp",
    CELL,
    f"print(json.dumps({{'before': before, 'after': {CALLBACKS},\n"
    "                  'watches': [sys.monitoring.get_tool(i) for i in range(6)].count('jaxerr')}))",
]
NOTEBOOK = textwrap.dedent('''
    import json, sys
    import nbformat
    from nbclient import NotebookClient

    cells = json.loads(sys.argv[1])
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(notebook, kernel_name="python3", allow_errors=True, timeout=300).execute()
    print("OUTPUTS" + json.dumps([cell.outputs for cell in notebook.cells]))
''')


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "JAX_TRACEBACK_FILTERING"}
    env.update(JAX_PLATFORMS="cpu", IPYTHONDIR=str(cwd / "ipython-dir"), PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])))
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    assert IPYTHON.exists(), f"IPython is not installed in the test venv ({IPYTHON})"
    folder = tmp_path_factory.mktemp("ipython")
    terminal = [str(IPYTHON), "--colors=nocolor", "--HistoryManager.enabled=False"]
    commands = {
        "plain": terminal + ["-c", CELL],
        "extension": terminal + ["--ext", "jaxerr_lsp", "-c", CELL],
        "kernel": [sys.executable, "-c", NOTEBOOK, json.dumps(KERNEL_CELLS)],
    }
    with ThreadPoolExecutor(max_workers=3) as pool:
        done = list(pool.map(lambda command: _run(command, folder), commands.values()))
    return dict(zip(commands, done))


def test_terminal_shows_ipython_traceback_then_entry(runs):
    plain, extension = runs["plain"], runs["extension"]
    assert "TracerBoolConversionError" in plain.stdout and "jaxerr" not in plain.stdout, plain.stdout
    assert extension.stdout.startswith(plain.stdout)
    assert extension.stderr == plain.stderr
    added = extension.stdout[len(plain.stdout):].splitlines()
    assert added[:2] == ["", f"jaxerr: {ENTRY.rule} {ENTRY.id}: {ENTRY.title}"], added
    cause = added.index("Likely cause in your code:")
    assert added[cause + 1] == "  Cell In[1], line 4, in relu"
    assert added[cause + 2].strip() == "if x > 0:"
    assert "How to fix it:" in added


def test_jupyter_kernel_rich_display_after_the_error_and_unload(runs):
    kernel = runs["kernel"]
    assert "OUTPUTS" in kernel.stdout, kernel.stderr[-3000:]
    outputs = json.loads(kernel.stdout.split("OUTPUTS", 1)[1])
    # The failing cell: Jupyter's error output (IPython's traceback), then one display.
    error, display = outputs[2]
    assert error["output_type"] == "error" and error["ename"] == "TracerBoolConversionError"
    assert display["output_type"] == "display_data"
    text, markdown = display["data"]["text/plain"], display["data"]["text/markdown"]
    assert text.splitlines()[1] == f"jaxerr: {ENTRY.rule} {ENTRY.id}: {ENTRY.title}"
    assert "  Cell In[3], line 4, in relu" in text.splitlines()
    assert markdown.startswith(f"**jaxerr: {ENTRY.rule} `{ENTRY.id}`**")
    assert "**Likely cause in your code:** `Cell In[3], line 4, in relu`" in markdown
    assert "```python\nif x > 0:\n```" in markdown and "**How to fix it:**" in markdown
    # An error the catalog does not describe, and a cell that runs: nothing of jaxerr's.
    assert [o["output_type"] for o in outputs[3]] == ["error"]
    assert [o["output_type"] for o in outputs[4]] == ["execute_result"]
    # `%run`: the error IPython showed for the script, then the entry.
    ran = outputs[5]
    assert [o["output_type"] for o in ran] == ["error", "display_data"], ran
    assert ran[0]["ename"] == "TracerBoolConversionError"
    assert f"{ENTRY.rule} {ENTRY.id}" in ran[1]["data"]["text/plain"]
    assert "relu.py:4, in relu" in ran[1]["data"]["text/plain"]
    # Unloaded: the error alone, IPython's callbacks as they were, the watch off.
    assert [o["output_type"] for o in outputs[7]] == ["error"]
    state = json.loads(outputs[8][0]["text"])
    assert state == {"before": state["before"], "after": state["before"], "watches": 0}
