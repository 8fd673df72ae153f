"""JXE001 beyond what every case is checked for (tests/test_cases.py): the ranges, the related
`jax.vjp` call, the structures shown on hover, and the data its fixes read."""

from __future__ import annotations

from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.core.findings import Finding
from tests.case_files import case, span_text

FOLDER = "vjp-with-refs-tree-mismatch"


def only_finding(name: str) -> tuple[str, Finding]:
    c = case(FOLDER, name)
    (finding,) = analyze(c.source, path=str(c.path)).findings
    return c.source, finding


def test_range_covers_the_with_refs_arguments() -> None:
    source, finding = only_finding("dict_vs_tuple")
    assert span_text(source, finding.span) == "(ref(), ref()), ref()"
    assert finding.data.refs_span == finding.span
    assert [r.source for r in finding.data.refs] == ["(ref(), ref())", "ref()"]
    assert [p.source for p in finding.data.primals] == ["params", "x"]


def test_multiline_range_and_related_vjp_call() -> None:
    source, finding = only_finding("multiline_arguments")
    lines = source.split("\n")
    start, end = finding.span.start_line, finding.span.end_line
    assert lines[start - 1][finding.span.start_column:].startswith("(ref(), ref()),")
    assert (end, lines[end - 1][:finding.span.end_column]) == (start + 1, "    ref()")
    (related,) = finding.related
    assert span_text(source, related.span) == "jax.vjp(loss, params, x)"
    assert "{'b': *, 'w': *}" in related.message


def test_columns_count_characters_not_bytes() -> None:
    source, finding = only_finding("non_ascii_before_the_call")
    assert 'note = "é😀"; f_vjp.with_refs(' in source.split("\n")[finding.span.start_line - 1]
    assert span_text(source, finding.span) == "(ref(), ref()), ref()"


def test_inferred_structures_for_hover() -> None:
    c = case(FOLDER, "dict_vs_tuple")
    shown = {s.structure for s in analyze(c.source, path=str(c.path)).inferred}
    # `ref()` is followed into its body: `jax.new_ref(...)` is a leaf.
    assert "{'b': *, 'w': *}" in shown and "(*, *)" in shown


def test_unknown_parts_are_shown_as_question_marks() -> None:
    source = case(FOLDER, "dict_vs_tuple").source.replace(
        "f_vjp.with_refs((ref(), ref()), ref())(1.0)",
        "from mylib import make_ref\nf_vjp.with_refs((make_ref(), make_ref()), ref())")
    assert "(?, ?)" in {s.structure for s in analyze(source).inferred}


def test_restructure_data_lines_up_keys() -> None:
    _, finding = only_finding("tuple_of_named_refs")
    assert (finding.data.restructure.arg, finding.data.restructure.keys) == (0, ["w", "b"])
    assert finding.data.refs[0].source == "(g_w, g_b)"
    assert (finding.data.jax_alias, finding.data.jnp_alias) == ("jax", "jnp")
    assert finding.data.primals_rebound is False


def test_no_restructure_when_the_primal_is_not_a_dict_literal() -> None:
    _, finding = only_finding("three_args_leaf_vs_dict")
    assert finding.data.restructure is None
