"""The command line: `jaxerr check | explain | rules | run | serve` (also `python -m jaxerr_lsp`).

Exit codes of `check`: 0 nothing found, 1 findings, 2 a usage error, an unreadable file or an
internal error (the other files are still checked). With `--exit-zero`, as ruff: 0 whatever was
found, unreadable files and files that do not parse included; still 2 for a usage error, a bad
`[tool.jaxerr]` and an internal error.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tokenize
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence, TypeVar

from jaxerr_lsp import __version__
from jaxerr_lsp.app.configuration import Config, ConfigError, config_for, config_for_file, layered
from jaxerr_lsp.app.entry_lookup import NoMatchingEntry, entry_for_error_text, lookup_entry
from jaxerr_lsp.app.fix_loop import MAX_ROUNDS, FindingFixes, fix_until_stable, fixes_for
from jaxerr_lsp.errors.catalog import CatalogError
from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.notebooks.cells import JoinedCells
from jaxerr_lsp.app.report_formats import ReportedFile
from jaxerr_lsp.analysis.external import Outgoing, Outside
from jaxerr_lsp.analysis.summaries import Imported, ModuleSummary
from jaxerr_lsp.engine.run import exported, outgoing
from jaxerr_lsp.project.facts import facts_key, outside_facts, project_roots
from jaxerr_lsp.project.modules import ModuleTable, package_of
from jaxerr_lsp.project.summaries import Summaries, SummaryOf, imported_key, summary_key
from jaxerr_lsp.notebooks.text_notebooks import is_text_notebook_file

if TYPE_CHECKING:  # jaxerr_lsp.fixes brings libcst: imported when fixes are computed
    from jaxerr_lsp.app.cache import ResultCache
    from jaxerr_lsp.fixes import TextEdit

EXCLUDED_DIRS = frozenset({".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__",
                           "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache", "build", "dist",
                           ".ipynb_checkpoints"})
CHECKED_SUFFIXES = (".py", ".pyi", ".ipynb")


# ------------------------------------------------------------------------------------ files
def collect_files(paths: Sequence[str]) -> tuple[list[Path], list[str]]:
    """The .py, .pyi and .ipynb files and the Jupytext Markdown notebooks named or found
    (recursively) under `paths`, and errors for missing ones."""
    files: list[Path] = []
    errors: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for root, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if d not in EXCLUDED_DIRS and not d.startswith("."))
                files.extend(Path(root) / n for n in sorted(names) if n.endswith(CHECKED_SUFFIXES)
                             or (n.endswith(".md") and is_text_notebook_file(Path(root) / n)))
        elif path.exists():
            files.append(path)
        else:
            errors.append(f"{raw}: no such file or directory")
    seen: set[Path] = set()
    unique = []
    for file in files:
        if file not in seen:
            seen.add(file)
            unique.append(file)
    return unique, errors


def decode_source(data: bytes) -> str:
    """Decode Python source bytes as Python does (PEP 263 coding cookie, BOM, UTF-8 default).
    A UTF-8 byte order mark is dropped: editors and Python count columns after it."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return data.decode(encoding)


