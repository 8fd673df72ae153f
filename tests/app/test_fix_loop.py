"""app.fix_loop: the one overlap rule, the choice of fix per finding, and the loop that applies,
re-checks and applies again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import jaxerr_lsp.app.compute_fixes as compute_fixes_module
import jaxerr_lsp.fixes as fixes_module
from jaxerr_lsp.app.fix_loop import FindingFixes, fix_until_stable, fixes_for, select_fixes
from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.fixes import Fix, TextEdit

TRIGGERS = Path(__file__).resolve().parents[2] / "examples" / "triggers"


def finding(line: int, start: int, end: int, code: str = "JXE901") -> Finding:
    return Finding(code, "made-up", Span(line, start, line, end), "made up")


def fix(span: Span, text: str, safe: bool = True, fix_id: str = "made-up") -> Fix:
    return Fix(f"write {text}", safe, "because", (TextEdit(span, text),), fix_id)


def test_touching_edits_conflict_and_wait_for_the_next_round():
    first, second = finding(1, 0, 3), finding(1, 3, 6)
    selection = select_fixes([FindingFixes(first, (fix(first.span, "good"),)),
                              FindingFixes(second, (fix(second.span, "good"),))])
    assert [f.edits[0].span for f in selection.fixes] == [first.span]
    assert selection.deferred == 1 and selection.hidden == 0


def test_identical_edits_go_together():
    """Two fixes adding the same import: both apply, the import once."""
    imports = TextEdit(Span(1, 0, 1, 0), "import jax\n")
    a, b = finding(3, 0, 3), finding(4, 0, 3)
    both = [FindingFixes(f, (Fix("t", True, "w", (imports, TextEdit(f.span, "new")), "x"),)) for f in (a, b)]
    selection = select_fixes(both)
    assert len(selection.fixes) == 2 and selection.deferred == 0
    assert fixes_module.apply_edits("\n\nold\nold\n", selection.edits) == "import jax\n\n\nnew\nnew\n"


def test_first_allowed_fix_per_finding_and_hidden_unsafe_ones():
    a, b = finding(1, 0, 3), finding(2, 0, 3)
    unsafe_then_safe = FindingFixes(a, (fix(a.span, "risky", safe=False), fix(a.span, "fine")))
    unsafe_only = FindingFixes(b, (fix(b.span, "risky", safe=False),))
    safe = select_fixes([unsafe_then_safe, unsafe_only])
    assert [f.edits[0].new_text for f in safe.fixes] == ["fine"] and safe.hidden == 1
    everything = select_fixes([unsafe_then_safe, unsafe_only], unsafe=True)
    assert [f.edits[0].new_text for f in everything.fixes] == ["risky", "risky"]
    assert everything.hidden == 0
    assert unsafe_only.only_unsafe() and not unsafe_then_safe.only_unsafe()
    assert not FindingFixes(a, ()).only_unsafe()


@pytest.fixture
def words(monkeypatch):
    """A made-up rule: every `bad` is a finding with a safe fix (`good`), every `ugly` one with
    an unsafe fix (`fine`), every `loop` one whose fix does not remove it."""
    fixes = {"bad": ("good", True), "ugly": ("fine", False), "loop": ("xloop", True)}

    def compute_fixes(source: str, found: Finding) -> list[Fix]:
        line = source.split("\n")[found.span.start_line - 1]
        new, safe = fixes[line[found.span.start_column:found.span.end_column]]
        return [fix(found.span, new, safe)]

    def check(text: str) -> list[Finding]:
        return [finding(number, m.start(), m.end())
                for number, line in enumerate(text.split("\n"), 1)
                for m in re.finditer("bad|ugly|loop", line)]

    monkeypatch.setattr(compute_fixes_module, "compute_fixes", compute_fixes)
    return check


def test_fix_until_stable_reapplies_what_had_to_wait(words):
    outcome = fix_until_stable("badbad ugly\n", words)
    assert outcome.source == "goodgood ugly\n"
    assert outcome.applied == 2 and outcome.converged
    assert [item.finding.span for item in outcome.remaining] == [Span(1, 9, 1, 13)]
    assert outcome.unsafe_left == 1
    unsafe = fix_until_stable("badbad ugly\n", words, unsafe=True)
    assert (unsafe.source, unsafe.applied, unsafe.remaining, unsafe.unsafe_left) == \
        ("goodgood fine\n", 3, (), 0)


def test_fix_until_stable_stops_at_the_round_cap(words):
    outcome = fix_until_stable("loop bad\n", words, max_rounds=3)
    assert not outcome.converged
    assert outcome.source == "xxxloop good\n" and outcome.applied == 4
    assert fix_until_stable("nothing here\n", words).applied == 0


def test_fixes_for_reports_a_failing_fix_and_goes_on(monkeypatch):
    def compute_fixes(source: str, found: Finding) -> list[Fix]:
        if found.code == "JXE902":
            raise RuntimeError("boom")
        return [fix(found.span, "ok")]

    monkeypatch.setattr(compute_fixes_module, "compute_fixes", compute_fixes)
    broken, fine = fixes_for("abc\n", [finding(1, 0, 1, "JXE902"), finding(1, 1, 2)])
    assert broken.fixes == () and broken.error == "RuntimeError: boom"
    assert [f.edits[0].new_text for f in fine.fixes] == ["ok"]


def test_real_safe_fixes_leave_clean_code():
    for name in ("jxe002_forgot_logs.py", "jxe003_flat_tuple_with_logs.py"):
        source = (TRIGGERS / name).read_text()
        outcome = fix_until_stable(source, lambda text: analyze(text).findings)
        assert outcome.applied == 1 and outcome.remaining == () and outcome.converged, name
        assert analyze(outcome.source).findings == []
