"""`%load_ext jaxerr_lsp` in the real IPython (from PyPI), in subprocesses.

- The terminal: `ipython --ext jaxerr_lsp -c CELL` prints exactly what plain `ipython -c CELL`
  prints (IPython's own traceback of a real JAX error), then the catalog entry.
- The shell API (what Jupyter's kernel runs): after a failing cell the extension publishes one
  display with text/plain and text/markdown; an error the catalog does not describe gets none;
  `%unload_ext` leaves IPython's event callbacks as they were and the raise-site watch off.
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

from jaxerr_lsp.catalog import load_catalog

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

SHELL_API = textwrap.dedent(r'''
    import json, sys
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    report = {"callbacks_before": len(shell.events.callbacks["post_run_cell"])}

    def cell(code):
        with capture_output() as captured:
            result = shell.run_cell(code)
        return {"error": repr(result.error_in_exec), "stdout": captured.stdout,
                "displays": [output.data for output in captured.outputs]}

    shell.run_cell("%load_ext jaxerr_lsp")
    report["watch_loaded"] = [sys.monitoring.get_tool(i) for i in range(6)].count("jaxerr")
    report["jax"] = cell(sys.argv[1])
    report["other"] = cell("{}['missing']")
    report["fine"] = cell("1 + 1")
    shell.run_cell("%unload_ext jaxerr_lsp")
    report["callbacks_after"] = len(shell.events.callbacks["post_run_cell"])
    report["watch_unloaded"] = [sys.monitoring.get_tool(i) for i in range(6)].count("jaxerr")
    report["jax_unloaded"] = cell(sys.argv[1])
    print("REPORT" + json.dumps(report))
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
        "api": [sys.executable, "-c", SHELL_API, CELL],
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
    assert added[cause + 1].startswith("  <ipython-input-1-") and added[cause + 1].endswith(":4, in relu")
    assert added[cause + 2].strip() == "if x > 0:"
    assert "How to fix it:" in added


def test_shell_api_rich_display_and_unload(runs):
    api = runs["api"]
    assert "REPORT" in api.stdout, api.stderr[-3000:]
    report = json.loads(api.stdout.split("REPORT", 1)[1])
    jax_cell = report["jax"]
    assert "TracerBoolConversionError" in jax_cell["error"]
    assert "TracerBoolConversionError" in jax_cell["stdout"]  # IPython's traceback, as ever
    [display] = jax_cell["displays"]
    assert display["text/plain"].splitlines()[1] == f"jaxerr: {ENTRY.rule} {ENTRY.id}: {ENTRY.title}"
    markdown = display["text/markdown"]
    assert markdown.startswith(f"**jaxerr: {ENTRY.rule} `{ENTRY.id}`**")
    assert "**Likely cause in your code:**" in markdown and "if x > 0:" in markdown
    assert report["watch_loaded"] == 1
    assert "KeyError" in report["other"]["error"] and report["other"]["displays"] == []
    assert report["fine"]["displays"] == [] and report["fine"]["error"] == "None"
    # Unloaded: IPython as it was.
    assert report["callbacks_after"] == report["callbacks_before"]
    assert report["watch_unloaded"] == 0
    assert "TracerBoolConversionError" in report["jax_unloaded"]["error"]
    assert report["jax_unloaded"]["displays"] == []
