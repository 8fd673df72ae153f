"""The CI output formats of `jaxerr check`: SARIF 2.1.0, GitHub workflow commands, and the
`--statistics` table (text or JSON, as ruff prints them).

Each takes the checked files' findings as `ReportedFile`s (a path as the command line printed
it, and its findings with their fixes) and returns text; the command line only prints it.
Positions: findings count lines from 1 and columns from 0 in characters (code points); SARIF
and GitHub count both from 1, and the SARIF run says `columnKind: unicodeCodePoints`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from jaxerr_lsp import __version__
from jaxerr_lsp.core.config import Config
from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.notebooks.cells import JoinedCells

if TYPE_CHECKING:
    from jaxerr_lsp.app.fix_loop import FindingFixes
    from jaxerr_lsp.errors.catalog import Catalog
    from jaxerr_lsp.fixes import Fix

__all__ = ["ReportedFile", "sarif_log", "github_commands", "statistics_rows", "statistics_text",
           "statistics_json", "SARIF_LEVELS", "GITHUB_COMMANDS"]

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SRCROOT = "%SRCROOT%"
# Our severities as SARIF levels and as GitHub workflow commands.
SARIF_LEVELS = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}
GITHUB_COMMANDS = {"error": "error", "warning": "warning", "information": "notice", "hint": "notice"}


@dataclass(frozen=True)
class ReportedFile:
    path: str  # as given on the command line (or found under a folder given there)
    findings: Sequence[FindingFixes]
    # A notebook's joined cells: its spans are in the joined program, not in the file. Its
    # findings name their cell in the message, and their location is the file alone (a line
    # of a notebook's JSON is not a line of its code); their fixes are not given.
    cells: JoinedCells | None = None


def cell_position(cells: JoinedCells, span: Span) -> str:
    """`cell 3:2:5` (as the text output: ruff's cell number, line in the cell, 1-based column)."""
    cell, line, column = cells.to_cell(span.start_line, span.start_column)
    return f"cell {cells.number(cell)}:{line}:{column + 1}"


@dataclass(frozen=True)
class RuleInfo:
    code: str
    catalog_id: str
    level: str  # the SARIF level of its findings under the configuration that selected it


# ------------------------------------------------------------------------------------ SARIF
def selected_rules(configs: Iterable[Config], findings: Iterable[Finding]) -> list[RuleInfo]:
    """Every rule that one of `configs` enables (and every rule that reported something), in
    code order, with its level under the first configuration that enables it."""
    from jaxerr_lsp.engine.registry import all_rules

    configs = list(configs)
    seen: dict[str, RuleInfo] = {}
    for rule in all_rules():
        for config in configs:
            if config.enabled(rule.code, rule.catalog_id):
                level = SARIF_LEVELS[config.severity_for(rule.code, rule.catalog_id, "error")]
                seen[rule.code] = RuleInfo(rule.code, rule.catalog_id, level)
                break
    for finding in findings:
        if finding.code not in seen:
            seen[finding.code] = RuleInfo(finding.code, finding.catalog_id,
                                          SARIF_LEVELS.get(finding.severity, "error"))
    return [seen[code] for code in sorted(seen)]


def _rule_descriptor(rule: RuleInfo, catalog: Catalog | None, docs_url: str | None = None) -> dict[str, Any]:
    from jaxerr_lsp.docs_site.links import entry_url
    from jaxerr_lsp.errors.catalog import render_markdown, render_text

    descriptor: dict[str, Any] = {"id": rule.code, "name": rule.catalog_id}
    help_uri = entry_url(docs_url, rule.catalog_id)
    if help_uri:
        descriptor["helpUri"] = help_uri
    entry = catalog.entries.get(rule.catalog_id) if catalog is not None else None
    if entry is not None:
        descriptor["shortDescription"] = {"text": entry.summary}
        descriptor["fullDescription"] = {"text": f"{entry.exception}: {entry.meaning}"}
        descriptor["help"] = {"text": render_text(entry, catalog=catalog),
                              "markdown": render_markdown(entry, catalog=catalog)}
    descriptor["defaultConfiguration"] = {"level": rule.level}
    return descriptor


def artifact_location(path: str, root: Path) -> dict[str, str]:
    """A file as SARIF names it: a URI relative to %SRCROOT% (the working directory) when it
    lies under it, else an absolute file URI."""
    absolute = Path(os.path.abspath(path))
    try:
        relative = absolute.relative_to(root)
    except ValueError:
        return {"uri": absolute.as_uri()}
    return {"uri": quote(relative.as_posix()), "uriBaseId": SRCROOT}


def sarif_region(span: Span) -> dict[str, int]:
    return {"startLine": span.start_line, "startColumn": span.start_column + 1,
            "endLine": span.end_line, "endColumn": span.end_column + 1}


def _physical(path: str, span: Span, root: Path, cells: JoinedCells | None = None) -> dict[str, Any]:
    if cells is not None:
        return {"physicalLocation": {"artifactLocation": artifact_location(path, root)}}
    return {"physicalLocation": {"artifactLocation": artifact_location(path, root),
                                 "region": sarif_region(span)}}


def _located_text(text: str, span: Span, cells: JoinedCells | None) -> str:
    return f"{cell_position(cells, span)}: {text}" if cells is not None else text


def sarif_fix(path: str, fix: Fix, root: Path) -> dict[str, Any]:
    """One fix as a SARIF `fix`: its edits as replacements of one artifact, its title as the
    description, its safety in the property bag."""
    replacements = [{"deletedRegion": sarif_region(edit.span), "insertedContent": {"text": edit.new_text}}
                    for edit in fix.edits]
    return {"description": {"text": fix.title},
            "artifactChanges": [{"artifactLocation": artifact_location(path, root),
                                 "replacements": replacements}],
            "properties": {"applicability": "safe" if fix.safe else "unsafe", "why": fix.why}}


def sarif_result(path: str, item: FindingFixes, rule_index: dict[str, int], root: Path,
                 cells: JoinedCells | None = None) -> dict[str, Any]:
    finding = item.finding
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": SARIF_LEVELS.get(finding.severity, "error"),
        "message": {"text": _located_text(finding.message, finding.span, cells)},
        "locations": [_physical(path, finding.span, root, cells)],
    }
    if finding.code in rule_index:
        result["ruleIndex"] = rule_index[finding.code]
    if finding.related:
        result["relatedLocations"] = [
            {"id": number, **(_physical(path, related.span, root, cells) if related.path is None
                              else _physical(related.path, related.span, root, None)),
             "message": {"text": _located_text(related.message, related.span, cells)}}
            for number, related in enumerate(finding.related, 1)]
    if item.fixes and cells is None:
        result["fixes"] = [sarif_fix(path, fix, root) for fix in item.fixes]
    return result


