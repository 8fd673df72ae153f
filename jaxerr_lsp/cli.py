"""The command line: `jaxerr check | explain | rules | serve` (also `python -m jaxerr_lsp`).

Exit codes of `check`: 0 nothing found, 1 findings, 2 a usage error, an unreadable file or an
internal error (the other files are still checked).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tokenize
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from jaxerr_lsp import __version__
from jaxerr_lsp.config import Config, ConfigError, load_config
from jaxerr_lsp.findings import Finding

EXCLUDED_DIRS = frozenset({".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__",
                           "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache", "build", "dist"})


# ------------------------------------------------------------------------------------ files
def collect_files(paths: Sequence[str]) -> tuple[list[Path], list[str]]:
    """The .py files named or found (recursively) under `paths`, and errors for missing ones."""
    files: list[Path] = []
    errors: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for root, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if d not in EXCLUDED_DIRS and not d.startswith("."))
                files.extend(Path(root) / n for n in sorted(names) if n.endswith((".py", ".pyi")))
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
@dataclass
class FileResult:
    path: str
    findings: list[Finding] = field(default_factory=list)
    source: str = ""
    error: str | None = None  # unreadable file or internal error
    notes: list[str] = field(default_factory=list)


_config_cache: dict[Path, Config] = {}


def config_for(path: Path, overrides: dict[str, Any]) -> Config:
    folder = path.resolve().parent
    if folder not in _config_cache:
        _config_cache[folder] = load_config(folder)
    return _config_cache[folder].merged(overrides, "command line")


def check_file(path: Path, overrides: dict[str, Any]) -> FileResult:
    from jaxerr_lsp.engine import analyze

    result = FileResult(str(path))
    try:
        source = read_source(path)
        config = config_for(path, overrides)
    except (ReadError, ConfigError) as error:
        result.error = str(error)
        return result
    try:
        analysis = analyze(source, config, str(path))
    except Exception as error:  # analyze never raises; if it does, report and go on
        result.error = f"{path}: internal error: {error!r}"
        return result
    result.findings = analysis.findings
    result.source = source if analysis.findings else ""
    result.notes = analysis.notes
    return result


def _check_file_job(args: tuple[str, dict[str, Any]]) -> FileResult:
    return check_file(Path(args[0]), args[1])


def run_check(files: list[Path], overrides: dict[str, Any], jobs: int) -> list[FileResult]:
    if jobs <= 1 or len(files) < 2:
        return [check_file(f, overrides) for f in files]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(_check_file_job, [(str(f), overrides) for f in files], chunksize=8))


def fix_json(source: str, finding: Finding) -> dict[str, Any] | None:
    """The finding's first (preferred) fix, or None."""
    from jaxerr_lsp.fixes import compute_fixes

    fixes = compute_fixes(source, finding)
    if not fixes:
        return None
    fix = fixes[0]
    return {
        "title": fix.title,
        "applicability": "safe" if fix.safe else "unsafe",
        "why": fix.why,
        "edits": [{"line": e.span.start_line, "column": e.span.start_column + 1,
                   "end_line": e.span.end_line, "end_column": e.span.end_column + 1,
                   "new_text": e.new_text} for e in fix.edits],
    }


def finding_json(path: str, source: str, finding: Finding) -> dict[str, Any]:
    span = finding.span
    return {
        "path": path,
        "line": span.start_line,
        "column": span.start_column + 1,
        "end_line": span.end_line,
        "end_column": span.end_column + 1,
        "code": finding.code,
        "catalog": finding.catalog_id,
        "severity": finding.severity,
        "message": finding.message,
        "related": [{"line": r.span.start_line, "column": r.span.start_column + 1,
                     "end_line": r.span.end_line, "end_column": r.span.end_column + 1,
                     "message": r.message} for r in finding.related],
        "fix": fix_json(source, finding),
    }


def finding_text(path: str, finding: Finding) -> str:
    head, *rest = finding.message.split("\n")
    text = f"{path}:{finding.span.start_line}:{finding.span.start_column + 1}: {finding.code} {head}"
    return "\n".join([text, *("    " + line for line in rest)])


def apply_fixes(result: FileResult, unsafe: bool) -> int:
    """Apply the first applicable fix of each finding (non-overlapping); returns how many."""
    from jaxerr_lsp.fixes import apply_edits, compute_fixes

    chosen = []
    applied = 0
    taken: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for finding in result.findings:
        for fix in compute_fixes(result.source, finding):
            if not fix.safe and not unsafe:
                continue
            ranges = [((e.span.start_line, e.span.start_column), (e.span.end_line, e.span.end_column))
                      for e in fix.edits]
            if any(not (b_end <= a_start or a_end <= b_start)
                   for a_start, a_end in ranges for b_start, b_end in taken):
                continue
            taken.extend(ranges)
            chosen.extend(fix.edits)
            applied += 1
            break
    if not chosen:
        return 0
    fixed = apply_edits(result.source, chosen)
    path = Path(result.path)
    original = path.read_bytes()
    encoding, _ = tokenize.detect_encoding(io.BytesIO(original).readline)
    path.write_bytes(fixed.encode(encoding))  # utf-8-sig writes the byte order mark back
    return applied


