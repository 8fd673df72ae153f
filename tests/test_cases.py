"""Every rule case (`tests/cases/<catalog-id>/<name>.py`), through the engine and under JAX.

- Findings: (code, start line) of what the engine finds is exactly what the `# expect:`
  markers say; a good case gets nothing.
- JAX: a bad case raises the catalog entry's exception, at one of the entry's raise sites,
  with a message that fully matches every finding's `predicted`; a runnable good case runs
  clean.
- Both custom_vjp paths: a case that uses `custom_vjp` runs again with `jax_custom_vjp3=True`
  (JAX's second implementation, jax/_src/hijax.py). There a bad case raises one of the entry's
  exceptions with one of its messages, which the catalog recognizes from the traceback; a good
  case and every safe fix's result run clean.
- 64-bit types: every case checked as in a project that may turn x64 on (`x64_elsewhere`)
  gets a subset of its findings, and each bad case that keeps some raises, with
  `jax_enable_x64=True`, what they predict (a dtype whose width x64 decides is a placeholder).
- Data: every finding's typed data survives the JSON round trip of the LSP.
- Fixes: every fix of every finding (the rule's fixes and the ignore comment) gives code that
  parses, without that finding and without a new one; every safe fix's result runs clean.

The cases and the rules come from the folders and the registry; nothing is listed here. All
JAX runs of this module are one batch (`jax_runs`).
"""

from __future__ import annotations

import ast
import dataclasses
import json
from collections import Counter
from functools import cache

import pytest

from jaxerr_lsp.core.config import Config
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.core.findings import Finding
from jaxerr_lsp.fixes import Fix, apply_edits, ignore_line_fix
from jaxerr_lsp.app.compute_fixes import compute_fixes
from jaxerr_lsp.engine.registry import all_rules, finding_from_json
from tests.case_files import Case, all_cases, fully_matches, raised_at_a_source, raised_one_of
from tests.jax_runner import Program, Result, run_programs

CASES = all_cases()
BAD = [c for c in CASES if c.bad]
RUNNABLE_GOOD = [c for c in CASES if not c.bad and c.runnable]
# custom_vjp's second implementation (jax/_src/hijax.py), which JAX's own tests also run.
CUSTOM_VJP3: tuple[tuple[str, object], ...] = (("jax_custom_vjp3", True),)
# 64-bit types: the project around the file may turn them on; JAX with them on.
X64_POSSIBLE = dataclasses.replace(Config(), x64_elsewhere=True)
X64_ON: tuple[tuple[str, object], ...] = (("jax_enable_x64", True),)
RULE_BY_CATALOG_ID = {rule.catalog_id: rule for rule in all_rules()}
CATALOG = load_catalog()


def ids(cases: list[Case]) -> list[str]:
    return [c.id for c in cases]


@cache
def findings(case: Case) -> tuple[Finding, ...]:
    return tuple(analyze(case.source, path=str(case.path)).findings)


@cache
def x64_findings(case: Case) -> tuple[Finding, ...]:
    return tuple(analyze(case.source, X64_POSSIBLE, path=str(case.path)).findings)


X64_BAD = [c for c in BAD if x64_findings(c)]


def fixes(case: Case, finding: Finding) -> list[Fix]:
    """The rule's fixes for `finding`, then the ignore comment (every case's flagged line
    can take one)."""
    return [*compute_fixes(case.source, finding), ignore_line_fix(case.source, finding)]


def _safe_fixed() -> dict[str, tuple[Case, str]]:
    """'<case id>#<finding index>:<fix id>' -> (the case, its text with that safe fix applied)."""
    return {f"{c.id}#{i}:{fix.fix_id}": (c, apply_edits(c.source, fix.edits))
            for c in BAD for i, finding in enumerate(findings(c))
            for fix in fixes(c, finding) if fix.safe}


SAFE_FIXED = _safe_fixed()


def uses_custom_vjp(text: str) -> bool:
    """Whether `jax_custom_vjp3` can change what the program does."""
    return "custom_vjp" in text


