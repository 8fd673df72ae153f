"""The engine's entry point: source text in, an Analysis out. Never imports or runs the code.

One parse, one module model, one value inference per document; each enabled rule whose
trigger words occur in the text looks up what it needs and reports through the context.
"""

from __future__ import annotations

import gc
import traceback

from jaxerr_lsp.core.config import Config
from jaxerr_lsp.core.findings import Analysis, Finding
from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.engine.registry import all_rules
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.core.source import parse_source, syntax_error_of
from jaxerr_lsp.core.suppression import covers


def suppressed(finding: Finding, lines: list[str]) -> bool:
    """Whether a `# jaxerr: ignore` comment on the finding's first or last line covers it."""
    return any(1 <= number <= len(lines) and covers(lines[number - 1], finding.code, finding.catalog_id)
               for number in {finding.span.start_line, finding.span.end_line})


def analyze(source: str, config: Config | None = None, path: str = "<string>", *,
            syntax: bool = False) -> Analysis:
    """Check one document. Never raises on any input; problems go to `Analysis.notes`.
    With `syntax`, a file no rule needs parsed is still parsed once, to report whether
    Python can read it (`Analysis.syntax_error`)."""
    # The model makes no garbage worth collecting while it is built, but a cyclic collection
    # would traverse the whole live tree, again and again: leave collecting to after it.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _analyze(source, config, path, syntax)
    finally:
        if was_enabled:
            gc.enable()


def _analyze(source: str, config: Config | None, path: str, syntax: bool) -> Analysis:
    config = config or Config()
    active = [rule for rule in all_rules() if config.enabled(rule.code, rule.catalog_id)]
    # A rule has nothing to find in a file that never names what it looks for (each word
    # looked for once: many rules share "jax", "jit", "vjp"...).
    present = {t for t in {t for rule in active for t in rule.triggers} if t in source}
    active = [rule for rule in active if not present.isdisjoint(rule.triggers)]
    if not active:
        if syntax:
            error = syntax_error_of(source)
            return Analysis(parsed_fully=error is None, syntax_error=error)
        return Analysis()
    try:
        parsed = parse_source(source)
    except Exception as error:  # defensive: parse_source is written not to raise
        return Analysis(notes=[f"internal error while parsing: {error!r}"], parsed_fully=False)
    analysis = Analysis(notes=list(parsed.notes), parsed_fully=parsed.parsed_fully,
                        syntax_error=parsed.syntax_error)
    if parsed.tree is None:
        return analysis
    try:
        context = Context(parsed, ModuleModel(parsed.tree), path)
    except RecursionError:
        analysis.notes.append("file not checked: it is nested too deeply")
        return analysis
    for rule in active:
        context.rule = rule
        reported = len(context.findings)
        try:
            rule.check(context)
        except RecursionError:
            del context.findings[reported:]
            analysis.notes.append(f"{rule.code} skipped: the file is nested too deeply")
        except Exception:
            del context.findings[reported:]
            analysis.notes.append(f"internal error in rule {rule.code} ({rule.catalog_id}); "
                                  f"other rules still ran:\n{traceback.format_exc()}")
    for finding in context.findings:
        if suppressed(finding, parsed.lines):
            continue
        severity = config.severity_for(finding.code, finding.catalog_id, finding.severity)
        if severity != finding.severity:
            finding = Finding(finding.code, finding.catalog_id, finding.span, finding.message,
                              finding.related, severity, finding.data, finding.predicted)
        analysis.findings.append(finding)
    analysis.inferred = context.inferred
    analysis.findings.sort(key=lambda f: (f.span, f.code))
    context.release()
    return analysis


__all__ = ["analyze", "suppressed"]
