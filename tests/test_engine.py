"""The engine around the rules: partial code, suppression, configuration, a rule that raises,
files the engine does not need to parse."""

from __future__ import annotations

from pathlib import Path

from jaxerr_lsp.engine import run as engine
from jaxerr_lsp.core.config import Config
from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.engine.registry import all_rules
from jaxerr_lsp.engine.rule import Rule
from tests.case_files import case

CASE = case("vjp-with-refs-tree-mismatch", "dict_vs_tuple")
TRIGGER = CASE.source
((CODE, LINE),) = CASE.expected
CALL = "f_vjp.with_refs((ref(), ref()), ref())(1.0)"
assert CALL in TRIGGER


def codes(source: str, config: Config | None = None) -> list[tuple[str, int]]:
    return [(f.code, f.span.start_line) for f in analyze(source, config).findings]


def test_partial_code_below_keeps_the_finding() -> None:
    for tail in ("def broken(:\n", "x = (1,\n", "    oops indented\n", "if True\n    pass\n",
                 "y = [1, 2\nz = 3\n", "class C:\n    def m(self\n"):
        analysis = analyze(TRIGGER + tail)
        assert [(f.code, f.span.start_line) for f in analysis.findings] == [(CODE, LINE)], tail
        assert not analysis.parsed_fully and analysis.notes


def test_partial_code_above_keeps_the_finding() -> None:
    source = "def half(:\n" + TRIGGER
    assert codes(source) == [(CODE, LINE + 1)]


def test_broken_line_inside_a_function_keeps_the_function() -> None:
    head, tail = TRIGGER.split("params = {", 1)
    body = "\n".join("    " + line if line else "" for line in ("params = {" + tail).splitlines())
    # An unclosed bracket: the analysis says the file did not parse fully, and the lines
    # after the broken one are still read (the finding inside the function is kept).
    broken = head + "def main():\n    half = (\n" + body + "\n"
    swallowed = analyze(broken)
    assert not swallowed.parsed_fully and swallowed.syntax_error is not None
    call_line = 1 + broken.split("\n").index(next(line for line in broken.split("\n") if CALL in line))
    assert [(f.code, f.span.start_line) for f in swallowed.findings] == [(CODE, call_line)]
    source = TRIGGER.replace("out, f_vjp", "    oops = )\nout, f_vjp", 1)
    assert codes(source) == [(CODE, LINE + 1)]


def test_trailing_suppression_on_last_line_of_multiline_finding() -> None:
    multiline = "f_vjp.with_refs(\n    (ref(), ref()),\n    ref())(1.0)"
    assert codes(TRIGGER.replace(CALL, multiline)) == [(CODE, LINE + 1)]
    assert codes(TRIGGER.replace(CALL, multiline + "  # jaxerr: ignore[JXE001]")) == []


def test_config_select_ignore_severity() -> None:
    assert codes(TRIGGER, Config(select=("JXE002",))) == []
    assert codes(TRIGGER, Config(ignore=("vjp-with-refs-tree-mismatch",))) == []
    (finding,) = analyze(TRIGGER, Config(severity={"JXE001": "hint"})).findings
    assert finding.severity == "hint"


def test_a_rule_that_raises_is_noted_and_skipped(monkeypatch) -> None:
    def explode(ctx):
        raise RuntimeError("boom")

    rules = (Rule("JXE999", "broken", ("with_refs",), explode), *engine.all_rules())
    monkeypatch.setattr(engine, "all_rules", lambda: rules)
    analysis = analyze(TRIGGER)
    assert [f.code for f in analysis.findings] == ["JXE001"]
    assert any("JXE999" in note and "boom" in note for note in analysis.notes)


def test_files_without_trigger_words_are_not_parsed() -> None:
    # Not even a syntax error is reported: no rule can find anything there.
    analysis = analyze("def broken(:\n")
    assert analysis.findings == [] and analysis.notes == [] and analysis.parsed_fully


def test_nothing_that_parses_is_nothing_found() -> None:
    analysis = analyze("with_refs (((((\n" * 3)
    assert analysis.findings == [] and not analysis.parsed_fully


def test_the_tree_is_freed_without_a_cyclic_collection() -> None:
    """Once the rules are done, the analysis breaks the cycles of what it built (the flow
    binder's scopes and owners, the inference's bound methods, the model's scopes), so the
    tree is freed by reference counting: a cyclic collection after every file would traverse
    all of it again."""
    import ast
    import gc

    source = TRIGGER + "\nimport jax\njax.jit(lambda x: x if x else -x)(1.0)\n"
    assert codes(source)  # the flow binder, the inference and the tracing all ran
    # Real files too, every rule on: the first file of each catalog entry's cases and every
    # example (the class members, the tracers of traced functions, ...).
    cases = Path(__file__).parent / "cases"
    files = [sorted(folder.glob("*.py"))[0] for folder in sorted(cases.iterdir())
             if folder.is_dir() and any(folder.glob("*.py"))]
    files += sorted((Path(__file__).parent.parent / "examples").rglob("*.py"))
    assert len(files) > 60
    every_word = " ".join(sorted({word for rule in all_rules() for word in rule.triggers}))
    sources = [source] + [p.read_text(encoding="utf-8") + f"\n# {every_word}\n" for p in files]
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    left: list[str] = []
    try:
        for text in sources:
            analyze(text)
            analyze(text, exported=frozenset({"f"}))  # and with a summary of its f worked out
            gc.collect(0)  # what analyze made is young: the GC is off
            left += sorted({type(o).__name__ for o in gc.garbage if isinstance(o, ast.AST)
                            or type(o).__module__.startswith("jaxerr_lsp")})
            gc.garbage.clear()
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()
    assert left == []


def test_once_computes_per_document_and_per_function() -> None:
    from jaxerr_lsp.analysis.model import ModuleModel
    from jaxerr_lsp.core.source import parse_source
    from jaxerr_lsp.engine.rule import Context

    calls: list[str] = []

    def names(ctx: Context) -> list[str]:
        calls.append("names")
        return sorted(ctx.model.uses)

    def count(ctx: Context) -> int:
        calls.append("count")
        return len(ctx.model.functions)

    def context(text: str) -> Context:
        parsed = parse_source(text)
        assert parsed.tree is not None
        return Context(parsed, ModuleModel(parsed.tree))

    first, second = context("def f(a):\n    return b\n"), context("print(c)\n")
    assert first.once(names) == ["b"] and first.once(names) == ["b"] and first.once(count) == 1
    assert second.once(names) == ["c", "print"] and second.once(count) == 0
    assert calls == ["names", "count", "names", "count"]
