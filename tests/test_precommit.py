"""The pre-commit hook (`.pre-commit-hooks.yaml`), run by the real pre-commit on a scratch git
repository: a commit with a JAX error is refused with the finding shown, a clean one passes.

pre-commit clones the hook repository at a commit and pip-installs it into its own virtualenv
(the project's dependencies come from PyPI, the only network use of the suite). The hook
repository is a snapshot of this working tree (tracked and untracked, unignored files),
committed in a temporary repository, so the hook tested is the one in front of you, committed
or not. One install (PRE_COMMIT_HOME in a temporary folder) serves both commits.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_cli import TRIGGER

ROOT = Path(__file__).resolve().parents[1]
SKIPPED = shutil.ignore_patterns(".git", ".venv", "venv", "node_modules", "__pycache__", ".jaxerr_cache",
                                 ".corpus", "build", "dist", ".mypy_cache", ".pytest_cache",
                                 ".ruff_cache", ".hypothesis", "test-artifacts")
CLEAN = TRIGGER.replace("(jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3)))",
                        '{"w": jax.new_ref(jnp.zeros(3)), "b": jax.new_ref(jnp.zeros(3))}')


def git(*args: str, cwd: Path, env: dict[str, str], check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          check=check, timeout=120)


def clean_env(tmp_path: Path) -> dict[str, str]:
    """No PYTHONPATH (the hook must run the jaxerr pre-commit installed), no outer git state,
    a HOME of its own (no global git configuration), pre-commit's store in tmp_path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith(("GIT_", "PRE_COMMIT"))}
    home = tmp_path / "home"
    home.mkdir()
    env.update(HOME=str(home), PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"),
               GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com")
    return env


def snapshot_of_this_tree(target: Path, env: dict[str, str]) -> str:
    """This working tree's files in a fresh repository at `target`, committed; the commit."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, text=True, check=False)
    if listed.returncode == 0:
        for name in filter(None, listed.stdout.split("\0")):
            source = ROOT / name
            if source.is_file():  # a deleted, not yet committed file is listed too
                (target / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)
    else:  # not a git checkout
        shutil.copytree(ROOT, target, ignore=SKIPPED, dirs_exist_ok=True)
    git("init", "-q", cwd=target, env=env)
    git("add", "-A", cwd=target, env=env)
    git("-c", "commit.gpgsign=false", "commit", "-q", "-m", "snapshot", cwd=target, env=env)
    return git("rev-parse", "HEAD", cwd=target, env=env).stdout.strip()


@pytest.mark.timeout(900)
def test_pre_commit_refuses_a_jax_error_and_passes_clean_code(tmp_path: Path) -> None:
    env = clean_env(tmp_path)
    hooks = tmp_path / "jaxerr-lsp"
    hooks.mkdir()
    rev = snapshot_of_this_tree(hooks, env)
    assert (hooks / ".pre-commit-hooks.yaml").is_file()

    scratch = tmp_path / "scratch"
    scratch.mkdir()
    git("init", "-q", cwd=scratch, env=env)
    git("config", "commit.gpgsign", "false", cwd=scratch, env=env)
    (scratch / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks}\n    rev: {rev}\n    hooks:\n      - id: jaxerr\n")
    (scratch / "train.py").write_text(TRIGGER)
    (scratch / "README").write_text("not python: the hook does not see it\n")
    pre_commit = [sys.executable, "-m", "pre_commit"]
    installed = subprocess.run([*pre_commit, "install"], cwd=scratch, env=env, capture_output=True,
                               text=True, timeout=120)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    git("add", ".", cwd=scratch, env=env)

    refused = git("commit", "-m", "with a JAX error", cwd=scratch, env=env, check=False)
    output = refused.stdout + refused.stderr
    assert refused.returncode != 0, output
    assert "jaxerr" in output and "Failed" in output and "exit code: 1" in output
    assert "train.py:10:25: JXE001 ValueError: unexpected tree structure" in output
    assert git("rev-parse", "--verify", "-q", "HEAD", cwd=scratch, env=env, check=False).returncode != 0

    (scratch / "train.py").write_text(CLEAN)
    git("add", "train.py", cwd=scratch, env=env)
    passed = git("commit", "-m", "clean", cwd=scratch, env=env, check=False)
    output = passed.stdout + passed.stderr
    assert passed.returncode == 0, output
    assert "jaxerr" in output and "Passed" in output
    assert git("log", "--format=%s", cwd=scratch, env=env).stdout.split("\n")[0] == "clean"
    assert git("status", "--porcelain", cwd=scratch, env=env).stdout == ""  # the cache is ignored
