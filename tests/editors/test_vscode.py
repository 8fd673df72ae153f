"""VS Code for real: code-server 4.100.3 (= VS Code 1.100.3) on 127.0.0.1, driven by headless Chromium.

1. The extension from editors/vscode, loaded as a development extension into code-server's real
   Node extension host, runs tests/editors/vscode/suite.js there (public VS Code API only).
2. The packaged .vsix, installed with `code-server --install-extension`, in the workbench UI as a
   user sees it, with a bare Python 3.12 (no packages at all) as the interpreter.
Screenshots and logs: test-artifacts/editors/vscode-*/.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import (CATALOG_ID, INSTALL_HINT, PREFIX, ROOT, TRIGGER, TRIGGER_COL, TRIGGER_LINE, Group, artifacts, editor_env,
                      hover_has_explanation, need, run_group)

EXT_DIR = ROOT / "editors" / "vscode"
VSIX = EXT_DIR / "build" / "jaxerr-lsp.vsix"
JS = ROOT / "tests" / "editors" / "vscode"
CODE_SERVER = PREFIX / "code-server" / "node_modules" / ".bin" / "code-server"
PLAYWRIGHT = PREFIX / "playwright" / "node_modules"
EXTENSION_ID = "jaxerr.jaxerr-lsp"
DOCS_URL = "https://docs.example.org/jaxerr/"
BASE_SETTINGS = {
    "security.workspace.trust.enabled": False, "workbench.startupEditor": "none",
    "telemetry.telemetryLevel": "off", "update.mode": "none", "extensions.autoCheckUpdates": False,
    "extensions.autoUpdate": False, "workbench.enableExperiments": False, "workbench.tips.enabled": False,
    "extensions.ignoreRecommendations": True, "chat.disableAIFeatures": True,
}


# A notebook whose cell 2 defines a function and cell 4 (after a Markdown cell) jits it with
# static_argnames naming its second parameter and calls it with a list there: JXE082, which
# only the two cells together show.
NOTEBOOK_CELLS = [
    ("code", "import jax\nimport jax.numpy as jnp\n%load_ext autoreload"),
    ("markdown", "# Tiling\nA function defined in one cell, jitted in the next."),
    ("code", "def tile(x, reps):\n    return jnp.tile(x, reps)"),
    ("code", 'tiled = jax.jit(tile, static_argnames="reps")\nout = tiled(jnp.ones(2), [2, 3])'),
]
NOTEBOOK_ENTRY = "static-argument-unhashable"

# The function's body takes a shape from a traced parameter (JXE072, in cell 1); the fix makes
# the parameter static where the function is jitted (cell 2).
PAD_CELLS = [
    ("code", "import jax\nimport jax.numpy as jnp"),
    ("code", "def pad(x, n):\n    return jnp.zeros(n) + x.sum()"),
    ("code", "padded = jax.jit(pad)\npadded(jnp.ones(2), 3)"),
]


def write_notebook(path: Path, cells: list[tuple[str, str]] = NOTEBOOK_CELLS) -> None:
    """A real .ipynb (nbformat 4), as Jupyter writes it."""
    import nbformat

    nb = nbformat.v4.new_notebook(metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"}})
    nb.cells = [nbformat.v4.new_code_cell(text) if kind == "code" else nbformat.v4.new_markdown_cell(text)
                for kind, text in cells]
    nbformat.validate(nb)
    nbformat.write(nb, str(path))


def node() -> str:
    exe = shutil.which("node")
    if not exe:
        pytest.fail("node (Node 20) is not on PATH", pytrace=False)
    return exe


@pytest.fixture(scope="session")
def vsix() -> Path:
    """Build (bundle + package) the extension from the working tree; quick when nothing changed."""
    need(CODE_SERVER, "code-server 4.100.3")
    if not (PLAYWRIGHT / "playwright-core").is_dir():
        need(PLAYWRIGHT / "playwright-core", "playwright-core")
    t0 = time.monotonic()
    r = subprocess.run(["bash", str(EXT_DIR / "scripts" / "build.sh")], capture_output=True, text=True, timeout=300)
    print(f"build.sh: {time.monotonic() - t0:.1f} s\n{r.stdout}{r.stderr}")
    if r.returncode != 0:
        pytest.fail(f"building the extension failed:\n{r.stdout}{r.stderr}", pytrace=False)
    return VSIX


class CodeServer:
    """code-server in its own process group, state under tmp (user data, extensions, XDG dirs)."""

    def __init__(self, tmp: Path, settings: dict, **env: str):
        self.bin = need(CODE_SERVER, "code-server 4.100.3")
        self.state = tmp / "cs"
        self.user = self.state / "user"
        self.ext = self.state / "ext"
        (self.user / "User").mkdir(parents=True)
        self.ext.mkdir(parents=True)
        (self.user / "User" / "settings.json").write_text(json.dumps({**BASE_SETTINGS, **settings}, indent=1))
        self.port = _free_port()
        (self.state / "config.yaml").write_text(f"bind-addr: 127.0.0.1:{self.port}\nauth: none\ncert: false\n")
        self.env = editor_env(tmp, **env)
        self.url = f"http://127.0.0.1:{self.port}"
        self.group: Group | None = None

    def common(self) -> list[str]:
        return ["--config", str(self.state / "config.yaml"), "--user-data-dir", str(self.user),
                "--extensions-dir", str(self.ext)]

    def install(self, vsix: Path) -> str:
        rc, out = run_group([self.bin, *self.common(), "--install-extension", str(vsix)], env=self.env, timeout=120)
        assert rc == 0 and "successfully installed" in out, f"--install-extension failed (rc={rc}):\n{out}"
        rc, listed = run_group([self.bin, *self.common(), "--list-extensions", "--show-versions"], env=self.env,
                               timeout=60)
        return listed

    def start(self, folder: Path, trust: bool = False) -> None:
        """trust=True: workspace trust is on (folders are untrusted); else --disable-workspace-trust."""
        self.group = Group([self.bin, *self.common(), "--auth", "none", "--bind-addr", f"127.0.0.1:{self.port}",
                            "--disable-telemetry", "--disable-update-check",
                            *([] if trust else ["--disable-workspace-trust"]),
                            "--disable-getting-started-override", str(folder)],
                           env=self.env, log=self.state / "server.log")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            if self.group.proc.poll() is not None:
                break
            time.sleep(0.2)
        self.stop()
        pytest.fail(f"code-server did not come up:\n{(self.state / 'server.log').read_text()[-3000:]}", pytrace=False)

    def stop(self) -> None:
        if self.group:
            self.group.kill()

    def keep_logs(self, dest: Path) -> str:
        """Copy code-server's and the extension host's logs; return the extension host log text."""
        shutil.copy(self.state / "server.log", dest / "code-server.log")
        text = ""
        for log in sorted(self.user.glob("logs/*/exthost*/remoteexthost.log")):
            shutil.copy(log, dest / "remoteexthost.log")
            text += log.read_text(errors="replace")
        for log in sorted(self.user.glob("logs/*/exthost*/*/*jaxerr*.log")) + sorted(
                self.user.glob("logs/*/exthost*/output_logging_*/*jaxerr*.log")):
            shutil.copy(log, dest / log.name)
        return text


def _free_port() -> int:
    from conftest import free_port
    return free_port()


def js_env(cs: CodeServer, **extra: str) -> dict[str, str]:
    env = dict(cs.env)
    env["NODE_PATH"] = str(PLAYWRIGHT)
    env["CS_URL"] = cs.url
    env.update(extra)
    return env


def steps(out: str) -> dict:
    result = {}
    for line in out.splitlines():
        if line.startswith("STEP "):
            name, _, payload = line[5:].partition(" ")
            result[name] = json.loads(payload)
    return result


def test_extension_in_real_extension_host(workspace, tmp_path, vsix):
    """diagnostics, hover, live settings, quick fix / ignore / fixAll, explain, restart - in VS Code 1.100."""
    art = artifacts("vscode-api")
    target = workspace / "pkg" / "trigger.py"
    write_notebook(workspace / "pad.ipynb", PAD_CELLS)
    cs = CodeServer(tmp_path, {"jaxerr.interpreter": [sys.executable], "jaxerr.docsUrl": DOCS_URL},
                    JAXERR_TEST_FILE=str(target),
                    JAXERR_TEST_NOTEBOOK=str(workspace / "pad.ipynb"))
    t0 = time.monotonic()
    cs.start(workspace)
    try:
        rc, out = run_group([node(), JS / "exttest.js", EXT_DIR, JS / "suite.js", workspace, art],
                            env=js_env(cs, TEST_TIMEOUT_MS="170000"), timeout=200)
    finally:
        cs.stop()
        exthost = cs.keep_logs(art)
    print(f"extension-host test: {time.monotonic() - t0:.1f} s, rc={rc}\n{out}")
    (art / "output.txt").write_text(out)
    s = steps(out)
    assert "EXIT 0" in out and "done" in s, f"the in-host suite failed (rc={rc}):\n{out}"
    assert f"ExtensionService#_doActivateExtension {EXTENSION_ID}" in exthost
    assert s["extension"]["path"] == str(EXT_DIR)
    assert s["opened"]["languageId"] == "python"

    diag = next(d for d in s["diagnostics"] if d["code"] == "JXE001")
    assert diag["source"] == "jaxerr" and diag["severity"] == 0  # vscode.DiagnosticSeverity.Error
    assert diag["range"][0] == TRIGGER_LINE and diag["range"][1] == TRIGGER_COL, diag
    # the code is a link to the entry's page on the catalog's website (the jaxerr.docsUrl setting)
    assert diag["target"] == f"{DOCS_URL}errors/{CATALOG_ID}.html", diag
    assert any(hover_has_explanation(h) for h in s["hover"]), f"hover lacks the {CATALOG_ID} explanation: {s['hover']}"
    assert s["severity-setting"]["severity"] == 1  # Warning, live through didChangeConfiguration
    assert "launch.py" in s["server"]["command"]  # the bundled server, through the launcher

    titles = [a["title"] for a in s["quickfix-titles"]]
    assert any("ignore" in t.lower() for t in titles), titles
    assert all(a["hasEdit"] for a in s["quickfix-titles"]), f"code actions not resolved: {s['quickfix-titles']}"
    assert any(a["preferred"] for a in s["quickfix-titles"]), s["quickfix-titles"]
    assert s["quickfix-applied"]["ok"], s["quickfix-applied"]
    assert '{"w": w_grad, "b": b_grad}' in s["quickfix-applied"]["line"], s["quickfix-applied"]
    assert not [d for d in s["quickfix-applied"]["left"] if d["code"] == "JXE001"]
    assert "jaxerr: ignore" in s["ignore-applied"]["line"] and not s["ignore-applied"]["left"], s["ignore-applied"]
    assert s["fixall"]["hasEdit"] and s["fixall"]["left"] == [], s["fixall"]
    assert s["explain"]["byId"] and CATALOG_ID in s["explain"]["byId"], s["explain"]
    assert s["explain"]["byMessage"] and CATALOG_ID in s["explain"]["byMessage"], s["explain"]
    assert s["restart"]["diagnostics"] >= 1

    # the notebook: JXE072 on the function's cell; the fix edits the cell that jits it
    nb = s["notebook"]
    assert nb["notebookType"] == "jupyter-notebook" and nb["scheme"] == "vscode-notebook-cell", nb
    assert nb["cell"] == 1 and [len(d) for d in nb["diagnostics"]] == [0, 1, 0], nb["diagnostics"]
    assert nb["diagnostic"]["code"] == "JXE072" and nb["diagnostic"]["range"][0] == 1, nb["diagnostic"]
    assert any("traced-shape" in h for h in nb["hover"]), nb["hover"]
    assert nb["editedCells"] == [2] and nb["applied"], nb
    assert nb["texts"][2].startswith("padded = jax.jit(pad, static_argnames=('n',))"), nb["texts"]
    assert nb["left"] == [[], [], []], nb["left"]


def test_untrusted_workspace_ignores_workspace_interpreter(workspace, tmp_path, vsix):
    """Restricted mode: the workspace's jaxerr.path / jaxerr.interpreter (which could name any
    program) are ignored; the user's interpreter runs the server, and diagnostics still come."""
    art = artifacts("vscode-untrusted")
    target = workspace / "pkg" / "trigger.py"
    marker = tmp_path / "workspace-program-ran"
    evil = tmp_path / "evil.sh"
    evil.write_text(f"#!/bin/sh\ntouch {marker}\nexit 1\n")
    evil.chmod(0o755)
    (workspace / ".vscode").mkdir()
    (workspace / ".vscode" / "settings.json").write_text(json.dumps(
        {"jaxerr.path": [str(evil)], "jaxerr.interpreter": [str(evil)]}))
    cs = CodeServer(tmp_path, {"jaxerr.interpreter": [sys.executable], "security.workspace.trust.enabled": True,
                               "security.workspace.trust.startupPrompt": "never",
                               "security.workspace.trust.emptyWindow": False},
                    JAXERR_TEST_FILE=str(target), JAXERR_TEST_MODE="untrusted")
    cs.start(workspace, trust=True)
    try:
        rc, out = run_group([node(), JS / "exttest.js", EXT_DIR, JS / "suite.js", workspace, art],
                            env=js_env(cs, TEST_TIMEOUT_MS="120000"), timeout=150)
    finally:
        cs.stop()
        cs.keep_logs(art)
    print(out)
    s = steps(out)
    assert "EXIT 0" in out and "done" in s, f"the in-host check failed (rc={rc}):\n{out}"
    assert s["trust"]["isTrusted"] is False, s["trust"]
    # restrictedConfigurations: VS Code itself withholds the workspace values in restricted mode
    assert "workspaceValue" not in s["trust"]["path"] and "workspaceValue" not in s["trust"]["interpreter"], s["trust"]
    assert str(evil) not in s["server"]["command"] and sys.executable in s["server"]["command"]
    assert any(d["code"] == "JXE001" for d in s["diagnostics"])
    assert not marker.exists(), "the workspace's program was run in an untrusted workspace"


