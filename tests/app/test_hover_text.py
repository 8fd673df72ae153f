"""app.hover_text: what a hover says at a position, as pure functions."""

from __future__ import annotations

from jaxerr_lsp.app.api_under_cursor import import_map
from jaxerr_lsp.app.hover_text import SEPARATOR, api_markdown, finding_markdown, hover_at
from jaxerr_lsp.errors.catalog import load_catalog, render_markdown
from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.core.findings import Finding, InferredStructure, Span
from tests.lsp.helpers import TRIGGER

CATALOG = load_catalog()
LINES = TRIGGER.split("\n")


def test_api_text_is_the_one_hover_always_showed():
    """Word for word what hover showed when the docs were a Python table (before they became
    catalog data)."""
    # (other entries that list jax.vjp add their lines after this one)
    assert api_markdown(CATALOG, CATALOG.api_docs["jax.vjp"]).startswith(
        "**`jax.vjp(fun, *primals)`** (JAX)\n\nEvaluates `fun(*primals)` and returns `(out, f_vjp)`. "
        "`f_vjp(ct)` pulls an output cotangent back to one cotangent per positional primal; "
        "`f_vjp.with_refs(...)` accumulates them into refs instead, and `f_vjp.with_logs(ct)` also "
        "returns the logs of `defvjp_with_logs` rules.\n\nErrors it can raise (jaxerr catalog):\n\n"
        "- `vjp-with-refs-tree-mismatch` (JXE001, ValueError): The refs given to a VJP function's "
        "`with_refs` method do not form the same pytree as the arguments passed to `jax.vjp`.")
    # (the errors listed under it grow with the catalog)
    assert api_markdown(CATALOG, CATALOG.api_docs["custom_vjp.defvjp"]).startswith(
        "**`custom_vjp.defvjp(fwd, bwd)`** (JAX)\n\nRegisters the rules of a `jax.custom_vjp` "
        "function: `fwd(*args)` returns `(out, residuals)`, and `bwd(residuals, out_ct)` returns a "
        "tuple with one cotangent per primal argument.")


def test_finding_then_api_then_inferred_structure():
    analysis = analyze(TRIGGER)
    [finding] = analysis.findings
    column = LINES[9].index("jax.new_ref") + 5  # inside the finding, on `new_ref`
    found = hover_at(CATALOG, LINES, 10, column, findings=analysis.findings,
                     inferred=analysis.inferred, imports=import_map(TRIGGER))
    assert found is not None and found.span == finding.span
    parts = found.markdown.split(SEPARATOR)
    assert parts[0] == render_markdown(CATALOG.get(finding.catalog_id), why=finding.message)
    assert parts[1] == api_markdown(CATALOG, CATALOG.api_docs["jax.new_ref"])
    # On `params` in the jax.vjp call: its inferred structure, labelled, and nothing else.
    column = LINES[8].index("params")
    found = hover_at(CATALOG, LINES, 9, column + 1, findings=analysis.findings,
                     inferred=analysis.inferred, imports=import_map(TRIGGER))
    assert found is not None and found.span == Span(9, column, 9, column + len("params"))
    assert found.markdown == "`params`: pytree structure inferred by jaxerr:\n\n```\n{'b': *, 'w': *}\n```"
    assert hover_at(CATALOG, LINES, 4, 1, findings=analysis.findings, inferred=analysis.inferred,
                    imports=import_map(TRIGGER)) is None


def test_smallest_inferred_structure_and_long_labels():
    long_name = "p" * 70
    lines = [f"y = f({long_name})"]
    inferred = [InferredStructure(Span(1, 4, 1, len(lines[0])), "outer"),
                InferredStructure(Span(1, 6, 1, 6 + len(long_name)), "(*, *)")]
    found = hover_at(CATALOG, lines, 1, 10, inferred=inferred)
    assert found is not None and found.span == inferred[1].span
    assert found.markdown.startswith("`" + "p" * 57 + "...`: pytree structure inferred by jaxerr:")


def test_without_a_catalog_entry_the_finding_still_shows():
    finding = Finding("JXE999", "no-such-entry", Span(1, 0, 1, 1), "TypeError: boom")
    assert finding_markdown(CATALOG, finding) == "**JXE999** `no-such-entry`\n\nTypeError: boom"
    assert finding_markdown(None, finding) == "**JXE999** `no-such-entry`\n\nTypeError: boom"
    found = hover_at(None, ["x"], 1, 0, findings=[finding], imports={"x": "jax.vjp"})
    assert found is not None and found.markdown == finding_markdown(None, finding)
