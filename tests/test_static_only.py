"""Static only: nothing ever imports or runs the code being checked.

A project whose every file writes a marker file when imported or run — top-level code in a
module with a trigger, a package `__init__`, `sitecustomize`/`usercustomize`, a `.pth` file,
`conftest.py`, `setup.py`, modules named like the standard library and like jaxerr's own
dependencies — is checked by the CLI, served by the language server (open, diagnostics, hover,
code actions and their resolution), and fixed by `jaxerr check --fix --unsafe-fixes`. The
marker never appears. Also: `jaxerr explain` refuses ids that look like paths, and the catalog
is read with tomllib only (no code of it is executed).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.test_server_load import RpcClient

BIN = Path(sys.executable).parent
JAXERR = BIN / "jaxerr"
JAXERR_LSP = BIN / "jaxerr-lsp"


def _payload(marker: Path, tag: str) -> str:
    """One line of Python that, if ever run, appends `tag` to the marker file."""
    return f"open({str(marker)!r}, 'a').write({tag!r} + '\\n')"


TRIGGER_BODY = textwrap.dedent('''
    import jax
    import jax.numpy as jnp

    import pkg  # importing this module would run pkg/__init__.py too

    @jax.custom_vjp
    def f(x):
        return x

    def f_fwd(x):
        return x, None

    def f_bwd(res, g):
        return (g * 2.0,), [g]  # JXE002: logs must be a dict or None

    f.defvjp_with_logs(f_fwd, f_bwd)

    params = {"w": jnp.ones(3), "b": jnp.zeros(3)}

    def loss(params, x):
        return jnp.sum(params["w"] * x + params["b"])

    grads = (jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3)))
    out, f_vjp = jax.vjp(loss, params, jnp.ones(3))
    f_vjp.with_refs(grads, jax.ad.DontWant())(1.0)  # JXE001
''')

# Modules jaxerr (or Python) imports lazily, by name, that a project could shadow when its
# folder is on sys.path: the standard library's and jaxerr's dependencies'.
SHADOWED = ["json", "argparse", "tokenize", "tomllib", "concurrent", "multiprocessing", "typing",
            "dataclasses", "libcst", "pygls", "lsprotocol", "cattrs", "attrs", "jax", "asyncio",
            "uuid", "runpy", "pathlib", "traceback", "logging", "difflib", "textwrap"]


def make_project(root: Path, marker: Path, shadow: bool) -> Path:
    """A project where every way in writes the marker."""
    project = root / "project"
    (project / "pkg").mkdir(parents=True)
    (project / "pkg" / "__init__.py").write_text(_payload(marker, "pkg/__init__") + "\n")
    (project / "pkg" / "model.py").write_text(
        _payload(marker, "pkg/model top level") + "\n" + TRIGGER_BODY, encoding="utf-8")
    (project / "train.py").write_text(
        "import os\n" + _payload(marker, "train top level") + "\n"
        "if __name__ == '__main__':\n    " + _payload(marker, "train __main__") + "\n" + TRIGGER_BODY)
    (project / "__main__.py").write_text(_payload(marker, "__main__.py") + "\n")
    for name in ("sitecustomize", "usercustomize", "conftest", "setup", "noxfile"):
        (project / f"{name}.py").write_text(_payload(marker, name) + "\n")
    (project / "evil.pth").write_text("import os; " + _payload(marker, ".pth") + "\n")
    (project / "pyproject.toml").write_text(textwrap.dedent('''
        [build-system]
        requires = ["setuptools"]
        build-backend = "backend"
        backend-path = ["."]

        [tool.jaxerr]
        select = ["JXE001", "JXE002", "JXE003"]
    '''))
    (project / "backend.py").write_text(_payload(marker, "build backend") + "\n")
    if shadow:
        for name in SHADOWED:
            if name in ("concurrent", "multiprocessing", "libcst", "pygls", "lsprotocol", "asyncio"):
                (project / name).mkdir()
                (project / name / "__init__.py").write_text(_payload(marker, f"shadow {name}") + "\n")
            else:
                (project / f"{name}.py").write_text(_payload(marker, f"shadow {name}") + "\n")
    return project


def clean_env(marker_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["HOME"] = str(marker_dir)  # no user site from the real home
    return env


def check_marker(marker: Path) -> None:
    assert not marker.exists(), f"the checked code ran: {marker.read_text()}"


@pytest.fixture
def setup(tmp_path):
    marker = tmp_path / "MARKER"
    return tmp_path, marker


# ------------------------------------------------------------------------------------ CLI
@pytest.mark.parametrize("command", ["script", "module"])
def test_cli_check_and_fix_never_run_the_code(setup, command):
    """`jaxerr check` (console script, and `python -m jaxerr_lsp` from outside the project),
    text and JSON output, two jobs, and `--fix --unsafe-fixes`: the files change, nothing runs."""
    tmp_path, marker = setup
    project = make_project(tmp_path, marker, shadow=False)
    base = [str(JAXERR)] if command == "script" else [sys.executable, "-m", "jaxerr_lsp"]
    env = clean_env(tmp_path)
    for args in (["check", str(project)], ["check", str(project), "--format", "json", "-j", "2"],
                 ["check", str(project), "--show-notes"]):
        done = subprocess.run(base + args, capture_output=True, text=True, cwd=tmp_path, env=env,
                              timeout=180)
        assert done.returncode == 1, done.stderr
        check_marker(marker)
    found = json.loads(subprocess.run(base + ["check", str(project), "--format", "json"],
                                      capture_output=True, text=True, cwd=tmp_path, env=env,
                                      timeout=180).stdout)
    assert {f["code"] for f in found} >= {"JXE001", "JXE002"}
    before = (project / "pkg" / "model.py").read_text()
    done = subprocess.run(base + ["check", str(project), "--fix", "--unsafe-fixes"],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert " fixed, " in done.stdout.splitlines()[-1], done.stdout + done.stderr
    assert (project / "pkg" / "model.py").read_text() != before
    check_marker(marker)


def test_cli_run_inside_the_project(setup):
    """The console script run from inside the project folder (its own folder is not on
    sys.path, so sitecustomize.py and friends there are not picked up)."""
    tmp_path, marker = setup
    project = make_project(tmp_path, marker, shadow=True)
    env = clean_env(tmp_path)
    for args in (["check"], ["check", ".", "--format", "json"], ["rules"], ["explain", "JXE001"]):
        done = subprocess.run([str(JAXERR), *args], capture_output=True, text=True, cwd=project,
                              env=env, timeout=180)
        assert done.returncode in (0, 1), done.stderr
        check_marker(marker)


def test_python_dash_m_inside_the_project(setup):
    """`python -m jaxerr_lsp ...` run from inside an untrusted project (the editors' fallback
    command, and what a user types). Python puts the current folder first on sys.path for -m,
    so a project's `json.py`, `tokenize.py`, `concurrent/`, `libcst/`... would be imported in
    place of the real ones unless jaxerr guards against it (e.g. `python -P`, or dropping the
    folder from sys.path before importing anything else)."""
    tmp_path, marker = setup
    project = make_project(tmp_path, marker, shadow=True)
    env = clean_env(tmp_path)
    for args in (["check", "."], ["check", ".", "--format", "json", "-j", "2"], ["rules"],
                 ["explain", "JXE002"]):
        done = subprocess.run([sys.executable, "-m", "jaxerr_lsp", *args], capture_output=True,
                              text=True, cwd=project, env=env, timeout=180)
        check_marker(marker)
        assert done.returncode in (0, 1), done.stderr


# ------------------------------------------------------------------------------------ server
def _serve_and_exercise(command: list[str], project: Path, marker: Path, env: dict[str, str]) -> None:
    client = RpcClient(command, project, env=env)
    try:
        client.initialize(project, {"debounce": 0})
        uris = []
        for path in (project / "pkg" / "model.py", project / "train.py", project / "sitecustomize.py",
                     project / "pkg" / "__init__.py"):
            uri = path.as_uri()
            uris.append(uri)
            client.open(uri, path.read_text(encoding="utf-8"))
            client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        published = client.wait_diagnostics(uris[0], 1)
        assert {d["code"] for d in published["diagnostics"]} >= {"JXE001", "JXE002"}
        for diagnostic in published["diagnostics"]:
            client.request("textDocument/hover", {"textDocument": {"uri": uris[0]},
                                                  "position": diagnostic["range"]["start"]})
            actions = client.request("textDocument/codeAction", {
                "textDocument": {"uri": uris[0]}, "range": diagnostic["range"],
                "context": {"diagnostics": [diagnostic]}})
            assert actions
            for action in actions:
                resolved = client.request("codeAction/resolve", action)
                assert resolved.get("edit") or resolved.get("command") or action.get("edit"), resolved
        fix_all = client.request("textDocument/codeAction", {
            "textDocument": {"uri": uris[0]},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": [], "only": ["source.fixAll.jaxerr"]}})
        for action in fix_all or []:
            client.request("codeAction/resolve", action)
        client.request("workspace/executeCommand", {"command": "jaxerr.explain", "arguments": ["JXE001"]})
        check_marker(marker)
    finally:
        client.close()
    check_marker(marker)


def test_language_server_never_runs_the_code(setup):
    """`jaxerr-lsp` started in the project folder (as editors start it): open, save, diagnose,
    hover, code actions, resolve, fix-all, explain — no marker."""
    tmp_path, marker = setup
    project = make_project(tmp_path, marker, shadow=False)
    _serve_and_exercise([str(JAXERR_LSP)], project, marker, clean_env(tmp_path))


def test_language_server_python_dash_m_inside_the_project(setup):
    """`python -m jaxerr_lsp serve` with the project as the current folder (the Neovim and
    Emacs fallback command), the project shadowing standard and dependency module names."""
    tmp_path, marker = setup
    project = make_project(tmp_path, marker, shadow=True)
    _serve_and_exercise([sys.executable, "-m", "jaxerr_lsp", "serve"], project, marker,
                        clean_env(tmp_path))


# ------------------------------------------------------------------------------------ explain, catalog
@pytest.mark.parametrize("wanted", ["../../x", "../catalog/vjp-with-refs-tree-mismatch",
                                    "/etc/passwd", "vjp-with-refs-tree-mismatch/../../x",
                                    "..", "~/x", "x\\..\\..\\y", "JXE001/../../x", "%2e%2e/x",
                                    "vjp-with-refs-tree-mismatch.toml"])
def test_explain_rejects_path_like_ids(wanted, tmp_path):
    done = subprocess.run([str(JAXERR), "explain", wanted], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    message = done.stderr.strip()
    assert message.startswith("jaxerr: ") and len(message.splitlines()) == 1, message
    assert "Traceback" not in done.stderr
    assert any(word in message for word in ("invalid", "no catalog entry")), message


def test_explain_stdin_only_matches_text(tmp_path):
    """A pasted "traceback" holding code is matched as text, never evaluated."""
    marker = tmp_path / "MARKER"
    pasted = (f"Traceback (most recent call last):\n  File \"x.py\", line 1\n"
              f"    __import__('os').system('touch {marker}')\n"
              f"TypeError: {_payload(marker, 'explain')}\n")
    done = subprocess.run([str(JAXERR), "explain", "-"], input=pasted, capture_output=True,
                          text=True, cwd=tmp_path, timeout=60)
    assert done.returncode in (0, 1)
    check_marker(marker)


_AUDIT = textwrap.dedent('''
    import json, sys
    from jaxerr_lsp.errors import catalog as module  # the module's own imports are not the load's
    events = []
    def hook(event, args):
        if event in ("exec", "import", "open", "subprocess.Popen", "os.system", "os.exec",
                     "os.posix_spawn", "ctypes.dlopen", "marshal.loads", "pickle.find_class",
                     "builtins.input", "code.__new__", "compile"):
            events.append([event, repr(args)[:200]])
    sys.addaudithook(hook)
    entries = module.load_catalog(sys.argv[1] if len(sys.argv) > 1 else None).entries
    print(json.dumps({"events": events, "ids": sorted(entries)}))
''')


def test_catalog_is_read_with_tomllib_only(tmp_path):
    """Loading the catalog opens only its .toml files, imports nothing, executes nothing
    (audit hooks: no exec, no import, no process). Compiling the examples to an AST to
    validate them is parsing, and allowed."""
    done = subprocess.run([sys.executable, "-c", _AUDIT], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    kinds = {event for event, _ in report["events"]}
    assert kinds <= {"open", "compile"}, report["events"]
    opened = [args for event, args in report["events"] if event == "open"]
    assert opened and all(".toml'" in args for args in opened), opened
    assert len(report["ids"]) >= 3


def test_catalog_with_code_in_its_fields_runs_none_of_it(tmp_path):
    """A catalog folder whose entries hold code that writes a marker (examples, templates,
    even TOML that is not valid): loading it may fail validation, never runs the code."""
    from jaxerr_lsp.errors.catalog import CatalogError, default_catalog_dir

    marker = tmp_path / "MARKER"
    folder = tmp_path / "catalog"
    shutil.copytree(default_catalog_dir(), folder)
    payload = _payload(marker, "catalog")
    for path in folder.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        text = text.replace('before = """', f'before = """\n{payload}\n', 1)
        text = text.replace('after = """', f'after = """\n{payload}\n', 1)
        path.write_text(text, encoding="utf-8")
    (folder / "zz-evil.toml").write_text(f'id = "zz-evil"\nmessage = "{{__import__(\'os\')}}"\n'
                                        f'exec = """{payload}"""\n')
    done = subprocess.run([sys.executable, "-c", _AUDIT, str(folder)], capture_output=True,
                          text=True, cwd=tmp_path, timeout=60)
    check_marker(marker)
    if done.returncode == 0:
        report = json.loads(done.stdout.strip().splitlines()[-1])
        assert {event for event, _ in report["events"]} <= {"open", "compile"}
    else:
        assert "CatalogError" in done.stderr, done.stderr[-2000:]
    with pytest.raises(CatalogError):
        from jaxerr_lsp.errors.catalog import load_catalog
        load_catalog(folder)
    check_marker(marker)