BOTH_PATHS_BAD = [c for c in BAD if uses_custom_vjp(c.source)]
BOTH_PATHS_CLEAN = ([c.id for c in RUNNABLE_GOOD if uses_custom_vjp(c.source)]
                    + [key for key, (c, text) in SAFE_FIXED.items() if uses_custom_vjp(text)])


# The run each test reads, by the suffix of its key ('' : the program as it is).
RUN_SUFFIX = {
    "test_bad_case_raises_what_the_findings_predict": "",
    "test_bad_case_with_x64_on_raises_what_the_findings_predict": "@x64",
    "test_bad_case_raises_the_entry_on_the_custom_vjp3_path": "@custom_vjp3",
    "test_runs_clean_on_the_custom_vjp3_path_too": "@custom_vjp3",
    "test_good_case_runs_clean": "",
    "test_safe_fix_runs_clean": "",
}


def _run_key(item: pytest.Item) -> str | None:
    """The key of the run a selected test reads (None: it reads none)."""
    function = getattr(item, "originalname", None)
    if function not in RUN_SUFFIX or not hasattr(item, "callspec"):
        return None
    params = item.callspec.params
    base = params["case"].id if "case" in params else params["key"]
    return base + RUN_SUFFIX[function]


@pytest.fixture(scope="module")
def jax_runs(request: pytest.FixtureRequest) -> dict[str, Result]:
    """Every bad case, every runnable good case and every safe fix's result, run once; those
    using custom_vjp once more on its second path (keys ending in '@custom_vjp3'); the bad
    cases with findings when x64 may be on, once more with it on ('@x64'). Only the runs the
    selected tests read (`-k` picks a few cases: only theirs run)."""
    programs = {c.id: Program(c.source, str(c.path)) for c in BAD + RUNNABLE_GOOD}
    programs |= {key: Program(text, str(c.path)) for key, (c, text) in SAFE_FIXED.items()}
    programs |= {f"{key}@custom_vjp3": Program(program.source, program.filename, CUSTOM_VJP3)
                 for key, program in list(programs.items()) if uses_custom_vjp(program.source)}
    programs |= {f"{c.id}@x64": Program(c.source, str(c.path), X64_ON) for c in X64_BAD}
    needed = {_run_key(item) for item in request.session.items} - {None}
    assert needed <= programs.keys(), sorted(needed - programs.keys())[:5]
    programs = {key: program for key, program in programs.items() if key in needed}
    return dict(zip(programs, run_programs(list(programs.values()))))


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_findings_are_the_markers(case: Case) -> None:
    assert case.catalog_id in RULE_BY_CATALOG_ID, f"{case.id}: the folder names no rule"
    got = sorted((f.code, f.span.start_line) for f in findings(case))
    assert got == sorted(case.expected), [f.message for f in findings(case)]
    if case.bad:
        assert RULE_BY_CATALOG_ID[case.catalog_id].code in {code for code, _ in case.expected}, (
            f"{case.id}: a bad case of a folder expects that folder's rule")


def assert_raised_as_predicted(result: Result, found: tuple[Finding, ...], run: str) -> None:
    """The run raised each finding's entry exception, at one of the entry's raise sites,
    with a message that fully matches what the finding predicts."""
    assert result.raised, f"{run} ran clean"
    for finding in found:
        entry = CATALOG.get(finding.catalog_id)
        assert raised_one_of(result, entry.exceptions), str(result)
        assert raised_at_a_source(entry, result), (result.frame, entry.sources)
        assert finding.predicted, f"{finding.code} predicts no message"
        assert fully_matches(finding.predicted, result.message), (
            f"JAX said:\n{result.message}\n\nthe finding predicted ({run}):\n{finding.predicted}")


@pytest.mark.parametrize("case", BAD, ids=ids(BAD))
def test_bad_case_raises_what_the_findings_predict(case: Case, jax_runs: dict[str, Result]) -> None:
    assert findings(case)
    assert_raised_as_predicted(jax_runs[case.id], findings(case), f"{case.id} under JAX")


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_x64_possible_finds_no_more(case: Case) -> None:
    """Where x64 may be on, dtype widths are unknown: fewer facts, never a new finding."""
    plain = {(f.code, f.span.start_line) for f in findings(case)}
    assert {(f.code, f.span.start_line) for f in x64_findings(case)} <= plain


