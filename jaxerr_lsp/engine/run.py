"""The engine's entry point: source text in, an Analysis out. Never imports or runs the code.

One parse, one module model, one value inference per document; each enabled rule whose
trigger words occur in the text looks up what it needs and reports through the context.
"""

from __future__ import annotations

import ast
import functools
import gc
import traceback
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.external import (Origin, Outgoing, Outside, OutsideApplication,
                                          OutsideCall, OutsideRegistration, TracerFact)
from jaxerr_lsp.analysis.classes import PlainClasses
from jaxerr_lsp.analysis.summaries import Imported, ModuleSummary, summarize
from jaxerr_lsp.analysis.values import Inference
from jaxerr_lsp.core.config import Config
from jaxerr_lsp.core.findings import Analysis, Finding, Related
from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.engine.registry import all_rules
from jaxerr_lsp.engine.rule import Context, Rule, shorten
from jaxerr_lsp.core.source import ParsedSource, parse_source, syntax_error_of
from jaxerr_lsp.core.suppression import covers

if TYPE_CHECKING:
    from jaxerr_lsp.analysis.tracing import Tracer


def suppressed(finding: Finding, lines: list[str]) -> bool:
    """Whether a `# jaxerr: ignore` comment on the finding's first or last line covers it."""
    return any(1 <= number <= len(lines) and covers(lines[number - 1], finding.code, finding.catalog_id)
               for number in {finding.span.start_line, finding.span.end_line})


def analyze(source: str, config: Config | None = None, path: str = "<string>", *,
            syntax: bool = False, package: str | None = None,
            outside: tuple[Outside, ...] = (), outgoing: bool = False,
            imported: Imported = (), exported: frozenset[str] | None = None) -> Analysis:
    """Check one document. Never raises on any input; problems go to `Analysis.notes`.
    With `syntax`, a file no rule needs parsed is still parsed once, to report whether
    Python can read it (`Analysis.syntax_error`). A module of a project: `package`, the
    dotted name of its package (relative imports resolve), `outside`, what the other
    modules trace of its functions (`jaxerr_lsp.project`), and `imported`, what the
    functions it imports from them return (`jaxerr_lsp.analysis.summaries`); with
    `outgoing`, also what its traced code does with the functions it imports
    (`Analysis.outgoing`: the other side), with `exported` what those of its functions
    return (`Analysis.exported`, as `exported` gives it)."""
    # The model makes no garbage worth collecting while it is built, but a cyclic collection
    # would traverse the whole live tree, again and again: leave collecting to after it.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        analysis = _analyze(source, config, path, syntax, package, outside, outgoing, imported,
                            exported)
        if exported is not None and analysis.exported is None:  # (no rule parsed it)
            analysis.exported = _exported(source, package, imported, exported)
        return analysis
    finally:
        if was_enabled:
            gc.enable()


def _analyze(source: str, config: Config | None, path: str, syntax: bool,
             package: str | None, outside: tuple[Outside, ...], outgoing: bool,
             imported: Imported, exported: frozenset[str] | None) -> Analysis:
    config = config or Config()
    active = [rule for rule in all_rules() if config.enabled(rule.code, rule.catalog_id)]
    # A rule has nothing to find in a file that never names what it looks for (each word
    # looked for once: many rules share "jax", "jit", "vjp"...); a function another module
    # traces is traced by what that module names.
    named = _named(source, outside, imported)
    active = rules_named(active, named)
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
    return check_parsed(parsed, analysis, active, config, path, package, outside,
                        outgoing and _may_trace_imports(source, named), imported=imported,
                        exported=exported).analysis


@dataclass
class Checked:
    """What `check_parsed` found, and what it read beyond the tree it was given: the words
    looked for in the whole text (`Context.mentions`)."""

    analysis: Analysis
    mentioned: dict[tuple[str, bool], bool] = field(default_factory=dict)


def check_parsed(parsed: ParsedSource, analysis: Analysis, active: list[Rule], config: Config,
                 path: str, package: str | None, outside: tuple[Outside, ...],
                 outgoing: bool, answers: dict[tuple[str, bool], bool] | None = None, *,
                 imported: Imported = (), exported: frozenset[str] | None = None) -> Checked:
    """Run the `active` rules on `parsed.tree` (the module, or a slice of it with the whole
    text: `jaxerr_lsp.engine.incremental`), into `analysis`. `answers`: what is known of the
    text's words (`Context.mentions`), shared by the analyses of one text's slices."""
    assert parsed.tree is not None
    try:
        context = Context(parsed, ModuleModel(parsed.tree, package), path, outside=outside,
                          answers={} if answers is None else answers, imported=imported,
                          x64_elsewhere=config.x64_elsewhere)
    except RecursionError:
        analysis.notes.append("file not checked: it is nested too deeply")
        return Checked(analysis)
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
    if outside:
        analysis.findings = traced_from_elsewhere(context, analysis.findings)
    if outgoing:
        try:
            analysis.outgoing = sorted(_outgoing(context, path), key=outgoing_order)
        except (RecursionError, ValueError):
            analysis.notes.append("what this module traces of other modules' functions was not "
                                  "worked out: the file is nested too deeply")
    if exported is not None:  # (after the rules: the model's queries they made are known)
        analysis.exported = _summary(context, exported)
    analysis.inferred = sorted(context.inferred, key=lambda s: s.span)
    analysis.findings.sort(key=lambda f: (f.span, f.code))
    mentioned = dict(context.mentioned)
    context.release()
    return Checked(analysis, mentioned)


