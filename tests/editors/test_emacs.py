"""Emacs 28 + eglot 1.9 (Debian), batch and real: editors/emacs/jaxerr-eglot.el as a user loads it."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from conftest import (CATALOG_ID, INSTALL_HINT, ROOT, TRIGGER_LINE, TRIGGER, editor_env, hover_has_explanation, need, run_group,
                      server_command, tagged)


def run_emacs(target, tmp_path, settings=None, expect="diag"):
    emacs = need("/usr/bin/emacs", "Emacs (Debian emacs-nox)")
    if not list(Path("/usr/share/emacs/site-lisp/elpa").glob("eglot-*/eglot.el")):
        pytest.fail(f"eglot (Debian elpa-eglot) not found: {INSTALL_HINT}", pytrace=False)
    env = editor_env(tmp_path, JAXERR_EL=str(ROOT / "editors" / "emacs" / "jaxerr-eglot.el"),
                     JAXERR_CMD=json.dumps(server_command()), TARGET=str(target), EXPECT=expect)
    if settings is not None:
        env["SETTINGS"] = json.dumps(settings)
    t0 = time.monotonic()
    rc, out = run_group([str(emacs), "-Q", "--batch", "-l", str(ROOT / "tests" / "editors" / "emacs_e2e.el")],
                        env=env, timeout=90)
    print(f"emacs: {time.monotonic() - t0:.1f} s, rc={rc}\n{out}")
    assert rc == 0 and "OK" in out.splitlines(), f"emacs failed, rc={rc}:\n{out}"
    return out


def test_diagnostic_hover_and_quick_fix(workspace, tmp_path):
    out = run_emacs(workspace / "pkg" / "trigger.py", tmp_path)
    diags = tagged(out, "DIAG")
    assert diags, out
    beg, end, kind, text = diags[0].split(" ", 3)
    line_start = sum(len(l) + 1 for l in TRIGGER.splitlines()[:TRIGGER_LINE]) + 1  # Emacs points are 1-based
    assert line_start <= int(beg) < int(end) <= line_start + len(TRIGGER.splitlines()[TRIGGER_LINE]) + 1
    assert kind == "eglot-error", kind
    assert "JXE001" in json.loads(text), text
    hover = json.loads(tagged(out, "HOVER")[0])
    assert hover_has_explanation(hover), f"hover lacks the {CATALOG_ID} explanation:\n{hover}"
    assert 'with_refs({"w": w_grad, "b": b_grad}' in json.loads(tagged(out, "LINE")[0])
    assert tagged(out, "AFTER") == ["0"], out


def test_settings_reach_the_server(workspace, tmp_path):
    out = run_emacs(workspace / "pkg" / "trigger.py", tmp_path, settings={"ignore": ["JXE001"]}, expect="none")
    assert tagged(out, "AFTER") == ["0"], out
