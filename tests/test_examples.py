"""The bundled examples: every trigger is flagged with the rule its name says, every fixed
twin is clean. (tests/test_catalog_jax.py runs them under real JAX.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxerr_lsp.engine import analyze

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TRIGGERS = sorted((EXAMPLES / "triggers").glob("*.py"))
FIXED = sorted((EXAMPLES / "fixed").glob("*.py"))


def test_examples_exist_in_pairs() -> None:
    assert len(TRIGGERS) >= 5
    assert [p.name for p in TRIGGERS] == [p.name for p in FIXED]


@pytest.mark.parametrize("path", TRIGGERS, ids=lambda p: p.name)
def test_trigger_is_flagged(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    codes = {f.code for f in analyze(source, path=str(path)).findings}
    expected = path.name.split("_")[0].upper()
    assert expected in codes
    # Each `# expect: CODE` comment marks a line that must carry that finding.
    for number, line in enumerate(source.splitlines(), start=1):
        if "# expect:" in line:
            code = line.split("# expect:")[1].split()[0]
            lines = {f.span.start_line for f in analyze(source).findings if f.code == code}
            assert number in lines, f"{path.name}:{number} not flagged with {code}"


@pytest.mark.parametrize("path", FIXED, ids=lambda p: p.name)
def test_fixed_twin_is_clean(path: Path) -> None:
    assert analyze(path.read_text(encoding="utf-8"), path=str(path)).findings == []