def bare_python(tmp: Path) -> Path:
    """A Python >= 3.12 with nothing installed (a user's fresh interpreter): a venv without pip."""
    base = getattr(sys, "_base_executable", sys.executable)
    venv = tmp / "bare-venv"
    subprocess.run([base, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    probe = subprocess.run([py, "-c", "import pygls"], capture_output=True, timeout=60)
    assert probe.returncode != 0, "the bare interpreter should not have pygls"
    return py


def test_vsix_in_workbench_ui(tmp_path, vsix):
    """The packaged .vsix, a bare Python: squiggle, Problems panel, hover text on the page; then a
    .ipynb notebook: the squiggle in the cell that calls, its hover, its Problems row."""
    art = artifacts("vscode-ui")
    ws = tmp_path / "ws-ui"
    ws.mkdir()
    (ws / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0"\n')
    (ws / "trigger.py").write_text(TRIGGER)
    write_notebook(ws / "tiling.ipynb")
    py = bare_python(tmp_path)
    cs = CodeServer(tmp_path, {"jaxerr.interpreter": [str(py)], "editor.hover.delay": 100,
                               "workbench.colorTheme": "Default Light Modern"})
    t0 = time.monotonic()
    listed = cs.install(vsix)
    assert f"{EXTENSION_ID}@" in listed, listed
    t_install = time.monotonic() - t0
    cs.start(ws)
    try:
        rc, out = run_group([node(), JS / "ui.js"], env=js_env(cs, WS=str(ws), FILE="trigger.py", SHOTS=str(art),
                                                               EXPECT_HOVER=CATALOG_ID,
                                                               EXPECT_NOTIFICATION="libcst",
                                                               NOTEBOOK="tiling.ipynb",
                                                               EXPECT_NOTEBOOK_HOVER=NOTEBOOK_ENTRY), timeout=300)
    finally:
        cs.stop()
        exthost = cs.keep_logs(art)
    print(f"vsix install {t_install:.1f} s; UI test {time.monotonic() - t0:.1f} s, rc={rc}\n{out}")
    (art / "output.txt").write_text(out)
    ui = {}
    for line in out.splitlines():
        if line.startswith("UI "):
            ui.update(json.loads(line[3:]))
    assert rc == 0, f"the UI run failed:\n{out}"
    assert f"ExtensionService#_doActivateExtension {EXTENSION_ID}" in exthost
    # the packaged extension is what ran: installed into this code-server's extensions folder
    # (the exthost log names its folder only in some runs, so the folder itself is checked)
    assert any(p.name.startswith("jaxerr.jaxerr-lsp-") for p in cs.ext.iterdir()), list(cs.ext.iterdir())
    assert ui.get("squiggle") is True
    assert ui.get("statusProblems") and "Errors: 1" in ui["statusProblems"], ui.get("statusProblems")
    assert hover_has_explanation(ui.get("hover", "")), f"hover text on the page: {ui.get('hover')!r}"
    rows = ui.get("problemsRows", [])
    assert any("JXE001" in r and "jaxerr" in r for r in rows), rows
    # F1 > jaxerr: Explain a JAX Error: the catalog entries are listed; the explanation opens
    assert any(CATALOG_ID in item for item in ui.get("explainItems", [])), ui.get("explainItems")
    assert f"{CATALOG_ID}.md" in ui.get("explainTab", ""), ui.get("explainTab")
    # no libcst in a bare interpreter: the extension offers to install it (quick fixes need it)
    assert any("libcst" in n for n in ui.get("notifications", [])), ui.get("notifications")
    # the notebook: one squiggle, in the fourth cell (the call), and the entry in its hover
    cell = ui.get("notebookCell", {})
    assert cell.get("index") == 3 and cell.get("cells") == 4 and cell.get("squiggles") == 1, cell
    assert "tiled(jnp.ones(2), [2, 3])" in cell["text"].replace("\u00a0", " "), cell
    assert NOTEBOOK_ENTRY in ui.get("notebookHover", ""), f"notebook hover: {ui.get('notebookHover')!r}"
    nb_rows = ui.get("notebookProblemsRows", [])
    assert any("JXE082" in r and "jaxerr" in r for r in nb_rows), nb_rows


def test_too_old_python_is_reported(tmp_path, vsix):
    """Debian 12's own python3 is 3.11: the user is told to pick a Python >= 3.12, with the setting."""
    art = artifacts("vscode-old-python")
    old = Path("/usr/bin/python3")
    version = subprocess.run([old, "-c", "import sys; print(sys.version_info[:2] < (3, 12))"],
                             capture_output=True, text=True, timeout=30).stdout.strip() if old.exists() else ""
    if version != "True":
        pytest.fail(f"this check needs /usr/bin/python3 older than 3.12 (Debian 12's 3.11): {INSTALL_HINT}",
                    pytrace=False)
    ws = tmp_path / "ws-old"
    ws.mkdir()
    (ws / "trigger.py").write_text(TRIGGER)
    cs = CodeServer(tmp_path, {"jaxerr.interpreter": [str(old)]})
    cs.install(vsix)
    cs.start(ws)
    try:
        rc, out = run_group([node(), JS / "ui.js"], env=js_env(cs, WS=str(ws), FILE="trigger.py", SHOTS=str(art),
                                                               UI_MODE="notification",
                                                               EXPECT_NOTIFICATION="needs Python"), timeout=180)
    finally:
        cs.stop()
        cs.keep_logs(art)
    print(out)
    ui = {}
    for line in out.splitlines():
        if line.startswith("UI "):
            ui.update(json.loads(line[3:]))
    assert rc == 0, out
    note = next(n for n in ui["notifications"] if "needs Python" in n)
    assert "3.12" in note and "jaxerr.interpreter" in note and "Open Settings" in note, note
    assert ui["squiggles"] == 0