def cmd_check(args: argparse.Namespace) -> int:
    overrides: dict[str, Any] = {}
    if args.select is not None:
        overrides["select"] = args.select
    if args.ignore is not None:
        overrides["ignore"] = args.ignore
    if args.severity is not None:
        overrides["severity"] = args.severity
    try:
        Config().merged(overrides, "command line")
    except ConfigError as error:
        print(f"jaxerr: {error}", file=sys.stderr)
        return 2
    files, errors = collect_files(args.paths or ["."])
    results = run_check(files, overrides, max(1, args.jobs))
    if args.fix:
        for result in results:
            if result.findings:
                count = apply_fixes(result, args.unsafe_fixes)
                if count:
                    print(f"{result.path}: applied {count} fix(es)", file=sys.stderr)
        results = run_check([Path(r.path) for r in results], overrides, max(1, args.jobs))
    errors.extend(r.error for r in results if r.error)
    total = sum(len(r.findings) for r in results)
    if args.format == "json":
        out = [finding_json(r.path, r.source, f) for r in results for f in r.findings]
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for result in results:
            for finding in result.findings:
                print(finding_text(result.path, finding))
        if total:
            print(f"Found {total} error{'s' if total != 1 else ''}.")
        elif not errors:
            print("All checks passed!")
    if args.show_notes:
        for result in results:
            for note in result.notes:
                print(f"{result.path}: note: {note}", file=sys.stderr)
    for error in errors:
        print(f"jaxerr: error: {error}", file=sys.stderr)
    if errors:
        return 2
    return 1 if total else 0


# ------------------------------------------------------------------------------------ explain / rules
def cmd_explain(args: argparse.Namespace) -> int:
    from jaxerr_lsp.catalog import CatalogError, load_catalog, render_markdown, render_text

    render = render_markdown if args.format == "markdown" else render_text
    try:
        catalog = load_catalog()
    except CatalogError as error:
        print(f"jaxerr: catalog error: {error}", file=sys.stderr)
        return 2
    if args.id == "-":
        text = sys.stdin.read()
        if not text.strip():
            print("jaxerr: nothing on standard input; paste a JAX error message or traceback", file=sys.stderr)
            return 2
        matches = catalog.match(text)
        if not matches:
            print("jaxerr: no catalog entry matches this error. `jaxerr rules` lists the known ones.",
                  file=sys.stderr)
            return 1
        print(render(matches[0]))
        return 0
    try:
        wanted = args.id.strip()
        if wanted.upper().startswith("JXE"):
            entry = catalog.by_rule(wanted.upper())
        else:
            entry = catalog.get(wanted)
    except (CatalogError, KeyError, ValueError) as error:
        message = error.args[0] if error.args else str(error)
        print(f"jaxerr: {message}", file=sys.stderr)
        return 2
    print(render(entry))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from jaxerr_lsp.engine import rules

    try:
        from jaxerr_lsp.catalog import load_catalog

        catalog = load_catalog()
    except Exception as error:  # the list of rules is still useful without the catalog
        print(f"jaxerr: catalog unavailable: {error}", file=sys.stderr)
        catalog = None
    rows = []
    for rule in rules():
        title = rule.summary
        if catalog is not None and rule.catalog_id in catalog.entries:
            title = catalog.entries[rule.catalog_id].summary
        rows.append({"code": rule.code, "catalog": rule.catalog_id, "summary": title})
    if args.format == "json":
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            print(f"{row['code']}  {row['catalog']:<32} {row['summary']}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from jaxerr_lsp.server import main as server_main

    return server_main()


# ------------------------------------------------------------------------------------ parser
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jaxerr", description="Find JAX calls that will raise, before running the code.")
    parser.add_argument("--version", action="version", version=f"jaxerr {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    check = commands.add_parser("check", help="check files and folders (recursive *.py)")
    check.add_argument("paths", nargs="*", help="files or folders (default: .)")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.add_argument("--select", help="comma-separated rule codes or catalog ids to check")
    check.add_argument("--ignore", help="comma-separated rule codes or catalog ids to skip")
    check.add_argument("--severity", help="error|warning|information|hint for every finding")
    check.add_argument("--fix", action="store_true", help="apply safe fixes in place")
    check.add_argument("--unsafe-fixes", action="store_true", help="with --fix, apply unsafe fixes too")
    check.add_argument("-j", "--jobs", type=int, default=1, help="check files in N processes")
    check.add_argument("--show-notes", action="store_true",
                       help="print what could not be checked (syntax errors, oversized files)")
    check.set_defaults(handler=cmd_check)

    explain = commands.add_parser("explain", help="print a catalog entry (ID, rule code, or - for stdin)")
    explain.add_argument("id", help="catalog id, rule code, or - to read a JAX error from stdin")
    explain.add_argument("--format", choices=("text", "markdown"), default="text")
    explain.set_defaults(handler=cmd_explain)

    rules = commands.add_parser("rules", help="list the rules and their catalog entries")
    rules.add_argument("--format", choices=("text", "json"), default="text")
    rules.set_defaults(handler=cmd_rules)

    serve = commands.add_parser("serve", help="run the language server on stdio")
    serve.set_defaults(handler=cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
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
