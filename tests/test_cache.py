"""The result cache of `jaxerr check` (jaxerr_lsp/app/cache.py), through the real command line: a hit
prints what a fresh check prints, a change of content or settings is a miss, a corrupt entry is
ignored, `--no-cache` writes nothing, and after `--fix` the cache holds the fixed file's result."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jaxerr_lsp.app.cache import ResultCache, decode_result
from jaxerr_lsp.core.config import Config
from tests.test_cli import LOGS, SAFE, TRIGGER, jaxerr

BROKEN = "import jax\n\ndef f(:\n    pass\n"


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.jaxerr]\n")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "trigger.py").write_text(TRIGGER)
    (tmp_path / "pkg" / "logs.py").write_text(LOGS)
    (tmp_path / "pkg" / "forgot.py").write_text(SAFE)
    (tmp_path / "pkg" / "broken.py").write_text(BROKEN)
    (tmp_path / "pkg" / "clean.py").write_text("import jax\nprint(jax.numpy.ones(3))\n")
    (tmp_path / "pkg" / "sub").mkdir()  # the cache sits at the project root, not in the cwd
    return tmp_path


def entries(project: Path) -> list[Path]:
    return sorted((project / ".jaxerr_cache").glob("*/*.json"))


def outputs(project: Path, *args: str) -> list[tuple[int, str, str]]:
    return [(r.returncode, r.stdout, r.stderr)
            for r in (jaxerr("check", *args, "pkg", cwd=project),
                      jaxerr("check", "--format", "json", *args, "pkg", cwd=project))]


def test_a_hit_prints_what_a_fresh_check_prints(project: Path) -> None:
    fresh = outputs(project, "--no-cache")
    assert not (project / ".jaxerr_cache").exists()  # --no-cache writes nothing
    first = outputs(project)
    cache = project / ".jaxerr_cache"
    assert len(entries(project)) == 5  # one per file, the unparsable one included
    assert (cache / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    assert (cache / ".gitignore").read_text().splitlines()[-1] == "*"
    mtimes = [p.stat().st_mtime_ns for p in entries(project)]
    second = outputs(project)
    assert fresh == first == second
    assert fresh[0][0] == 2 and "JXE001" in fresh[0][1] and "cannot parse" in fresh[0][2]
    assert [p.stat().st_mtime_ns for p in entries(project)] == mtimes  # read, not rewritten
    # from a subfolder, the same cache at the project root (the one next to pyproject.toml)
    jaxerr("check", "..", cwd=project / "pkg" / "sub")
    assert not (project / "pkg" / "sub" / ".jaxerr_cache").exists()


def test_a_hit_is_served_from_the_entry(project: Path) -> None:
    """The second run prints what the entry says (so the hits above were hits)."""
    jaxerr("check", "pkg/logs.py", cwd=project)
    [entry] = entries(project)
    data = json.loads(entry.read_text())
    data["findings"][0]["message"] = "TypeError: from the cache"
    entry.write_text(json.dumps(data))
    assert "JXE002 TypeError: from the cache" in jaxerr("check", "pkg/logs.py", cwd=project).stdout
    assert "from the cache" not in jaxerr("check", "--no-cache", "pkg/logs.py", cwd=project).stdout


def test_a_content_change_is_a_miss(project: Path) -> None:
    assert jaxerr("check", "pkg/clean.py", cwd=project).returncode == 0
    (project / "pkg" / "clean.py").write_text(LOGS)
    result = jaxerr("check", "pkg/clean.py", cwd=project)
    assert result.returncode == 1 and "pkg/clean.py:7:61: JXE002" in result.stdout
    assert len(entries(project)) == 2


def test_a_settings_change_is_a_miss(project: Path) -> None:
    def severities(*args: str) -> list[str]:
        out = jaxerr("check", "--format", "json", *args, "pkg/logs.py", cwd=project).stdout
        return [finding["severity"] for finding in json.loads(out)]

    assert severities() == ["error"]
    (project / "pyproject.toml").write_text('[tool.jaxerr]\nseverity = "warning"\n')
    assert severities() == ["warning"]
    assert severities("--severity", "hint") == ["hint"]
    assert severities("--ignore", "JXE002") == []
    (project / "pyproject.toml").write_text('[tool.jaxerr]\nignore = ["custom-vjp-logs-not-dict"]\n')
    assert severities() == []
    assert severities("--select", "JXE002") == ["error"]


GARBAGE = [b"", b"{", b"[]", b"\xff\xfe\x00",
           b'{"findings": [{"code": 1}], "notes": [], "error": null}']


def test_a_corrupt_entry_is_ignored_and_rewritten(project: Path) -> None:
    expected = outputs(project, "--no-cache")
    outputs(project)
    assert len(entries(project)) == len(GARBAGE)
    for entry, garbage in zip(entries(project), GARBAGE):
        entry.write_bytes(garbage)
    assert outputs(project) == expected
    assert all(decode_result(json.loads(entry.read_text())) for entry in entries(project))


def test_after_fix_the_cache_holds_the_fixed_result(project: Path) -> None:
    before = jaxerr("check", "pkg/forgot.py", cwd=project)
    assert before.returncode == 1 and "JXE002 [*]" in before.stdout
    fixed = jaxerr("check", "--fix", "pkg/forgot.py", cwd=project)  # the cached result has a fix
    assert fixed.returncode == 0 and "1 fixed" in fixed.stdout
    again = jaxerr("check", "pkg/forgot.py", cwd=project)
    assert again.returncode == 0 and again.stdout == "All checks passed!\n"
    assert len(entries(project)) == 2  # the original content's entry, and the fixed one's
    # back to the original content: its entry is found again, with its fix
    (project / "pkg" / "forgot.py").write_text(SAFE)
    assert jaxerr("check", "pkg/forgot.py", cwd=project).stdout == before.stdout


def test_parallel_runs_share_the_cache(project: Path) -> None:
    for number in range(12):
        (project / "pkg" / f"copy{number}.py").write_text(TRIGGER if number % 2 else LOGS)
    fresh = jaxerr("check", "--format", "json", "--no-cache", "pkg", cwd=project)
    cold = jaxerr("check", "--format", "json", "-j", "2", "pkg", cwd=project)
    warm = jaxerr("check", "--format", "json", "-j", "2", "pkg", cwd=project)
    assert fresh.stdout == cold.stdout == warm.stdout and json.loads(fresh.stdout)
    assert len(entries(project)) == 17
    assert not list((project / ".jaxerr_cache").rglob("*.tmp"))


def test_keys_differ_by_content_path_and_settings(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path)
    base = cache.key("a.py", "x = 1\n", Config())
    assert base == cache.key("a.py", "x = 1\n", Config())
    assert len({base, cache.key("a.py", "x = 2\n", Config()), cache.key("b.py", "x = 1\n", Config()),
                cache.key("a.py", "x = 1\n", Config(select=("JXE001",))),
                cache.key("a.py", "x = 1\n", Config(ignore=("JXE001",))),
                cache.key("a.py", "x = 1\n", Config(severity="hint")),
                cache.key("a.py", "x = 1\n", Config(severity={"JXE001": "hint"}))}) == 7


def test_an_unwritable_cache_is_skipped(project: Path) -> None:
    (project / ".jaxerr_cache").write_text("not a folder")
    result = jaxerr("check", "pkg/logs.py", cwd=project)
    assert result.returncode == 1 and "JXE002" in result.stdout and not result.stderr


def test_cache_dir_flag_and_environment(project: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    jaxerr("check", "--cache-dir", str(elsewhere / "flag"), "pkg/logs.py", cwd=project)
    assert len(list((elsewhere / "flag").glob("*/*.json"))) == 1
    result = subprocess.run([sys.executable, "-m", "jaxerr_lsp", "check", "pkg/logs.py"], cwd=project,
                            env={**os.environ, "JAXERR_CACHE_DIR": str(elsewhere / "env")},
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert len(list((elsewhere / "env").glob("*/*.json"))) == 1
    assert not (project / ".jaxerr_cache").exists()
