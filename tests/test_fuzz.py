"""Fuzzing `jaxerr_lsp.engine.run.analyze`.

- Generated programs (hypothesmith, from the grammar and from libcst nodes, with every rule's
  trigger words) and mutated real files (the example triggers, the bad rule cases and a few
  clean JAX snippets: truncated at random points, lines deleted or duplicated, characters
  inserted): `analyze` never raises, reports no internal error, is
  deterministic, and every position it gives lies inside the text.
- Partial programs keep the findings of their intact parts: a trigger program with garbage lines
  appended, with a later function cut at a random point, cut anywhere after its findings, or with
  a broken line inserted between two top-level statements still gets the same findings (shifted
  by the inserted line).

Bounded to a few seconds per test (small `max_examples`, derandomized for CI stability).
`bench/fuzz_long.py` runs the same properties for minutes.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import hypothesmith
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.engine.registry import all_rules
from tests.case_files import FORCE_TRAILER, TRIGGER_WORDS, all_cases
from tests.case_files import case as rule_case

ROOT = Path(__file__).resolve().parents[1]
TRIGGER_DIR = ROOT / "examples" / "triggers"

RULE_CODES = {rule.code for rule in all_rules()}
_BREAK = re.compile(r"\r\n|\r|\n")

# Clean idioms; the example triggers and the bad rule cases join them.
SNIPPETS = {
    "clean": '''import jax
import jax.numpy as jnp
from functools import partial


@partial(jax.jit, static_argnums=(1,))
def step(params, n, *, lr=0.1):
    grads = jax.grad(lambda p: sum(jnp.sum(v ** 2) for v in jax.tree.leaves(p)))(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


class Model:
    def __init__(self, key):
        self.params = {"w": jax.random.normal(key, (3,))}

    def __call__(self, x):
        match x:
            case {"w": w}:
                return w
            case _:
                return x @ self.params["w"]
''',
}


def _programs() -> dict[str, str]:
    """The clean snippets, the example triggers and every bad rule case (so every rule is
    fuzzed)."""
    programs = dict(SNIPPETS)
    if TRIGGER_DIR.is_dir():
        for path in sorted(TRIGGER_DIR.glob("*.py")):
            programs[path.name] = path.read_text(encoding="utf-8")
    for case in all_cases():
        if case.bad:
            programs[case.id + ".py"] = case.source
    return programs


PROGRAMS = _programs()
TRIGGERS = {name: text for name, text in PROGRAMS.items() if name.endswith(".py")}


def test_every_rule_is_fuzzed() -> None:
    """Generated code carries every rule's trigger words, and some program with findings
    has each rule's."""
    assert RULE_CODES and all(word in FORCE_TRAILER for word in TRIGGER_WORDS)
    found = {f.code for text in TRIGGERS.values() for f in analyze(text).findings}
    assert found == RULE_CODES

# Later code that may get cut anywhere: no string literal spans lines before its end.
LATER_FUNCTIONS = [
    '''

def train(params, batch, steps=3):
    for i in range(steps):
        loss, grads = jax.value_and_grad(lambda p: jnp.sum((batch @ p["w"]) ** 2))(params)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
        if loss < 1e-3:
            break
    return params, {"loss": loss}
''',
    '''

class Accumulator:
    """Keeps (running) sums."""

    def __init__(self, shapes):
        self.refs = [jax.new_ref(jnp.zeros(s)) for s in shapes]

    def add(self, values):
        for ref, value in zip(self.refs, values):
            ref[...] += value
        return [ref[...] for ref in self.refs]
''',
    '''

@jax.jit
def predict(params, x):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return jax.nn.softmax(h @ params["w2"], axis=-1)[..., [0, 1]]
''',
]

