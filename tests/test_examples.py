"""The bundled examples through the engine: each trigger gets exactly the findings its
`# expect:` markers name (code and start line), each fixed twin none. (tests/test_catalog_jax.py
runs them under real JAX.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxerr_lsp.engine.run import analyze
from tests.case_files import expected_findings

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TRIGGERS = sorted((EXAMPLES / "triggers").glob("*.py"))
FIXED = sorted((EXAMPLES / "fixed").glob("*.py"))


def test_examples_exist_in_pairs() -> None:
    assert TRIGGERS
    assert [p.name for p in TRIGGERS] == [p.name for p in FIXED]


@pytest.mark.parametrize("path", TRIGGERS, ids=lambda p: p.name)
def test_trigger_gets_exactly_its_marked_findings(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    expected = expected_findings(source)
    # the file's name says its rule: jxe002_logs_list.py is about JXE002
    assert path.name.split("_")[0].upper() in {code for code, _ in expected}, expected
    found = analyze(source, path=str(path)).findings
    assert sorted((f.code, f.span.start_line) for f in found) == sorted(expected), found


@pytest.mark.parametrize("path", FIXED, ids=lambda p: p.name)
def test_fixed_twin_is_clean(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert expected_findings(source) == []
    assert analyze(source, path=str(path)).findings == []
