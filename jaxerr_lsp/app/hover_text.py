"""The text of a hover, as Markdown: pure functions of the catalog, the findings and the text.

At a position, in this order, separated by rules (`---`): the catalog entry of each finding
there (with the finding's message as "why this code triggers it"), the documentation of the
JAX API named there (and the catalog errors it can raise), and the smallest inferred pytree
structure there. The hover's span is that of its first part.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from jaxerr_lsp.app.api_under_cursor import api_at
from jaxerr_lsp.errors.catalog import ApiDoc, Catalog, CatalogError, render_markdown
from jaxerr_lsp.docs_site.links import api_url, entry_url
from jaxerr_lsp.core.findings import Finding, InferredStructure, Span

__all__ = ["HoverText", "hover_at", "finding_markdown", "api_markdown", "inferred_markdown"]

logger = logging.getLogger("jaxerr_lsp.app")

SEPARATOR = "\n\n---\n\n"
_LABEL_WIDTH = 60


@dataclass(frozen=True)
class HoverText:
    markdown: str
    span: Span  # what the hover is about


def hover_at(catalog: Catalog | None, lines: Sequence[str], line: int, column: int, *,
             findings: Iterable[Finding] = (), inferred: Iterable[InferredStructure] = (),
             imports: Mapping[str, str] | None = None, docs_url: str | None = None) -> HoverText | None:
    """The hover at (1-based `line`, code-point `column`) of the text split into `lines`;
    None when there is nothing to say. `findings` and `inferred` are those of this very text
    (pass none for a text that was not analyzed); `imports` is its `import_map`; `docs_url` the
    catalog website's base URL, whose pages the entry and API parts end with a link to."""
    parts: list[tuple[str, Span]] = []
    for finding in findings:
        if finding.span.contains(line, column):
            parts.append((finding_markdown(catalog, finding)
                          + _web_link(entry_url(docs_url, finding.catalog_id), finding.code),
                          finding.span))
    text = lines[line - 1] if 1 <= line <= len(lines) else ""
    found = api_at(catalog, text, column, imports or {}) if catalog is not None else None
    if catalog is not None and found is not None:
        parts.append((api_markdown(catalog, found.doc) + _web_link(api_url(docs_url, found.doc.name),
                                                                   found.doc.name),
                      Span(line, found.name.start, line, found.name.end)))
    here = [s for s in inferred if s.span.contains(line, column)]
    if here:
        best = min(here, key=lambda s: (s.span.end_line - s.span.start_line,
                                        s.span.end_column - s.span.start_column))
        parts.append((inferred_markdown(best, lines), best.span))
    if not parts:
        return None
    return HoverText(SEPARATOR.join(markdown for markdown, _ in parts), parts[0][1])


def _web_link(url: str | None, what: str) -> str:
    return f"\n\n[{what} on the web]({url})" if url else ""


def finding_markdown(catalog: Catalog | None, finding: Finding) -> str:
    """The finding's catalog entry, its message as the why; a short stand-in without one."""
    if catalog is not None:
        try:
            return render_markdown(catalog.get(finding.catalog_id), why=finding.message)
        except CatalogError:
            pass
        except Exception:  # noqa: BLE001 - a rendering bug must not cost the rest of the hover
            logger.exception("rendering catalog entry %s", finding.catalog_id)
    return f"**{finding.code}** `{finding.catalog_id}`\n\n{finding.message}"


def api_markdown(catalog: Catalog, doc: ApiDoc) -> str:
    """An API's signature and documentation, then the catalog errors it can raise."""
    lines = [f"**`{doc.signature}`** (JAX)", "", doc.doc]
    entries = catalog.for_api(doc.name)
    if entries:
        lines += ["", "Errors it can raise (jaxerr catalog):", ""]
        lines += [f"- `{e.id}` ({e.rule + ', ' if e.rule else ''}{e.exception}): {e.summary}" for e in entries]
    return "\n".join(lines)


def inferred_markdown(inferred: InferredStructure, lines: Sequence[str]) -> str:
    """An inferred pytree structure, labelled with its expression when that fits on a line."""
    span = inferred.span
    label = ""
    if span.start_line == span.end_line and 1 <= span.start_line <= len(lines):
        label = lines[span.start_line - 1][span.start_column:span.end_column]
        if len(label) > _LABEL_WIDTH:
            label = label[:_LABEL_WIDTH - 3] + "..."
    head = f"`{label}`: " if label and "`" not in label else ""
    return f"{head}pytree structure inferred by jaxerr:\n\n```\n{inferred.structure}\n```"
