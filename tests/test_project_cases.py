"""Every project case (`tests/projects/<name>/`, format in tests/projects/README.md): what
one module traces of another module's functions, through the CLI and under JAX.

- Findings: (file, code, line) of the check of the whole project are exactly the markers; the
  check of each file alone gives that file's markers (the project around it is read either
  way); a finding points at the call in the other module that makes the trace.
- JAX: a bad project's `main.py` raises the entry's exception on the marked line (the
  innermost frame inside the project), with a message that fully matches the finding's
  predicted one; a good project runs clean.
- The result cache: a finding that another module's code causes goes when that code changes.

All JAX runs of this module are one batch (`jax_runs`).
"""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import pytest

from jaxerr_lsp.cli import (CheckOptions, FileResult, check_in_import_order, check_project, collect_files,
                            main, project_facts)
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.core.findings import Finding
from tests.case_files import expected_findings, fully_matches, raised_one_of
from tests.jax_runner import Program, Result, run_programs

PROJECTS_DIR = Path(__file__).resolve().parent / "projects"
PROJECTS = sorted(p for p in PROJECTS_DIR.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
CATALOG = load_catalog()

Marker = tuple[str, str, int]  # (file relative to the project, code, line)


def markers(project: Path) -> set[Marker]:
    return {(path.relative_to(project).as_posix(), code, line)
            for path in sorted(project.rglob("*.py"))
            for code, line in expected_findings(path.read_text(encoding="utf-8"))}


def check(project: Path, paths: list[Path]) -> list[tuple[str, Finding]]:
    """The CLI's check of `paths` (no cache): (file relative to the project, finding)."""
    files, errors = collect_files([str(p) for p in paths])
    assert not errors
    results: list[FileResult] = check_project(files, CheckOptions(), 1)
    assert all(r.error is None for r in results), [r.error for r in results]
    return [(Path(r.path).resolve().relative_to(project).as_posix(), item.finding)
            for r in results for item in r.findings]


@cache
def project_findings(project: Path) -> tuple[tuple[str, Finding], ...]:
    return tuple(check(project, [project]))


def found(items: tuple[tuple[str, Finding], ...] | list[tuple[str, Finding]]) -> set[Marker]:
    return {(path, finding.code, finding.span.start_line) for path, finding in items}


def is_bad(project: Path) -> bool:
    return bool(markers(project))


_WRAPPER = """\
import runpy, sys
for name in [m for m in sys.modules if m == "pkg" or m.startswith("pkg.")]:
    del sys.modules[name]
sys.path.insert(0, {root!r})
try:
    runpy.run_path({main!r}, run_name="__main__")
finally:
    sys.path.remove({root!r})
"""


@pytest.fixture(scope="module")
def jax_runs() -> dict[str, Result]:
    programs = [Program(_WRAPPER.format(root=str(p), main=str(p / "main.py")), str(p / "_run.py"))
                for p in PROJECTS]
    return {p.name: result for p, result in zip(PROJECTS, run_programs(programs))}


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_the_facts_are_the_same_from_each_file_alone(project: Path) -> None:
    """The facts the check of the whole project ends with are those worked out from each
    module's `outgoing` on its own; and checking one file alone gets the same facts about it."""
    files = sorted(project.rglob("*.py"))
    checked = check_project(files, CheckOptions(), 1)
    known = {str(Path(r.path).resolve()): r.outgoing for r in checked}
    if is_bad(project):  # (the facts of the bad projects come from the check itself, or the
        # summaries of the functions a module imports: those read some)
        assert any(known.values()) or any(check_in_import_order(files, CheckOptions(), 1)[1].values())
    whole = project_facts(files)
    assert project_facts(files, known) == whole
    for file in files:  # checking one file alone: the facts about it are the same
        key = str(file.resolve())
        assert project_facts([file]).get(key) == whole.get(key), file


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_each_file_alone_reads_the_same_summaries(project: Path) -> None:
    """What a module reads of the summaries of the modules it imports is the same whether
    the whole project is checked (importees checked first) or the module alone (its importees'
    summaries worked out alone)."""
    files = sorted(project.rglob("*.py"))
    _, whole = check_in_import_order(files, CheckOptions(), 1)
    for file in files:
        _, alone = check_in_import_order([file], CheckOptions(), 1)
        key = str(file.resolve())
        assert alone.get(key, ()) == whole.get(key, ()), file
    if project.name.startswith("returned_"):  # (the projects about summaries read some)
        assert any(whole.values())


def test_there_are_bad_and_good_projects() -> None:
    assert sum(map(is_bad, PROJECTS)) >= 3 and sum(not is_bad(p) for p in PROJECTS) >= 3


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_findings_are_the_markers(project: Path) -> None:
    assert found(project_findings(project)) == markers(project)


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_each_file_alone_gives_its_findings(project: Path) -> None:
    expected = markers(project)
    for path in sorted(project.rglob("*.py")):
        relative = path.relative_to(project).as_posix()
        assert found(check(project, [path])) == {m for m in expected if m[0] == relative}, relative


@pytest.mark.parametrize("project", [p for p in PROJECTS if is_bad(p)],
                         ids=[p.name for p in PROJECTS if is_bad(p)])
def test_finding_points_at_the_call_in_the_other_module(project: Path) -> None:
    """A finding in a function another module traces points at the call there (one that a
    summary of another module's function gives is in the module that calls it: no trace)."""
    traced = project_facts(sorted(project.rglob("*.py")))
    for path, finding in project_findings(project):
        if str((project / path).resolve()) not in traced:
            continue
        others = [r for r in finding.related if r.path is not None]
        assert others, finding
        for related in others:
            other = Path(related.path).resolve()
            assert other != (project / path).resolve() and project in other.parents
            lines = other.read_text(encoding="utf-8").split("\n")
            assert related.message.startswith("traced from here")
            assert 1 <= related.span.start_line <= len(lines)


def innermost_project_frame(project: Path, result: Result) -> tuple[str, int] | None:
    """The last traceback frame inside the project (not its `main.py` wrapper)."""
    frames = re.findall(r'File "([^"]+)", line (\d+), in ', result.traceback or "")
    inside = [(Path(file).relative_to(project).as_posix(), int(line)) for file, line in frames
              if Path(file).is_relative_to(project) and Path(file).name != "_run.py"]
    return inside[-1] if inside else None


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_under_jax(project: Path, jax_runs: dict[str, Result]) -> None:
    result = jax_runs[project.name]
    if not is_bad(project):
        assert not result.raised, result.traceback
        return
    [(path, finding)] = project_findings(project)
    entry = CATALOG.get(finding.catalog_id)
    assert raised_one_of(result, entry.exceptions), result.traceback
    assert innermost_project_frame(project, result) == (path, finding.span.start_line), result.traceback
    assert fully_matches(finding.predicted, result.message or ""), (finding.predicted, result.message)


def test_the_cache_forgets_a_finding_when_the_other_module_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    project = tmp_path / "project"
    shutil.copytree(PROJECTS_DIR / "helper_branches_on_tracer", project)
    monkeypatch.chdir(project)
    cache_dir = str(tmp_path / "cache")
    assert main(["check", "--cache-dir", cache_dir, "pkg/layers.py"]) == 1
    assert "pkg/layers.py:5:" in capsys.readouterr().out
    train = project / "pkg" / "train.py"
    train.write_text(train.read_text(encoding="utf-8").replace("@jax.jit\n", ""), encoding="utf-8")
    assert main(["check", "--cache-dir", cache_dir, "pkg/layers.py"]) == 0
    assert "JXE070" not in capsys.readouterr().out


def test_circular_imports_and_broken_modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Modules that import each other (a.f jitted calls b.g, which calls a.h: two modules
    away and back), one that does not parse, one that cannot be decoded, a symlink to the
    package inside itself: the check ends, says what it could not read, and still finds
    what the others show."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text(
        "import jax\nfrom pkg import b\n\n\n@jax.jit\ndef f(x):\n    return b.g(x)\n\n\n"
        "def h(x):\n    if x > 0:\n        return x\n    return -x\n")
    (package / "b.py").write_text("from pkg import a\n\n\ndef g(x):\n    return a.h(x)\n")
    (package / "broken.py").write_text("import jax\nfrom pkg import a\n@jax.jit\ndef z(x):\n    return a.h(x\n")
    (package / "undecodable.py").write_bytes(b'import jax\nx = "\xff\xfe"\n')
    (package / "loop").symlink_to(package, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    for paths in (["."], ["pkg/a.py"]):
        status = main(["check", "--no-cache", *paths])
        out, err = capsys.readouterr()
        assert "pkg/a.py:11:8: JXE070" in out and "--> pkg/b.py:5:12: traced from here" in out, out
        assert out.count("JXE") == 1, out
        assert status == (2 if paths == ["."] else 1), err
        if paths == ["."]:
            assert "pkg/broken.py:5:" in err and "cannot decode" in err


def test_a_module_name_two_roots_have_is_each_roots_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """`scripts/utils.py` and `tests/utils.py`, no packages: `from utils import pick` in
    `tests/run.py` is the tests' `utils` (the folder Python runs the script from), never the
    scripts' one."""
    for folder, body in (("scripts", "    if x > 0:\n        return x\n    return -x\n"),
                         ("tests", "    return x\n")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "utils.py").write_text(f"def pick(x):\n{body}")
    run = "import jax\nfrom utils import pick\n\nprint(jax.jit(pick)(1.0))\n"
    (tmp_path / "tests" / "run.py").write_text(run)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache", "."]) == 0, capsys.readouterr().out
    capsys.readouterr()
    (tmp_path / "scripts" / "run.py").write_text(run)
    assert main(["check", "--no-cache", "."]) == 1
    out = capsys.readouterr().out
    assert "scripts/utils.py:2:8: JXE070" in out and "--> scripts/run.py:4:7" in out, out


def test_the_other_modules_facts_are_kept_in_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Checking one file works out the outgoing facts of the modules that may lead to it; a
    second check of it takes them from the result cache (none is worked out again)."""
    project = tmp_path / "project"
    shutil.copytree(PROJECTS_DIR / "two_hops_to_a_numpy_call", project)
    monkeypatch.chdir(project)
    cache_dir = str(tmp_path / "cache")
    assert main(["check", "--cache-dir", cache_dir, "pkg/ops.py"]) == 1
    first = capsys.readouterr().out

    def no_analysis(*args: object, **kwargs: object) -> list[object]:
        raise AssertionError("outgoing facts worked out again")

    monkeypatch.setattr("jaxerr_lsp.cli.outgoing", no_analysis)
    assert main(["check", "--cache-dir", cache_dir, "pkg/ops.py"]) == 1
    assert capsys.readouterr().out == first and "pkg/ops.py:5:21: JXE074" in first


def test_the_server_reads_the_facts_the_command_line_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The language server's project index keeps the modules' outgoing facts in the project's
    result cache, where `jaxerr check` keeps them: after a check (or a server that ran
    before), a server's first check of a module works none of them out again."""
    from jaxerr_lsp.engine.run import outgoing
    from jaxerr_lsp.project.index import ProjectIndex
    from jaxerr_lsp.server import worker

    project = tmp_path / "project"
    shutil.copytree(PROJECTS_DIR / "two_hops_to_a_numpy_call", project)
    (project / "pyproject.toml").write_text("[project]\nname = 'two-hops'\n")
    monkeypatch.chdir(project)
    monkeypatch.delenv("JAXERR_CACHE_DIR", raising=False)
    target = str(project / "pkg" / "ops.py")
    assert main(["check", "pkg/ops.py"]) == 1  # the cache: project/.jaxerr_cache
    capsys.readouterr()
    worked_out: list[str] = []

    def counted(text: str, path: str, *args: object) -> list[object]:
        worked_out.append(path)
        return outgoing(text, path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr("jaxerr_lsp.project.index.outgoing", counted)
    monkeypatch.setattr(worker, "_STORES", {})
    facts, complete = ProjectIndex(store_for=worker._fact_store).facts_for(target, {})
    assert complete and facts and worked_out == []
    # A module changed since: its facts alone are worked out, and kept for the next start.
    main_py = project / "main.py"
    main_py.write_text(main_py.read_text() + "\n# changed\n")
    facts_after, _ = ProjectIndex(store_for=worker._fact_store).facts_for(target, {})
    assert facts_after == facts and worked_out == [str(main_py)]
    ProjectIndex(store_for=worker._fact_store).facts_for(target, {})
    assert worked_out == [str(main_py)]
    # Outside any project (no pyproject.toml), nothing is written next to the file.
    (project / "pyproject.toml").unlink()
    shutil.rmtree(project / ".jaxerr_cache")
    ProjectIndex(store_for=worker._fact_store).facts_for(target, {})
    assert not (project / ".jaxerr_cache").exists()


def test_an_edit_of_the_imported_module_checks_its_importer_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The result cache keys a module by the summaries it read: once `buffers.py` returns a
    NumPy array, `train.py` is checked again (and the other way)."""
    project = tmp_path / "project"
    shutil.copytree(PROJECTS_DIR / "returned_buffer_assigned", project)
    monkeypatch.chdir(project)
    cache_dir = str(tmp_path / "cache")
    buffers = project / "pkg" / "buffers.py"
    original = buffers.read_text(encoding="utf-8")
    for paths in (["pkg/train.py"], ["."]):
        buffers.write_text(original, encoding="utf-8")
        assert main(["check", "--cache-dir", cache_dir, *paths]) == 1
        assert "pkg/train.py:6:5: JXE080" in capsys.readouterr().out
        buffers.write_text(original.replace("import jax.numpy as jnp", "import numpy as jnp"),
                           encoding="utf-8")
        assert main(["check", "--cache-dir", cache_dir, *paths]) == 0
        assert "JXE080" not in capsys.readouterr().out


def test_modules_that_import_each_other_read_no_summary_of_each_other(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`a` and `b` import each other: neither reads the other's summary (silence), while `c`,
    which imports `b` from outside the cycle, does."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("import jax.numpy as jnp\nfrom pkg import b\n\n\ndef make():\n"
                                  "    return jnp.zeros(3)\n\n\ndef run():\n    w = b.make()\n"
                                  "    w[0] = 1.0\n")
    (package / "b.py").write_text("import jax.numpy as jnp\nfrom pkg import a\n\n\ndef make():\n"
                                  "    return jnp.ones(3)\n\n\ndef run():\n    w = a.make()\n"
                                  "    w[0] = 1.0\n")
    (package / "c.py").write_text("from pkg.b import make\n\n\ndef run():\n    w = make()\n"
                                  "    w[0] = 1.0\n")
    monkeypatch.chdir(tmp_path)
    for paths in (["."], ["pkg/a.py", "pkg/c.py"], ["pkg/c.py"]):
        main(["check", "--no-cache", *paths])
        out = capsys.readouterr().out
        assert "pkg/c.py:6:5: JXE080" in out and out.count("JXE080") == 1, out


def test_the_server_reads_the_summaries_of_open_and_saved_modules(tmp_path: Path) -> None:
    """The server's project index gives a module the summaries of the functions it imports,
    from the editor's text of an open module (unsaved edits included), else from disk; the
    worker's check of the importer finds what the CLI finds."""
    from jaxerr_lsp.project.index import ProjectIndex
    from jaxerr_lsp.server import worker

    project = tmp_path / "project"
    shutil.copytree(PROJECTS_DIR / "returned_buffer_assigned", project)
    train, buffers = project / "pkg" / "train.py", project / "pkg" / "buffers.py"
    index = ProjectIndex()
    [(name, summary)] = index.imported_for(str(train), {})
    assert name == "pkg.make_buffer" and summary.returns is not None
    assert summary.returns.jax_array == "`jax.numpy.zeros`"
    edited = buffers.read_text(encoding="utf-8").replace("import jax.numpy", "import numpy")
    [(_, summary)] = index.imported_for(str(train), {str(buffers): edited})
    assert summary.returns is not None and summary.returns.type == "ndarray"
    assert summary.returns.jax_array is None
    job = worker.run_analysis(train.read_text(encoding="utf-8"), str(train), {})
    assert [(f.code, f.span.start_line) for f in job.analysis.findings] == [("JXE080", 6)]


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_the_server_finds_each_files_markers(project: Path, tmp_path: Path) -> None:
    """The language server's check of each module (its project index reading the others from
    disk) finds what the CLI finds: that file's markers."""
    from jaxerr_lsp.server import worker

    expected = markers(project)
    copy = tmp_path / project.name  # (outside the repository: nothing is kept beside it)
    shutil.copytree(project, copy)
    for path in sorted(copy.rglob("*.py")):
        relative = path.relative_to(copy).as_posix()
        job = worker.run_analysis(path.read_text(encoding="utf-8"), str(path), {})
        assert {(relative, f.code, f.span.start_line) for f in job.analysis.findings} == \
            {m for m in expected if m[0] == relative}, relative


def test_the_server_reads_an_unsaved_registration_in_a_third_module(tmp_path: Path) -> None:
    """A registration typed in a third module open in the editor (not saved yet) makes the
    importer's instance of the class silent at once, as on disk."""
    from jaxerr_lsp.server import worker

    project = tmp_path / "project"
    shutil.copytree(PROJECTS_DIR / "plain_class_from_another_module", project)
    train, registry = project / "pkg" / "train.py", project / "pkg" / "registry.py"
    registry.write_text("from .config import Config\n", encoding="utf-8")
    text = train.read_text(encoding="utf-8")
    assert [f.code for f in worker.run_analysis(text, str(train), {}).analysis.findings] == ["JXE081"]
    typed = ("import jax\n\nfrom .config import Config\n\n"
             "jax.tree_util.register_pytree_node(Config, lambda c: ((c.lr,), None), "
             "lambda _, children: Config(*children))\n")
    assert worker.run_analysis(text, str(train), {}, {str(registry): typed}).analysis.findings == []