# Lines that are broken on their own and cannot swallow what follows them.
BROKEN_LINES = [
    "def broken(:", "$ not python", "?", ")", "]", "}", "x = = 1", "print 'py2'", "class :",
    "import", "from . import", "@", "x +", "f(,)", "1 = x", "else:", "elif x:", "except:",
    "    indented junk", "\t)", "async def g(", "x = [1, 2", "lambda", ":=",
    # Block headers with no body yet: what the file looks like while the user types.
    "def helper():", "if ready:", "for i in range(3):", "with open(p) as fh:", "try:",
    "class Pending:", "while True:",
]
# Appended at the very end, these may also open a string or a bracket.
TAIL_ONLY = ["'''", '"unterminated', "x = (1,", "f(", "def g(a,\n    b", "# just a comment"]

# Mutated code is full of odd escapes; the warnings are bug 6 (test_pathological), not news here.
pytestmark = pytest.mark.filterwarnings("ignore::SyntaxWarning")

CI = settings(max_examples=25, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))


# ------------------------------------------------------------------------------------ checks
def check_sane(text: str, analysis) -> None:
    """No internal error; every span inside the text; ordered; deterministic."""
    for note in analysis.notes:
        assert "internal error" not in note.lower(), note
        assert "skipped" not in note.lower(), note
    lines = _BREAK.split(text)
    for finding in analysis.findings:
        span = finding.span
        assert 1 <= span.start_line <= span.end_line <= len(lines), (span, len(lines))
        assert 0 <= span.start_column <= len(lines[span.start_line - 1]), span
        assert 0 <= span.end_column <= len(lines[span.end_line - 1]), span
        if span.start_line == span.end_line:
            assert span.start_column <= span.end_column, span
        assert finding.code in RULE_CODES
    assert analysis.findings == sorted(analysis.findings, key=lambda f: (f.span, f.code))


def run(text: str):
    analysis = analyze(text, None, "fuzz.py")  # must not raise
    check_sane(text, analysis)
    return analysis


def key(finding, shift_from: int | None = None, shift: int = 0):
    span = finding.span
    # Messages name where the differentiated function is defined (`f at file.py:5`): a line
    # inserted above it moves that too.
    message = re.sub(r"( at \S+):\d+", r"\1:#", finding.message.replace(f"line {span.start_line}", ""))
    if shift_from is not None and span.start_line >= shift_from:
        return (finding.code, span.start_line + shift, span.start_column, span.end_line + shift,
                span.end_column, message)
    return (finding.code, span.start_line, span.start_column, span.end_line, span.end_column,
            message)


def reference(name: str):
    analysis = run(TRIGGERS[name])
    assert analysis.findings, f"{name} should have a finding"
    return analysis


# ------------------------------------------------------------------------------------ generated
def grammar_generated_programs(source):
    run(source + FORCE_TRAILER)
    run(FORCE_TRAILER + source)


def node_generated_programs(source):
    run(source + FORCE_TRAILER)


# ------------------------------------------------------------------------------------ mutations
INSERTABLE = st.sampled_from(list("()[]{}:;,.=@\\'\"#\t\f\r\n\0 x1") + ["\ufeff", "é", "\U0001f389",
                             "\r\n", "    ", "def ", "lambda ", "**", "yield", "await "])


@st.composite
def mutated(draw):
    name = draw(st.sampled_from(sorted(PROGRAMS)))
    text = PROGRAMS[name]
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["truncate", "delete_lines", "insert", "duplicate_line",
                                     "swap_lines", "dedent"]))
        lines = text.split("\n")
        if kind == "truncate":
            text = text[: draw(st.integers(0, len(text)))]
        elif kind == "delete_lines" and lines:
            first = draw(st.integers(0, len(lines) - 1))
            count = draw(st.integers(1, 5))
            text = "\n".join(lines[:first] + lines[first + count:])
        elif kind == "insert":
            where = draw(st.integers(0, len(text)))
            text = text[:where] + draw(INSERTABLE) + text[where:]
        elif kind == "duplicate_line" and lines:
            i = draw(st.integers(0, len(lines) - 1))
            text = "\n".join(lines[: i + 1] + [lines[i]] + lines[i + 1:])
        elif kind == "swap_lines" and len(lines) > 1:
            i = draw(st.integers(0, len(lines) - 2))
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
            text = "\n".join(lines)
        elif kind == "dedent" and lines:
            i = draw(st.integers(0, len(lines) - 1))
            lines[i] = lines[i].lstrip()
            text = "\n".join(lines)
    return text


