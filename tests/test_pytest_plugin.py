"""The pytest plugin (jaxerr_lsp.pytest_plugin), in real pytest runs on a scratch test file.

Asked (`--jaxerr`, or `jaxerr = true` in the ini file), a test failing with a JAX error the
catalog knows gets a "jaxerr" section after pytest's own traceback; everything else of the
run's output, and its exit status, is what pytest prints without the plugin. Loaded through
`-p jaxerr_lsp.pytest_plugin`, and through the `pytest11` entry point of the built wheel, where
it does nothing unless asked (and `-p` next to the entry point loads it once).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from jaxerr_lsp.errors.catalog import load_catalog

ROOT = Path(__file__).resolve().parent.parent
ENTRY = load_catalog().get("tracer-bool-conversion")

SCRATCH = textwrap.dedent("""\
    import jax
    import jax.numpy as jnp


    def test_traced_if():
        @jax.jit
        def relu(x):
            if x > 0:
                return x
            return 0.0
        relu(1.0)


    def test_plain_failure():
        assert {"a": 1} == {"a": 2}


    def test_reshape():
        jnp.ones(3).reshape(-1, -1)


    def test_passes():
        assert float(jnp.ones(2).sum()) == 2.0
    """)

# Each run: its extra pytest arguments, and where jaxerr_lsp comes from ("source": this
# checkout, loaded by -p only; "wheel": the built wheel, its entry point registered).
RUNS = {
    "baseline": ([], "source"),
    "asked": (["-p", "jaxerr_lsp.pytest_plugin", "--jaxerr"], "source"),
    "entry point, asked": (["--jaxerr"], "wheel"),
    "entry point, not asked": ([], "wheel"),
    "entry point and -p, ini": (["-p", "jaxerr_lsp.pytest_plugin", "-o", "jaxerr=true"], "wheel"),
}


@dataclass(frozen=True)
class PytestRun:
    code: int
    output: str


def _build_wheel_site(folder: Path) -> Path:
    """The project's wheel, unpacked as an installation: its dist-info carries the entry points."""
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(folder / "dist"), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (wheel,) = (folder / "dist").glob("jaxerr_lsp-*.whl")
    site = folder / "site"
    zipfile.ZipFile(wheel).extractall(site)
    return site


def _pytest(arguments: list[str], origin: str, folder: Path, site: Path) -> PytestRun:
    env = {k: v for k, v in os.environ.items() if k not in ("JAX_TRACEBACK_FILTERING", "PYTEST_ADDOPTS")}
    env["JAX_PLATFORMS"] = "cpu"
    env["PYTHONPATH"] = str(ROOT if origin == "source" else site)
    env.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:timeout",
               "--color=no", "test_scratch.py", *arguments]
    done = subprocess.run(command, cwd=folder / "project", env=env, capture_output=True,
                          text=True, timeout=300)
    return PytestRun(done.returncode, done.stdout + done.stderr)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, PytestRun]:
    folder = tmp_path_factory.mktemp("pytest-plugin")
    (folder / "project").mkdir()
    (folder / "project" / "test_scratch.py").write_text(SCRATCH)
    (folder / "project" / "pytest.ini").write_text("[pytest]\n")
    site = _build_wheel_site(folder)
    with ThreadPoolExecutor(max_workers=3) as pool:
        done = list(pool.map(lambda run: _pytest(*run, folder, site), RUNS.values()))
    return dict(zip(RUNS, done))


SECTION = re.compile(r"^-+ jaxerr -+\n(.*?)(?=^_{3,} |^={3,} )", re.MULTILINE | re.DOTALL)


def _normalized(output: str) -> str:
    """Run to run differences: durations, object addresses, the plugin list of the header."""
    output = re.sub(r" in \d+\.\d+s( \([0-9:]+\))?", " in …s", output)
    output = re.sub(r"={2,}", "==", output)  # summary lines are padded to the width of their text
    output = re.sub(r"0x[0-9a-f]+", "0x…", output)
    return re.sub(r"^plugins: .*\n", "", output, flags=re.MULTILINE)


def test_baseline_fails_as_expected(runs):
    baseline = runs["baseline"]
    assert baseline.code == 1
    assert "3 failed, 1 passed" in baseline.output
    # (the header's plugin list may name jaxerr-lsp: installed, the plugin is listed, and idle)
    assert "TracerBoolConversionError" in baseline.output and "jaxerr" not in _normalized(baseline.output)


@pytest.mark.parametrize("name", ["asked", "entry point, asked", "entry point and -p, ini"])
def test_known_jax_error_gets_a_jaxerr_section(runs, name: str):
    run, baseline = runs[name], runs["baseline"]
    assert run.code == baseline.code == 1
    sections = SECTION.findall(run.output)
    assert len(sections) == 1, run.output  # the traced if only: not the plain or reshape failure
    lines = sections[0].splitlines()
    assert lines[0] == f"jaxerr: {ENTRY.rule} {ENTRY.id}: {ENTRY.title}"
    cause = lines.index("Likely cause in your code:")
    assert lines[cause + 1].endswith("test_scratch.py:8, in relu")
    assert lines[cause + 2].strip() == "if x > 0:"
    assert "How to fix it:" in lines
    # After pytest's own traceback of that test, which is unchanged; the rest of the output too.
    head = run.output[:SECTION.search(run.output).start()]  # type: ignore[union-attr]
    assert head.rstrip().endswith("test_scratch.py:8: TracerBoolConversionError")
    assert _normalized(SECTION.sub("", run.output)) == _normalized(baseline.output)


def test_entry_point_does_nothing_unless_asked(runs):
    run = runs["entry point, not asked"]
    assert "jaxerr-lsp-" in re.search(r"^plugins: .*$", run.output, re.MULTILINE).group(0)  # type: ignore[union-attr]
    assert run.code == 1
    assert _normalized(run.output) == _normalized(runs["baseline"].output)
