"""JupyterLab for real: JupyterLab 4 + jupyterlab-lsp (PyPI) on 127.0.0.1, started with the
configuration shipped in editors/jupyterlab/, driven by Debian's headless Chromium.

One browser session: a notebook whose JAX error is in a cell after a shell line, the function
jitted in a later cell, magics around. The diagnostic must appear in that cell, on that line,
over the right text, as a warning (jaxerr's `severity` set in jupyterlab-lsp's settings, as the
README shows); the LSP hover shows the catalog entry. jupyterlab-lsp sends the notebook
to the server as one virtual Python document (textDocument/*, magics rewritten as
`get_ipython()` calls), not as LSP notebook documents.
Screenshots and logs: test-artifacts/editors/jupyterlab/.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from conftest import INSTALL_HINT, PREFIX, ROOT, Group, artifacts, editor_env, free_port, need, run_group, tagged

CONFIG = ROOT / "editors" / "jupyterlab" / "jupyter_server_config.d" / "jaxerr-lsp.json"
PLAYWRIGHT = PREFIX / "playwright" / "node_modules"
JS = ROOT / "tests" / "editors" / "jupyterlab" / "ui.js"
CATALOG_ID = "tracer-bool-conversion"
CELLS = [
    ("markdown", "# Training step"),
    ("code", "%env JAX_PLATFORMS=cpu\nimport jax\nimport jax.numpy as jnp"),
    ("code", "!echo ready\ndef step(x):\n    if x.sum() > 0:\n        return x\n    return -x"),
    ("code", "%time y = 1\nfast = jax.jit(step)\nfast(jnp.ones(3))"),
]
# Keep JupyterLab offline and quiet: no news, no update check, no extension manager queries.
# jupyterlab-lsp's settings as editors/jupyterlab/README.md shows them: jaxerr's server chosen
# first, and jaxerr's settings (severity "warning": the underline is a warning's).
LAB_SETTINGS = {
    "@jupyter-lsp/jupyterlab-lsp/plugin.jupyterlab-settings": {"language_servers": {"jaxerr-lsp": {
        "priority": 60, "serverSettings": {"jaxerr": {"severity": "warning"}}}}},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"checkForUpdates": False, "fetchNews": "false"},
    "@jupyterlab/extensionmanager-extension/plugin.jupyterlab-settings": {"enabled": False},
}


def write_notebook(path: Path) -> None:
    notebook = new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "language": "python",
                                       "display_name": "Python 3 (ipykernel)"}
    notebook.metadata["language_info"] = {"name": "python", "mimetype": "text/x-python",
                                          "file_extension": ".py"}
    for kind, text in CELLS:
        notebook.cells.append(new_markdown_cell(text) if kind == "markdown" else new_code_cell(text))
    nbformat.write(notebook, str(path))


def jupyter_env(tmp: Path) -> dict[str, str]:
    """Jupyter's config, data, runtime, settings and workspaces under tmp; the shipped
    configuration as the user's; this interpreter's `jaxerr-lsp` first on PATH."""
    scripts = Path(sys.executable).parent
    need(scripts / "jaxerr-lsp", "jaxerr-lsp (the project installed in this environment)")
    dirs = {name: tmp / "jupyter" / name.lower() for name in (
        "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_SETTINGS_DIR",
        "JUPYTERLAB_WORKSPACES_DIR")}
    for folder in dirs.values():
        folder.mkdir(parents=True)
    (dirs["JUPYTER_CONFIG_DIR"] / "jupyter_server_config.d").mkdir()
    shutil.copy(CONFIG, dirs["JUPYTER_CONFIG_DIR"] / "jupyter_server_config.d" / CONFIG.name)
    for name, values in LAB_SETTINGS.items():
        target = dirs["JUPYTERLAB_SETTINGS_DIR"] / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values))
    return editor_env(tmp, PATH=f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}",
                      **{name: str(folder) for name, folder in dirs.items()})


def start_lab(root: Path, env: dict[str, str], log: Path) -> tuple[Group, str]:
    port = free_port()
    argv = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip", "127.0.0.1",
            "--port", str(port), "--IdentityProvider.token=", "--ServerApp.password=",
            f"--ServerApp.root_dir={root}", "--ServerApp.open_browser=False",
            *(["--allow-root"] if os.geteuid() == 0 else [])]
    lab = Group(argv, env=env, log=log)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/lsp/status", timeout=2):
                return lab, url
        except OSError:
            if lab.proc.poll() is not None:
                break
            time.sleep(0.3)
    lab.kill()
    pytest.fail(f"JupyterLab did not come up:\n{log.read_text()[-3000:]}", pytrace=False)


def test_notebook_diagnostic_and_hover_in_jupyterlab(tmp_path: Path) -> None:
    node = shutil.which("node")
    if not node:
        pytest.fail("node (Node 20) is not on PATH", pytrace=False)
    if not (PLAYWRIGHT / "playwright-core").is_dir():
        pytest.fail(f"playwright-core not found in {PLAYWRIGHT}: {INSTALL_HINT}", pytrace=False)
    art = artifacts("jupyterlab")
    root = tmp_path / "root"
    root.mkdir()
    write_notebook(root / "train.ipynb")
    env = jupyter_env(tmp_path)
    t0 = time.monotonic()
    lab, url = start_lab(root, env, art / "jupyterlab.log")
    try:
        with urllib.request.urlopen(f"{url}/lsp/status", timeout=10) as response:
            status = json.load(response)
        # the shipped configuration is what JupyterLab runs (its argv is not shown here)
        assert status["specs"]["jaxerr-lsp"]["display_name"] == "jaxerr-lsp", status["specs"]
        assert "jaxerr-lsp" in status["sessions"], status["sessions"]
        rc, out = run_group([node, JS], env={**env, "NODE_PATH": str(PLAYWRIGHT), "LAB_URL": url,
                                             "NOTEBOOK": "train.ipynb", "SHOTS": str(art),
                                             "EXPECT_HOVER": CATALOG_ID,
                                             "EXPECT_MESSAGE": "TracerBoolConversionError",
                                             "SEVERITY": "warning"},
                             timeout=240)
        with urllib.request.urlopen(f"{url}/lsp/status", timeout=10) as response:
            session = json.load(response)["sessions"]["jaxerr-lsp"]
    finally:
        lab.kill()
    print(f"JupyterLab test: {time.monotonic() - t0:.1f} s, rc={rc}\n{out}")
    (art / "output.txt").write_text(out)
    ui: dict = {}
    for payload in tagged(out, "UI"):
        ui.update(json.loads(payload))
    assert rc == 0, f"the UI run failed:\n{out}"
    assert session["last_server_message_at"], session  # the server answered (the page is closed now)
    # in the notebook's 3rd cell (the 1st is markdown), on its 3rd line, after the shell line
    diagnostic = ui["diagnostic"]
    assert (diagnostic["cell"], diagnostic["line"], diagnostic["text"]) == (2, 2, "x.sum() > 0"), diagnostic
    assert diagnostic["lineText"] == "    if x.sum() > 0:" and diagnostic["count"] == 1, diagnostic
    assert "TracerBoolConversionError" in ui["tooltip"] and "jaxerr" in ui["tooltip"], ui["tooltip"]
    assert ui["hover"].startswith("JXE070") and CATALOG_ID in ui["hover"], ui["hover"]