def read_source(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ReadError(f"{path}: cannot read: {error.strerror or error}") from error
    try:
        return decode_source(data)
    except (SyntaxError, UnicodeDecodeError, LookupError) as error:
        raise ReadError(f"{path}: cannot decode: {error}") from error


class ReadError(Exception):
    pass


# ------------------------------------------------------------------------------------ check
@dataclass(frozen=True)
class CheckOptions:
    overrides: dict[str, Any] = field(default_factory=dict)  # --select/--ignore/--severity
    fix: bool = False
    unsafe_fixes: bool = False
    cache_dir: str | None = None  # the result cache's folder; None: no cache (--no-cache)
    # What the other modules of each file's project trace of its functions, by absolute path
    # (`jaxerr_lsp.project.facts`).
    outside: dict[str, tuple[Outside, ...]] = field(default_factory=dict)
    # What the functions each file imports from other modules of its project return, by
    # absolute path (`jaxerr_lsp.project.summaries`).
    imported: dict[str, Imported] = field(default_factory=dict)
    # The modules (absolute paths) whose summaries the check also works out, of which functions
    # (those the modules that import them may read).
    summarize: dict[str, frozenset[str]] = field(default_factory=dict)


@dataclass
class FileResult:
    path: str
    findings: list[FindingFixes] = field(default_factory=list)  # after --fix: what is left
    error: str | None = None  # unreadable file or internal error
    notes: list[str] = field(default_factory=list)
    fixed: int = 0  # fixes applied by --fix
    # Why `error` is set: "read", "config" (a bad [tool.jaxerr]), "syntax", "fix" (--fix did
    # not converge) or "internal". `--exit-zero` still exits 2 for "config" and "internal".
    error_kind: str | None = None
    cells: JoinedCells | None = None  # a notebook's: spans are in its program, shown per cell
    # What the module's traced code does with functions it imports (`jaxerr_lsp.project`).
    outgoing: list[Outgoing] = field(default_factory=list)
    # What the module's functions return, for the modules that import them.
    exported: ModuleSummary | None = None


FATAL_ERROR_KINDS = ("config", "internal")
# The files whose results the cache holds (a result is findings, notes and a syntax error).
CACHED_SUFFIXES = (".py", ".pyi")


Kept = TypeVar("Kept")


def _kept(cache: Any, key: str, compute: Callable[[], Kept]) -> Kept:
    """What `cache` (an `app.cache` store of outgoing facts or summaries) holds under `key`,
    computed and stored when it holds nothing."""
    hit = cache.load(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    found = compute()
    cache.store(key, found)
    return found


def project_facts(files: list[Path], known: dict[str, list[Outgoing]] | None = None,
                  cache_dir: str | None = None) -> dict[str, tuple[Outside, ...]]:
    """What the modules of the projects `files` belong to trace of each other's functions;
    `known`: the outgoing facts of modules already analysed, by absolute path (the others
    are analysed here, see `jaxerr_lsp.project.facts.outside_facts`; with `cache_dir`, their
    outgoing facts are kept in the result cache's `outgoing/` folder, by content and facts)."""
    from jaxerr_lsp.app.cache import OutgoingCache

    cache = OutgoingCache(Path(cache_dir)) if cache_dir is not None else None

    def read(path: Path) -> str | None:
        try:
            return read_source(path)
        except ReadError:
            return None

    def outgoing_of(text: str, path: str, package: str, outside: tuple[Outside, ...]) -> list[Outgoing]:
        if cache is None:
            return outgoing(text, path, package, outside)
        return _kept(cache, cache.key(text, path, facts_key(outside)),
                     lambda: outgoing(text, path, package, outside))

    return outside_facts(files, read, outgoing_of, known or {})


# How many times a module may be checked again because what other modules trace of its
# functions changed (a function traced from another module traces the functions it calls in
# a third: each round follows one more hop).
PROJECT_ROUNDS = 4


def check_project(files: list[Path], options: CheckOptions, jobs: int) -> list[FileResult]:
    """Check `files` as modules of their projects: importees first (`check_in_import_order`),
    each with what the functions it imports from the others return; each check also says what
    the module's traced code does with the functions it imports. Then again, the modules whose
    functions other modules trace, with what those trace (which may make them trace
    functions of a third module: again, a few rounds)."""
    results, imported = check_in_import_order(files, options, jobs)
    facts: dict[str, tuple[Outside, ...]] = {}
    for _ in range(PROJECT_ROUNDS):
        known = {os.path.abspath(r.path): r.outgoing for r in results.values()
                 if r.error_kind in (None, "syntax")}
        new = project_facts(files, known, options.cache_dir)
        again = [f for f in files if new.get(os.path.abspath(f), ()) != facts.get(os.path.abspath(f), ())]
        facts = new
        if not again:
            break
        wanted = {os.path.abspath(f): imported[os.path.abspath(f)] for f in again
                  if os.path.abspath(f) in imported}
        for result in run_check(again, replace(options, outside=facts, imported=wanted), jobs):
            result.fixed += results[result.path].fixed  # (--fix: what the earlier round fixed)
            results[result.path] = result
    return [results[str(f)] for f in files]


def check_in_import_order(files: list[Path], options: CheckOptions, jobs: int
                          ) -> tuple[dict[str, FileResult], dict[str, Imported]]:
    """Check `files` once each, a module as soon as the project modules it imports are
    checked (modules that import each other together), each with what the functions it
    imports return (`jaxerr_lsp.project.summaries`); the summaries of modules that are not
    among `files` are worked out alone (`engine.run.exported`, kept in the result cache's
    `summaries/` folder with `options.cache_dir`). Also what each module was given to read,
    by absolute path."""
    modules = [f for f in files if f.suffix == ".py"]
    results = {r.path: r for r in run_check([f for f in files if f.suffix != ".py"], options, jobs)}
    given: dict[str, Imported] = {}
    if not modules:
        return results, given
    summaries = Summaries(ModuleTable.of_roots(project_roots(modules)))
    checked = {os.path.abspath(f): f for f in modules}
    graph: dict[str, list[Path]] = {}
    texts: dict[str, str | None] = {}
    todo = list(modules)
    while todo:
        path = todo.pop()
        absolute = os.path.abspath(path)
        if absolute in graph:
            continue
        text = texts[absolute] = _read_or_none(path)
        graph[absolute] = summaries.scan(path, text) if text is not None else []
        todo.extend(graph[absolute])
    summary_of = _summary_function(options.cache_dir)
    summaries.order(graph)
    with contextlib.ExitStack() as stack:  # one pool for the whole check (-j N)
        pool = stack.enter_context(ProcessPoolExecutor(max_workers=jobs)) \
            if jobs > 1 and len(modules) > 1 else None
        _check_when_ready(summaries, checked, texts, summary_of, options, pool, results, given)
    return results, given


def _check_when_ready(summaries: Summaries, checked: dict[str, Path], texts: dict[str, str | None],
                      summary_of: SummaryOf, options: CheckOptions, pool: ProcessPoolExecutor | None,
                      results: dict[str, FileResult], given: dict[str, Imported]) -> None:
    """Each module checked (in `pool` when there is one) as soon as the modules it imports
    are (a cycle's modules together); the summaries of the modules only imported worked out
    here, when theirs are."""
    components, needs = summaries.components, summaries.needs
    waiting = [set(n) for n in needs]
    dependents: dict[int, list[int]] = {}
    for number, needed in enumerate(needs):
        for other in needed:
            dependents.setdefault(other, []).append(number)
    ready = [n for n, needed in enumerate(waiting) if not needed]
    remaining: dict[int, int] = {}
    running: dict[Future[FileResult], tuple[int, str, frozenset[str] | None]] = {}

    def finish(number: int) -> None:
        for other in dependents.get(number, ()):
            waiting[other].discard(number)
            if not waiting[other]:
                ready.append(other)

    def done(number: int, absolute: str, names: frozenset[str] | None, result: FileResult) -> None:
        results[result.path] = result
        text = texts.get(absolute)
        if result.exported is None and names and text is not None:
            result.exported = summary_of(  # (a result from the cache: it keeps none)
                text, absolute, summaries.table.package(Path(absolute)), given.get(absolute, ()), names)
        if result.exported is not None:
            summaries.by_path[absolute] = result.exported
        remaining[number] -= 1
        if not remaining[number]:
            finish(number)

    def start(number: int) -> None:
        for absolute in components[number]:  # modules only imported: their summaries alone
            text = texts.get(absolute)
            if absolute not in checked and text is not None:
                path = Path(absolute)
                summaries.by_path[absolute] = summary_of(
                    text, absolute, summaries.table.package(path), summaries.imported(path),
                    summaries.wanted(path))
        members = [a for a in components[number] if a in checked]
        remaining[number] = len(members)
        if not members:
            finish(number)
        for absolute in members:
            imported, names = summaries.imported(absolute), summaries.wanted(absolute) or None
            if imported:
                given[absolute] = imported
            own = replace(options, imported={absolute: imported} if imported else {},
                          summarize={absolute: names} if names else {})
            if pool is None:
                done(number, absolute, names, check_file(checked[absolute], own))
            else:
                running[pool.submit(_check_file_job, (str(checked[absolute]), own))] = (
                    number, absolute, names)

    while ready or running:
        while ready:
            start(ready.pop())
        if running:
            finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for future in finished:
                done(*running.pop(future), future.result())


def _read_or_none(path: Path) -> str | None:
    try:
        return read_source(path)
    except ReadError:
        return None


def _summary_function(cache_dir: str | None) -> SummaryOf:
    """`engine.run.exported`, its results kept in the result cache when there is one."""
    from jaxerr_lsp.app.cache import SummaryCache

    cache = SummaryCache(Path(cache_dir)) if cache_dir is not None else None

    def summary_of(text: str, path: str, package: str, imported: Imported,
                   names: frozenset[str]) -> ModuleSummary:
        if cache is None:
            return exported(text, package, imported, names)
        return _kept(cache, cache.key(text, path, summary_key(imported, names)),
                     lambda: exported(text, package, imported, names))

    return summary_of


def check_file(path: Path, options: CheckOptions) -> FileResult:
    """Check one file (and with --fix, fix it in place), taking the result from the result
    cache when it holds this content's (and --fix has nothing to do); never raises."""
    from jaxerr_lsp.app.cache import CachedResult, ResultCache

    if options.cache_dir is None or path.suffix not in CACHED_SUFFIXES:
        return check_file_uncached(path, options)
    cache = ResultCache(Path(options.cache_dir))
    before = _cache_key(cache, path, options)
    hit = cache.load(before) if before is not None else None
    if hit is not None and not (options.fix and hit.fixable(options.unsafe_fixes)):
        return FileResult(str(path), list(hit.findings), hit.error, list(hit.notes),
                          error_kind="syntax" if hit.error else None, outgoing=list(hit.outgoing))
    result = check_file_uncached(path, options)
    after = _cache_key(cache, path, options)  # after --fix: the fixed content's
    if after is not None and (after == before or result.fixed) and result.error_kind in (None, "syntax"):
        cache.store(after, CachedResult(tuple(result.findings), tuple(result.notes), result.error,
                                        tuple(result.outgoing)))
    return result


def _cache_key(cache: ResultCache, path: Path, options: CheckOptions) -> str | None:
    try:
        return cache.key(str(path), read_source(path),
                         config_for_file(path, options.overrides, "command line"),
                         facts_key(options.outside.get(os.path.abspath(path), ()))
                         + imported_key(options.imported.get(os.path.abspath(path), ())))
    except (ReadError, ConfigError):
        return None


def check_file_uncached(path: Path, options: CheckOptions) -> FileResult:
    """Check one file (and with --fix, fix it in place); never raises."""
    from jaxerr_lsp.engine.run import analyze

    result = FileResult(str(path))
    if path.suffix in (".ipynb", ".md"):
        return check_notebook_file(path, options)
    try:
        source = read_source(path)
        config = config_for_file(path, options.overrides, "command line")
    except (ReadError, ConfigError) as error:
        result.error = str(error)
        result.error_kind = "config" if isinstance(error, ConfigError) else "read"
        return result
    try:
        package = package_of(path) if path.suffix == ".py" else None
        outside = options.outside.get(os.path.abspath(path), ())
        imported = options.imported.get(os.path.abspath(path), ())
        analysis = analyze(source, config, str(path), syntax=True, package=package, outside=outside,
                           outgoing=package is not None, imported=imported,
                           exported=options.summarize.get(os.path.abspath(path)) if package is not None else None)
        result.notes, result.outgoing = analysis.notes, analysis.outgoing
        result.exported = analysis.exported
        if analysis.syntax_error is not None:
            # Never "passed" about a file Python cannot read: an error (exit 2), like an
            # unreadable file; what does parse was still checked and its findings stand.
            line, column, message = analysis.syntax_error
            result.error = (f"{path}:{line}:{column + 1}: cannot parse: {message} (the parts "
                            "that parse were checked)")
            result.error_kind = "syntax"
        if not (options.fix and analysis.findings):
            result.findings = fixes_for(source, analysis.findings)
            return result

        def findings_of(text: str) -> list[Finding]:
            fixed = analyze(text, config, str(path), package=package, outside=outside,
                            imported=imported)
            result.notes = fixed.notes
            return fixed.findings

        outcome = fix_until_stable(source, findings_of, unsafe=options.unsafe_fixes,
                                   findings=analysis.findings)
        if outcome.applied:
            write_source(path, outcome.source)
        result.findings, result.fixed = list(outcome.remaining), outcome.applied
        if not outcome.converged:
            result.error = (f"{path}: fixes still applied after {MAX_ROUNDS} rounds; stopped "
                            "there (a fix that does not remove its finding)")
            result.error_kind = "fix"
    except ReadError as error:
        result.error, result.error_kind = str(error), "read"
    except Exception as error:  # analyze never raises; if anything does, report and go on
        result.error, result.error_kind = f"{path}: internal error: {error!r}", "internal"
    return result


def check_notebook_file(path: Path, options: CheckOptions) -> FileResult:
    """Check one notebook, `.ipynb` or Jupytext Markdown (its code cells as one program; with
    --fix, fix it in place); never raises. A `.md` file that is no notebook has nothing to check."""
    from jaxerr_lsp.app.notebook_check import NotebookError, check_notebook_path

    result = FileResult(str(path))
    try:
        config = config_for_file(path, options.overrides, "command line")
        checked = check_notebook_path(path, config, fix=options.fix, unsafe_fixes=options.unsafe_fixes)
        if checked is None:
            return result
    except (NotebookError, ConfigError) as error:
        result.error = str(error)
        return result
    except Exception as error:  # analyze never raises; if anything does, report and go on
        result.error = f"{path}: internal error: {error!r}"
        return result
    result.cells, result.findings, result.notes = checked.joined, checked.findings, checked.notes
    result.fixed = checked.fixed
    if checked.syntax_error is not None:
        line, column, message = checked.syntax_error
        result.error = (f"{where(str(path), Span(line, column, line, column), result.cells)}: "
                        f"cannot parse: {message} (the parts that parse were checked)")
    if not checked.converged:
        result.error = (f"{path}: fixes still applied after {MAX_ROUNDS} rounds; stopped "
                        "there (a fix that does not remove its finding)")
    return result


def write_source(path: Path, text: str) -> None:
    """Write fixed source back in the file's own encoding (a BOM stays)."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(path.read_bytes()).readline)
        path.write_bytes(text.encode(encoding))
    except OSError as error:
        raise ReadError(f"{path}: cannot write the fixes: {error.strerror or error}") from error


def _check_file_job(args: tuple[str, CheckOptions]) -> FileResult:
    return check_file(Path(args[0]), args[1])


def run_check(files: list[Path], options: CheckOptions, jobs: int,
              pool: ProcessPoolExecutor | None = None) -> list[FileResult]:
    """Check `files`, in `jobs` processes (`pool`: those of a pool the caller keeps)."""
    if jobs <= 1 or len(files) < 2:
        return [check_file(f, options) for f in files]
    if pool is not None:
        return list(pool.map(_check_file_job, [(str(f), options) for f in files],
                             chunksize=max(1, min(8, len(files) // (2 * jobs)))))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(_check_file_job, [(str(f), options) for f in files], chunksize=8))


def _columns(span: Span, cells: JoinedCells | None = None) -> dict[str, int]:
    """A span as the JSON output counts it: 1-based lines and columns; in a notebook, also
    the `cell` (1-based, markdown cells counted, as ruff), the lines counted in the cell."""
    if cells is not None:
        cell, line, column = cells.to_cell(span.start_line, span.start_column)
        first = cells.starts[cell] - 1
        return {"cell": cells.number(cell), "line": line, "column": column + 1,
                "end_line": span.end_line - first, "end_column": span.end_column + 1}
    return {"line": span.start_line, "column": span.start_column + 1,
            "end_line": span.end_line, "end_column": span.end_column + 1}


def where(path: str, span: Span, cells: JoinedCells | None = None) -> str:
    """`path:line:column` of the span's start (`path:cell N:line:column` in a notebook)."""
    if cells is not None:
        cell, line, column = cells.to_cell(span.start_line, span.start_column)
        return f"{path}:cell {cells.number(cell)}:{line}:{column + 1}"
    return f"{path}:{span.start_line}:{span.start_column + 1}"


def _edit_json(edit: TextEdit, cells: JoinedCells | None) -> dict[str, Any]:
    moved = cells.edit_to_cell(edit.span, edit.new_text) if cells is not None else None
    if cells is None or moved is None:  # a notebook's fixes all map (notebook_fixes.cell_fixes)
        return {**_columns(edit.span), "new_text": edit.new_text}
    return {"cell": cells.number(moved.cell), **_columns(moved.span), "new_text": moved.new_text}


def fix_json(item: FindingFixes, cells: JoinedCells | None = None) -> dict[str, Any] | None:
    """The finding's first (preferred) fix, or None."""
    if not item.fixes:
        return None
    fix = item.fixes[0]
    return {"title": fix.title, "applicability": "safe" if fix.safe else "unsafe", "why": fix.why,
            "edits": [_edit_json(e, cells) for e in fix.edits]}


def shown_path(path: str) -> str:
    """A path as the report shows it: relative to the working folder when inside it (as the
    checked paths are, when given so)."""
    try:
        relative = os.path.relpath(path) if os.path.isabs(path) else path
    except ValueError:  # (another drive)
        return path
    return path if relative.startswith("..") else relative


def finding_json(path: str, item: FindingFixes, cells: JoinedCells | None = None) -> dict[str, Any]:
    finding = item.finding
    return {"path": path, **_columns(finding.span, cells), "code": finding.code,
            "catalog": finding.catalog_id, "severity": finding.severity, "message": finding.message,
            "related": [{**(_columns(r.span, cells) if r.path is None else _columns(r.span)),
                         "message": r.message,
                         **({"path": shown_path(r.path)} if r.path is not None else {})}
                        for r in finding.related],
            "fix": fix_json(item, cells)}


def finding_text(path: str, item: FindingFixes, unsafe_fixes: bool,
                 cells: JoinedCells | None = None) -> str:
    """Like ruff: `path:line:column: CODE [*] message`, `[*]` when `--fix` would fix it; then
    the message's other lines, and a `-->` line per related location. In a notebook,
    `path:cell N:line:column`, lines counted in the cell (as ruff)."""
    finding = item.finding
    head, *rest = finding.message.split("\n")
    mark = " [*]" if item.first(unsafe_fixes) is not None else ""
    lines = [f"{where(path, finding.span, cells)}: {finding.code}{mark} {head}"]
    lines += ["    " + line for line in rest]
    lines += [f"    --> {where(path, r.span, cells) if r.path is None else where(shown_path(r.path), r.span)}: "
              f"{r.message}" for r in finding.related]
    return "\n".join(lines)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 'es' if noun.endswith('x') else 's'}"


_SEVERITY_NOUNS = (("error", "error"), ("warning", "warning"), ("information", "note"), ("hint", "hint"))


def summary(results: list[FileResult], options: CheckOptions) -> list[str]:
    """The closing lines of the text output: what was found and fixed, and what the fix
    options would do with the rest."""
    left = [item for result in results for item in result.findings]
    fixed = sum(result.fixed for result in results)
    lines = []
    severities = [item.finding.severity for item in left]
    if any(severity != "error" for severity in severities):
        # Warnings said as warnings (a JXE099 key reuse raises nothing by default).
        found = ", ".join(_count(severities.count(severity), noun) for severity, noun in _SEVERITY_NOUNS
                          if severity in severities)
        lines.append(f"Found {found}" + (f" ({fixed} fixed before)." if fixed else "."))
    elif fixed:
        lines.append(f"Found {_count(len(left) + fixed, 'error')} ({fixed} fixed, {len(left)} remaining).")
    elif left:
        lines.append(f"Found {_count(len(left), 'error')}.")
    fixable = sum(item.first(options.unsafe_fixes) is not None for item in left)
    hidden = 0 if options.unsafe_fixes else sum(item.only_unsafe() for item in left)
    if options.fix:
        if hidden:
            lines.append(f"{_count(hidden, 'fix')} not applied because unsafe; add "
                         f"`--unsafe-fixes` to apply {'it' if hidden == 1 else 'them'} too.")
    elif fixable and hidden:
        lines.append(f"[*] {fixable} fixable with the `--fix` option "
                     f"({hidden} more with unsafe fixes: `--fix --unsafe-fixes`).")
    elif fixable:
        lines.append(f"[*] {fixable} fixable with the `--fix` option.")
    elif hidden:
        lines.append(f"No safe fixes ({hidden} with unsafe fixes: `--fix --unsafe-fixes`).")
    return lines


def cmd_check(args: argparse.Namespace) -> int:
    overrides = {k: getattr(args, k) for k in ("select", "ignore", "severity")
                 if getattr(args, k) is not None}
    if args.docs_url is not None:
        overrides["docs-url"] = args.docs_url
    try:
        layered(Config(), overrides, "command line")  # validates
    except ConfigError as error:
        print(f"jaxerr: {error}", file=sys.stderr)
        return 2
    from jaxerr_lsp.app.cache import default_cache_dir

    cache_dir = None if args.no_cache else str(Path(args.cache_dir) if args.cache_dir else default_cache_dir())
    files, errors = collect_files(args.paths or ["."])
    options = CheckOptions(overrides, args.fix, args.unsafe_fixes, cache_dir)
    results = check_project(files, options, max(1, args.jobs))
    errors.extend(r.error for r in results if r.error)
    total = sum(len(r.findings) for r in results)
    if args.statistics or args.format in ("sarif", "github"):
        print_report(args, results, files, options, errors)
    elif args.format == "json":
        out = [finding_json(r.path, item, r.cells) for r in results for item in r.findings]
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        if args.fix:  # stdout holds the JSON only
            for line in summary(results, options):
                print(line, file=sys.stderr)
    else:
        for result in results:
            for item in result.findings:
                print(finding_text(result.path, item, options.unsafe_fixes, result.cells))
        for line in summary(results, options):
            print(line)
        if not total and not errors and not any(r.fixed for r in results):
            print("All checks passed!")
    if args.show_notes:
        for result in results:
            for note in result.notes:
                print(f"{result.path}: note: {note}", file=sys.stderr)
    for message in errors:
        print(f"jaxerr: error: {message}", file=sys.stderr)
    if args.exit_zero:
        return 2 if any(r.error_kind in FATAL_ERROR_KINDS for r in results) else 0
    if errors:
        return 2
    return 1 if total else 0


def print_report(args: argparse.Namespace, results: list[FileResult], files: list[Path],
                 options: CheckOptions, errors: list[str]) -> None:
    """`--statistics` (text, or JSON with --format json), `--format sarif`, `--format github`."""
    from jaxerr_lsp.app import report_formats
    reported = [ReportedFile(r.path, r.findings, r.cells) for r in results]
    if args.statistics:
        rows = report_formats.statistics_rows(reported, options.unsafe_fixes)
        if args.format == "json":
            print(report_formats.statistics_json(rows))
            return
        for line in report_formats.statistics_text(rows) + summary(results, options):
            print(line)
    elif args.format == "sarif":
        print(report_formats.sarif_text(reported, file_configs(files, options.overrides), errors))
    else:
        for line in report_formats.github_commands(reported):
            print(line)
    if args.fix and not args.statistics:  # stdout holds the report only
        for line in summary(results, options):
            print(line, file=sys.stderr)


def file_configs(files: list[Path], overrides: dict[str, Any]) -> list[Config]:
    """The distinct settings the files were checked with (the rules a SARIF run lists)."""
    configs: list[Config] = []
    for file in files or [Path("x.py")]:
        try:
            config = config_for_file(file, overrides, "command line")
        except ConfigError:
            continue
        if config not in configs:
            configs.append(config)
    return configs


# ------------------------------------------------------------------------------------ explain / rules
def cmd_explain(args: argparse.Namespace) -> int:
    from jaxerr_lsp.errors.catalog import load_catalog, render_markdown, render_text

    render = render_markdown if args.format == "markdown" else render_text
    try:
        catalog = load_catalog()
        if args.id == "-":
            text = sys.stdin.read()
            if not text.strip():
                print("jaxerr: nothing on standard input; paste a JAX error message or traceback",
                      file=sys.stderr)
                return 2
            entry = entry_for_error_text(catalog, text)
        else:
            entry = lookup_entry(catalog, args.id)
    except NoMatchingEntry as error:
        print(f"jaxerr: {error}. `jaxerr rules` lists the known ones.", file=sys.stderr)
        return 1
    except CatalogError as error:
        print(f"jaxerr: {error}", file=sys.stderr)
        return 2
    print(render(entry))
    url = _entry_url(entry.id, args.docs_url)
    if url:
        print(f"Read it on the web: {url}" if args.format == "text" else f"[Read it on the web]({url})")
    return 0


def _entry_url(entry_id: str, docs_url: str | None) -> str | None:
    """The entry's page: `--docs-url`, else `[tool.jaxerr] docs-url` here, else the packaged site."""
    from jaxerr_lsp.docs_site.links import entry_url, resolve_docs_url

    try:
        return entry_url(resolve_docs_url(config_for(Path.cwd()).docs_url, docs_url), entry_id)
    except ConfigError as error:
        print(f"jaxerr: {error}", file=sys.stderr)
        return None


def cmd_docs(args: argparse.Namespace) -> int:
    from jaxerr_lsp.docs_site.build import DocsBuildError, build_site

    try:
        built = build_site(Path(args.out))
    except DocsBuildError as error:
        print(f"jaxerr: {error}", file=sys.stderr)
        return 2
    print(f"Built {built.pages} pages into {built.directory} in {built.seconds:.1f} s; "
          f"open {built.directory / 'index.html'}")
    return 0


def rule_rows() -> list[dict[str, object]]:
    """Each rule's code, catalog entry and summary (from the entry), then the catalog's entries
    that no rule flags (no single file shows them; `explain` and hover still know them), all
    in code order; `detected` says which is which."""
    from jaxerr_lsp.engine.registry import all_rules

    rules = {rule.code: rule.catalog_id for rule in all_rules()}
    try:
        from jaxerr_lsp.errors.catalog import load_catalog

        entries = load_catalog().entries
    except Exception as error:  # noqa: BLE001 - the list of rules is still useful without it
        print(f"jaxerr: catalog unavailable: {error}", file=sys.stderr)
        entries = {}
    explain_only = {e.rule: e.id for e in entries.values()
                    if not e.static_rule and e.rule and e.rule not in rules}
    rows: list[dict[str, object]] = [
        {"code": code, "catalog": catalog_id, "detected": code in rules,
         "summary": entries[catalog_id].summary if catalog_id in entries else ""}
        for code, catalog_id in sorted({**rules, **explain_only}.items())]
    # Explain-only entries without a rule code, by id (`jaxerr explain` takes the id).
    return rows + [{"code": "", "catalog": e.id, "detected": False, "summary": e.summary}
                   for e in sorted(entries.values(), key=lambda e: e.id) if not e.rule]


def cmd_rules(args: argparse.Namespace) -> int:
    rows = rule_rows()
    if args.format == "json":
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            mark = "" if row["detected"] else "[explain only] "
            print(f"{row['code'] or '-':<6}  {row['catalog']:<32} {mark}{row['summary']}")
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from jaxerr_lsp.runtime.script_runner import run_module, run_script

    target = list(args.target)
    if target[:1] == ["-m"] and len(target) >= 2:
        return run_module(target[1], target[2:])
    if not target or target[0].startswith("-"):
        print("jaxerr run: give a script (jaxerr run script.py [args]) or -m module [args]",
              file=sys.stderr)
        return 2
    return run_script(target[0], target[1:])


def _run_arguments(argv: Sequence[str] | None) -> argparse.Namespace | None:
    """`jaxerr run ...`: everything after `run` is the program's, options included (argparse
    would take `--help` or `-m`'s module's `--flag` for jaxerr's), except `jaxerr run --help`."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] != ["run"] or arguments[1:2] in (["-h"], ["--help"]):
        return None
    return argparse.Namespace(handler=cmd_run, target=arguments[1:])


def cmd_serve(args: argparse.Namespace) -> int:
    from jaxerr_lsp.server import main as server_main

    return server_main()


# ------------------------------------------------------------------------------------ parser
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jaxerr", description="Find JAX calls that will raise, before running the code.")
    parser.add_argument("--version", action="version", version=f"jaxerr {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    check = commands.add_parser(
        "check", help="check files and folders (recursive *.py, *.ipynb, Jupytext *.md)")
    check.add_argument("paths", nargs="*", help="files or folders (default: .)")
    check.add_argument("--format", choices=("text", "json", "sarif", "github"), default="text",
                       help="text: one finding a line, `path:line:column: CODE [*] message`, "
                            "`[*]` where --fix fixes it (default); json: one array of findings; "
                            "sarif: SARIF 2.1.0 (code scanning); github: GitHub Actions annotations")
    check.add_argument("--select", help="comma-separated rule codes or catalog ids to check")
    check.add_argument("--ignore", help="comma-separated rule codes or catalog ids to skip")
    check.add_argument("--severity", help="error|warning|information|hint for every finding")
    check.add_argument("--fix", action="store_true",
                       help="apply safe fixes in place, re-checking until none is left")
    check.add_argument("--unsafe-fixes", action="store_true", help="with --fix, apply unsafe fixes too")
    check.add_argument("-j", "--jobs", type=int, default=1, help="check files in N processes")
    check.add_argument("--show-notes", action="store_true",
                       help="print what could not be checked (syntax errors, oversized files)")
    check.add_argument("--exit-zero", action="store_true",
                       help="exit 0 even when something is found (2 still for usage, "
                            "configuration and internal errors)")
    check.add_argument("--statistics", action="store_true",
                       help="print the number of findings per rule instead of the findings")
    check.add_argument("--no-cache", action="store_true", help="neither read nor write the result cache")
    check.add_argument("--cache-dir", help="the result cache's folder (default: $JAXERR_CACHE_DIR, "
                                           "else .jaxerr_cache at the project root)")
    check.add_argument("--docs-url", help="base URL of the catalog's website that SARIF links to "
                                          "(default: [tool.jaxerr] docs-url, else the site in the wheel)")
    check.set_defaults(handler=cmd_check)

    explain = commands.add_parser("explain", help="print a catalog entry (ID, rule code, or - for stdin)")
    explain.add_argument("id", help="catalog id, rule code, or - to read a JAX error from stdin")
    explain.add_argument("--format", choices=("text", "markdown"), default="text",
                         help="text for a terminal (default), or markdown")
    explain.add_argument("--docs-url", help="base URL of the catalog's website to link to "
                                            "(default: [tool.jaxerr] docs-url, else the site in the wheel)")
    explain.set_defaults(handler=cmd_explain)

    docs = commands.add_parser("docs", help="the catalog's website")
    docs_commands = docs.add_subparsers(dest="docs_command", required=True)
    build = docs_commands.add_parser(
        "build", help="build the static website (one page per error and per JAX API, indexes, "
                      "offline search) from the catalog")
    build.add_argument("--out", default="jaxerr-docs", help="the folder to write (default: jaxerr-docs)")
    build.set_defaults(handler=cmd_docs)

    rules = commands.add_parser("rules", help="list the rules and their catalog entries")
    rules.add_argument("--format", choices=("text", "json"), default="text",
                       help="text: one rule a line (default); json: an array of "
                            "{code, catalog, summary}")
    rules.set_defaults(handler=cmd_rules)

    run = commands.add_parser(
        "run", help="run a Python program; after an uncaught JAX error's traceback, its catalog entry",
        usage="jaxerr run script.py [args ...] | jaxerr run -m module [args ...]")
    # Read by _run_arguments, not by argparse (the program's options are its own); for --help.
    run.add_argument("-m", dest="module", metavar="MODULE",
                     help="run a module as `python -m MODULE` does")
    run.add_argument("target", nargs=argparse.REMAINDER,
                     help="the script (a .py file, a folder or zip file with a __main__.py) "
                          "and its arguments")
    run.set_defaults(handler=cmd_run)

    serve = commands.add_parser("serve", help="run the language server on stdio")
    serve.set_defaults(handler=cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = _run_arguments(argv) or parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0) and 2
    try:
        return args.handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def serve_main() -> int:
    return main(["serve"])


if __name__ == "__main__":
    raise SystemExit(main())