def sarif_log(files: Sequence[ReportedFile], configs: Iterable[Config], errors: Sequence[str],
              root: Path | None = None) -> dict[str, Any]:
    """One SARIF 2.1.0 log with one run: the tool and every selected rule (help from the
    catalog), each finding as a result with its fixes, and `errors` (unreadable files, files
    that do not parse) as tool execution notifications."""
    root = Path(os.path.abspath(root or Path.cwd()))
    findings = [item.finding for file in files for item in file.findings]
    configs = list(configs)
    rules = selected_rules(configs, findings)
    docs_url = _docs_url(configs)
    catalog = _catalog_or_none()
    rule_index = {rule.code: index for index, rule in enumerate(rules)}
    results = [sarif_result(file.path, item, rule_index, root, file.cells)
               for file in files for item in file.findings]
    invocation: dict[str, Any] = {"executionSuccessful": not errors}
    if errors:
        invocation["toolExecutionNotifications"] = [{"level": "error", "message": {"text": message}}
                                                    for message in errors]
    run = {
        "tool": {"driver": {"name": "jaxerr", "version": __version__, "semanticVersion": __version__,
                            "rules": [_rule_descriptor(rule, catalog, docs_url) for rule in rules]}},
        "originalUriBaseIds": {SRCROOT: {"uri": root.as_uri() + "/"}},
        "columnKind": "unicodeCodePoints",
        "invocations": [invocation],
        "results": results,
    }
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _docs_url(configs: Sequence[Config]) -> str | None:
    """The catalog website's base URL the rules' `helpUri` use: the first configuration's
    `docs-url`, else the site shipped in the wheel (None: no link)."""
    from jaxerr_lsp.docs_site.links import resolve_docs_url

    return resolve_docs_url(next((c.docs_url for c in configs if c.docs_url), None))