def mutated_real_files(text):
    first = run(text)
    second = run(text)
    assert [key(f) for f in first.findings] == [key(f) for f in second.findings]
    assert first.notes == second.notes


# ------------------------------------------------------------------------------------ partial code
GARBAGE = st.lists(st.one_of(st.sampled_from(BROKEN_LINES + TAIL_ONLY),
                             st.text(st.characters(codec="utf-8", exclude_characters="\r\n"),
                                     max_size=30).map(lambda s: "$" + s)),
                   min_size=1, max_size=4)


def garbage_appended_keeps_findings(name, garbage):
    original = reference(name)
    text = TRIGGERS[name].rstrip("\n") + "\n" + "\n".join(garbage) + "\n"
    partial = run(text)
    assert set(map(key, original.findings)) <= set(map(key, partial.findings)), partial.notes


def later_function_cut_anywhere_keeps_findings(name, which, data):
    original = reference(name)
    later = LATER_FUNCTIONS[which]
    cut = data.draw(st.integers(0, len(later)), label="cut")
    text = TRIGGERS[name].rstrip("\n") + "\n" + later[:cut]
    partial = run(text)
    assert set(map(key, original.findings)) <= set(map(key, partial.findings)), partial.notes


def _top_level_starts(text: str) -> list[int]:
    """1-based first lines (decorators included) of the module's top-level statements."""
    tree = ast.parse(text)
    starts = []
    for statement in tree.body:
        decorators = getattr(statement, "decorator_list", [])
        starts.append(min([statement.lineno, *(d.lineno for d in decorators)]))
    return starts


def _end_of_findings(original, text: str) -> int:
    """The offset right after the top-level statements (decorators included) that hold the
    findings and what they point to (the registration, the call that runs the trace)."""
    tree = ast.parse(text)
    needed = max(max([f.span.end_line, *(r.span.end_line for r in f.related)]) for f in original.findings)
    ends = [s.end_lineno for s, start in zip(tree.body, _top_level_starts(text))
            if start <= needed <= s.end_lineno]
    last_line = ends[0] if ends else needed
    return min(sum(len(line) + 1 for line in text.split("\n")[:last_line]), len(text))


def program_cut_after_its_findings_keeps_them(name, data):
    """Cut anywhere after the top-level statements that hold the findings and what they
    point to (the registration, the `jax.vjp` call)."""
    original = reference(name)
    text = TRIGGERS[name]
    offset = _end_of_findings(original, text)
    cut = data.draw(st.integers(offset, len(text)), label="cut")
    partial = run(text[:cut])
    assert set(map(key, original.findings)) <= set(map(key, partial.findings)), partial.notes


def broken_line_between_statements_keeps_findings(name, broken, data):
    """A broken line (or a block header still without its body) inserted before a top-level
    statement: the findings stay, one line further down when they are after it."""
    original = reference(name)
    text = TRIGGERS[name]
    starts = _top_level_starts(text)
    where = data.draw(st.sampled_from(starts), label="before line")
    lines = text.split("\n")
    lines.insert(where - 1, broken)
    partial = run("\n".join(lines))
    expected = {key(f, where, 1) for f in original.findings}
    got = {key(f) for f in partial.findings}
    assert expected <= got, partial.notes


