"""The three places of a JAX error agree: the rule (discovered by the registry), its catalog
entry, and its cases; and the documentation's rule tables list exactly the registry's rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.engine.registry import all_rules
from jaxerr_lsp.engine.rule import Rule
from tests.case_files import all_cases, case_folders

ROOT = Path(__file__).resolve().parent.parent
RULES = all_rules()
CATALOG = load_catalog()
CASES = all_cases()
# A row of a rule table: | JXE001 | `vjp-with-refs-tree-mismatch` | ...
TABLE_ROW = re.compile(r"^\|\s*(JXE\d{3})\s*\|\s*`([a-z0-9-]+)`\s*\|", re.MULTILINE)


def test_the_registry_finds_rules() -> None:
    assert RULES, "no module of jaxerr_lsp/rules defines RULE"
    assert len({r.catalog_id for r in RULES}) == len(RULES), [r.catalog_id for r in RULES]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_has_its_catalog_entry(rule: Rule) -> None:
    assert rule.catalog_id in CATALOG, f"{rule.code}: no catalog/{rule.catalog_id}.toml"
    entry = CATALOG.get(rule.catalog_id)
    assert entry.rule == rule.code, f"catalog/{rule.catalog_id}.toml says rule = {entry.rule!r}"


def test_every_catalog_entry_has_a_rule_unless_it_says_none_can_be() -> None:
    """An entry has a rule, or says `static_rule = false` (no single file shows the error) and
    has none."""
    ruled = {r.catalog_id for r in RULES}
    assert [e.id for e in CATALOG if e.static_rule and e.id not in ruled] == []
    assert [e.id for e in CATALOG if not e.static_rule and e.id in ruled] == []


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_fix_ids_are_the_catalog_fixes(rule: Rule) -> None:
    listed = [f.id for f in CATALOG.get(rule.catalog_id).fixes]
    assert sorted(rule.fix_ids) == sorted(listed), (rule.fix_ids, listed)
    assert len(set(rule.fix_ids)) == len(rule.fix_ids)
    assert (rule.fix is not None) == bool(rule.fix_ids)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_module_is_named_after_its_catalog_entry(rule: Rule) -> None:
    assert re.fullmatch(r"JXE\d{3}", rule.code), rule.code
    # jaxerr_lsp.rules.<family>.<catalog id with underscores>: found by its entry's id
    package, family, module = rule.check.__module__.rsplit(".", 2)
    assert package == "jaxerr_lsp.rules" and family.isidentifier(), rule.check.__module__
    assert module == rule.catalog_id.replace("-", "_"), rule.check.__module__
    assert rule.triggers and all(isinstance(t, str) and t for t in rule.triggers), rule.triggers


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_has_bad_and_good_cases(rule: Rule) -> None:
    mine = [c for c in CASES if c.catalog_id == rule.catalog_id]
    assert any(c.bad for c in mine), f"no bad case in tests/cases/{rule.catalog_id}/"
    assert any(not c.bad and c.runnable for c in mine), (
        f"no good case run under JAX in tests/cases/{rule.catalog_id}/")


def test_every_case_folder_names_a_rule() -> None:
    ruled = {r.catalog_id for r in RULES}
    assert [folder for folder in case_folders() if folder not in ruled] == []


def test_cases_are_bad_or_good_never_both() -> None:
    """A static case is never run, so it cannot be a bad case; its first line says why."""
    assert CASES
    for c in CASES:
        if c.static_reason is not None:
            assert not c.bad, f"{c.id}: a static case carries # expect: markers"
            assert len(c.static_reason) >= 10, f"{c.id}: say why the case is not run"
        assert "# case:" not in c.source.split("\n", 1)[-1], f"{c.id}: # case: goes on line 1"


@pytest.mark.parametrize("doc", ["README.md", "CONTRIBUTING.md"])
def test_documented_rule_tables_list_the_registry(doc: str) -> None:
    rows = TABLE_ROW.findall((ROOT / doc).read_text(encoding="utf-8"))
    assert sorted(rows) == sorted((r.code, r.catalog_id) for r in RULES), rows
    assert len(rows) == len(set(rows)), f"{doc} lists a rule twice"