def rules_named(rules: list[Rule], text: str) -> list[Rule]:
    """The rules one of whose trigger words `text` contains. Each word is looked for once, and
    only while a rule still needs it; a word that holds a shorter trigger word the text lacks
    (`defvjp_with_logs`, `defvjp`) is not looked for: on a file that names none of a rule's
    words, every one of them is a scan of the whole text."""
    found: dict[str, bool] = {}
    parts = _shorter_triggers(frozenset(t for rule in rules for t in rule.triggers))
    return [rule for rule in rules if any(_named_word(word, text, parts, found)
                                          for word in rule.triggers)]


def _named_word(word: str, text: str, parts: dict[str, tuple[str, ...]],
                found: dict[str, bool]) -> bool:
    """Whether `text` holds `word` (and each shorter trigger word in it), kept in `found`.
    A function, not a closure: a closure calling itself is a cycle that only a cyclic
    collection frees."""
    known = found.get(word)
    if known is None:
        known = found[word] = all(_named_word(part, text, parts, found) for part in parts[word]) \
            and word in text
    return known


@functools.lru_cache(maxsize=4)
def _shorter_triggers(words: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """Each word -> the other words it holds."""
    return {word: tuple(sorted(w for w in words if w != word and w in word)) for word in words}


# Words without which a module traces nothing another module could receive.
TRACING_WORDS = ("jit", "vmap", "pmap", "grad", "jac", "hessian", "lax", "checkpoint", "remat",
                 "eval_shape", "make_jaxpr")


def outgoing(source: str, path: str, package: str | None,
             outside: tuple[Outside, ...] = ()) -> list[Outgoing]:
    """What this module's traced code does with functions it imports from other modules
    (`jaxerr_lsp.analysis.external`): the functions it gives a transformation, and those
    its traced code calls with tracers (`outside`: what other modules trace of its own
    functions, whose calls count too). Never raises; [] when nothing is certain."""
    if not _may_trace_imports(source, _named(source, outside)):
        return []
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        parsed = parse_source(source)
        if parsed.tree is None:
            return []
        context = Context(parsed, ModuleModel(parsed.tree, package), path, outside=outside)
        try:
            return _outgoing(context, path)
        finally:
            context.release()
    except (RecursionError, ValueError, SyntaxError):
        return []
    finally:
        if was_enabled:
            gc.enable()


def exported(source: str, package: str | None, imported: Imported = (),
             names: frozenset[str] | None = None) -> ModuleSummary:
    """What the module's functions (with `names`, those) return, for the modules that import
    them (`jaxerr_lsp.analysis.summaries`; `imported`: what the functions it imports from
    other modules return). The same as `analyze(..., exported=names).exported`. Never raises."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _exported(source, package, imported, names)
    finally:
        if was_enabled:
            gc.enable()


def _exported(source: str, package: str | None, imported: Imported,
              names: frozenset[str] | None) -> ModuleSummary:
    if not (_may_export(source, imported) or "class" in source) or names is not None and not names:
        return ModuleSummary()
    try:
        parsed = parse_source(source)
        if parsed.tree is None:
            return ModuleSummary()
        context = Context(parsed, ModuleModel(parsed.tree, package), imported=imported)
    except (RecursionError, ValueError, SyntaxError):
        return ModuleSummary()
    try:
        return _summary(context, names)
    finally:
        context.release()


def _may_export(source: str, imported: Imported) -> bool:
    """Whether a module's functions may return what a summary keeps: it names JAX or NumPy,
    or reads the summaries of other modules (a module that does none of these is not parsed
    for its summary: a Python number alone is not worth it)."""
    return "return" in source and ("jax" in source or "numpy" in source or bool(imported))


def _summary(context: Context, names: frozenset[str] | None) -> ModuleSummary:
    """The module's summary, by an evaluator of its own: the rules' may be seeded with what
    JAX hands the functions it calls (a summary knows only what any call returns)."""
    text = context.parsed.text
    classes = PlainClasses(context.model, context.segment, dict(context.imported)) \
        if "class" in text else None  # (its summary: a base of another module's may be plain)
    if not _may_export(text, context.imported):  # (its plain classes only)
        return summarize(context.model, None, names, classes) if classes is not None else ModuleSummary()
    values = Inference(context.model, x64=context.x64_possible(),
                       imported=dict(context.imported))
    try:
        return summarize(context.model, values, names, classes)
    except (RecursionError, ValueError):
        return ModuleSummary()
    finally:
        vars(values).clear()  # its bound methods refer back to it: freed now, not by the GC


def outgoing_order(item: Outgoing) -> tuple[object, ...]:
    """The order of a module's outgoing facts: by where they come from."""
    origin = item.fact.origin
    return (origin.span, item.qualname, type(item.fact).__name__, repr(item.fact))


def _outgoing(context: Context, path: str) -> list[Outgoing]:
    tracing = context.tracing
    found: list[Outgoing] = []

    def origin(node: ast.AST) -> Origin:
        return Origin(path, context.span(node), shorten(context.segment(node), 80))

    for qualname, transform, keywords in tracing.outside_applications:
        # Only options that are literals: what another one makes static is unknown there.
        options = tuple((k.arg, text) for k in keywords
                        if k.arg is not None and (text := _literal_text(k.value)) is not None)
        if len(options) != len(keywords):
            continue
        found.append(Outgoing(qualname, OutsideApplication(
            qualname.rsplit(".", 1)[-1], transform.qualname, transform.label, options,
            origin(transform.site))))
    for call, _ in tracing.calls:
        callee = context.model.qualname(call.func)
        if callee is None or callee.startswith(("jax.", "builtins.")) \
                or any(isinstance(a, ast.Starred) for a in call.args) \
                or any(k.arg is None for k in call.keywords):
            continue
        positional = tuple(_fact(tracing.tracer(a)) for a in call.args)
        keywords_facts = tuple((k.arg, _fact(tracing.tracer(k.value))) for k in call.keywords
                               if k.arg is not None)
        if all(f is None for f in positional) and all(f is None for _, f in keywords_facts):
            continue
        found.append(Outgoing(callee, OutsideCall(
            callee.rsplit(".", 1)[-1], positional, keywords_facts, origin(call))))
    for method in REGISTRATION_METHODS:  # `ops.f.defvjp(fwd, bwd)`: rules for another module's f
        for call in context.model.method_calls(method):
            assert isinstance(call.func, ast.Attribute)
            registered = context.model.qualname(call.func.value)
            if registered is not None and not registered.startswith(("jax.", "builtins.")):
                found.append(Outgoing(registered, OutsideRegistration(
                    registered.rsplit(".", 1)[-1], method, origin(call))))
    return found


# The methods that register a custom_vjp function's rules (`jax.custom_vjp`'s).
REGISTRATION_METHODS = ("defvjp", "defvjp_with_logs", "defvjp_with_accums", "defremat",
                        "defremat_with_logs")


def _named(source: str, outside: tuple[Outside, ...], imported: Imported = ()) -> str:
    """The text the trigger words are looked for in: the source, the transformations other
    modules apply to its functions (a function traced there is traced by them), what
    makes the arrays the functions it imports return (`jax.numpy.zeros`: a call of one is a
    call of that), and `jax.custom_vjp` when it imports one without rules."""
    words = outside_words(outside)
    words.update(f.returns.jax_array or "jax.numpy" for _, f in imported if f.returns is not None
                 and (f.returns.jax_array is not None or f.returns.type == "ArrayImpl"))
    if any(f.custom_vjp_without_rules is not None for _, f in imported):
        words.add("jax.custom_vjp")  # (a call of one is a call of a custom_vjp function)
    return source + "".join(f"\n{word}" for word in sorted(words))


def _may_trace_imports(source: str, named: str) -> bool:
    """Whether the module may trace a function it imports (else it has no outgoing facts)."""
    return "import" in source and (any(word in named for word in TRACING_WORDS)
                                   or "defvjp" in source or "defremat" in source)


def _literal_text(expr: ast.expr) -> str | None:
    """The source of a literal (`(1,)`, `"n"`), None for anything else."""
    try:
        ast.literal_eval(expr)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return ast.unparse(expr)


def _fact(tracer: Tracer | None) -> TracerFact | None:
    if tracer is None:
        return None
    return TracerFact(tracer.array, tracer.abstract, tracer.transform.qualname,
                      tracer.transform.label)


def outside_words(outside: tuple[Outside, ...]) -> set[str]:
    """The transformations other modules apply to this module's functions (`jax.jit`)."""
    words: set[str] = set()
    for fact in outside:
        if isinstance(fact, OutsideApplication):
            words.add(fact.transform)
        elif isinstance(fact, OutsideCall):
            words.update(t.transform for t in (*fact.positional, *(t for _, t in fact.keywords))
                         if t is not None)
    return words


def traced_from_elsewhere(context: Context, findings: list[Finding]) -> list[Finding]:
    """Each finding inside a function another module traces says where the trace comes from
    (the call in the other file)."""
    origins = [(context.span(traced.function), traced.origins)
               for traced in context.tracing.functions if traced.origins]
    if not origins:
        return findings
    kept = []
    for finding in findings:
        related = list(finding.related)
        for span, found in origins:
            if span.contains(finding.span.start_line, finding.span.start_column):
                # (a rule points at the transformation's site: here the def itself)
                related = [r for r in related if r.path is not None or r.span != span]
                related += [Related(o.span, f"traced from here: `{o.text}`", o.path) for o in found
                            if all(r.path != o.path or r.span != o.span for r in related)]
        kept.append(replace(finding, related=tuple(related)) if related != list(finding.related)
                    else finding)
    return kept


__all__ = ["analyze", "exported", "outgoing", "outside_words", "rules_named", "suppressed", "traced_from_elsewhere"]