# ------------------------------------------------------------------------------------ the tests
# name -> (the property, its strategies, its share of examples). bench/fuzz_long.py runs the same.
NAMES = st.sampled_from(sorted(TRIGGERS))
PROPERTIES = {
    "grammar_generated_programs": (grammar_generated_programs, (hypothesmith.from_grammar(),), 1.0),
    "node_generated_programs": (node_generated_programs, (hypothesmith.from_node(),), 0.3),
    "mutated_real_files": (mutated_real_files, (mutated(),), 1.0),
    "garbage_appended_keeps_findings": (garbage_appended_keeps_findings, (NAMES, GARBAGE), 1.0),
    "later_function_cut_anywhere_keeps_findings": (
        later_function_cut_anywhere_keeps_findings,
        (NAMES, st.sampled_from(range(len(LATER_FUNCTIONS))), st.data()), 1.0),
    "program_cut_after_its_findings_keeps_them": (
        program_cut_after_its_findings_keeps_them, (NAMES, st.data()), 1.0),
    "broken_line_between_statements_keeps_findings": (
        broken_line_between_statements_keeps_findings,
        (NAMES, st.sampled_from(BROKEN_LINES), st.data()), 1.0),
}


def build(name: str, base: settings, examples: int, wrap=None):
    """The hypothesis test of property `name`, with `examples` (times its share) examples."""
    function, strategies, share = PROPERTIES[name]
    inner = wrap(function) if wrap is not None else function
    return settings(base, max_examples=max(1, int(examples * share)))(given(*strategies)(inner))


test_grammar_generated_programs = build("grammar_generated_programs", CI, 25)
test_node_generated_programs = build("node_generated_programs", CI, 25)
test_mutated_real_files = build("mutated_real_files", CI, 25)
test_garbage_appended_keeps_findings = build("garbage_appended_keeps_findings", CI, 25)
test_later_function_cut_anywhere_keeps_findings = build("later_function_cut_anywhere_keeps_findings", CI, 25)
test_program_cut_after_its_findings_keeps_them = build("program_cut_after_its_findings_keeps_them", CI, 25)
test_broken_line_between_statements_keeps_findings = build(
    "broken_line_between_statements_keeps_findings", CI, 25)


def test_every_program_cut_right_after_its_findings_keeps_them():
    """The cut property above at its tightest cut, for every program: a finding that needs a
    later statement (the call that runs a trace, the argument that shows an array) names it
    as a related place."""
    lost = {}
    for name, text in sorted(TRIGGERS.items()):
        original = run(text)
        if not original.findings:
            continue
        partial = run(text[:_end_of_findings(original, text)])
        missing = set(map(key, original.findings)) - set(map(key, partial.findings))
        if missing:
            lost[name] = sorted(f[:5] for f in missing)
    assert not lost, lost


def test_a_broken_first_line_keeps_every_programs_findings():
    """The broken-line property above, for every program, with the line inserted at the top:
    every finding stays, one line down (a message that names another statement's line would
    move with it: it should name the statement instead)."""
    lost = {}
    for name, text in sorted(TRIGGERS.items()):
        original = run(text)
        if not original.findings:
            continue
        partial = run("def broken(:\n" + text)
        missing = {key(f, 1, 1) for f in original.findings} - {key(f) for f in partial.findings}
        if missing:
            lost[name] = sorted(f[:5] for f in missing)
    assert not lost, lost


# A few fixed partial-code cases, so a failure reads plainly without hypothesis.
@pytest.mark.parametrize("header", ["def helper():", "if ready:", "class Pending:"])
def test_block_header_without_body_above_a_trigger(header):
    source = rule_case("custom-vjp-bwd-not-pair", "not_pair_string").source
    text = source.replace("\n@jax.custom_vjp", f"\n{header}\n@jax.custom_vjp", 1)
    header_line = source.split("\n").index("@jax.custom_vjp") + 1
    original = run(source)
    partial = run(text)
    assert original.findings
    assert {key(f, header_line, 1) for f in original.findings} <= {key(f) for f in partial.findings}, partial.notes
