"""JXE002 (logs not None or a dict) and JXE003 (bwd not returning a pair) beyond what every
case is checked for (tests/test_cases.py): the ranges, the related registration, the notes
added to JAX's message, and the data their fixes read."""

from __future__ import annotations

from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.core.findings import Finding
from tests.case_files import case, span_text

LOGS = "custom-vjp-logs-not-dict"
PAIR = "custom-vjp-bwd-not-pair"


def only_finding(folder: str, name: str) -> tuple[str, Finding]:
    c = case(folder, name)
    (finding,) = analyze(c.source, path=str(c.path)).findings
    return c.source, finding


def test_logs_range_is_the_logs_element() -> None:
    source, finding = only_finding(LOGS, "logs_list")
    assert span_text(source, finding.span) == "[g]"
    assert finding.data.logs_span == finding.span and finding.data.logs_type == "list"
    assert span_text(source, finding.data.return_span) == finding.data.return_source == "(g * y, g * x), [g]"
    assert finding.data.missing_logs is False
    (related,) = finding.related
    assert "defvjp_with_logs" in source.split("\n")[related.span.start_line - 1]


def test_logs_through_name_points_at_the_name_in_the_return() -> None:
    source, finding = only_finding(LOGS, "logs_through_local_name")
    assert span_text(source, finding.span) == "logs"
    assert source.split("\n")[finding.span.start_line - 1].strip() == (
        "return (g * y, g * x), logs  # expect: JXE002")


def test_forgotten_logs_is_explained() -> None:
    source, finding = only_finding(LOGS, "forgot_logs_two_cotangents")
    assert finding.data.missing_logs is True and finding.data.logs_type == "ArrayImpl"
    assert "two cotangents and no logs" in finding.message
    assert span_text(source, finding.span) == "g * x"


def test_not_pair_range_is_the_returned_value() -> None:
    source, finding = only_finding(PAIR, "not_pair_one_tuple")
    assert span_text(source, finding.span) == "(g * jnp.cos(x),)"
    assert "a tuple of length 1" in finding.message
    assert (finding.data.return_kind, finding.data.arity) == ("tuple", 1)


def test_bwd_without_any_return_points_at_its_name() -> None:
    source, finding = only_finding(PAIR, "no_return")
    assert span_text(source, finding.span) == "g1_bwd"
    assert "but got None" in finding.message
    assert finding.data.return_kind == "NoneType"