@pytest.mark.parametrize("case", X64_BAD, ids=ids(X64_BAD))
def test_bad_case_with_x64_on_raises_what_the_findings_predict(
        case: Case, jax_runs: dict[str, Result]) -> None:
    assert_raised_as_predicted(jax_runs[f"{case.id}@x64"], x64_findings(case),
                               f"{case.id} with jax_enable_x64=True")


@pytest.mark.parametrize("case", BOTH_PATHS_BAD, ids=ids(BOTH_PATHS_BAD))
def test_bad_case_raises_the_entry_on_the_custom_vjp3_path(
        case: Case, jax_runs: dict[str, Result]) -> None:
    result = jax_runs[f"{case.id}@custom_vjp3"]
    assert result.raised, f"{case.id} ran clean with jax_custom_vjp3=True"
    for finding in findings(case):
        entry = CATALOG.get(finding.catalog_id)
        assert raised_one_of(result, entry.exceptions), str(result)
        assert raised_at_a_source(entry, result), (result.frame, entry.sources)
        assert any(fully_matches(t, result.message) for t in entry.messages), result.message
        matched = CATALOG.match_scored(result.traceback)
        assert matched and matched[0].entry.id == entry.id, (result.traceback, matched)


@pytest.mark.parametrize("key", BOTH_PATHS_CLEAN)
def test_runs_clean_on_the_custom_vjp3_path_too(key: str, jax_runs: dict[str, Result]) -> None:
    result = jax_runs[f"{key}@custom_vjp3"]
    assert not result.raised, f"{key} with jax_custom_vjp3=True:\n{result}"


@pytest.mark.parametrize("case", RUNNABLE_GOOD, ids=ids(RUNNABLE_GOOD))
def test_good_case_runs_clean(case: Case, jax_runs: dict[str, Result]) -> None:
    result = jax_runs[case.id]
    assert not result.raised, str(result)


@pytest.mark.parametrize("case", BAD, ids=ids(BAD))
def test_every_fix_removes_its_finding_and_nothing_else(case: Case) -> None:
    before = Counter(f.code for f in findings(case))
    for finding in findings(case):
        rule_fixes = compute_fixes(case.source, finding)
        rule = next(r for r in all_rules() if r.code == finding.code)
        assert {fix.fix_id for fix in rule_fixes} <= set(rule.fix_ids), rule_fixes
        for fix in fixes(case, finding):
            fixed = apply_edits(case.source, fix.edits)
            assert fixed != case.source, fix
            ast.parse(fixed)
            after = Counter(f.code for f in analyze(fixed, path=str(case.path)).findings)
            if fix.safe:
                assert after == before - Counter([finding.code]), (fix.fix_id, fix.title, fixed)
            else:
                # An unsafe fix may trade its error for another one its `why` names (an
                # `.at[mask]` update in traced code: tests/cases/traced-boolean-index), never
                # keep its own finding or lose another.
                assert after[finding.code] < before[finding.code], (fix.fix_id, fixed)
                assert not (before - Counter([finding.code])) - after, (fix.fix_id, fixed)


@pytest.mark.parametrize("key", sorted(SAFE_FIXED))
def test_safe_fix_runs_clean(key: str, jax_runs: dict[str, Result]) -> None:
    result = jax_runs[key]
    assert not result.raised, f"{key}: {SAFE_FIXED[key][1]}\n{result}"


@pytest.mark.parametrize("case", BAD, ids=ids(BAD))
def test_findings_survive_the_json_round_trip(case: Case) -> None:
    """What the server sends to the editor and gets back to compute a fix (codeAction/resolve)
    rebuilds the same finding, its typed data and the same fixes."""
    for finding in findings(case):
        rule = next(r for r in all_rules() if r.code == finding.code)
        assert rule.data is not None and isinstance(finding.data, rule.data), finding.data
        back = finding_from_json(json.loads(json.dumps(finding.to_json())))
        assert back == finding
        assert (back.data, back.predicted) == (finding.data, finding.predicted)
        assert compute_fixes(case.source, back) == compute_fixes(case.source, finding)
