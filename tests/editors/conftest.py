"""Shared pieces of the real-editor tests: tools, a trigger workspace, process groups.

Every editor (and everything it starts: the LSP server, code-server's extension host, Chromium)
runs in its own session/process group and is killed as a group. Only 127.0.0.1 is used. Tools
come from scripts/install-editor-deps.sh; a missing tool FAILS the test with the command to run.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PREFIX = Path(os.environ.get("JAXERR_EDITORS_PREFIX", "/opt/jaxerr-editors"))
ARTIFACTS = ROOT / "test-artifacts" / "editors"
INSTALL_HINT = "run `bash scripts/install-editor-deps.sh` (installs the editors the tests drive)"

TRIGGER = '''\
import jax
import jax.numpy as jnp

def loss(params, x):
    return jnp.sum(params["w"] * x + params["b"])

params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
x = jnp.ones(3)
out, f_vjp = jax.vjp(loss, params, x)
w_grad, b_grad = jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3))
grads = f_vjp.with_refs((w_grad, b_grad), jax.new_ref(jnp.zeros(3)))(1.0)
'''
# JXE001 on the with_refs arguments; the refs' names match the dict keys, so the quick fix
# ({"w": w_grad, "b": b_grad}) is a safe one (preferred, and part of source.fixAll.jaxerr)
TRIGGER_LINE = 10  # 0-based line of the with_refs call
TRIGGER_COL = TRIGGER.splitlines()[TRIGGER_LINE].index("((w_grad") + 1  # first with_refs argument
CATALOG_ID = "vjp-with-refs-tree-mismatch"


def need(path: Path | str, what: str) -> Path:
    """A tool installed by scripts/install-editor-deps.sh, or a test failure that says so."""
    p = Path(path)
    if not (p.exists() and os.access(p, os.X_OK)):
        pytest.fail(f"{what} not found at {p}: {INSTALL_HINT}", pytrace=False)
    return p


def server_command() -> list[str]:
    """The command that starts the server under test (the project's own, from this interpreter)."""
    override = os.environ.get("JAXERR_EDITOR_TEST_SERVER")  # JSON array, for trying another server
    if override:
        return json.loads(override)
    return [sys.executable, "-m", "jaxerr_lsp", "serve"]


def editor_env(tmp: Path, **extra: str) -> dict[str, str]:
    """Environment for an editor: XDG dirs and HOME in a temp dir, so nothing lands in ~."""
    env = dict(os.environ)
    for key in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        d = tmp / "xdg" / key.lower()
        d.mkdir(parents=True, exist_ok=True)
        env[key] = str(d)
    home = tmp / "home"
    home.mkdir(exist_ok=True)
    env["HOME"] = str(home)
    env["LANG"] = env["LC_ALL"] = "C.UTF-8"
    extra_path = os.environ.get("JAXERR_EDITOR_TEST_PYTHONPATH")  # e.g. a stand-in server
    if extra_path:
        env["PYTHONPATH"] = extra_path + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.update(extra)
    return env


def catalog_summary() -> str | None:
    """The catalog's one-line summary of JXE001, if the catalog is there yet."""
    for f in sorted((ROOT / "catalog").glob("*.toml")):
        text = f.read_text(encoding="utf-8")
        if re.search(rf'^id\s*=\s*"{CATALOG_ID}"', text, re.M):
            m = re.search(r'^summary\s*=\s*"((?:[^"\\]|\\.)*)"', text, re.M)
            return m.group(1) if m else None
    return None


def hover_has_explanation(text: str) -> bool:
    """The hover carries the catalog explanation of JXE001 (its id, or its summary)."""
    summary = catalog_summary()
    flat = " ".join(text.split())
    return CATALOG_ID in text or (summary is not None and " ".join(summary.split())[:60] in flat)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A project folder: pyproject.toml at the root, the trigger in a package below it."""
    ws = tmp_path / "ws"
    (ws / "pkg").mkdir(parents=True)
    (ws / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0"\n')
    (ws / "pkg" / "trigger.py").write_text(TRIGGER)
    return ws


class Group:
    """A process started in its own session (so its own process group), killed as a group."""

    def __init__(self, argv, *, env, cwd=None, log: Path | None = None, stdin=subprocess.DEVNULL):
        """stdout (and stderr, unless `log` is None) go to `log`; with no log, stdout is captured
        and stderr goes to a temp file, so that the two never interleave mid-line."""
        self.argv = [str(a) for a in argv]
        self.log = log
        if log:
            out = open(log, "wb")
            err = subprocess.STDOUT
        else:
            out = subprocess.PIPE
            err = self._err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(self.argv, env=env, cwd=cwd, stdin=stdin, stdout=out, stderr=err,
                                     start_new_session=True)
        if log:
            out.close()
        self.pgid = self.proc.pid  # session leader: pgid == pid

    def _stderr(self) -> str:
        if self.log:
            return ""
        self._err.seek(0)
        return self._err.read().decode(errors="replace")

    def wait(self, timeout: float) -> tuple[int, str]:
        """Wait for exit and return (rc, stdout); at the timeout the group is killed and the test fails."""
        try:
            out, _ = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            out, _ = self.proc.communicate()
            text = (out or b"").decode(errors="replace") if not self.log else self.log.read_text(errors="replace")
            pytest.fail(f"timed out after {timeout:.0f} s: {' '.join(self.argv)}\n{text[-4000:]}\n"
                        f"stderr:\n{self._stderr()[-3000:]}", pytrace=False)
        text = (out or b"").decode(errors="replace") if not self.log else self.log.read_text(errors="replace")
        self.stderr = self._stderr()
        self.kill()  # anything the process left behind in its group
        return self.proc.returncode, text

    def kill(self) -> None:
        for sig, grace in ((signal.SIGTERM, 3.0), (signal.SIGKILL, 2.0)):
            try:
                os.killpg(self.pgid, sig)
            except ProcessLookupError:
                return
            deadline = time.monotonic() + grace
            while time.monotonic() < deadline:
                if not _group_alive(self.pgid):
                    self.proc.poll()
                    return
                time.sleep(0.05)
        self.proc.poll()


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    # zombies still count for killpg(0); look for a live member
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            return True
    return False


def run_group(argv, *, env, timeout: float, cwd=None) -> tuple[int, str]:
    """Run to completion in its own process group; (rc, stdout + stderr at the end)."""
    g = Group(argv, env=env, cwd=cwd)
    rc, out = g.wait(timeout)
    return rc, out + ("\n--- stderr ---\n" + g.stderr if g.stderr.strip() else "")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tagged(output: str, tag: str) -> list[str]:
    """The payloads of the lines `TAG payload` in an editor's output."""
    return [line[len(tag) + 1:] for line in output.split("\n") if line.startswith(tag + " ")]


def artifacts(name: str) -> Path:
    d = ARTIFACTS / name
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d