def _catalog_or_none() -> Catalog | None:
    from jaxerr_lsp.errors.catalog import CatalogError, load_catalog

    try:
        return load_catalog()
    except CatalogError:
        return None


def sarif_text(files: Sequence[ReportedFile], configs: Iterable[Config], errors: Sequence[str]) -> str:
    return json.dumps(sarif_log(files, configs, errors), indent=2, ensure_ascii=False)


# ------------------------------------------------------------------------------------ GitHub
def escape_data(text: str) -> str:
    """A workflow command's message, escaped as the GitHub runner unescapes it."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: the message's escapes, and `:` and `,` too."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_command(path: str, finding: Finding, cells: JoinedCells | None = None) -> str:
    """`::error file=..,line=..,col=..,endLine=..,endColumn=..,title=JXE001::message` (warning
    for warnings, notice for information and hints); 1-based columns, as the text output. A
    notebook's finding annotates the file, its cell named in the message."""
    span = finding.span
    command = GITHUB_COMMANDS.get(finding.severity, "error")
    properties: dict[str, object] = {"file": path, "line": span.start_line, "col": span.start_column + 1,
                                     "endLine": span.end_line, "endColumn": span.end_column + 1,
                                     "title": finding.code}
    position = f"{span.start_line}:{span.start_column + 1}"
    if cells is not None:
        properties = {"file": path, "title": finding.code}
        position = cell_position(cells, span)
    joined = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties.items())
    message = f"{path}:{position}: {finding.code} {finding.message}"
    return f"::{command} {joined}::{escape_data(message)}"


def github_commands(files: Sequence[ReportedFile]) -> list[str]:
    return [github_command(file.path, item.finding, file.cells) for file in files for item in file.findings]


# ------------------------------------------------------------------------------------ statistics
@dataclass(frozen=True)
class StatisticsRow:
    code: str
    name: str  # the catalog id
    count: int
    fixable_count: int  # findings `--fix` would fix (with --unsafe-fixes: unsafe ones too)


def statistics_rows(files: Sequence[ReportedFile], unsafe_fixes: bool) -> list[StatisticsRow]:
    """Findings counted per rule, most frequent first, then by code (ruff's order)."""
    counts: dict[tuple[str, str], list[int]] = {}
    for file in files:
        for item in file.findings:
            row = counts.setdefault((item.finding.code, item.finding.catalog_id), [0, 0])
            row[0] += 1
            row[1] += item.first(unsafe_fixes) is not None
    rows = [StatisticsRow(code, name, count, fixable) for (code, name), (count, fixable) in counts.items()]
    return sorted(rows, key=lambda row: (-row.count, row.code))


def statistics_text(rows: Sequence[StatisticsRow]) -> list[str]:
    """As `ruff check --statistics`: `count<TAB>code<TAB>[*] name`, `[ ]` when not fixable."""
    if not rows:
        return []
    count_width = max(len(str(row.count)) for row in rows)
    code_width = max(len(row.code) for row in rows)
    return [f"{row.count:>{count_width}}\t{row.code:<{code_width}}\t{'[*]' if row.fixable_count else '[ ]'} "
            f"{row.name}" for row in rows]


def statistics_json(rows: Sequence[StatisticsRow]) -> str:
    """As `ruff check --statistics --output-format json`."""
    return json.dumps([{"code": row.code, "name": row.name, "count": row.count,
                        "fixable": row.fixable_count > 0, "fixable_count": row.fixable_count}
                       for row in rows], indent=2)
